/// A city the offline weather service covers, with its climate normals:
/// the demo's bundled data.
package struct WeatherCity: Sendable, Hashable {
  /// A stable key, such as `beijing`.
  package let key: String
  /// `北京`.
  package let chineseName: String
  /// `Beijing`.
  package let englishName: String
  /// Average daily highs per month, °C.
  package let highs: [Int]
  /// Average daily lows per month, °C.
  package let lows: [Int]
  /// The chance of a wet day per month, in percent.
  package let rain: [Int]

  /// The name in `language`.
  package func name(_ language: DemoLanguage) -> String {
    language == .chinese ? chineseName : englishName
  }

  /// Every supported city.
  package static let all: [WeatherCity] = [
    WeatherCity(
      key: "beijing", chineseName: "北京", englishName: "Beijing",
      highs: [2, 5, 12, 21, 27, 31, 31, 30, 26, 19, 10, 3], lows: [-8, -5, 1, 8, 14, 19, 22, 21, 15, 8, 0, -6],
      rain: [5, 8, 12, 15, 20, 35, 55, 50, 25, 15, 8, 5]),
    WeatherCity(
      key: "shanghai", chineseName: "上海", englishName: "Shanghai",
      highs: [8, 10, 14, 20, 25, 28, 32, 32, 28, 23, 17, 11], lows: [1, 3, 6, 11, 17, 21, 26, 25, 21, 15, 9, 3],
      rain: [30, 33, 38, 38, 38, 55, 45, 45, 35, 25, 25, 25]),
    WeatherCity(
      key: "guangzhou", chineseName: "广州", englishName: "Guangzhou",
      highs: [19, 20, 23, 27, 31, 32, 33, 33, 32, 29, 25, 21], lows: [10, 12, 16, 20, 23, 25, 26, 26, 24, 21, 16, 11],
      rain: [20, 30, 40, 50, 60, 65, 55, 55, 45, 25, 15, 15]),
    WeatherCity(
      key: "shenzhen", chineseName: "深圳", englishName: "Shenzhen",
      highs: [20, 21, 24, 27, 30, 31, 32, 32, 31, 29, 25, 21], lows: [12, 14, 17, 21, 24, 26, 26, 26, 25, 22, 18, 13],
      rain: [15, 25, 30, 40, 55, 65, 55, 60, 45, 20, 12, 12]),
    WeatherCity(
      key: "hangzhou", chineseName: "杭州", englishName: "Hangzhou",
      highs: [8, 10, 15, 21, 26, 29, 34, 33, 28, 23, 17, 11], lows: [1, 3, 7, 12, 17, 22, 25, 25, 20, 14, 8, 2],
      rain: [33, 38, 45, 45, 45, 55, 40, 40, 35, 25, 25, 25]),
    WeatherCity(
      key: "chengdu", chineseName: "成都", englishName: "Chengdu",
      highs: [10, 12, 17, 22, 26, 28, 30, 30, 26, 21, 16, 11], lows: [3, 5, 9, 13, 18, 21, 22, 22, 19, 15, 9, 4],
      rain: [20, 22, 30, 40, 45, 55, 60, 55, 55, 45, 25, 18]),
    WeatherCity(
      key: "nanjing", chineseName: "南京", englishName: "Nanjing",
      highs: [7, 10, 15, 21, 26, 29, 32, 32, 28, 23, 16, 9], lows: [-1, 2, 6, 11, 17, 21, 25, 25, 20, 14, 7, 1],
      rain: [25, 28, 35, 35, 35, 45, 45, 40, 30, 22, 22, 20]),
    WeatherCity(
      key: "wuhan", chineseName: "武汉", englishName: "Wuhan",
      highs: [8, 11, 16, 22, 27, 30, 33, 33, 28, 23, 16, 10], lows: [1, 3, 7, 14, 19, 23, 26, 25, 21, 15, 8, 2],
      rain: [28, 30, 40, 42, 42, 45, 40, 35, 28, 28, 25, 22]),
    WeatherCity(
      key: "xian", chineseName: "西安", englishName: "Xi'an",
      highs: [5, 9, 15, 22, 27, 32, 33, 31, 26, 20, 12, 6], lows: [-4, -1, 5, 10, 16, 20, 23, 22, 17, 11, 3, -2],
      rain: [12, 15, 22, 25, 28, 28, 35, 35, 40, 30, 18, 10]),
    WeatherCity(
      key: "chongqing", chineseName: "重庆", englishName: "Chongqing",
      highs: [10, 13, 18, 23, 27, 30, 34, 35, 28, 22, 16, 11], lows: [6, 8, 11, 16, 20, 23, 26, 26, 22, 17, 12, 8],
      rain: [30, 30, 40, 45, 50, 50, 40, 35, 45, 50, 35, 30]),
    WeatherCity(
      key: "tianjin", chineseName: "天津", englishName: "Tianjin",
      highs: [2, 6, 13, 21, 27, 31, 32, 31, 27, 20, 11, 4], lows: [-7, -4, 2, 9, 15, 20, 23, 23, 17, 10, 2, -4],
      rain: [5, 7, 10, 15, 20, 32, 50, 45, 22, 15, 8, 5]),
    WeatherCity(
      key: "suzhou", chineseName: "苏州", englishName: "Suzhou",
      highs: [8, 10, 14, 20, 25, 28, 32, 32, 28, 23, 17, 11], lows: [1, 3, 6, 11, 17, 21, 26, 25, 21, 15, 9, 3],
      rain: [30, 33, 38, 38, 38, 55, 45, 40, 35, 25, 25, 25]),
    WeatherCity(
      key: "xiamen", chineseName: "厦门", englishName: "Xiamen",
      highs: [17, 17, 19, 23, 27, 30, 33, 33, 31, 28, 24, 19], lows: [10, 10, 12, 16, 21, 24, 26, 26, 24, 21, 16, 12],
      rain: [18, 30, 38, 42, 50, 55, 40, 45, 30, 12, 12, 12]),
    WeatherCity(
      key: "qingdao", chineseName: "青岛", englishName: "Qingdao",
      highs: [3, 5, 10, 16, 21, 25, 28, 29, 26, 20, 13, 6], lows: [-3, -2, 3, 8, 14, 18, 22, 23, 19, 13, 6, 0],
      rain: [8, 10, 12, 15, 18, 28, 45, 40, 25, 15, 12, 8]),
    WeatherCity(
      key: "changsha", chineseName: "长沙", englishName: "Changsha",
      highs: [8, 11, 15, 22, 27, 30, 34, 33, 29, 23, 17, 11], lows: [2, 4, 8, 14, 19, 23, 26, 25, 21, 15, 9, 4],
      rain: [40, 45, 55, 55, 55, 50, 35, 35, 28, 30, 30, 30]),
    WeatherCity(
      key: "harbin", chineseName: "哈尔滨", englishName: "Harbin",
      highs: [-13, -8, 2, 13, 21, 26, 28, 26, 20, 11, -1, -10],
      lows: [-24, -20, -9, 1, 8, 15, 19, 17, 9, 0, -10, -20], rain: [15, 12, 15, 18, 25, 40, 50, 45, 30, 18, 18, 18]),
    WeatherCity(
      key: "kunming", chineseName: "昆明", englishName: "Kunming",
      highs: [16, 18, 22, 24, 25, 25, 24, 24, 23, 21, 18, 16], lows: [3, 5, 8, 11, 15, 17, 17, 17, 15, 12, 7, 4],
      rain: [5, 6, 8, 12, 30, 60, 70, 70, 55, 40, 15, 6]),
  ]

  /// Every accepted spelling, Chinese names first: the validator's list.
  package static var allNames: [String] {
    all.map(\.chineseName) + all.map(\.englishName)
  }

  /// The city a name stands for (`北京`, `Beijing`, `beijing`, `北京市`), ignoring case.
  package static func named(_ name: String) -> WeatherCity? {
    let folded = name.trimmingCharacters(in: .whitespaces).lowercased()
    return all.first { city in
      city.chineseName == folded || city.chineseName + "市" == folded || city.englishName.lowercased() == folded
        || city.key == folded
    }
  }
}
