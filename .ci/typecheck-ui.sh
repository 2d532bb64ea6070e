#!/usr/bin/env bash
# Type-checks the SwiftUI layer (AgentSkillUI and AgentSkillChatUI) on Linux
# against the SwiftUI interface shim: the fallback for a CI without Apple's SDK
# kit (../shared/apple-sdk, run by .ci/apple-sdk.sh), which checks all of this
# against the real iOS 17 / macOS 14 SDKs.
#
# Tools/SwiftUIShim holds interface shims of SwiftUI, CoreTransferable and
# UniformTypeIdentifiers: declarations copied from Apple's published
# signatures for exactly the API this repository uses, bodies that never
# run. They are compiled here only; no product or target ships them.
#
# Checked, all in Swift 6 mode with warnings as errors:
#   1. Sources/AgentSkillUI and Sources/AgentSkillChatUI, emitted as the
#      modules AgentSkillUI and AgentSkillChatUI (one package name, as
#      SwiftPM gives them, so ChatUI sees AgentSkillUI's `package` symbols);
#   2. the example app's sources, Examples/AgentSkillExample/Sources (a
#      package of its own; its manifest and tests are not part of it),
#      against those modules;
#   3. every ```swift example in the doc comments of the SwiftUI modules
#      (.ci/doc-snippets.sh), with the fixtures in Tools/DocSnippets, and that
#      the shim rejects a ViewBuilder block of 11 views, as the SDK does;
#   4. the ```swift blocks of README.md that `import SwiftUI` —
#      .ci/check-readme.sh skips those. The blocks are compiled together as one module, one file
#      per block: a later block may use what an earlier one declares, and
#      nothing may be declared twice. No fixtures: what a reader copies is
#      what compiles.
#
# Usage: .ci/typecheck-ui.sh   (from anywhere; exits non-zero on any error)
set -euo pipefail
cd "$(dirname "$0")/.."

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# AgentSkill, AgentSkillLLM and AgentSkillOffline, whose modules the views,
# the example app and the snippets import, and the testing modules, which
# the doc comment examples may import.
for target in AgentSkillChatUI AgentSkillOffline AgentSkillTesting AgentSkillLLMTesting; do
  if ! swift build --target "$target" >"$work/build.log" 2>&1; then
    cat "$work/build.log" >&2
    exit 1
  fi
done
modules="$(swift build --show-bin-path)/Modules"

swiftc_common=(-swift-version 6 -parse-as-library -warnings-as-errors -I "$work" -I "$modules")

emit() {  # emit <module name> <sources…>
  local name="$1"
  shift
  swiftc "${swiftc_common[@]}" -package-name AgentSkill -emit-module -module-name "$name" \
    -emit-module-path "$work/$name.swiftmodule" "$@"
}

sources() {  # sources <directory>: its .swift files, sorted, one per line
  find "$1" -name '*.swift' -print | LC_ALL=C sort
}

mapfile -t shim_uti < <(sources Tools/SwiftUIShim/UniformTypeIdentifiers)
mapfile -t shim_transferable < <(sources Tools/SwiftUIShim/CoreTransferable)
mapfile -t shim_swiftui < <(sources Tools/SwiftUIShim/SwiftUI)
mapfile -t ui_sources < <(sources Sources/AgentSkillUI)
mapfile -t chat_ui_sources < <(sources Sources/AgentSkillChatUI)
mapfile -t example_sources < <(sources Examples/AgentSkillExample/Sources)

echo "==> interface shims (UniformTypeIdentifiers, CoreTransferable, SwiftUI)"
emit UniformTypeIdentifiers "${shim_uti[@]}"
emit CoreTransferable "${shim_transferable[@]}"
emit SwiftUI "${shim_swiftui[@]}"

echo "==> Sources/AgentSkillUI (${#ui_sources[@]} files), which sees only AgentSkill and its feature modules"
# A screen built from these views must not compile or link the LLM layer:
# the module is emitted against a directory that holds AgentSkill and the
# feature modules alone, so an import of AgentSkillLLM fails here.
core="$work/core-only"
mkdir -p "$core"
for module in AgentSkill AgentSkillList AgentSkillForms AgentSkillAutonomy; do
  ln -s "$modules/$module".* "$core"/
done
swiftc -swift-version 6 -parse-as-library -warnings-as-errors -I "$work" -I "$core" -package-name AgentSkill \
  -emit-module -module-name AgentSkillUI -emit-module-path "$work/AgentSkillUI.swiftmodule" -D DEBUG \
  "${ui_sources[@]}"

echo "==> Sources/AgentSkillChatUI (${#chat_ui_sources[@]} files)"
emit AgentSkillChatUI -D DEBUG "${chat_ui_sources[@]}"

echo "==> Examples/AgentSkillExample/Sources (${#example_sources[@]} files)"
swiftc "${swiftc_common[@]}" -typecheck -module-name AgentSkillExample "${example_sources[@]}"

echo "==> doc comment examples of the SwiftUI modules (.ci/doc-snippets.sh)"
examples="$(.ci/doc-snippets.sh "$work/doc-snippets" | sed -n 1p)"
mapfile -t example_files < <(sources "$examples")
swiftc "${swiftc_common[@]}" -typecheck -module-name DocCommentExamples "${example_files[@]}"

echo "==> the shim rejects what the SDK rejects (a ViewBuilder block of 11 views)"
{
  echo "import SwiftUI"
  echo "struct Eleven: View {"
  echo "  var body: some View {"
  echo "    VStack {"
  for index in 1 2 3 4 5 6 7 8 9 10 11; do echo "      Text(\"$index\")"; done
  echo "    }"
  echo "  }"
  echo "}"
} >"$work/Eleven.swift"
if swiftc "${swiftc_common[@]}" -typecheck -module-name Eleven "$work/Eleven.swift" 2>/dev/null; then
  echo "error: the SwiftUI shim accepts 11 children in a ViewBuilder block; iOS 17's SDK stops at 10." >&2
  exit 1
fi

echo "==> README examples that import SwiftUI"
# Each block becomes a file whose #sourceLocation points errors at the
# Markdown line the block starts on.
for doc in README.md; do
  [ -f "$doc" ] || continue
  dir="$work/readme-$(basename "$doc" .md)"
  mkdir -p "$dir"
  awk -v dir="$dir" -v doc="$doc" '
    /^```swift[[:space:]]*$/ {
      count += 1
      file = sprintf("%s/block%02d.swift", dir, count)
      printf "#sourceLocation(file: \"%s\", line: %d)\n", doc, NR + 1 > file
      inside = 1
      next
    }
    inside && /^```[[:space:]]*$/ { inside = 0; close(file); next }
    inside { print > file }
  ' "$doc"
  blocks=()
  for block in "$dir"/block*.swift; do
    [ -e "$block" ] || continue
    if grep -q '^import SwiftUI' "$block"; then blocks+=("$block"); fi
  done
  if [ "${#blocks[@]}" -eq 0 ]; then
    echo "    $doc: no blocks import SwiftUI"
    continue
  fi
  swiftc "${swiftc_common[@]}" -typecheck -module-name ReadmeSnippets "${blocks[@]}"
  echo "    $doc: ${#blocks[@]} blocks"
done

echo "UI type-check passed."
