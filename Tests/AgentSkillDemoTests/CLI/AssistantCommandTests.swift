import Foundation
import Testing

/// The assistant run as users run it: the built executable, scripted input,
/// a temporary data directory and a fixed "now" (Friday 2026-03-06 10:00 +08:00).
@Suite("agentskill-demo assistant (subprocess)", .timeLimit(.minutes(5)))
struct AssistantCommandTests {
  private func assistant(
    _ arguments: [String], input: String = "", data directory: URL, environment: [String: String] = [:]
  ) async throws -> DemoProcess.Result {
    try await DemoProcess.run(
      ["--data", directory.path, "--now", DemoFixtures.nowArgument] + arguments, input: input, environment: environment)
  }

  @Test("last Wednesday's ledger, grouped by category")
  func ledger() async throws {
    try await DemoFixtures.withDirectory { directory in
      let result = try await assistant(["--ask", "帮我查一下上周三的记账明细，然后按类别汇总"], data: directory)
      #expect(result.status == 0, "\(result.errors)")
      let output = result.output
      #expect(output.contains("› 帮我查一下上周三的记账明细，然后按类别汇总"))
      #expect(output.contains("· 执行中：记账查询"))
      #expect(output.contains("2月25日（周三）记账明细（按类别汇总）"))
      #expect(output.contains("[餐饮（3 笔）]"))
      #expect(output.contains("小计"))
      #expect(output.contains("合计         ¥190.50"))
      #expect(output.contains("2月25日（周三）共 5 笔支出，合计 ¥190.50：餐饮 ¥126.00，娱乐 ¥59.50，交通 ¥5.00。"))
      #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("ledger.json").path))
    }
  }

  @Test("--json reminder turns a question into a typed value offline; a missing member is a typed error")
  func typedReminder() async throws {
    try await DemoFixtures.withDirectory { directory in
      let result = try await assistant(
        ["--json", "reminder", "--ask", "明天上午九点提醒我给妈妈打电话"], data: directory)
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.output.contains(#""due":{"type":"string","format":"date-time","description":"When to remind"}"#))
      #expect(result.output.contains(#"value:  {"due":"2026-03-07T09:00:00+08:00","title":"#))
      let missing = try await assistant(["--json", "expense", "--ask", "花了钱"], data: directory)
      #expect(missing.status == 1)
      #expect(missing.errors.contains("the text does not say amount, category"))
      let wrong = try await assistant(["--json", "invoice", "--ask", "x"], data: directory)
      #expect(wrong.status == 2)
      #expect(wrong.errors.contains("--json needs one of reminder, expense"))
    }
  }

  @Test("the table's columns line up, Chinese characters counting twice")
  func alignment() async throws {
    try await DemoFixtures.withDirectory { directory in
      let result = try await assistant(["--ask", "上周三的记账明细按类别汇总"], data: directory)
      let rows = result.output.split(separator: "\n").filter { $0.hasSuffix("0") && $0.contains("¥") }
        .filter { !$0.contains("共") }
      #expect(rows.count >= 7)
      let widths = Set(
        rows.map { row in row.reduce(0) { $0 + ($1.unicodeScalars.first.map { $0.value >= 0x2E80 } == true ? 2 : 1) } })
      #expect(widths.count == 1, "rows end in different columns: \(rows)")
    }
  }

  @Test("weather for a supported city")
  func weather() async throws {
    try await DemoFixtures.withDirectory { directory in
      let result = try await assistant(["--ask", "北京天气怎么样"], data: directory)
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.output.contains("· 执行中：天气查询"))
      #expect(result.output.contains("北京 · 3月6日（周五）"))
      #expect(result.output.contains("\n北京今天"))
    }
  }

