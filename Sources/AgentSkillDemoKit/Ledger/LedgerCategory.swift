/// A ledger category, with its Chinese and English names.
package enum LedgerCategory: String, Sendable, Hashable, Codable, CaseIterable {
  /// Meals, coffee, groceries for cooking.
  case food
  /// Subway, taxi, fuel.
  case transport
  /// Things bought.
  case shopping
  /// Films, games, outings.
  case entertainment
  /// Rent, utilities.
  case housing
  /// Medicine, doctors.
  case health
  /// Anything else.
  case other

  /// `餐饮`.
  package var chineseName: String {
    switch self {
    case .food: "餐饮"
    case .transport: "交通"
    case .shopping: "购物"
    case .entertainment: "娱乐"
    case .housing: "居住"
    case .health: "医疗"
    case .other: "其他"
    }
  }

  /// `Food`.
  package var englishName: String {
    switch self {
    case .food: "Food"
    case .transport: "Transport"
    case .shopping: "Shopping"
    case .entertainment: "Entertainment"
    case .housing: "Housing"
    case .health: "Health"
    case .other: "Other"
    }
  }

  /// The name in `language`.
  package func name(_ language: DemoLanguage) -> String {
    language == .chinese ? chineseName : englishName
  }

  /// Every name a user or model may use for a category: `餐饮`, `Food`, `food`, …
  package static var allNames: [String] {
    allCases.map(\.chineseName) + allCases.map(\.englishName)
  }

  /// The category a name or key stands for (`餐饮`, `Food`, `food`), ignoring case.
  package init?(name: String) {
    let folded = name.trimmingCharacters(in: .whitespaces).lowercased()
    guard
      let match = Self.allCases.first(where: {
        $0.rawValue == folded || $0.chineseName == folded || $0.englishName.lowercased() == folded
      })
    else { return nil }
    self = match
  }
}
