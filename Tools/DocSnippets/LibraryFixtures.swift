// The app-side types the doc comment examples of the library modules (AgentSkill,
// AgentSkillLLM, AgentSkillOffline and the testing modules) refer to, beside
// Fixtures.swift, so .ci/doc-snippets.sh can hand every example, as written, to
// .ci/build-docs.sh (and the Apple-only ones, behind `#if canImport(UIKit)` or
// `#if canImport(FoundationModels)`, to .ci/apple-sdk.sh). Never shipped.
import AgentSkill
import AgentSkillAutonomy
import AgentSkillForms
import AgentSkillLLM
import AgentSkillList
import AgentSkillTesting
import Foundation

// MARK: - Tools

struct WeatherSkill: ToolSkill {
  struct Input: Decodable, Sendable {
    let city: String
  }

  let id = "weather"
  let displayName: LocalizedText = "天气查询"
  let description = "Weather today in a supported city."
  var inputSchema: JSONSchema { .object(properties: ["city": .string()], required: ["city"]) }

  func run(_ input: Input, context: SkillContext) async throws -> ToolOutput {
    .text("\(input.city): cloudy, 22°C")
  }
}

struct CreateReminderSkill: ToolSkill {
  struct Input: Decodable, Sendable {
    let title: String
  }

  let id = "reminder"
  let displayName: LocalizedText = "设置提醒"
  let description = "Creates a reminder."
  var inputSchema: JSONSchema { .object(properties: ["title": .string()], required: ["title"]) }
  var requiresConfirmation: Bool { true }

  func run(_ input: Input, context: SkillContext) async throws -> ToolOutput {
    .text("Reminder created: \(input.title)")
  }
}

struct LedgerQuerySkill: ToolSkill {
  let id = "ledger_query"
  let displayName: LocalizedText = "记账查询"
  let description = "Bookkeeping entries of a day, grouped by category."
  let keywords = ["记账", "账单"]

  func run(_ input: EmptyToolInput, context: SkillContext) async throws -> ToolOutput {
    .text("上周三共 5 笔支出，合计 ¥326.50")
  }
}

struct EchoInput: Decodable, Sendable {
  let text: String
}

// MARK: - What a fragment shows being used (examples that start with a statement
// are the body of a main-actor function, so they see these)

@MainActor let model: any LanguageModel = ScriptedLanguageModel([.text("北京今天多云。")])
@MainActor let request = ChatRequest(messages: [.user("北京天气怎么样？")])
@MainActor let response = ChatResponse(toolCalls: [call])
@MainActor let registry = SkillRegistry()
@MainActor var messages: [ChatMessage] = []
let environment = SkillEnvironment()
let call = ToolCall(id: "call_1", name: "weather", arguments: ["city": "北京"])
let key = "sk-your-key"
let url = URL(fileURLWithPath: "/")
let tools: [ToolDefinition] = []
let offered = ["weather"]
let today = "2026-03-06"
let text = #"{"version": 1, "skills": [{"id": "weather", "enabled": true}]}"#
let catalog: [any ToolSkill] = [WeatherSkill(), LedgerQuerySkill()]
let skill = AnyToolSkill(WeatherSkill())
let weather = AnyToolSkill(WeatherSkill())
let logger = SkillContext(skillName: "App").logger
let context = SkillContext(skillName: "Example")

// MARK: - The app around the core examples

/// The app's server API.
struct InboxServer: Sendable {
  struct MessagesResponse: Sendable {
    var messages: [Message]
    var nextCursor: String?
  }

  func messages(_ request: PageRequest) async throws -> Page<Message> { Page(items: Message.samples) }
  func messages(page: Int) async throws -> Page<Message> { Page(items: Message.samples) }
  func messages(after cursor: String?) async throws -> MessagesResponse { MessagesResponse(messages: Message.samples) }
  func send(_ message: Message) async throws -> Message { message }
  func post(text: String) async throws -> Message { Message(id: UUID(), text: text) }
  func isEmailAvailable(_ email: String) async throws -> Bool { true }
  func signUp(_ values: [SignUpField: String]) async throws {}
}

/// The app's local cache of the first page.
actor MessageCache {
  func messages() -> Page<Message>? { nil }
  func firstPage() -> Page<Message>? { nil }
  func store(_ page: Page<Message>) {}
  func invalidate() {}
}

/// The device's network, battery and the user's settings, as an app reads them.
actor NetworkStatus {
  var isOnline = true
  var isWiFi = true
}

struct Battery: Sendable {
  var level = 0.8
  var isCharging = false
}

@MainActor final class AppSettings {
  var isInFocusMode = false
  var focus = false
  var spellCheck = true
  var autocorrect = true
}

let api = InboxServer()
let cache = MessageCache()
let network = NetworkStatus()
let reachability = NetworkReachability(source: ScriptedNetworkPath(.wifi))
let battery = Battery()
@MainActor let settings = AppSettings()
@MainActor let agent = ListAgent<Message>(skills: [ListLoadSkill(fetch: api.messages)])
@MainActor let runner = SkillRunner(UploadSkill())
let photos = [Photo()]
let clock = ContinuousClock()

// MARK: - A photo upload, item by item (the batch examples of AgentSkill)

struct UploadPhotoSkill: Skill {
  func run(_ photo: Photo, context: SkillContext) async throws -> URL { URL(fileURLWithPath: "/photo.jpg") }
}

let uploadPhotos = BatchSkill(UploadPhotoSkill(), limits: BatchLimits(minimum: 1, maximum: 5))
@MainActor let upload = SkillRunner(uploadPhotos)
@MainActor let retry = SkillRunner(uploadPhotos.retryingFailures())

