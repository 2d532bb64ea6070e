// swift-tools-version: 6.2
// Coverage-guided fuzzing of every parser that model or network bytes reach (libFuzzer). A separate package that
// depends on the library by path, so the product's manifest stays free of fuzzing targets. Build and run with
// `Fuzz/run.sh SECONDS`; see Fuzz/README.md.
import PackageDescription

let targets = [
  "FuzzJSONParser", "FuzzSSEParser", "FuzzToolCallAssembly", "FuzzToolCallText", "FuzzSchemaValidator",
  "FuzzSkillManifest", "FuzzTimeline", "FuzzHTTPRequest",
]

let package = Package(
  name: "AgentSkillFuzz",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: "AgentSkill", path: "..")],
  targets: [
    // libFuzzer's driver, called from each target's renamed entry point.
    .target(name: "FuzzDriver"),
    .target(name: "FuzzSupport"),
  ]
    + targets.map { name in
      .executableTarget(
        name: name,
        dependencies: [
          "FuzzDriver", "FuzzSupport",
          .product(name: "AgentSkill", package: "AgentSkill"),
          .product(name: "AgentSkillLLM", package: "AgentSkill"),
          .product(name: "AgentSkillLLMTesting", package: "AgentSkill"),
        ]
      )
    },
  swiftLanguageModes: [.v6]
)
