#!/usr/bin/env bash
# Fails when a public type name is declared in two of the package's library
# modules: a file importing both would fail with "'Name' is ambiguous for
# type lookup". Prints, per library module, the number of public
# declarations (symbols of `swift symbolgraph-extract -minimum-access-level
# public -skip-synthesized-members`, extension blocks not counted) and of
# top-level public types.
#
# The library modules are the targets of the package's library products.
# Their symbol graphs come from the modules `swift build` put in
# .build/debug/Modules; a module that imports SwiftUI (empty on Linux) is
# emitted here against the SwiftUI interface shim in Tools/SwiftUIShim, as
# .ci/typecheck-ui.sh does.
#
# Usage: .ci/check-public-names.sh [--list]   (after `swift build`)
#   --list also prints every public declaration, one per line.
set -euo pipefail
cd "$(dirname "$0")/.."

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

swift package dump-package >"$work/package.json"
swiftc -o "$work/public-names" .ci/PublicNames.swift 2>"$work/helper.log" || {
  cat "$work/helper.log" >&2
  exit 1
}
mapfile -t libraries < <("$work/public-names" targets "$work/package.json")

modules="$(swift build --show-bin-path)/Modules"
triple="$(swiftc -print-target-info | sed -n 's/^ *"triple": "\(.*\)",$/\1/p' | head -n 1)"
shim="$work/shim"
mkdir -p "$shim"
emit() { # emit <module name> <directory of sources>
  local name="$1" files
  mapfile -t files < <(find "$2" -name '*.swift' -print | LC_ALL=C sort)
  swiftc -swift-version 6 -parse-as-library -package-name AgentSkill -I "$shim" -I "$modules" \
    -emit-module -module-name "$name" \
    -emit-module-path "$shim/$name.swiftmodule" "${files[@]}"
}
shim_ready=false
for library in "${libraries[@]}"; do
  directory="$modules"
  if grep -rqE '^[[:space:]]*import SwiftUI' "Sources/$library"; then
    if [ "$shim_ready" = false ]; then
      emit UniformTypeIdentifiers Tools/SwiftUIShim/UniformTypeIdentifiers
      emit CoreTransferable Tools/SwiftUIShim/CoreTransferable
      emit SwiftUI Tools/SwiftUIShim/SwiftUI
      shim_ready=true
    fi
    emit "$library" "Sources/$library"
    directory="$shim"
  elif [ ! -e "$modules/$library.swiftmodule" ]; then
    echo "error: $modules/$library.swiftmodule is missing; run 'swift build' first." >&2
    exit 1
  fi
  mkdir -p "$work/graphs/$library"
  swift symbolgraph-extract -module-name "$library" -I "$directory" -I "$modules" -I "$shim" \
    -target "$triple" -minimum-access-level public -skip-synthesized-members \
    -output-dir "$work/graphs/$library"
done

"$work/public-names" check "$work/graphs" "$@"
