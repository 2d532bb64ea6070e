import Foundation

/// The Berkeley Function Calling Leaderboard's data directory (`bfcl_eval/data` of the PyPI package
/// `bfcl-eval`, Apache-2.0): question files and their `possible_answer` ground truth.
///
/// The data is not shipped with this package; ``install(into:version:python:)`` downloads the pinned
/// wheel with pip and unpacks it (about 2 MB, a few seconds), once:
///
/// ```swift
/// func firstSimpleEntries() async throws -> [BFCLEntry] {
///   let dataset = try await BFCLDataset.install(into: URL(fileURLWithPath: ".build/bfcl"))
///   return try dataset.entries(.simple, limit: 5)
/// }
/// ```
public struct BFCLDataset: Sendable, Hashable {
  /// The `bfcl-eval` version the loader and checker are written against.
  public static let pinnedVersion = "2026.3.23"

  /// The data directory, holding `BFCL_v4_simple_python.json` and `possible_answer/`.
  public var directory: URL

  /// Uses a data directory already on disk.
  ///
  /// - Parameter directory: The directory holding the question files.
  public init(directory: URL) {
    self.directory = directory
  }

  /// Reads a category's entries with their ground truth.
  ///
  /// - Parameters:
  ///   - category: The category.
  ///   - limit: The most entries read, from the start of the file; `nil` for all.
  /// - Returns: The entries, in the file's order.
  /// - Throws: ``EvaluationError/unreadableFile(path:problem:)`` or
  ///   ``EvaluationError/unreadableCase(source:line:problem:)``.
  public func entries(_ category: BFCLCategory, limit: Int? = nil) throws(EvaluationError) -> [BFCLEntry] {
    var questions = try lines(category.questionFile)
    if let limit { questions = Array(questions.prefix(max(0, limit))) }
    var answers: [String: String] = [:]
    if let answerFile = category.answerFile {
      for line in try lines(answerFile) {
        guard let id = Self.id(of: line) else { continue }
        answers[id] = line
      }
    }
    var entries: [BFCLEntry] = []
    for (offset, line) in questions.enumerated() {
      let answer = Self.id(of: line).flatMap { answers[$0] }
      if category.answerFile != nil, answer == nil {
        throw EvaluationError.unreadableCase(
          source: category.questionFile, line: offset + 1, problem: "its ground truth is missing")
      }
      do {
        entries.append(try BFCLEntry(question: line, answer: answer, category: category))
      } catch {
        if case .unreadableCase(let source, _, let problem) = error {
          throw EvaluationError.unreadableCase(source: source, line: offset + 1, problem: problem)
        }
        throw error
      }
    }
    return entries
  }

  private func lines(_ file: String) throws(EvaluationError) -> [String] {
    let url = directory.appendingPathComponent(file)
    do {
      return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    } catch {
      throw EvaluationError.unreadableFile(path: url.path, problem: error.localizedDescription)
    }
  }

  private static func id(of line: String) -> String? {
    guard let start = line.range(of: #""id": ""#) ?? line.range(of: #""id":""#),
      let end = line[start.upperBound...].firstIndex(of: "\"")
    else { return nil }
    return String(line[start.upperBound..<end])
  }

  #if os(Linux) || os(macOS)
    /// The data of `bfcl-eval==version` under `directory`, downloaded with pip and unpacked there
    /// when it is not there yet.
    ///
    /// - Parameters:
    ///   - directory: Where the data is kept, such as the package's `.build/bfcl`.
    ///   - version: The `bfcl-eval` version. Defaults to ``pinnedVersion``.
    ///   - python: The Python 3 interpreter with pip. Defaults to `python3` on `PATH`.
    /// - Returns: The dataset.
    /// - Throws: ``EvaluationError/benchmarkUnavailable(problem:)`` when pip or the unpacking fails.
    public static func install(
      into directory: URL, version: String = pinnedVersion, python: String = "python3"
    ) async throws(EvaluationError) -> BFCLDataset {
      let root = directory.appendingPathComponent("bfcl-eval-\(version)")
      let dataset = BFCLDataset(directory: root.appendingPathComponent("bfcl_eval/data"))
      let marker = dataset.directory.appendingPathComponent(BFCLCategory.simple.questionFile)
      if FileManager.default.fileExists(atPath: marker.path) { return dataset }
      let download = directory.appendingPathComponent("download-\(UUID().uuidString)")
      let unpacked = directory.appendingPathComponent("unpack-\(UUID().uuidString)")
      defer {
        try? FileManager.default.removeItem(at: download)
        try? FileManager.default.removeItem(at: unpacked)
      }
      do {
        try FileManager.default.createDirectory(at: download, withIntermediateDirectories: true)
      } catch {
        throw .benchmarkUnavailable(problem: "cannot create \(download.path): \(error.localizedDescription)")
      }
      try await run(
        python,
        [
          "-m", "pip", "download", "--no-deps", "--quiet", "--disable-pip-version-check", "--only-binary=:all:",
          "bfcl-eval==\(version)", "-d", download.path,
        ])
      let wheels = (try? FileManager.default.contentsOfDirectory(atPath: download.path))?.filter {
        $0.hasSuffix(".whl")
      }
      guard let wheel = wheels?.first else {
        throw .benchmarkUnavailable(problem: "pip downloaded no wheel of bfcl-eval==\(version)")
      }
      try await run(python, ["-m", "zipfile", "-e", download.appendingPathComponent(wheel).path, unpacked.path])
      // Another process may have finished first; its copy is as good.
      try? FileManager.default.moveItem(at: unpacked, to: root)
      guard FileManager.default.fileExists(atPath: marker.path) else {
        throw .benchmarkUnavailable(problem: "the wheel has no \(marker.lastPathComponent)")
      }
      return dataset
    }

    private static func run(_ python: String, _ arguments: [String]) async throws(EvaluationError) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [python] + arguments
      let errors = Pipe()
      process.standardOutput = FileHandle.nullDevice
      process.standardError = errors
      let status: Int32? = await withCheckedContinuation { continuation in
        process.terminationHandler = { finished in continuation.resume(returning: finished.terminationStatus) }
        do {
          try process.run()
        } catch {
          process.terminationHandler = nil
          continuation.resume(returning: nil)
        }
      }
      let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      guard let status else { throw .benchmarkUnavailable(problem: "cannot start \(python)") }
      guard status == 0 else {
        throw .benchmarkUnavailable(
          problem: "\(python) \(arguments.prefix(3).joined(separator: " ")) failed (\(status)): \(message)")
      }
    }
  #endif
}
