// swift-tools-version: 6.2
import PackageDescription

// The example app as a package of its own: `swift run` opens it on macOS;
// on iOS it runs from an Xcode app target (README.md). It depends on the
// AgentSkill package two folders up, by path.

/// This folder, absolute, so the linker finds Info.plist wherever the build
/// starts (Terminal, Xcode).
let folder = String(#filePath.dropLast("Package.swift".count))

let package = Package(
  name: "AgentSkillExample",
  platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [
    // `name:` keeps the product references below independent of the folder
    // the repository is cloned into (a path dependency's identity is its
    // folder's name).
    .package(name: "AgentSkill", path: "../..")
  ],
  targets: [
    .executableTarget(
      name: "AgentSkillExample",
      dependencies: [
        .product(name: "AgentSkill", package: "AgentSkill"),
        .product(name: "AgentSkillList", package: "AgentSkill"),
        .product(name: "AgentSkillForms", package: "AgentSkill"),
        .product(name: "AgentSkillAutonomy", package: "AgentSkill"),
        .product(name: "AgentSkillUI", package: "AgentSkill"),
        .product(name: "AgentSkillLLM", package: "AgentSkill"),
        .product(name: "AgentSkillChatUI", package: "AgentSkill"),
        .product(name: "AgentSkillOffline", package: "AgentSkill"),
        .product(name: "AgentSkillFoundationModels", package: "AgentSkill"),
      ],
      linkerSettings: [
        // A command-line executable has no bundle; macOS reads its
        // Info.plist (the Reminders usage description) from this section.
        .unsafeFlags(
          [
            "-Xlinker", "-sectcreate", "-Xlinker", "__TEXT", "-Xlinker", "__info_plist",
            "-Xlinker", folder + "Info.plist",
          ],
          .when(platforms: [.macOS]))
      ]
    ),
    .testTarget(
      name: "AgentSkillExampleTests",
      dependencies: [
        "AgentSkillExample",
        .product(name: "AgentSkill", package: "AgentSkill"),
        .product(name: "AgentSkillList", package: "AgentSkill"),
        .product(name: "AgentSkillForms", package: "AgentSkill"),
        .product(name: "AgentSkillAutonomy", package: "AgentSkill"),
        .product(name: "AgentSkillLLM", package: "AgentSkill"),
        .product(name: "AgentSkillOffline", package: "AgentSkill"),
        .product(name: "AgentSkillTesting", package: "AgentSkill"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
