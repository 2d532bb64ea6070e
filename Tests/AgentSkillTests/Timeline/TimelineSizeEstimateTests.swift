import AgentSkill
import AgentSkillList
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

  @Test func smallStringsAreInlineAndLongerOnesCountOneRoundedAllocation() {
    #expect(TimelineSizeEstimate.heapBytes(of: "") == 0)
    #expect(TimelineSizeEstimate.heapBytes(of: "fifteen bytes!!") == 0)
    // 32 + 16 + 1, plus the allocator's 8, rounded up to 16.
    #expect(TimelineSizeEstimate.heapBytes(of: "sixteen bytes!!!") == 64)
    #expect(TimelineSizeEstimate.heapBytes(of: String(repeating: "x", count: 23)) == 64)
    #expect(TimelineSizeEstimate.heapBytes(of: String(repeating: "x", count: 24)) == 80)
    #expect(TimelineSizeEstimate.heapBytes(of: String(repeating: "é", count: 10)) == 64)
  }

  @Test func collectionsCountTheirBufferAndTheirElementsSampledFromTheFirst() {
    let rows = (0..<100).map { "Row number \($0) of the list" }
    // The array: 32 + 100 × 16 + 8, rounded up; each text (24 bytes, sampled from the first): 80.
    #expect(TimelineSizeEstimate.heapBytes(of: rows) == 1_648 + 100 * 80)
    #expect(TimelineSizeEstimate.heapBytes(of: [Int]()) == 0)
    #expect(TimelineSizeEstimate.heapBytes(of: Array(repeating: 7, count: 1_000)) == 8_048)
    #expect(TimelineSizeEstimate.heapBytes(of: Data(count: 4_096)) == 4_144)
  }

  @Test func otherValuesAreMeasuredByReflectionAndClassesCountNothing() {
    let article = Article(id: 1, title: "A title longer than fifteen", tags: ["swift", "agents"])
    // The title (27 bytes): 80; the tags' array: 80, their texts are small.
    #expect(TimelineSizeEstimate.heapBytes(of: article) == 80 + 80)
    #expect(TimelineSizeEstimate.heapBytes(of: Effect.cleared) == 0)
    let loaded = Effect.loaded(["short", "also short"], next: "a cursor of twenty chars")
    #expect(TimelineSizeEstimate.heapBytes(of: loaded) == 80 + 80)
    #expect(TimelineSizeEstimate.heapBytes(of: Shared()) == 0)
    #expect(TimelineSizeEstimate.heapBytes(of: Optional<String>.none) == 0)
  }

  @Test func aTypeThatEstimatesItselfIsTakenAtItsWordNeverBelowZero() {
    #expect(TimelineSizeEstimate.heapBytes(of: Counted()) == 4_242)
    #expect(TimelineSizeEstimate.heapBytes(of: [Counted(), Counted()]) == 48 + 2 * 4_242)
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
    // The array: 32 + 100 × 24 + 8, rounded up; each text as the first, "Item number 0 of a page": 64.
    #expect(MemoryLayout<Item>.stride == 24)
    #expect(itemBytes == 2_448 + 100 * 64)
    #expect(ListEffect<Item>.replaceItems(items, nextPage: nil).estimatedHeapBytes == itemBytes)
    #expect(ListEffect<Item>.appendPage(items, nextPage: "2").estimatedHeapBytes == itemBytes)
    #expect(ListEffect<Item>.setLoaded.estimatedHeapBytes == 0)
    let failure = ListError(operation: .load, message: "Couldn't load the list.", detail: "the server said 503")
    #expect(ListEffect<Item>.setFailure(failure).estimatedHeapBytes == 64 + 64)
    #expect(ListIntent<Item>.load.estimatedHeapBytes == 0)
    #expect(MessageListIntent<Item>.stream("Tell me more about that, please").estimatedHeapBytes == 80)
    #expect(MessageListEffect<Item>.list(.setFailure(failure)).estimatedHeapBytes == 64 + 64)
    let context = ListContext(phase: .loaded, items: items)
    #expect(context.estimatedHeapBytes == itemBytes)
    #expect(ListContext<Item>(phase: .failure(failure)).estimatedHeapBytes == 64 + 64)
    let messages = MessageListContext(list: context, streamedText: "Tell me more about that, please")
    #expect(messages.estimatedHeapBytes == itemBytes + 80)
  }
}
