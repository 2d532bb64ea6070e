#!/usr/bin/env bash
# Type-checks the SwiftUI layer on Linux, where SwiftUI does not exist.
#
# Tools/SwiftUIShim holds interface shims of SwiftUI, CoreTransferable and
# UniformTypeIdentifiers: declarations copied from Apple's published
# signatures for exactly the API this repository uses, bodies that never
# run. They are compiled here only; no product or target ships them.
#
# Checked, all in Swift 6 mode with warnings as errors:
#   1. Sources/AgentSkillUI, emitted as the module AgentSkillUI;
#   2. the example app in Examples/AgentSkillExample, against that module;
#   3. every ```swift example in AgentSkillUI's doc comments, against that
#      module and the fixtures in Tools/SwiftUIShim/DocSnippets.
#
# Usage: .ci/typecheck-ui.sh   (from anywhere; exits non-zero on any error)
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --target AgentSkillUI >/dev/null
modules="$(swift build --show-bin-path)/Modules"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

swiftc_common=(-swift-version 6 -parse-as-library -warnings-as-errors -I "$work" -I "$modules")

emit() {  # emit <module name> <sources…>
  local name="$1"
  shift
  swiftc "${swiftc_common[@]}" -emit-module -module-name "$name" -emit-module-path "$work/$name.swiftmodule" "$@"
}

sources() {  # sources <directory>: its .swift files, sorted
  find "$1" -name '*.swift' -print | LC_ALL=C sort
}

echo "==> interface shims (UniformTypeIdentifiers, CoreTransferable, SwiftUI)"
emit UniformTypeIdentifiers $(sources Tools/SwiftUIShim/UniformTypeIdentifiers)
emit CoreTransferable $(sources Tools/SwiftUIShim/CoreTransferable)
emit SwiftUI $(sources Tools/SwiftUIShim/SwiftUI)

echo "==> Sources/AgentSkillUI"
emit AgentSkillUI -D DEBUG $(sources Sources/AgentSkillUI)

echo "==> Examples/AgentSkillExample"
swiftc "${swiftc_common[@]}" -typecheck -module-name AgentSkillExample $(sources Examples/AgentSkillExample)

echo "==> doc comment examples of Sources/AgentSkillUI"
# Each ```swift block of a /// comment becomes the body of its own enum, with
# #sourceLocation pointing errors at the comment line they come from.
snippets="$work/DocSnippets.swift"
{
  echo "import AgentSkill"
  echo "import AgentSkillUI"
  echo "import SwiftUI"
  for file in $(sources Sources/AgentSkillUI); do
    awk -v file="$file" '
      /^[[:space:]]*\/\/\/ ```swift[[:space:]]*$/ {
        count += 1
        inside = 1
        gsub(/[^A-Za-z0-9]/, "_", file)
        printf "enum DocSnippet_%s_%d {\n#sourceLocation(file: \"%s\", line: %d)\n", file, count, FILENAME, NR + 1
        next
      }
      inside && /^[[:space:]]*\/\/\/ ```[[:space:]]*$/ {
        inside = 0
        print "#sourceLocation()"
        print "}"
        next
      }
      inside {
        line = $0
        sub(/^[[:space:]]*\/\/\/ ?/, "", line)
        print line
      }
    ' "$file"
  done
} >"$snippets"
swiftc "${swiftc_common[@]}" -typecheck -module-name DocSnippets $(sources Tools/SwiftUIShim/DocSnippets) "$snippets"
echo "    $(grep -c '^enum DocSnippet_' "$snippets") examples"

echo "UI type-check passed."
