import AgentSkillLLM
import Testing

@Suite("ArgumentValidator", .timeLimit(.minutes(5)))
struct ArgumentValidatorTests {
  @Test("allowed values reject an unsupported city with the supported list")
  func allowedValues() async {
    let validator = ArgumentValidator.allowedValues(["北京", "上海", "广州"], at: "/city")
    #expect(await validator.validate(["city": "北京"]).isEmpty)
    let violations = await validator.validate(["city": "纽约"])
    #expect(
      violations == [
        SchemaViolation(
          path: "/city", keyword: "allowedValues", message: #""纽约" is not supported; supported: 北京, 上海, 广州"#)
      ])
    #expect(violations.first?.description == #"/city: "纽约" is not supported; supported: 北京, 上海, 广州"#)
  }

  @Test("missing members and other types are left to the schema")
  func leavesShapeToSchema() async {
    let validator = ArgumentValidator.allowedValues(["北京"], at: "/city")
    #expect(await validator.validate([:]).isEmpty)
    #expect(await validator.validate(["city": 3]).isEmpty)
    #expect(await validator.validate("not an object").isEmpty)
  }

  @Test("a wildcard checks every element and reports concrete pointers")
  func wildcard() async {
    let validator = ArgumentValidator.allowedValues(["北京", "上海"], at: "/stops/*/city")
    let violations = await validator.validate(["stops": [["city": "上海"], ["city": "巴黎"], ["city": "东京"]]])
    #expect(violations.map(\.path) == ["/stops/1/city", "/stops/2/city"])
  }

  @Test("escaped pointer segments and array indices resolve")
  func pointerEscapes() async {
    let validator = ArgumentValidator.allowedValues(["ok"], at: "/a~1b/0")
    #expect(await validator.validate(["a/b": ["bad"]]).map(\.path) == ["/a~1b/0"])
    #expect(await validator.validate(["a/b": ["ok"]]).isEmpty)
  }

  @Test("case-insensitive matching ignores case and width")
  func caseInsensitive() async {
    let validator = ArgumentValidator.allowedValues(["Beijing"], at: "/city", caseSensitive: false)
    #expect(await validator.validate(["city": "BEIJING"]).isEmpty)
    #expect(await validator.validate(["city": "ｂｅｉｊｉｎｇ"]).isEmpty)
    #expect(await ArgumentValidator.allowedValues(["Beijing"], at: "/city").validate(["city": "beijing"]).count == 1)
  }

  @Test("long lists are cut in the message and counted")
  func longList() async {
    let cities = (1...30).map { "城市\($0)" }
    let validator = ArgumentValidator.allowedValues(cities, at: "/city", maximumListed: 3)
    let message = await validator.validate(["city": "x"]).first?.message
    #expect(message == #""x" is not supported; supported: 城市1, 城市2, 城市3, … (27 more)"#)
  }

  @Test("a huge model value is cut in the message")
  func longValue() async {
    let validator = ArgumentValidator.allowedValues(["a"], at: "/v")
    let message = await validator.validate(["v": .string(String(repeating: "x", count: 500))]).first?.message ?? ""
    #expect(message.count < 120)
    #expect(message.contains("…"))
  }

  @Test("known values are exposed per path and merged across validators")
  func knownValues() {
    let skill = ToolFixtures.Weather()
    #expect(skill.knownValues == ["/city": ToolFixtures.Weather.cities])
    #expect(AnyToolSkill(skill).knownValues == ["/city": ToolFixtures.Weather.cities])
    let merged = AnyToolSkill(
      ToolSkillOf<EmptyToolInput>(
        id: "m", description: "d", inputSchema: .object(),
        validators: [
          .allowedValues(["a", "b"], at: "/x"), .allowedValues(["b", "c"], at: "/x"), .allowedValues(["z"], at: "/y"),
        ]
      ) { _, _ in .text("") })
    #expect(merged.knownValues == ["/x": ["a", "b", "c"], "/y": ["z"]])
  }

  @Test("a rule validator reports its message at every reached path")
  func rule() async {
    let validator = ArgumentValidator.rule(at: "/items/*/amount", keyword: "maximum") { value in
      (value.doubleValue ?? 0) > 100 ? "must be at most 100" : nil
    }
    let violations = await validator.validate(["items": [["amount": 5], ["amount": 500]]])
    #expect(
      violations == [SchemaViolation(path: "/items/1/amount", keyword: "maximum", message: "must be at most 100")])
    #expect(validator.knownValues.isEmpty)
    #expect(validator.name == "rule(/items/*/amount)")
  }

  @Test("a root path checks the arguments themselves")
  func rootPath() async {
    let validator = ArgumentValidator.rule(at: "") { $0.objectValue?.isEmpty == true ? "must not be empty" : nil }
    #expect(await validator.validate([:]).map(\.description) == ["/: must not be empty"])
  }

  @Test("mentioned known values are found in the user's text, longest first")
  func mentions() {
    let weather = AnyToolSkill(ToolFixtures.Weather())
    #expect(weather.mentionedKnownValues(in: "上海明天会下雨吗") == ["/city": "上海"])
    #expect(weather.mentionedKnownValues(in: "纽约明天会下雨吗").isEmpty)
    #expect(weather.mentionedKnownValues(in: "").isEmpty)
    let districts = AnyToolSkill(
      ToolSkillOf<EmptyToolInput>(
        id: "d", description: "d", inputSchema: .object(),
        validators: [.allowedValues(["上海", "上海浦东", "Beijing"], at: "/place"), .allowedValues(["晴"], at: "/sky")]
      ) { _, _ in .text("") })
    #expect(districts.mentionedKnownValues(in: "上海浦东晴天") == ["/place": "上海浦东", "/sky": "晴"])
    #expect(districts.mentionedKnownValues(in: "BEIJING today") == ["/place": "Beijing"])
  }
}
