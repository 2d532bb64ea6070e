import AgentSkillLLM
import Foundation

/// Issue 4 bench: SSE parsing throughput (MB/s) versus a plain newline split
/// of the same bytes (a line reader that decodes every line into a String).
struct SSEBench: BenchSuite {
  @MainActor func run(scale: BenchScale, filter: String?) async -> [BenchResult] {
    let name = "sse.parse_vs_newline_split"
    guard selected(name, filter) else { return [] }
    let events = scale.iterations(50_000)
    var text = ""
    for index in 0..<events {
      text +=
        #"data: {"id":"chatcmpl-1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"token \#(index) "}}]}"#
      text += "\n\n"
    }
    text += "data: [DONE]\n\n"
    let bytes = Data(text.utf8)
    let chunks = stride(from: 0, to: bytes.count, by: 1_500).map { bytes[$0..<min($0 + 1_500, bytes.count)] }
    let megabytes = Double(bytes.count) / 1_048_576
    let times = await compare(
      rounds: scale.rounds, iterations: 1,
      subject: { _ in
        var parser = SSEParser()
        var count = 0
        for chunk in chunks { count += parser.feed(chunk).count }
        blackHole(count)
      },
      baseline: { _ in
        // A plain line reader: finds each newline, decodes the line into a
        // String, carries a partial line over to the next chunk. No SSE
        // fields, events, comments or CR handling.
        var pending: [UInt8] = []
        var lines = 0
        var characters = 0
        for chunk in chunks {
          chunk.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var start = 0
            while let newline = buffer[start...].firstIndex(of: 0x0A) {
              let line: String
              if pending.isEmpty {
                line = String(decoding: UnsafeRawBufferPointer(rebasing: buffer[start..<newline]), as: UTF8.self)
              } else {
                pending.append(contentsOf: buffer[start..<newline])
                line = String(decoding: pending, as: UTF8.self)
                pending.removeAll(keepingCapacity: true)
              }
              lines += 1
              characters &+= line.utf8.count
              start = newline + 1
            }
            pending.append(contentsOf: buffer[start...])
          }
        }
        blackHole(lines &+ characters)
      })
    let subjectSeconds = times.subject / 1e9
    let baselineSeconds = times.baseline / 1e9
    return [
      BenchResult(
        name: name, iterations: events,
        fields: [
          ("bytes", .integer(bytes.count)), ("mb_per_s", .number(megabytes / subjectSeconds)),
          ("baseline_mb_per_s", .number(megabytes / baselineSeconds)),
          ("ratio", .number(times.subject / times.baseline)),
        ])
    ]
  }
}
