import AgentSkillLLM

/// Replies for messages no tool fits: greetings, thanks, "你今天吃了吗",
/// questions about the assistant, and a fallback that says what it can do.
enum SmallTalk {
  private enum Topic {
    case greeting, meal, thanks, identity, help, farewell, wellbeing
  }

  private static let topics: [(Topic, [String])] = [
    (.meal, ["吃了吗", "吃饭了吗", "吃了没", "吃过了吗", "吃饭没", "have you eaten", "had lunch", "had dinner"]),
    (.thanks, ["谢谢", "多谢", "感谢", "谢啦", "thanks", "thank you", "thx", "appreciate"]),
    (.farewell, ["再见", "拜拜", "回头见", "晚安", "goodbye", "bye", "see you", "good night"]),
    (.identity, ["你是谁", "你叫什么", "你是什么", "who are you", "what are you", "your name"]),
    (
      .help,
      [
        "帮助", "你能做什么", "你会什么", "你能干什么", "能干嘛", "怎么用", "功能", "你可以做什么", "help", "what can you do",
        "how do i use", "what do you do",
      ]
    ),
    (.wellbeing, ["你好吗", "最近怎么样", "how are you", "how's it going", "how are things"]),
    (
      .greeting,
      [
        "你好", "您好", "嗨", "哈喽", "哈啰", "早上好", "下午好", "晚上好", "早安", "hello", "hi", "hey", "good morning", "good afternoon",
        "good evening", "greetings",
      ]
    ),
  ]

  /// Whether `text` is small talk rather than a request.
  static func isSmallTalk(_ text: String) -> Bool {
    topic(of: OfflineText(text)) != nil
  }

  /// A friendly reply to `text`, mentioning what the assistant can do.
  ///
  /// - Parameters:
  ///   - text: The user's words.
  ///   - language: The language to answer in.
  ///   - capabilities: What the assistant can do, such as its skills' display names.
  static func reply(to text: String, language: RuleBasedModel.Language, capabilities: [LocalizedText]) -> String {
    let offer = self.offer(language: language, capabilities: capabilities)
    switch (topic(of: OfflineText(text)), language) {
    case (.meal?, .chinese): return "哈哈，我是离线助手，不用吃饭，谢谢关心！" + offer
    case (.meal?, .english): return "Ha, I'm an offline assistant, so no meals for me — thanks for asking! " + offer
    case (.thanks?, .chinese): return "不客气！还有什么需要帮忙的吗？"
    case (.thanks?, .english): return "You're welcome! Anything else I can help with?"
    case (.farewell?, .chinese): return "再见，随时找我！"
    case (.farewell?, .english): return "Bye — see you next time!"
    case (.identity?, .chinese): return "我是一个离线的规则助手，在本机运行，不联网。" + offer
    case (.identity?, .english): return "I'm an offline, rule-based assistant running on this device. " + offer
    case (.help?, .chinese): return offer
    case (.help?, .english): return offer
    case (.wellbeing?, .chinese): return "我很好，谢谢！" + offer
    case (.wellbeing?, .english): return "I'm doing well, thanks! " + offer
    case (.greeting?, .chinese): return "你好！" + offer
    case (.greeting?, .english): return "Hello! " + offer
    case (nil, .chinese): return "抱歉，这个我帮不上忙。" + offer
    case (nil, .english): return "Sorry, I can't help with that. " + offer
    }
  }

  private static func offer(language: RuleBasedModel.Language, capabilities: [LocalizedText]) -> String {
    let names = capabilities.map { $0.resolved(languageTag: language.languageTag) }.filter { !$0.isEmpty }
    guard !names.isEmpty else {
      return language.pick("你可以直接告诉我想做什么。", "Tell me what you would like to do.")
    }
    switch language {
    case .chinese: return "我可以帮你：" + names.joined(separator: "、") + "。"
    case .english: return "I can help with: " + names.joined(separator: ", ") + "."
    }
  }

  private static func topic(of text: OfflineText) -> Topic? {
    for (topic, phrases) in topics where phrases.contains(where: { !text.occurrences(of: $0).isEmpty }) {
      return topic
    }
    return nil
  }
}
