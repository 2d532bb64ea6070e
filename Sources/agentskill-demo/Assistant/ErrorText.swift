import AgentSkillDemoKit
import AgentSkillLLM
import Foundation

/// A failed turn as one line in the session's language, naming what to
/// type to fix it; a vendor's own message is kept verbatim, in quotes.
enum ErrorText {
  /// The line after `✗ 出错了：` / `✗ Error: `.
  static func describe(_ error: ChatAgentError, language: DemoLanguage, timeout: Int) -> String {
    switch error {
    case .model(let failure):
      return describe(failure, language: language, timeout: timeout)
    case .provider(let message):
      return language.pick("模型没能回答：\(quoted(message))", "The model could not answer: \(message)")
    case .stepLimitReached(let maxSteps):
      return language.pick(
        "模型调用了 \(maxSteps) 次仍没有给出回答，本轮已停止。请换个说法再问。",
        "The model was still calling tools after \(maxSteps) requests, so the turn was stopped. Rephrase the request.")
    case .repairsExhausted(let tool, let repairs, _):
      return language.pick(
        "模型修正了 \(repairs) 次仍没能正确调用「\(tool)」，本轮已停止。请把缺少的信息补全后再问。",
        "The model could not call \"\(tool)\" correctly after \(repairs) correction(s), so the turn was stopped. "
          + "Ask again with the missing details.")
    case .feedbackLog(let path, let reason):
      return language.pick(
        "无法写入反馈记录 \(path)：\(reason)。请检查该目录是否可写，或用 --data 换一个目录。",
        "Could not write the feedback to \(path): \(reason). Check that the folder is writable, or pass another --data."
      )
    case .budgetExceeded(let exceeded):
      return language.pick("已达到用量上限，本轮已停止：\(exceeded.description)", exceeded.description)
    case .image(let failure):
      return language.pick("图片无法发送：\(failure.description)", "The image could not be sent: \(failure.description)")
    }
  }

