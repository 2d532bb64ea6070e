// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "AgentSkill",
  platforms: [
    .iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1),
  ],
  products: [
    .library(name: "AgentSkill", targets: ["AgentSkill"]),
    .library(name: "AgentSkillLLM", targets: ["AgentSkillLLM"]),
    .library(name: "AgentSkillUI", targets: ["AgentSkillUI"]),
    .library(name: "AgentSkillTesting", targets: ["AgentSkillTesting"]),
    .executable(name: "agentskill-demo", targets: ["agentskill-demo"]),
    .executable(name: "agentskill-bench", targets: ["agentskill-bench"]),
  ],
  targets: [
    .target(name: "AgentSkill"),
    .target(name: "AgentSkillLLM", dependencies: ["AgentSkill"]),
    .target(name: "AgentSkillUI", dependencies: ["AgentSkill", "AgentSkillLLM"]),
    .target(name: "AgentSkillTesting", dependencies: ["AgentSkill", "AgentSkillLLM"]),
    .target(name: "AgentSkillDemoKit", dependencies: ["AgentSkill", "AgentSkillLLM"]),
    .executableTarget(name: "agentskill-demo", dependencies: ["AgentSkill", "AgentSkillLLM", "AgentSkillDemoKit"]),
    .executableTarget(
      name: "agentskill-bench",
      dependencies: ["AgentSkill", "AgentSkillLLM", "AgentSkillTesting"]
    ),
    .testTarget(name: "AgentSkillTests", dependencies: ["AgentSkill", "AgentSkillTesting"]),
    .testTarget(
      name: "AgentSkillLLMTests",
      dependencies: ["AgentSkillLLM", "AgentSkillTesting"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(name: "AgentSkillTestingTests", dependencies: ["AgentSkillTesting"]),
    .testTarget(
      name: "AgentSkillDemoTests",
      dependencies: ["AgentSkillDemoKit", "AgentSkill", "AgentSkillLLM", "AgentSkillTesting"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
