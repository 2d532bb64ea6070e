import Foundation

extension OpenAICompatibleModel {
  /// Known base URLs of OpenAI-compatible servers.
  public enum Endpoint {
    /// OpenAI: `https://api.openai.com/v1`.
    public static let openAI = url("https://api.openai.com/v1")
    /// Ollama's OpenAI-compatible API on this machine: `http://localhost:11434/v1`.
    public static let ollama = url("http://localhost:11434/v1")
    /// vLLM's `vllm serve` default: `http://localhost:8000/v1`.
    public static let vLLM = url("http://localhost:8000/v1")
    /// llama.cpp's `llama-server` default: `http://localhost:8080/v1`.
    public static let llamaCpp = url("http://localhost:8080/v1")
    /// LM Studio's local server default: `http://localhost:1234/v1`.
    public static let lmStudio = url("http://localhost:1234/v1")
    /// DeepSeek: `https://api.deepseek.com/v1`.
    public static let deepSeek = url("https://api.deepseek.com/v1")
    /// Qwen on Alibaba Cloud Model Studio (DashScope) in compatible mode, mainland China:
    /// `https://dashscope.aliyuncs.com/compatible-mode/v1`.
    public static let dashScope = url("https://dashscope.aliyuncs.com/compatible-mode/v1")
    /// Qwen on DashScope in compatible mode, international (Singapore):
    /// `https://dashscope-intl.aliyuncs.com/compatible-mode/v1`.
    public static let dashScopeInternational = url("https://dashscope-intl.aliyuncs.com/compatible-mode/v1")
    /// Mistral: `https://api.mistral.ai/v1`.
    public static let mistral = url("https://api.mistral.ai/v1")

    /// Builds a constant URL; the literals above are valid, and a file URL
    /// stands in should one ever fail to parse, so nothing can crash.
    private static func url(_ string: String) -> URL {
      URL(string: string) ?? URL(fileURLWithPath: "/invalid-endpoint")
    }
  }

  /// OpenAI (`https://api.openai.com/v1`), sending token limits as `max_completion_tokens`.
  ///
  /// ```swift
  /// let model = OpenAICompatibleModel.openAI(apiKey: key, model: "gpt-4o-mini")
  /// ```
  ///
  /// - Parameters:
  ///   - apiKey: The OpenAI API key.
  ///   - model: The model, such as `gpt-4o-mini`.
  /// - Returns: The model.
  public static func openAI(apiKey: String, model: String) -> OpenAICompatibleModel {
    OpenAICompatibleModel(
      baseURL: Endpoint.openAI, apiKey: apiKey, model: model, maxTokensParameter: "max_completion_tokens")
  }

  /// Ollama's OpenAI-compatible API (`http://localhost:11434/v1`); no key needed.
  ///
  /// ```swift
  /// let model = OpenAICompatibleModel.ollama(model: "qwen2.5:7b")
  /// ```
  ///
  /// - Parameters:
  ///   - model: A pulled model, such as `qwen2.5:7b` or `llama3.1`.
  ///   - baseURL: The server. Defaults to `http://localhost:11434/v1`.
  /// - Returns: The model.
  public static func ollama(model: String, baseURL: URL = Endpoint.ollama) -> OpenAICompatibleModel {
    OpenAICompatibleModel(baseURL: baseURL, model: model)
  }

  /// A vLLM server (`vllm serve`, default `http://localhost:8000/v1`). Start
  /// it with `--enable-auto-tool-choice --tool-call-parser <parser>` for tool calls.
  ///
  /// - Parameters:
  ///   - model: The served model name.
  ///   - baseURL: The server. Defaults to `http://localhost:8000/v1`.
  ///   - apiKey: The key given to `--api-key`, if any.
  /// - Returns: The model.
  public static func vLLM(model: String, baseURL: URL = Endpoint.vLLM, apiKey: String? = nil) -> OpenAICompatibleModel {
    OpenAICompatibleModel(baseURL: baseURL, apiKey: apiKey, model: model)
  }

  /// llama.cpp's `llama-server` (default `http://localhost:8080/v1`). Start
  /// it with `--jinja` for tool calls.
  ///
  /// - Parameters:
  ///   - model: The model name (the server serves the model it loaded whatever the name).
  ///   - baseURL: The server. Defaults to `http://localhost:8080/v1`.
  ///   - apiKey: The key given to `--api-key`, if any.
  /// - Returns: The model.
  public static func llamaCpp(
    model: String = "default", baseURL: URL = Endpoint.llamaCpp, apiKey: String? = nil
  ) -> OpenAICompatibleModel {
    OpenAICompatibleModel(baseURL: baseURL, apiKey: apiKey, model: model)
  }

  /// LM Studio's local server (default `http://localhost:1234/v1`).
  ///
  /// - Parameters:
  ///   - model: The loaded model's identifier.
  ///   - baseURL: The server. Defaults to `http://localhost:1234/v1`.
  /// - Returns: The model.
  public static func lmStudio(model: String, baseURL: URL = Endpoint.lmStudio) -> OpenAICompatibleModel {
    OpenAICompatibleModel(baseURL: baseURL, model: model)
  }

  /// DeepSeek (`https://api.deepseek.com/v1`).
  ///
  /// - Parameters:
  ///   - apiKey: The DeepSeek API key.
  ///   - model: The model. Defaults to `deepseek-chat`.
  /// - Returns: The model.
  public static func deepSeek(apiKey: String, model: String = "deepseek-chat") -> OpenAICompatibleModel {
    OpenAICompatibleModel(baseURL: Endpoint.deepSeek, apiKey: apiKey, model: model)
  }

  /// Qwen through DashScope's compatible mode
  /// (`https://dashscope.aliyuncs.com/compatible-mode/v1`, or
  /// `https://dashscope-intl.aliyuncs.com/compatible-mode/v1` outside mainland China).
  ///
  /// - Parameters:
  ///   - apiKey: The DashScope API key.
  ///   - model: The model, such as `qwen-plus`. Defaults to `qwen-plus`.
  ///   - international: Whether to use the international endpoint. Defaults to `false`.
  /// - Returns: The model.
  public static func qwen(apiKey: String, model: String = "qwen-plus", international: Bool = false)
    -> OpenAICompatibleModel
  {
    OpenAICompatibleModel(
      baseURL: international ? Endpoint.dashScopeInternational : Endpoint.dashScope, apiKey: apiKey, model: model)
  }

  /// Mistral (`https://api.mistral.ai/v1`). Streams report usage without
  /// being asked, so `stream_options` is not sent.
  ///
  /// - Parameters:
  ///   - apiKey: The Mistral API key.
  ///   - model: The model. Defaults to `mistral-small-latest`.
  /// - Returns: The model.
  public static func mistral(apiKey: String, model: String = "mistral-small-latest") -> OpenAICompatibleModel {
    OpenAICompatibleModel(baseURL: Endpoint.mistral, apiKey: apiKey, model: model, streamIncludesUsage: false)
  }
}
