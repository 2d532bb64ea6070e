import AgentSkill
import Foundation
import Testing

@Suite("Timeline size estimates", .timeLimit(.minutes(1)))
struct TimelineSizeEstimateTests {
  private struct Article {
    var id: Int
    var title: String
    var tags: [String]
  }

  private final class Shared {
    var text = String(repeating: "x", count: 1_000)
  }

  private struct Counted: TimelineSizeEstimating {
    var estimatedHeapBytes: Int { 4_242 }
  }

  private struct Broken: TimelineSizeEstimating {
    var estimatedHeapBytes: Int { -1 }
  }

  private enum Effect {
    case loaded([String], next: String?)
    case cleared
  }

  @Test func smallStringsAreInlineAndLongerOnesCountTheirUTF8BytesAndAHeader() {
    #expect(TimelineSizeEstimate.heapBytes(of: "") == 0)
    #expect(TimelineSizeEstimate.heapBytes(of: "fifteen bytes!!") == 0)
    #expect(TimelineSizeEstimate.heapBytes(of: "sixteen bytes!!!") == 32 + 16)
    #expect(TimelineSizeEstimate.heapBytes(of: String(repeating: "é", count: 10)) == 32 + 20)
  }

  @Test func collectionsCountTheirBufferAndTheirElementsSampledFromTheFirst() {
    let rows = (0..<100).map { "Row number \($0) of the list" }
    #expect(TimelineSizeEstimate.heapBytes(of: rows) == 32 + 100 * 16 + 100 * (32 + 24))
    #expect(TimelineSizeEstimate.heapBytes(of: [Int]()) == 0)
    #expect(TimelineSizeEstimate.heapBytes(of: Array(repeating: 7, count: 1_000)) == 32 + 8_000)
    #expect(TimelineSizeEstimate.heapBytes(of: Data(count: 4_096)) == 32 + 4_096)
  }

  @Test func otherValuesAreMeasuredByReflectionAndClassesCountNothing() {
    let article = Article(id: 1, title: "A title longer than fifteen", tags: ["swift", "agents"])
    #expect(TimelineSizeEstimate.heapBytes(of: article) == (32 + 27) + (32 + 2 * 16))
    #expect(TimelineSizeEstimate.heapBytes(of: Effect.cleared) == 0)
    let loaded = Effect.loaded(["short", "also short"], next: "a cursor of twenty chars")
    #expect(TimelineSizeEstimate.heapBytes(of: loaded) == (32 + 2 * 16) + (32 + 24))
    #expect(TimelineSizeEstimate.heapBytes(of: Shared()) == 0)
    #expect(TimelineSizeEstimate.heapBytes(of: Optional<String>.none) == 0)
  }

  @Test func aTypeThatEstimatesItselfIsTakenAtItsWordNeverBelowZero() {
    #expect(TimelineSizeEstimate.heapBytes(of: Counted()) == 4_242)
    #expect(
      TimelineSizeEstimate.heapBytes(of: [Counted(), Counted()]) == 32 + 2 * MemoryLayout<Counted>.stride + 2 * 4_242)
    #expect(TimelineSizeEstimate.heapBytes(of: Broken()) == 0)
    // Reflection ignores the conformance: the one-line implementation does not recurse.
    #expect(TimelineSizeEstimate.heapBytes(reflecting: Counted()) == 0)
  }

  @Test func theListFeaturesTypesEstimateTheirPayloads() {
    struct Item: Identifiable, Sendable {
      var id: Int
      var text: String
    }
    let items = (0..<100).map { Item(id: $0, text: "Item number \($0) of a page") }
    let itemBytes = TimelineSizeEstimate.heapBytes(of: items)
    #expect(itemBytes == 32 + 100 * MemoryLayout<Item>.stride + 100 * (32 + 23))  // sampled: "Item number 0 of a page"
    #expect(ListEffect<Item>.replaceItems(items, nextPage: nil).estimatedHeapBytes == itemBytes)
    #expect(ListEffect<Item>.appendPage(items, nextPage: "2").estimatedHeapBytes == itemBytes)
    #expect(ListEffect<Item>.setLoaded.estimatedHeapBytes == 0)
    let failure = ListError(operation: .load, message: "Couldn't load the list.", detail: "the server said 503")
    #expect(ListEffect<Item>.setFailure(failure).estimatedHeapBytes == (32 + 23) + (32 + 19))
    #expect(ListIntent<Item>.load.estimatedHeapBytes == 0)
    #expect(ListIntent<Item>.stream("Tell me more about that, please").estimatedHeapBytes == 32 + 31)
    let context = ListContext(phase: .loaded, items: items)
    #expect(context.estimatedHeapBytes == itemBytes)
  }
}
