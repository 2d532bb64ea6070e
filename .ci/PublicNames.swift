// Helper of .ci/check-public-names.sh (compiled and run by it; not part of any product).
//
//   public-names targets <package.json>   library targets of the package, dependencies first
//   public-names check <graphs directory> [--list]
//                                          per module: public declarations and top-level
//                                          public types; exits 1 when a type name is
//                                          declared public in two modules. --list also
//                                          prints every public declaration.
import Foundation

struct PackageDump: Decodable {
  struct Product: Decodable {
    let name: String
    let targets: [String]
    let type: [String: JSONIgnored]
  }
  struct Target: Decodable {
    let name: String
    let dependencies: [Dependency]
  }
  struct Dependency: Decodable {
    let byName: [JSONIgnored]?
    let target: [JSONIgnored]?
    var name: String? { (byName ?? target)?.first?.string }
  }
  let products: [Product]
  let targets: [Target]
}

/// Any JSON value, keeping only strings.
struct JSONIgnored: Decodable {
  let string: String?
  init(from decoder: any Decoder) throws {
    string = try? decoder.singleValueContainer().decode(String.self)
  }
}

struct SymbolGraph: Decodable {
  struct Symbol: Decodable {
    struct Kind: Decodable { let identifier: String }
    let kind: Kind
    let pathComponents: [String]
  }
  let symbols: [Symbol]
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("error: \(message)\n".utf8))
  exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
  fail("usage: public-names targets <package.json> | check <graphs directory> [--list]")
}

switch arguments[1] {
case "targets":
  guard let data = FileManager.default.contents(atPath: arguments[2]),
    let package = try? JSONDecoder().decode(PackageDump.self, from: data)
  else { fail("could not read \(arguments[2])") }
  let libraries = Set(package.products.filter { $0.type["library"] != nil }.flatMap(\.targets))
  let dependencies = Dictionary(
    uniqueKeysWithValues: package.targets.map { ($0.name, $0.dependencies.compactMap(\.name)) })
  var ordered: [String] = []
  func visit(_ name: String) {
    guard !ordered.contains(name) else { return }
    for dependency in dependencies[name] ?? [] { visit(dependency) }
    if libraries.contains(name) { ordered.append(name) }
  }
  for target in package.targets.map(\.name) where libraries.contains(target) { visit(target) }
  print(ordered.joined(separator: "\n"))

case "check":
  let root = URL(fileURLWithPath: arguments[2])
  let modules = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).sorted()
  var owners: [String: [String]] = [:]
  let typeKinds: Set<String> = [
    "swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias", "swift.actor",
  ]
  print("module                 public declarations   top-level public types")
  var totalDeclarations = 0
  for module in modules {
    let directory = root.appendingPathComponent(module)
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
      .filter { $0.hasSuffix(".symbols.json") }.sorted()
    var declarations = 0
    var types: Set<String> = []
    for file in files {
      guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(file).path),
        let graph = try? JSONDecoder().decode(SymbolGraph.self, from: data)
      else { fail("could not read \(module)/\(file)") }
      for symbol in graph.symbols where symbol.kind.identifier != "swift.extension" {
        declarations += 1
        if arguments.contains("--list") {
          print("  \(module) \(symbol.kind.identifier.dropFirst(6)) \(symbol.pathComponents.joined(separator: "."))")
        }
        // Types declared at the top level of this module (not extensions of other modules' types).
        if file == "\(module).symbols.json", symbol.pathComponents.count == 1,
          typeKinds.contains(symbol.kind.identifier)
        {
          types.insert(symbol.pathComponents[0])
        }
      }
    }
    totalDeclarations += declarations
    for type in types { owners[type, default: []].append(module) }
    print(
      module.padding(toLength: 23, withPad: " ", startingAt: 0)
        + String(declarations).leftPadded(to: 19) + String(types.count).leftPadded(to: 25))
  }
  print("total".padding(toLength: 23, withPad: " ", startingAt: 0) + String(totalDeclarations).leftPadded(to: 19))
  let clashes = owners.filter { $0.value.count > 1 }.sorted { $0.key < $1.key }
  if !clashes.isEmpty {
    for (name, modules) in clashes {
      FileHandle.standardError.write(
        Data(
          "error: the public type name '\(name)' is declared in \(modules.joined(separator: " and ")); a file importing both fails with \"'\(name)' is ambiguous\". Rename one.\n"
            .utf8))
    }
    exit(1)
  }
  print("No public type name is declared in two modules.")

default:
  fail("unknown command \(arguments[1])")
}

extension String {
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