// MARK: - Draft clean-up steps, a checkout and a payment (the composition examples of AgentSkill)

struct TrimSkill: Skill {
  func run(_ draft: Draft, context: SkillContext) async throws -> Draft { draft }
}

struct SpellCheckSkill: Skill {
  func run(_ draft: Draft, context: SkillContext) async throws -> Draft { draft }
}

struct AutocorrectSkill: Skill {
  func run(_ draft: Draft, context: SkillContext) async throws -> Draft { draft }
}

struct Cart: Sendable {}

struct ReserveStockSkill: Skill {
  func run(_ cart: Cart, context: SkillContext) async throws {}
}

struct ValidateAddressSkill: Skill {
  func run(_ cart: Cart, context: SkillContext) async throws {}
}

struct AuthorisePaymentSkill: Skill {
  func run(_ cart: Cart, context: SkillContext) async throws {}
}

struct Order: Sendable {
  var total = 30.0
}

enum PaymentScreen: Sendable {
  case receipt, topUp, timedOut, retryDialog
}

struct CheckBalanceSkill: Skill {
  func run(_ account: Account, context: SkillContext) async throws -> Double { 50 }
}

struct ChargeSkill: Skill {
  let order: Order
  func run(_ balance: Double, context: SkillContext) async throws -> PaymentScreen { .receipt }
}

struct OpenTopUpSkill: Skill {
  func run(_ balance: Double, context: SkillContext) async throws -> PaymentScreen { .topUp }
}

struct ShowTimeoutSkill: Skill {
  func run(_ error: SkillTimeoutError, context: SkillContext) async throws -> PaymentScreen { .timedOut }
}

struct ShowRetryDialogSkill: Skill {
  func run(_ error: any Error, context: SkillContext) async throws -> PaymentScreen { .retryDialog }
}

let cart = Cart()
let order = Order()
let account = Account()

// MARK: - A sign-up form: its fields, focus navigation and validation (the focus and form examples of AgentSkill)

enum Field: Hashable, Sendable {
  case email, password, confirmPassword, submit
}

struct SignUpContext: Sendable {
  var form = FormNavigation(
    FormNavigationConfiguration<Field>(order: [.email, .password, .confirmPassword], submit: .submit))
}

enum SignUpIntent: Sendable {
  case form(FormNavigationEvent<Field>)
  case keyboard(KeyboardState)
  case createAccount
}

enum SignUpEffect: Sendable {
  case form(FormNavigationUpdate<Field>)
}

typealias SignUpAgent = Agent<SignUpContext, SignUpIntent, SignUpEffect>

// MARK: - A dependency value (the SkillDependencies examples of AgentSkill)

protocol WeatherService: Sendable {
  func forecast(for city: String) async throws -> String
}

struct LiveWeatherService: WeatherService {
  func forecast(for city: String) async throws -> String { "\(city): sunny" }
}

struct MockWeather: WeatherService {
  func forecast(for city: String) async throws -> String { "\(city): cloudy" }
}

struct MockWeatherService: WeatherService {
  func forecast(for city: String) async throws -> String { "\(city): rain" }
}

private enum WeatherServiceKey: SkillDependencyKey {
  static let liveValue: any WeatherService = LiveWeatherService()
  static let testValue: any WeatherService = MockWeatherService()
}

extension SkillDependencies {
  var weather: any WeatherService {
    get { self[WeatherServiceKey.self] }
    set { self[WeatherServiceKey.self] = newValue }
  }
}

struct CityWeatherSkill: Skill {
  func run(_ city: String, context: SkillContext) async throws -> String {
    try await context.dependencies.weather.forecast(for: city)
  }
}

// MARK: - Conditions and skills of the composition and autonomy examples

let online = ClosureCondition("online") { await network.isOnline }
let onWiFi = ClosureCondition("on Wi-Fi") { await network.isWiFi }
let onEthernet = ClosureCondition("on Ethernet") { false }
let charging = ClosureCondition("charging") { battery.isCharging }
let focusMode = ClosureCondition("focus mode") { false }
let edited = ClosureCondition("last edit ≥ 30 s ago") { true }

struct Draft: Sendable {
  var text = ""
  var isDirty = true
}

@MainActor final class Editor {
  var draft = Draft()
}

@MainActor let editor = Editor()

struct SaveDraftSkill: Skill {
  func run(_ draft: Draft, context: SkillContext) async throws -> Date { Date() }
}

struct SyncSkill: Skill {
  func run(_ input: Void, context: SkillContext) async throws {}
}

struct SignUpForm: Sendable {
  var email = ""
  var code = ""
}

struct Account: Sendable {
  var id = UUID()
}

struct ValidateEmailSkill: Skill {
  func run(_ form: SignUpForm, context: SkillContext) async throws -> SignUpForm { form }
}

struct SendVerificationCodeSkill: Skill {
  func run(_ form: SignUpForm, context: SkillContext) async throws -> SignUpForm { form }
}

struct VerifyCodeSkill: Skill {
  func run(_ form: SignUpForm, context: SkillContext) async throws -> SignUpForm { form }
}

struct CreateAccountSkill: Skill {
  func run(_ form: SignUpForm, context: SkillContext) async throws -> Account { Account() }
}

let form = SignUpForm()

struct Feed: Sendable {
  var items: [String] = []
}

struct LoadFeedSkill: Skill {
  func run(_ input: Void, context: SkillContext) async throws -> Feed { Feed() }
}

struct LiveFeedSkill: Skill {
  func run(_ input: Void, context: SkillContext) async throws -> Feed { Feed() }
}

struct CachedFeedSkill: Skill {
  func run(_ input: Void, context: SkillContext) async throws -> Feed { Feed() }
}
