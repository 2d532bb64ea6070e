#!/usr/bin/env bash
# Type-checks every ```swift block of README.md against the built library modules.
# Blocks that import SwiftUI are checked by typecheck-ui.sh against the SwiftUI shim.
# A block that imports PackageDescription (the install snippet) is type-checked as a
# manifest against the toolchain's PackageDescription, and every product it names
# must be a library product of Package.swift.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=".build/debug/Modules"
[ -d "$modules" ] || { echo "error: build first (swift build)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
awk -v dir="$work" '
  /^```swift[[:space:]]*$/ { n++; file = sprintf("%s/block%02d.swift", dir, n); inside = 1; next }
  /^```/ { inside = 0; next }
  inside { print > file }
' README.md
status=0
manifest_api="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")/lib/swift/pm/ManifestAPI"
for block in "$work"/block*.swift; do
  [ -e "$block" ] || continue
  if grep -q "^import SwiftUI" "$block"; then continue; fi
  if grep -q "^import PackageDescription" "$block"; then
    if ! swiftc -typecheck -swift-version 6 -warnings-as-errors -I "$manifest_api" \
      -package-description-version 6.2 "$block" 2> "$block.log"; then
      echo "README manifest snippet $(basename "$block") does not compile:" >&2
      cat "$block.log" >&2
      status=1
    fi
    for product in $(sed -n 's/.*\.product(name: "\([A-Za-z]*\)".*/\1/p' "$block"); do
      if ! grep -q "\.library(name: \"$product\"" Package.swift; then
        echo "README manifest snippet $(basename "$block") names \"$product\", which is not a library product of Package.swift." >&2
        status=1
      fi
    done
    continue
  fi
  if ! swiftc -typecheck -swift-version 6 -parse-as-library -warnings-as-errors -I "$modules" "$block" 2> "$block.log"; then
    echo "README snippet $(basename "$block") does not compile:" >&2
    sed 's/^/    /' "$block" >&2
    cat "$block.log" >&2
    status=1
  fi
done
[ "$status" -eq 0 ] && echo "README snippets type-check."
exit "$status"
