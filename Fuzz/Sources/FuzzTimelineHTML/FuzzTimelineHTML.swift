// The demo's timeline page (`agentskill-demo timeline FILE --html OUT`): any bytes load as a document or a typed
// AgentTimelineError; a document renders to a well-formed page that escapes everything the file controls.
//
// Contract: the page is the same every time it is rendered; its bars are in start order; it is made of the
// page's own elements only (one `<style>` and one `<script>`, both exactly the page's own), every attribute value
// is double-quoted (`open` is the only bare attribute), and text and attribute values carry no raw `<`, `>`, `"` or `'` and no `&` that does not start
// one of the escapes the page uses — so nothing from the file can open a tag, end an attribute or start a script.
//
// The page's sources (AgentSkillDemoKit/Timeline, not a product of the library) are compiled into this target
// through the `Timeline` symlink.
import AgentSkill
import Foundation
import FuzzDriver
import FuzzSupport

/// The entry point SwiftPM gives this executable: runs libFuzzer on ``fuzz(_:_:)``.
@_cdecl("FuzzTimelineHTML_main")
public func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  agentskill_fuzz_main(argc, argv)
}

/// Checks one input against the contract; libFuzzer records any input that stops the process.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  check(Data(bytes: data, count: size))
  return 0
}

/// The page's own style and script, from a page of an empty timeline.
let reference: (style: String, script: String) = {
  let file =
    #"{"schemaVersion": 1, "agent": "A", "startedAt": "now", "capacity": 1, "evictedEntries": 0, "evictedEffects": 0, "contextSnapshots": "disabled", "effectEncoding": "notEncodable", "entries": []}"#
  guard let empty = try? AgentTimelineDocument.decode(from: Data(file.utf8)) else {
    fatalError("the reference timeline does not load")
  }
  let page = PageScanner(TimelineHTML.render(empty, title: "t"))
  guard let page, let style = page.style, let script = page.script else {
    fatalError("the reference page does not scan: \(TimelineHTML.render(empty, title: "t"))")
  }
  return (style, script)
}()

func check(_ data: Data) {
  let document: AgentTimelineDocument
  do {
    document = try AgentTimelineDocument.decode(from: data)
  } catch {
    switch error {
    case .invalidDocument, .unsupportedSchemaVersion: break
    default: expect(false, "unexpected error for a file: \(error)")
    }
    return
  }
  let title = document.agent + ".json"
  let html = TimelineHTML.render(document, title: title)
  expect(TimelineHTML.render(document, title: title) == html, "the page differs between two renderings")
  let chart = TimelineChart(document)
  expect(
    zip(chart.bars, chart.bars.dropFirst()).allSatisfy { !($1.start < $0.start) }, "the bars are not in start order")
  switch PageScanner.scan(html) {
  case .failure(let problem):
    expect(false, "the page is not well-formed: \(problem)")
  case .success(let page):
    expect(page.style == reference.style, "the page's style changed")
    expect(page.script == reference.script, "the page's script changed")
  }
}

/// A strict reader of the page: the elements and attributes it may contain, and escaped text.
struct PageScanner {
  static let elements: Set<String> = [
    "html", "head", "meta", "title", "style", "body", "header", "h1", "h2", "p", "span", "section", "svg", "line",
    "text", "rect", "ul", "li", "details", "summary", "code", "table", "thead", "tbody", "tr", "th", "td", "input",
    "script",
  ]
  static let voidElements: Set<String> = ["meta", "input"]
  static let entities = ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"].map { Array($0.unicodeScalars) }

  var style: String?
  var script: String?

  init?(_ html: String) {
    guard case .success(let page) = Self.scan(html) else { return nil }
    self = page
  }

  private init() {}

  struct Problem: Error, CustomStringConvertible {
    let message: String
    let offset: Int
    let context: String
    var description: String { "\(message) at scalar \(offset): …\(context)…" }
  }

