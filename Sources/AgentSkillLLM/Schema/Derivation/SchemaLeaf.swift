import Foundation

/// The schemas and placeholders of the types that decode from one JSON scalar.
enum SchemaLeaf {
  /// The schema of `type` and a placeholder value (different per `variant`), or `nil` for other types.
  static func leaf(_ type: Any.Type, variant: Int) -> (JSONObject, Any)? {
    let second = variant != 0
    switch type {
    case is String.Type: return (["type": "string"], second ? "b" : "a")
    case is Bool.Type: return (["type": "boolean"], second)
    case is Date.Type:
      return (["type": "string", "format": "date-time"], Date(timeIntervalSince1970: second ? 86_400 : 0))
    case is URL.Type:
      let text = second ? "https://example.com/b" : "https://example.com/a"
      guard let url = URL(string: text) else { return nil }
      return (["type": "string", "format": "uri"], url)
    case is UUID.Type:
      return (
        ["type": "string", "format": "uuid"],
        UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, second ? 2 : 1))
      )
    case is Data.Type:
      return (["type": "string", "contentEncoding": "base64"], Data(second ? [2] : [1]))
    case is Decimal.Type: return (["type": "number"], Decimal(second ? 2 : 1))
    case is JSONValue.Type: return ([:], JSONValue.null)
    case let integer as any FixedWidthInteger.Type: return self.integer(integer, second: second)
    case let floating as any BinaryFloatingPoint.Type: return (["type": "number"], number(floating, second: second))
    default: return nil
    }
  }

  private static func integer<I: FixedWidthInteger>(_ type: I.Type, second: Bool) -> (JSONObject, Any) {
    var schema: JSONObject = ["type": "integer"]
    if I.bitWidth < 64 {
      schema["minimum"] = .integer(Int(I.min))
      schema["maximum"] = .integer(Int(I.max))
    } else if !I.isSigned {
      schema["minimum"] = 0
    }
    return (schema, I(second ? 2 : 1))
  }

  private static func number<F: BinaryFloatingPoint>(_ type: F.Type, second: Bool) -> Any {
    F(second ? 2.5 : 1)
  }
}
