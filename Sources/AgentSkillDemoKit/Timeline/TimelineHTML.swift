import AgentSkill
import Foundation

/// Renders an exported agent timeline as one self-contained HTML page: a
/// chart of skill runs over time (SVG: failed and cancelled runs in their
/// own colours with the error on hover, each provider request with its
/// status and the wait before a retry, the phases underneath), the runs that
/// failed or were cancelled with their errors, a table of per-skill
/// durations, and the intents and effects as one-line summaries that expand
/// to the whole value — CSS, SVG and a few lines of script inline, nothing
/// fetched from the network. Text is set in the system font, with
/// "Noto Sans CJK SC" (or PingFang SC) for Chinese.
package enum TimelineHTML {
  /// The page for `document`.
  ///
  /// - Parameters:
  ///   - document: The exported timeline.
  ///   - title: The page title, such as the file name.
  /// - Returns: The HTML text.
  package static func render(_ document: AgentTimelineDocument, title: String) -> String {
    let chart = TimelineChart(document)
    var html = ""
    html += "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    html += "<title>\(escape(title)) · AgentSkill timeline</title>\n<style>\(style)</style>\n</head>\n<body>\n"
    html += "<header><h1>\(escape(document.agent))</h1><p class=\"meta\">"
    html += "started \(escape(document.startedAt)) · \(document.entries.count) entries · "
    html += "\(milliseconds(chart.length)) · \(chart.intents.count) intents · "
    html += "\(chart.bars.filter(\.isTool).count) tool calls"
    if !chart.attempts.isEmpty { html += " · \(chart.attempts.count) provider requests" }
    let failed = chart.runs.filter { $0.outcome == "failed" }.count
    let cancelled = chart.runs.filter { $0.outcome == "cancelled" }.count
    if failed > 0 { html += " · <span class=\"bad\">\(failed) failed</span>" }
    if cancelled > 0 { html += " · \(cancelled) cancelled" }
    if document.evictedEntries > 0 { html += " · \(document.evictedEntries) older entries evicted" }
    html += "</p></header>\n"
    html += "<section><h2>Skills over time</h2>\n" + svg(chart) + legend + "</section>\n"
    if !chart.unsuccessfulRuns.isEmpty {
      html += "<section><h2>Failed and cancelled runs</h2>\n" + runsList(chart) + "</section>\n"
    }
    html += "<section><h2>Durations</h2>\n" + totalsTable(chart) + "</section>\n"
    html += "<section><h2>Intents</h2>\n" + itemsTable(chart.intents, id: "intents") + "</section>\n"
    html += "<section><h2>Effects</h2>\n<input id=\"filter\" type=\"search\" placeholder=\"filter effects\">\n"
    html += itemsTable(chart.effects, id: "effects") + "</section>\n"
    html += "<script>\(script)</script>\n</body>\n</html>\n"
    return html
  }

  // MARK: Chart

  private static let laneHeight = 28.0
  private static let labelWidth = 170.0
  private static let plotWidth = 820.0

  private static func svg(_ chart: TimelineChart) -> String {
    let lanes = chart.lanes
    let span = max(chart.length, 0.001)
    let rows = Double(lanes.count + (chart.attempts.isEmpty ? 0 : 1) + (chart.phases.isEmpty ? 0 : 1))
    let height = 30 + rows * laneHeight + 24
    let width = labelWidth + plotWidth + 20
    func x(_ value: Double) -> Double { labelWidth + value / span * plotWidth }
    var svg = "<svg class=\"chart\" viewBox=\"0 0 \(number(width)) \(number(height))\" role=\"img\" "
    svg += "aria-label=\"skill runs over time\">\n"
    for tick in ticks(span) {
      let position = x(tick)
      svg += "<line class=\"grid\" x1=\"\(number(position))\" y1=\"20\" x2=\"\(number(position))\" "
      svg += "y2=\"\(number(height - 20))\"/>"
      svg += "<text class=\"tick\" x=\"\(number(position))\" y=\"14\">\(escape(milliseconds(tick)))</text>\n"
    }
    for (index, lane) in lanes.enumerated() {
      let top = 24 + Double(index) * laneHeight
      svg += "<text class=\"lane\(lane.isTool ? " tool" : "")\" x=\"6\" y=\"\(number(top + 18))\">"
      svg += "\(escape(lane.isTool ? "tool " + lane.name : lane.name))</text>\n"
      for bar in chart.bars where bar.lane == lane.name && bar.isTool == lane.isTool {
        let left = x(bar.start)
        let barWidth = max(2, x(bar.end) - left)
        var tip = "\(bar.label) · \(milliseconds(bar.duration)) · \(bar.status)\(bar.run.map { " · run \($0)" } ?? "")"
        if let detail = bar.detail { tip += "\n\(detail)" }
        svg += "<rect class=\"bar \(escape(bar.status))\(bar.isTool ? " tool" : "")\" x=\"\(number(left))\" "
        svg += "y=\"\(number(top + 4))\" width=\"\(number(barWidth))\" height=\"\(number(laneHeight - 8))\" rx=\"3\" "
        svg += "data-run=\"\(bar.run.map(String.init) ?? "")\"><title>\(escape(tip))</title></rect>\n"
      }
    }
    if !chart.attempts.isEmpty {
      let top = 24 + Double(lanes.count) * laneHeight
      svg += "<text class=\"lane\" x=\"6\" y=\"\(number(top + 18))\">model requests</text>\n"
      for attempt in chart.attempts {
        let left = x(attempt.start)
        let requestWidth = max(3, x(attempt.end) - left)
        var tip =
          "request \(attempt.number) · HTTP \(attempt.status) after \(milliseconds(attempt.end - attempt.start))"
        if let run = attempt.run { tip += " · run \(run)" }
        if let message = attempt.message { tip += "\n\(message)" }
        svg += "<rect class=\"attempt \(attempt.kind)\" x=\"\(number(left))\" y=\"\(number(top + 4))\" "
        svg += "width=\"\(number(requestWidth))\" height=\"\(number(laneHeight - 8))\" rx=\"3\" "
        svg += "data-run=\"\(attempt.run.map(String.init) ?? "")\"><title>\(escape(tip))</title></rect>"
        svg += "<text class=\"attempt-label\" x=\"\(number(left + requestWidth + 3))\" y=\"\(number(top + 12))\">"
        svg += "\(attempt.status)</text>\n"
        if let wait = attempt.wait {
          let waitLeft = x(attempt.end)
          let waitWidth = max(2, x(attempt.end + wait) - waitLeft)
          svg += "<rect class=\"wait\" x=\"\(number(waitLeft))\" y=\"\(number(top + laneHeight / 2 + 2))\" "
          svg += "width=\"\(number(waitWidth))\" height=\"4\">"
          svg += "<title>\(escape("waiting \(milliseconds(wait)) before request \(attempt.number + 1)"))</title></rect>"
          svg += "<text class=\"attempt-label\" x=\"\(number(waitLeft + waitWidth / 2))\" "
          svg +=
            "y=\"\(number(top + laneHeight - 1))\" text-anchor=\"middle\">wait \(escape(milliseconds(wait)))</text>\n"
        }
      }
    }
    if !chart.phases.isEmpty {
      let top = 24 + Double(lanes.count + (chart.attempts.isEmpty ? 0 : 1)) * laneHeight
      svg += "<text class=\"lane\" x=\"6\" y=\"\(number(top + 18))\">phase</text>\n"
      for span in chart.phases {
        let left = x(span.start)
        let phaseWidth = max(1, x(span.end) - left)
        let kind = span.phase.prefix { $0.isLetter }
        svg += "<rect class=\"phase \(escape(String(kind)))\" x=\"\(number(left))\" y=\"\(number(top + 8))\" "
        svg += "width=\"\(number(phaseWidth))\" height=\"\(number(laneHeight - 16))\">"
        svg += "<title>\(escape(span.phase)) · \(milliseconds(span.end - span.start))</title></rect>\n"
      }
    }
    svg += "</svg>\n"
    return svg
  }

  private static let legend = """
    <p class="legend"><span class="swatch succeeded"></span>succeeded <span class="swatch failed"></span>failed \
    <span class="swatch cancelled"></span>cancelled / denied <span class="swatch tool"></span>tool call · \
    model requests: <span class="swatch attempt ok"></span>2xx <span class="swatch attempt limited"></span>429 \
    <span class="swatch attempt error"></span>error <span class="swatch wait"></span>wait before retry · \
    phases: <span class="swatch phase analyzing"></span>analyzing <span class="swatch phase selectingSkill"></span>\
    selecting <span class="swatch phase executing"></span>executing <span class="swatch phase awaitingConfirmation">\
    </span>awaiting confirmation <span class="swatch phase responding"></span>responding</p>

    """

  /// About eight round tick positions from 0 to `span` milliseconds.
  package static func ticks(_ span: Double) -> [Double] {
    guard span > 0, span.isFinite else { return [0] }
    let raw = span / 8
    let magnitude = pow(10, floor(log10(raw)))
    let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? raw
    return stride(from: 0, through: span, by: step).map { $0 }
  }

  // MARK: Tables

  private static func totalsTable(_ chart: TimelineChart) -> String {
    var html = "<table><thead><tr><th>skill</th><th>kind</th><th class=\"num\">runs</th>"
    html +=
      "<th class=\"num\">total</th><th class=\"num\">average</th><th class=\"num\">longest</th></tr></thead><tbody>\n"
    for total in chart.totals {
      let average = total.count > 0 ? total.total / Double(total.count) : 0
      html += "<tr><td>\(escape(total.lane))</td><td>\(total.isTool ? "tool" : "agent skill")</td>"
      html += "<td class=\"num\">\(total.count)</td><td class=\"num\">\(milliseconds(total.total))</td>"
      html +=
        "<td class=\"num\">\(milliseconds(average))</td><td class=\"num\">\(milliseconds(total.maximum))</td></tr>\n"
    }
    if chart.totals.isEmpty { html += "<tr><td colspan=\"6\">no skill runs recorded</td></tr>\n" }
    return html + "</tbody></table>\n"
  }

  private static func runsList(_ chart: TimelineChart) -> String {
    var html = "<ul class=\"runs\">\n"
    for run in chart.unsuccessfulRuns {
      html += "<li class=\"run \(escape(run.outcome))\" data-run=\"\(run.run)\"><details"
      html += run.outcome == "failed" ? " open>" : ">"
      html += "<summary><span class=\"swatch \(escape(run.outcome))\"></span>run \(run.run) \(escape(run.outcome)) "
      html +=
        "at \(milliseconds(run.end)) · <code>\(escape(TimelineEffectText.summary(of: run.intent)))</code></summary>"
      html += "<p class=\"error\">\(escape(run.detail ?? run.outcome))</p></details></li>\n"
    }
    return html + "</ul>\n"
  }

  private static func itemsTable(_ items: [TimelineChart.Item], id: String) -> String {
    var html = "<table id=\"\(id)\"><thead><tr><th class=\"num\">#</th><th class=\"num\">at</th>"
    html += "<th class=\"num\">run</th><th>description</th></tr></thead><tbody>\n"
    for item in items {
      html += "<tr data-run=\"\(item.run.map(String.init) ?? "")\"><td class=\"num\">\(item.sequence)</td>"
      html +=
        "<td class=\"num\">\(milliseconds(item.offset))</td><td class=\"num\">\(item.run.map(String.init) ?? "")</td>"
      let summary = item.summary
      let full = item.full
      if full != summary {
        html += "<td><details><summary>\(escape(summary))</summary>"
        html += "<code>\(escape(full))</code></details></td></tr>\n"
      } else {
        html += "<td>\(escape(summary))</td></tr>\n"
      }
    }
    if items.isEmpty { html += "<tr><td colspan=\"4\">none</td></tr>\n" }
    return html + "</tbody></table>\n"
  }

  // MARK: Formatting

  /// `12.5 ms`, `1.23 s`.
  package static func milliseconds(_ value: Double) -> String {
    guard value.isFinite else { return "–" }
    if value >= 1000 { return String(format: "%.2f s", value / 1000) }
    if value >= 100 { return String(format: "%.0f ms", value) }
    if value >= 10 { return String(format: "%.1f ms", value) }
    return String(format: "%.2f ms", value)
  }

  private static func number(_ value: Double) -> String {
    String(format: "%.1f", value.isFinite ? value : 0)
  }

  /// Text safe inside HTML elements and attribute values.
  ///
  /// Works on Unicode scalars, not characters: a `<` or `"` that shares a
  /// character with a mark (`"\u{301}`) or a prefix (`\u{600}<`) is still
  /// a `<` or `"` to the browser.
  package static func escape(_ text: String) -> String {
    var escaped = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped.append(contentsOf: "&amp;".unicodeScalars)
      case "<": escaped.append(contentsOf: "&lt;".unicodeScalars)
      case ">": escaped.append(contentsOf: "&gt;".unicodeScalars)
      case "\"": escaped.append(contentsOf: "&quot;".unicodeScalars)
      case "'": escaped.append(contentsOf: "&#39;".unicodeScalars)
      default: escaped.append(scalar)
      }
    }
    return String(escaped)
  }

  private static let style = """
    :root{color-scheme:light dark;--fg:#1d1d1f;--bg:#fff;--muted:#6e6e73;--line:#e5e5ea;--ok:#34c759;--bad:#ff3b30;\
    --off:#8e8e93;--tool:#0a84ff}
    @media (prefers-color-scheme:dark){:root{--fg:#f5f5f7;--bg:#1c1c1e;--muted:#a1a1a6;--line:#3a3a3c}}
    body{font:14px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI","PingFang SC","Noto Sans CJK SC",sans-serif;\
    color:var(--fg);background:var(--bg);margin:24px auto;max-width:1040px;padding:0 16px}
    h1{font-size:20px;margin:0}h2{font-size:16px;margin:28px 0 8px}.meta,.legend{color:var(--muted)}
    .chart{width:100%;height:auto;border:1px solid var(--line);border-radius:8px}
    .grid{stroke:var(--line)}.tick{fill:var(--muted);font-size:10px;text-anchor:middle}
    .lane{fill:var(--fg);font-size:12px}.lane.tool{fill:var(--tool)}
    .bar{fill:var(--ok);opacity:.85}.bar.tool{fill:var(--tool)}.bar.failed{fill:var(--bad)}
    .bar.cancelled,.bar.denied{fill:var(--off)}.bar.running{fill:var(--off);opacity:.5}.bar:hover,.bar.hot{opacity:1;stroke:var(--fg)}
    .attempt.ok{fill:var(--ok)}.attempt.limited{fill:#ff9f0a}.attempt.error{fill:var(--bad)}\
    .wait{fill:#ff9f0a;opacity:.45}.attempt-label{fill:var(--muted);font-size:10px}
    .bad{color:var(--bad)}.runs{list-style:none;padding:0;margin:0}.runs li{margin:4px 0}\
    .runs summary{cursor:pointer}.error{margin:4px 0 8px 24px;color:var(--bad);white-space:pre-wrap}
    .run.cancelled .error{color:var(--muted)}details summary{cursor:pointer}
    .phase{fill:var(--off)}.phase.analyzing{fill:#bf5af2}.phase.selectingSkill{fill:#ff9f0a}.phase.executing{fill:var(--tool)}
    .phase.awaitingConfirmation{fill:#ffd60a}.phase.responding{fill:var(--ok)}.phase.failed{fill:var(--bad)}
    .swatch{display:inline-block;width:10px;height:10px;border-radius:2px;margin:0 4px 0 10px;background:var(--ok)}
    .swatch.failed{background:var(--bad)}.swatch.cancelled{background:var(--off)}.swatch.tool{background:var(--tool)}
    .swatch.attempt.ok{background:var(--ok)}.swatch.attempt.limited{background:#ff9f0a}\
    .swatch.attempt.error{background:var(--bad)}.swatch.wait{background:#ff9f0a;opacity:.45}
    .swatch.phase.analyzing{background:#bf5af2}.swatch.phase.selectingSkill{background:#ff9f0a}
    .swatch.phase.executing{background:var(--tool)}.swatch.phase.awaitingConfirmation{background:#ffd60a}
    .swatch.phase.responding{background:var(--ok)}
    table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid var(--line);padding:4px 8px;\
    text-align:left;vertical-align:top}th{color:var(--muted);font-weight:600}.num{text-align:right;white-space:nowrap}
    code{font:12px ui-monospace,SFMono-Regular,Menlo,monospace;white-space:pre-wrap;word-break:break-all}
    tr.hot{background:rgba(10,132,255,.12)}input[type=search]{width:100%;padding:6px 8px;margin-bottom:8px;\
    border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg)}
    """

  private static let script = """
    (function(){
      var filter=document.getElementById('filter');
      var rows=document.querySelectorAll('#effects tbody tr');
      if(filter){filter.addEventListener('input',function(){var q=filter.value.toLowerCase();
        rows.forEach(function(r){r.style.display=r.textContent.toLowerCase().indexOf(q)<0?'none':'';});});}
      document.querySelectorAll('.bar').forEach(function(bar){
        bar.addEventListener('mouseenter',function(){var run=bar.getAttribute('data-run');if(!run)return;
          document.querySelectorAll('tr[data-run="'+run+'"]').forEach(function(r){r.classList.add('hot');});});
        bar.addEventListener('mouseleave',function(){
          document.querySelectorAll('tr.hot').forEach(function(r){r.classList.remove('hot');});});
      });
    })();
    """
}
