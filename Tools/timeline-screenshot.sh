#!/usr/bin/env bash
# Renders the timeline page (`agentskill-demo timeline FILE --html OUT`) of a chat
# session with a 401, a 429 that is retried and a cancelled turn to PNG in headless
# Chromium, to see the page as a browser draws it. The session is the one
# Tests/AgentSkillDemoTests/Timeline/TimelinePageSessionTests.swift runs over
# loopback HTTP (that test checks the page's content; this script only draws it).
#
#   Tools/timeline-screenshot.sh [OUT.png]     default: .build/timeline-page.png
#
# Writes the page and its timeline beside the PNG (.html, .json). Needs Chromium
# and the CJK font the page names ("Noto Sans CJK SC"); on Debian or Ubuntu:
#   apt-get install -y chromium fonts-noto-cjk
set -euo pipefail
cd "$(dirname "$0")/.."

out="${1:-.build/timeline-page.png}"
mkdir -p "$(dirname "$out")"
out="$(cd "$(dirname "$out")" && pwd)/$(basename "$out")"
page="${out%.png}.html"

browser=""
for candidate in chromium chromium-browser google-chrome google-chrome-stable; do
  if command -v "$candidate" >/dev/null 2>&1; then
    browser="$candidate"
    break
  fi
done
if [ -z "$browser" ]; then
  echo "error: no Chromium found; install it (apt-get install -y chromium fonts-noto-cjk)." >&2
  exit 1
fi
if command -v fc-list >/dev/null 2>&1 && ! fc-list | grep -q "Noto Sans CJK SC"; then
  echo "warning: the font \"Noto Sans CJK SC\" is not installed; Chinese text may show as boxes" \
    "(apt-get install -y fonts-noto-cjk)." >&2
fi

echo "==> the session (swift test --filter TimelinePageSessionTests)"
rm -f "$page"
AGENTSKILL_TIMELINE_PAGE="$page" swift test --filter TimelinePageSessionTests
[ -s "$page" ] || { echo "error: the test did not write $page." >&2; exit 1; }

echo "==> $browser --headless --screenshot"
# --no-sandbox: Chromium refuses to run as root with its sandbox (CI containers).
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
  --window-size=1100,1500 --screenshot="$out" "file://$page" 2>/dev/null
[ -s "$out" ] || { echo "error: Chromium wrote no screenshot." >&2; exit 1; }
echo "page: $page"
echo "timeline: ${page%.html}.json"
echo "screenshot: $out"
