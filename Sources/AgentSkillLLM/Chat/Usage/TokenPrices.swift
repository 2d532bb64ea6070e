import Foundation

/// What the app pays for its model's tokens, per million: the price table a
/// ``ChatAgent`` prices its usage with (``ChatAgentOptions/prices``).
///
/// Prices change and differ by vendor, model and contract, so the library
/// ships none: copy them from your vendor's price page.
///
/// ```swift
/// // $0.25 per million input tokens, $0.025 cached, $2.00 output.
/// let prices = TokenPrices(input: 0.25, output: 2, cachedInput: 0.025)
/// let cost = prices.cost(of: TokenUsage(inputTokens: 12_000, outputTokens: 800, cacheReadInputTokens: 10_000))
/// // 0.00025 + 0.00005 + 0.0016 = 0.0019
/// ```
public struct TokenPrices: Sendable, Hashable, Codable {
  /// The price of a million input tokens that were neither read from nor written to the cache.
  public var input: Decimal
  /// The price of a million output tokens, reasoning included.
  public var output: Decimal
  /// The price of a million input tokens read from the prompt cache; `nil` charges ``input``.
  public var cachedInput: Decimal?
  /// The price of a million input tokens written to the prompt cache; `nil` charges ``input``.
  public var cacheWrite: Decimal?
  /// The currency of the prices, as an ISO 4217 code such as `USD`.
  public var currencyCode: String

  /// Creates a price table.
  ///
  /// - Parameters:
  ///   - input: The price of a million uncached input tokens.
  ///   - output: The price of a million output tokens.
  ///   - cachedInput: The price of a million cache reads. Defaults to the input price.
  ///   - cacheWrite: The price of a million cache writes. Defaults to the input price.
  ///   - currencyCode: The currency. Defaults to `USD`.
  public init(
    input: Decimal, output: Decimal, cachedInput: Decimal? = nil, cacheWrite: Decimal? = nil,
    currencyCode: String = "USD"
  ) {
    self.input = input
    self.output = output
    self.cachedInput = cachedInput
    self.cacheWrite = cacheWrite
    self.currencyCode = currencyCode
  }

  /// What `usage` costs: uncached input, cache reads, cache writes and output, each at its price.
  ///
  /// - Parameter usage: Tokens one or more requests spent.
  /// - Returns: The cost in ``currencyCode``.
  public func cost(of usage: TokenUsage) -> Decimal {
    let reads = max(0, usage.cacheReadInputTokens)
    let writes = max(0, usage.cacheWriteInputTokens)
    let plain = max(0, usage.inputTokens - reads - writes)
    let total =
      Decimal(plain) * input + Decimal(reads) * (cachedInput ?? input) + Decimal(writes) * (cacheWrite ?? input)
      + Decimal(max(0, usage.outputTokens)) * output
    return total / 1_000_000
  }

  /// The least a request with `inputTokens` of input costs: all of it at the cheapest input price.
  func leastCost(ofInput inputTokens: Int) -> Decimal {
    let cheapest = [input, cachedInput ?? input, cacheWrite ?? input].min() ?? input
    return Decimal(max(0, inputTokens)) * cheapest / 1_000_000
  }

  /// `amount` as money in ``currencyCode`` with four decimals, in `locale`'s
  /// format: `$0.0123` in English (United States), `0,0123 $` in German.
  ///
  /// ```swift
  /// let prices = TokenPrices(input: 3, output: 15, currencyCode: "USD")
  /// print(prices.formatted(0.0123, locale: Locale(identifier: "en_US")))  // $0.0123
  /// ```
  ///
  /// - Parameters:
  ///   - amount: An amount in ``currencyCode``.
  ///   - locale: Whose conventions to use. Defaults to the user's (`Locale.current`); a view passes its
  ///     environment's `locale`.
  /// - Returns: The text.
  public func formatted(_ amount: Decimal, locale: Locale = .current) -> String {
    amount.formatted(.currency(code: currencyCode).precision(.fractionLength(4)).locale(locale))
  }
}
