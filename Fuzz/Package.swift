// swift-tools-version: 6.2
// Coverage-guided fuzzing of every parser that model or network bytes reach (libFuzzer). A separate package that
// depends on the library by path, so the product's manifest stays free of fuzzing targets. Build and run with
// `Fuzz/run.sh SECONDS`; see Fuzz/README.md.
import PackageDescription

let library: [Target.Dependency] = [
  "FuzzDriver", "FuzzSupport",
  .product(name: "AgentSkill", package: "AgentSkill"),
  .product(name: "AgentSkillLLM", package: "AgentSkill"),
  .product(name: "AgentSkillLLMTesting", package: "AgentSkill"),
]

/// Each target and what it needs beyond the library's core products.
let targets: [(name: String, extra: [Target.Dependency])] = [
  ("FuzzJSONParser", []), ("FuzzSSEParser", []), ("FuzzToolCallAssembly", []), ("FuzzToolCallText", []),
  ("FuzzSchemaValidator", []), ("FuzzSkillManifest", []), ("FuzzTimeline", []), ("FuzzHTTPRequest", []),
  // MCP's JSON-RPC framing and an in-process server; libFuzzer runs on a thread of its own.
  ("FuzzMCPFraming", [.product(name: "AgentSkillMCP", package: "AgentSkill")]),
  // The demo's timeline page: AgentSkillDemoKit is not a product, so its self-contained Timeline/ sources are
  // compiled into the target through the symlink Sources/FuzzTimelineHTML/Timeline.
  ("FuzzTimelineHTML", []),
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
    + targets.map { target in
      .executableTarget(name: target.name, dependencies: library + target.extra)
    },
  swiftLanguageModes: [.v6]
)