  @Test("an unsupported city is rejected by the validator and the assistant asks")
  func unsupportedCity() async throws {
    try await DemoFixtures.withDirectory { directory in
      let result = try await assistant(
        ["--ask", "纽约天气怎么样", "--ask", "What's the weather in New York?"], data: directory)
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.output.contains("· 参数未通过校验：城市名称\n"))
      #expect(result.output.contains("· arguments rejected: city\n"))
      #expect(!result.output.contains("is not supported"), "validator lines are for the model, in English")
      #expect(result.output.contains("抱歉，暂不支持「纽约」。目前支持：北京、上海、广州"))
      #expect(result.output.contains("请问换成哪一个？"))
      #expect(result.output.contains("Sorry, \"New York\" isn't supported. Supported: Beijing, Shanghai"))
    }
  }

  @Test("a rejected spelling is corrected by the model: 北京市 → 北京")
  func correctedCity() async throws {
    try await DemoFixtures.withDirectory { directory in
      let result = try await assistant(["--ask", "帮我查查北京市的天气"], data: directory)
      #expect(result.output.contains("北京 · 3月6日（周五）"))
      #expect(result.output.contains("\n北京今天"))
    }
  }

  @Test("with --yes the reminder is confirmed and saved in the data directory")
  func reminder() async throws {
    try await DemoFixtures.withDirectory { directory in
      let result = try await assistant(["--yes", "--ask", "明天下午三点提醒我开周会"], data: directory)
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.output.contains("· 等待确认：创建提醒"))
      #expect(result.output.contains("? 需要确认：创建提醒（提醒内容：开周会，提醒时间：3月7日（周六） 15:00） → 已确认（--yes）"))
      #expect(result.output.contains("已创建提醒：明天 15:00 开周会。"))
      let saved = try String(contentsOf: directory.appendingPathComponent("reminders.json"), encoding: .utf8)
      #expect(saved.contains("\"title\" : \"开周会\""))
      #expect(saved.contains("\"at\" : \"2026-03-07T15:00:00+08:00\""))
    }
  }

  @Test("without --yes and without a terminal, nothing is saved")
  func reminderNotConfirmed() async throws {
    try await DemoFixtures.withDirectory { directory in
      let result = try await assistant(["--ask", "Remind me to call mom tomorrow at 6pm"], data: directory)
      #expect(result.status == 0)
      #expect(result.output.contains("· awaiting confirmation: New reminder"))
      #expect(result.output.contains("not confirmed: pass --yes when not running interactively"))
      #expect(result.output.contains("OK, I've cancelled it — nothing was done."))
      let saved = try String(contentsOf: directory.appendingPathComponent("reminders.json"), encoding: .utf8)
      #expect(!saved.contains("call mom"))
    }
  }

  @Test("English questions get English phases, tables and answers")
  func english() async throws {
    try await DemoFixtures.withDirectory { directory in
      let result = try await assistant(
        [
          "--yes", "--ask", "Show last Wednesday's expenses by category", "--ask",
          "What's the weather in Shanghai tomorrow?",
          "--ask", "Remind me to attend the weekly meeting tomorrow at 3pm",
        ], data: directory)
      #expect(result.status == 0, "\(result.errors)")
      let output = result.output
      #expect(output.contains("· executing: Ledger"))
      #expect(output.contains("Ledger, Wed, Mar 4 — by category"))
      #expect(output.contains("Wed, Mar 4: 5 expenses, ¥341.50 in total"))
      #expect(output.contains("· executing: Weather"))
      #expect(output.contains("Shanghai tomorrow: "))
      #expect(output.contains("Reminder set for tomorrow 15:00: attend the weekly meeting."))
    }
  }

  @Test("one question per line from standard input; help and small talk answered")
  func standardInput() async throws {
    try await DemoFixtures.withDirectory { directory in
      let result = try await assistant([], input: "help\n\n你今天吃了吗\n北京天气怎么样\nexit\n上海天气\n", data: directory)
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.output.contains("Commands: /bad"))
      #expect(result.output.contains("哈哈，我是离线助手，不用吃饭"))
      #expect(result.output.contains("北京今天"))
      #expect(!result.output.contains("› 上海天气"), "lines after exit are ignored")
    }
  }

  @Test("--timeline exports the session and `timeline --html` renders it")
  func timeline() async throws {
    try await DemoFixtures.withDirectory { directory in
      let json = directory.appendingPathComponent("session.json")
      let html = directory.appendingPathComponent("session.html")
      let run = try await assistant(
        ["--ask", "上周三的记账明细按类别汇总", "--ask", "北京天气怎么样", "--timeline", json.path], data: directory)
      #expect(run.status == 0, "\(run.errors)")
      let exported = try String(contentsOf: json, encoding: .utf8)
      #expect(exported.contains("\"schemaVersion\" : 1"))
      #expect(exported.contains("ChatTurnSkill"))

      let render = try await DemoProcess.run(["timeline", json.path, "--html", html.path])
      #expect(render.status == 0, "\(render.errors)")
      let page = try String(contentsOf: html, encoding: .utf8)
      #expect(page.contains("<svg"))
      #expect(page.contains("ledger_query"))
      #expect(page.contains("记账查询 · "))
      #expect(!page.contains("https://") && !page.contains("<script src"))
    }
  }

  @Test("a corrupt ledger is backed up and the user is told")
  func corruptLedger() async throws {
    try await DemoFixtures.withDirectory { directory in
      try Data("{\"version\": 1, \"entries\": [oops".utf8).write(to: directory.appendingPathComponent("ledger.json"))
      let result = try await assistant(["--ask", "上周三的记账明细按类别汇总"], data: directory)
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.errors.contains("ledger.json 无法读取"))
      #expect(result.errors.contains("ledger.json could not be read"), "before the first question, in both languages")
      #expect(result.errors.contains("ledger.json.corrupt-20260306-100000"))
      let backup = directory.appendingPathComponent("ledger.json.corrupt-20260306-100000")
      #expect(try String(contentsOf: backup, encoding: .utf8) == "{\"version\": 1, \"entries\": [oops")
      #expect(result.output.contains("共 5 笔支出"))
    }
  }
}