  /// A provider failure, with the flag or command that fixes it.
  static func describe(_ error: LanguageModelError, language: DemoLanguage, timeout: Int) -> String {
    switch error {
    case .serverNotRunning(let address):
      return language.pick(
        "\(address) 上没有服务在应答（连接被拒绝）。请先启动模型服务（例如 ollama serve），或用 --base-url 改成正确的地址。",
        "Nothing answers at \(address) (connection refused). Start the model server (e.g. `ollama serve`) "
          + "or fix --base-url.")
    case .hostNotFound(let host):
      return language.pick(
        "找不到主机 \(host)（DNS 解析失败）。请检查 --base-url 里的主机名是否拼写正确，以及网络和 DNS 设置。",
        "The host \(host) was not found (DNS lookup failed). Check the host name in --base-url and the network's DNS.")
    case .secureConnectionFailed(let host, let reason):
      return language.pick(
        "与 \(host) 的 TLS 安全连接失败（\(reason)）。请检查 --base-url 的协议（本地服务通常用 http://）、服务器证书是否有效可信，以及系统时间。",
        "The TLS connection to \(host) failed (\(reason)). Check the scheme in --base-url (a local server usually "
          + "uses http://), that the server's certificate is valid and trusted, and the system clock.")
    case .timedOut:
      return language.pick(
        "模型在 \(timeout) 秒内没有给出完整回答，已停止等待（--timeout \(timeout)）。服务器可能卡住了，或模型太慢：请稍后重试，或用 --timeout 放宽时限，例如 --timeout \(timeout * 2)。",
        "The model did not finish its answer within \(timeout) s (--timeout \(timeout)), so the request was stopped. "
          + "The server may be stuck or the model slow: try again later, or allow more time, e.g. --timeout \(timeout * 2)."
      )
    case .httpStatus(let code, let message):
      let vendor = message.map { language.pick("：\(quoted($0))", ": \(quoted($0))") } ?? ""
      return language.pick(
        "服务器返回 HTTP \(code)\(vendor)。\(fix(forStatus: code, .chinese))",
        "The server answered HTTP \(code)\(vendor). \(fix(forStatus: code, .english))")
    case .rateLimited(let retryAfter, let message):
      let vendor = message.map { language.pick("：\(quoted($0))", ": \(quoted($0))") } ?? ""
      let seconds = retryAfter.map { Int($0.components.seconds) }
      let wait = seconds.map { language.pick("，要求等待 \($0) 秒", ", asked to wait \($0) s") } ?? ""
      return language.pick(
        "服务器在限流（HTTP 429\(vendor)）\(wait)。请稍后再试，或提高账户配额。",
        "The server is rate limiting (HTTP 429\(vendor))\(wait). Try again later, or raise the account's quota.")
    case .connectionFailed(let reason):
      return language.pick(
        "连接模型服务失败（\(reason)）。请检查 --base-url 和网络。",
        "Could not connect to the model server (\(reason)). Check --base-url and the network.")
    case .malformedResponse(let reason, _):
      return language.pick(
        "无法读取服务器的回答（\(reason)）。请确认 --base-url 指向模型的 API（OpenAI 兼容服务通常以 /v1 结尾）。",
        "The server's answer could not be read (\(reason)). Check that --base-url points at the model's API "
          + "(OpenAI-compatible servers usually end in /v1).")
    case .streamEndedEarly(let reason):
      return language.pick(
        "回答在模型说完之前中断了（\(reason)），回答不完整。请重试；如果反复出现，请检查是否有代理切断了长连接。",
        "The answer stopped before the model finished (\(reason)). Try again; if it keeps happening, check for a "
          + "proxy that cuts long responses.")
    case .providerError(let type, let message):
      let kind = type.map { "（\($0)）" } ?? ""
      return language.pick(
        "服务器报告了错误\(kind)：\(quoted(message))。请稍后重试。",
        "The server reported an error\(type.map { " (\($0))" } ?? ""): \(quoted(message)). Try again later.")
    case .cancelled:
      return language.pick("请求被取消了。需要的话请再问一次。", "The request was cancelled. Ask again if you still need it.")
    case .invalidRequest(let reason):
      return language.pick(
        "无法构造请求（\(reason)）。请检查 --base-url、--model 等设置。",
        "The request could not be built (\(reason)). Check --base-url and --model.")
    }
  }

  private static func fix(forStatus code: Int, _ language: DemoLanguage) -> String {
    switch code {
    case 401:
      language.pick(
        "请检查 API 密钥（--api-key 或 AGENTSKILL_API_KEY）：可能缺失、写错或已被吊销。",
        "Check the API key (--api-key or AGENTSKILL_API_KEY): it is missing, mistyped or revoked.")
    case 402: language.pick("账户余额不足，请检查账单。", "The account has no credit left; check its billing.")
    case 403:
      language.pick(
        "这个 API 密钥无权使用该模型或接口，请检查密钥权限和 --model。",
        "The API key may not use this model or endpoint; check its permissions and --model.")
    case 404:
      language.pick(
        "请检查 --base-url（OpenAI 兼容服务通常以 /v1 结尾）和 --model（本地服务需要先拉取模型）。",
        "Check --base-url (OpenAI-compatible servers usually end in /v1) and --model (a local server must have "
          + "the model pulled).")
    case 400, 422:
      language.pick(
        "服务器拒绝了请求，请检查 --model 是否正确。", "The server rejected the request; check that --model is right.")
    case 500..<600:
      language.pick("服务器内部出错，重试也没有成功，请稍后再试。", "The server had an error and retries did not help; try again later.")
    default: language.pick("请查看服务商文档中这个状态码的含义。", "Check the provider's documentation for this status.")
    }
  }

  /// The vendor's words, verbatim, in quotes, without a final period (the sentence adds its own).
  private static func quoted(_ text: String) -> String {
    var trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    while let last = trimmed.last, last == "." || last == "。" { trimmed.removeLast() }
    return "“\(trimmed)”"
  }
}