  static func scan(_ html: String) -> Result<PageScanner, Problem> {
    let text = Array(html.unicodeScalars)
    var index = 0
    var page = PageScanner()
    var open: [String] = []
    func problem(_ message: String) -> Problem {
      let low = max(0, index - 40)
      let high = min(text.count, index + 40)
      var context = String.UnicodeScalarView()
      context.append(contentsOf: text[low..<high])
      return Problem(message: message, offset: index, context: String(context))
    }
    func starts(_ prefix: String, at position: Int) -> Bool {
      let scalars = Array(prefix.unicodeScalars)
      return position + scalars.count <= text.count && Array(text[position..<(position + scalars.count)]) == scalars
    }
    func checkEntity() -> Bool {
      entities.contains { entity in
        index + entity.count <= text.count && Array(text[index..<(index + entity.count)]) == entity
      }
    }
    guard starts("<!doctype html>\n", at: 0) else { return .failure(problem("no doctype")) }
    index = "<!doctype html>\n".unicodeScalars.count
    while index < text.count {
      let scalar = text[index]
      switch scalar {
      case "<":
        index += 1
        let closing = index < text.count && text[index] == "/"
        if closing { index += 1 }
        var name = ""
        while index < text.count, ("a"..."z").contains(text[index]) || ("0"..."9").contains(text[index]) {
          name.unicodeScalars.append(text[index])
          index += 1
        }
        guard elements.contains(name) else { return .failure(problem("the element <\(name)>")) }
        if closing {
          guard index < text.count, text[index] == ">" else { return .failure(problem("an unfinished </\(name)")) }
          index += 1
          guard open.last == name else {
            return .failure(problem("</\(name)> closes <\(open.last ?? "nothing")>"))
          }
          open.removeLast()
          continue
        }
        var attributes: Set<String> = []
        while true {
          guard index < text.count else { return .failure(problem("an unfinished <\(name)")) }
          if text[index] == ">" {
            index += 1
            break
          }
          if starts("/>", at: index) {
            index += 2
            name = ""
            break
          }
          guard text[index] == " " else { return .failure(problem("no space before an attribute of <\(name)>")) }
          index += 1
          var attribute = ""
          while index < text.count,
            text[index].properties.isASCIIHexDigit || ("a"..."z").contains(text[index])
              || ("A"..."Z").contains(text[index]) || text[index] == "-"
          {
            attribute.unicodeScalars.append(text[index])
            index += 1
          }
          guard !attribute.isEmpty, attributes.insert(attribute).inserted else {
            return .failure(problem("a missing or repeated attribute name in <\(name)>"))
          }
          if attribute == "open", index < text.count, text[index] == ">" || text[index] == " " { continue }
          guard starts("=\"", at: index) else { return .failure(problem("an unquoted \(attribute) in <\(name)>")) }
          index += 2
          while index < text.count, text[index] != "\"" {
            switch text[index] {
            case "<", ">", "'", "\n":
              return .failure(problem("a raw \(text[index].escaped(asASCII: true)) in \(attribute)"))
            case "&":
              guard checkEntity() else { return .failure(problem("a raw & in \(attribute)")) }
            default: break
            }
            index += 1
          }
          guard index < text.count else { return .failure(problem("an unfinished \(attribute) in <\(name)>")) }
          index += 1
        }
        guard !name.isEmpty, !voidElements.contains(name) else { continue }
        if name == "style" || name == "script" {
          let end = "</\(name)>"
          var raw = String.UnicodeScalarView()
          while index < text.count, !starts(end, at: index) {
            raw.append(text[index])
            index += 1
          }
          guard index < text.count else { return .failure(problem("an unfinished <\(name)>")) }
          index += end.unicodeScalars.count
          if name == "style" {
            guard page.style == nil else { return .failure(problem("a second <style>")) }
            page.style = String(raw)
          } else {
            guard page.script == nil else { return .failure(problem("a second <script>")) }
            page.script = String(raw)
          }
          continue
        }
        open.append(name)
      case ">", "\"", "'":
        return .failure(problem("a raw \(scalar) in text"))
      case "&":
        guard checkEntity() else { return .failure(problem("a raw & in text")) }
        index += 1
      default:
        index += 1
      }
    }
    guard open.isEmpty else { return .failure(problem("unclosed elements \(open)")) }
    return .success(page)
  }
}
