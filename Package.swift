// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "AgentSkill",
  defaultLocalization: "en",
  platforms: [
    .iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1),
  ],
  products: [
    // Skills, composition, runners, agents, navigation, dependencies, the timeline.
    .library(name: "AgentSkill", targets: ["AgentSkill"]),
    // The list feature: load, refresh, retry, pagination, cache-first, streaming and optimistic sends.
    .library(name: "AgentSkillList", targets: ["AgentSkillList"]),
    // Forms: fields, rules, async checks, submission, focus and keyboard navigation.
    .library(name: "AgentSkillForms", targets: ["AgentSkillForms"]),
    // Work an app does on its own: debounce, throttle, poll, autosave and drafts, run conditions and
    // reachability, flows that roll back, platform skills (toasts, haptics, URLs), notes.
    .library(name: "AgentSkillAutonomy", targets: ["AgentSkillAutonomy"]),
    // SwiftUI views for agents and skills, without the LLM layer.
    .library(name: "AgentSkillUI", targets: ["AgentSkillUI"]),
    // Tools, registry, language models and providers, the chat agent.
    .library(name: "AgentSkillLLM", targets: ["AgentSkillLLM"]),
    // The offline rule-based language model.
    .library(name: "AgentSkillOffline", targets: ["AgentSkillOffline"]),
    // Apple's on-device model (FoundationModels, iOS 26 / macOS 26) as a language model.
    .library(name: "AgentSkillFoundationModels", targets: ["AgentSkillFoundationModels"]),
    // The chat screen and its debug panel.
    .library(name: "AgentSkillChatUI", targets: ["AgentSkillChatUI"]),
    // Test clock, agent test store, effect recorder, recording sinks.
    .library(name: "AgentSkillTesting", targets: ["AgentSkillTesting"]),
    // Scripted language model and loopback HTTP server for LLM and provider tests.
    .library(name: "AgentSkillLLMTesting", targets: ["AgentSkillLLMTesting"]),
    // Model Context Protocol client and server: MCP tools as skills, skills for MCP clients.
    .library(name: "AgentSkillMCP", targets: ["AgentSkillMCP"]),
    .executable(name: "agentskill-demo", targets: ["agentskill-demo"]),
    .executable(name: "agentskill-bench", targets: ["agentskill-bench"]),
  ],
  targets: [
    // The library's user-facing texts: Resources/AgentSkill.xcstrings (English, Simplified Chinese).
    .target(name: "AgentSkill", resources: [.process("Resources")]),
    .target(name: "AgentSkillList", dependencies: ["AgentSkill"]),
    .target(name: "AgentSkillForms", dependencies: ["AgentSkill"]),
    .target(name: "AgentSkillAutonomy", dependencies: ["AgentSkill"]),
    .target(
      name: "AgentSkillUI", dependencies: ["AgentSkill", "AgentSkillList", "AgentSkillForms", "AgentSkillAutonomy"]),
    .target(name: "AgentSkillLLM", dependencies: ["AgentSkill", "AgentSkillAutonomy"]),
    .target(name: "AgentSkillOffline", dependencies: ["AgentSkill", "AgentSkillLLM"]),
    .target(name: "AgentSkillFoundationModels", dependencies: ["AgentSkill", "AgentSkillLLM"]),
    .target(name: "AgentSkillChatUI", dependencies: ["AgentSkill", "AgentSkillUI", "AgentSkillLLM"]),
    .target(
      name: "AgentSkillTesting",
      dependencies: ["AgentSkill", "AgentSkillList", "AgentSkillForms", "AgentSkillAutonomy"]),
    .target(name: "AgentSkillLLMTesting", dependencies: ["AgentSkill", "AgentSkillLLM", "AgentSkillTesting"]),
    .target(name: "AgentSkillMCP", dependencies: ["AgentSkill", "AgentSkillLLM"]),
    .target(
      name: "AgentSkillDemoKit",
      dependencies: ["AgentSkill", "AgentSkillList", "AgentSkillForms", "AgentSkillAutonomy", "AgentSkillLLM"]),
    .executableTarget(
      name: "agentskill-demo",
      dependencies: [
        "AgentSkill", "AgentSkillList", "AgentSkillForms", "AgentSkillAutonomy", "AgentSkillLLM", "AgentSkillOffline",
        "AgentSkillDemoKit",
        "AgentSkillMCP", "AgentSkillLLMTesting",
      ]
    ),
    .executableTarget(
      name: "agentskill-bench",
      dependencies: [
        "AgentSkill", "AgentSkillList", "AgentSkillForms", "AgentSkillAutonomy", "AgentSkillLLM", "AgentSkillTesting",
        "AgentSkillLLMTesting",
      ]
    ),
    .testTarget(
      name: "AgentSkillTests",
      dependencies: ["AgentSkill", "AgentSkillList", "AgentSkillForms", "AgentSkillAutonomy", "AgentSkillTesting"]),
    .testTarget(
      name: "AgentSkillLLMTests",
      dependencies: [
        "AgentSkill", "AgentSkillAutonomy", "AgentSkillLLM", "AgentSkillTesting", "AgentSkillLLMTesting",
        "AgentSkillFoundationModels",
      ],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "AgentSkillOfflineTests",
      dependencies: [
        "AgentSkill", "AgentSkillLLM", "AgentSkillOffline", "AgentSkillTesting", "AgentSkillLLMTesting",
        "AgentSkillDemoKit",
      ],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "AgentSkillTestingTests",
      dependencies: ["AgentSkill", "AgentSkillList", "AgentSkillForms", "AgentSkillAutonomy", "AgentSkillTesting"]),
    .testTarget(
      name: "AgentSkillLLMTestingTests",
      dependencies: ["AgentSkill", "AgentSkillLLM", "AgentSkillTesting", "AgentSkillLLMTesting"]
    ),
    .testTarget(
      name: "AgentSkillMCPTests",
      dependencies: ["AgentSkill", "AgentSkillLLM", "AgentSkillMCP", "AgentSkillTesting"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "AgentSkillDemoTests",
      dependencies: [
        "AgentSkillDemoKit", "AgentSkill", "AgentSkillLLM", "AgentSkillOffline", "AgentSkillTesting",
        "AgentSkillLLMTesting",
      ],
      resources: [.copy("Fixtures")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
