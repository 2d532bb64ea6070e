#!/usr/bin/env bash
# Builds the DocC documentation of the library modules with the
# toolchain's `docc`, treating every warning as an error: a broken symbol
# link, a `- Parameters:` list that does not match the signature or a
# missing article fails CI. Before that, the ```swift examples of every
# article (Sources/<Module>/<Module>.docc/*.md) are type-checked, and those
# of the doc comments of the library modules without SwiftUI
# (.ci/check-doc-comment-examples.sh; .ci/typecheck-ui.sh and the Apple SDK
# kit check the SwiftUI modules' own, and the kit the Apple-only ones, behind
# `#if canImport(UIKit)` or `#if canImport(FoundationModels)`).
#
# No second compile of the package: symbol graphs are extracted with
# `swift symbolgraph-extract` from the modules `swift build` already put in
# .build/debug/Modules (the `swift build --target …` below are no-ops after
# CI's build step). AgentSkillUI and AgentSkillChatUI are empty on Linux (all
# of them is `#if canImport(SwiftUI)`), so, as in .ci/typecheck-ui.sh, their
# modules are emitted here against the SwiftUI interface shim in
# Tools/SwiftUIShim, and their symbol graphs come from those modules.
#
# Modules are converted in dependency order. Each archive is built with
# DocC's external link support and passed to the modules that import it,
# so doc comments and articles link across modules with absolute symbol
# links (``/AgentSkill/Skill`` in AgentSkillLLM), and those links are
# checked too.
#
# Usage: .ci/build-docs.sh [output directory]
#   Without an argument the archives are written to a temporary directory
#   and removed at exit; with one, <dir>/<Module>.doccarchive are kept
#   (serve them with any static web server, or open them in Xcode).
set -euo pipefail
cd "$(dirname "$0")/.."

started=$SECONDS
step() { printf '==> [%3d s] %s\n' "$((SECONDS - started))" "$*"; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

keep_dir="${1:-}"
if [ -n "$keep_dir" ]; then
  mkdir -p "$keep_dir"
  archives="$(cd "$keep_dir" && pwd)"
  hosting=(--transform-for-static-hosting)
else
  # Only checking: skip the per-page HTML files static hosting needs.
  archives="$work/archives"
  mkdir -p "$archives"
  hosting=(--no-transform-for-static-hosting)
fi

# The modules of AgentSkill (and its feature modules), AgentSkillLLM, AgentSkillOffline,
# AgentSkillTesting and AgentSkillLLMTesting (and their .swiftdoc, which
# carry the doc comments). Up to date after CI's build step.
for target in AgentSkillLLMTesting AgentSkillOffline; do
  if ! swift build --target "$target" >"$work/build.log" 2>&1; then
    cat "$work/build.log" >&2
    exit 1
  fi
done
modules="$(swift build --show-bin-path)/Modules"
triple="$(swiftc -print-target-info | sed -n 's/^ *"triple": "\(.*\)",$/\1/p' | head -n 1)"
if [ -z "$triple" ]; then
  echo "error: could not read the target triple from 'swiftc -print-target-info'." >&2
  exit 1
fi

step "AgentSkillUI and AgentSkillChatUI modules against the SwiftUI interface shim"
shim="$work/shim"
mkdir -p "$shim"
swiftc_common=(-swift-version 6 -parse-as-library -I "$shim" -I "$modules")
emit() { # emit <module name> <directory of sources>
  local name="$1" files
  mapfile -t files < <(find "$2" -name '*.swift' -print | LC_ALL=C sort)
  swiftc "${swiftc_common[@]}" -package-name AgentSkill -emit-module -module-name "$name" \
    -emit-module-path "$shim/$name.swiftmodule" "${files[@]}"
}
emit UniformTypeIdentifiers Tools/SwiftUIShim/UniformTypeIdentifiers
emit CoreTransferable Tools/SwiftUIShim/CoreTransferable
emit SwiftUI Tools/SwiftUIShim/SwiftUI
emit AgentSkillUI Sources/AgentSkillUI
emit AgentSkillChatUI Sources/AgentSkillChatUI

step "code examples of the articles"
# The ```swift blocks of one article are type-checked together, in order, as
# one file (later blocks may use what earlier ones declare), against the
# built modules and the shimmed SwiftUI modules; #sourceLocation points errors
# at the article's own lines.
mkdir -p "$work/examples"
mapfile -t articles < <(find Sources -path '*.docc/*' -name '*.md' -print | LC_ALL=C sort)
checked=0
for article in "${articles[@]}"; do
  example="$work/examples/$(printf '%s' "$article" | tr -c 'A-Za-z0-9\n' '_').swift"
  awk '
    /^```swift[[:space:]]*$/ {
      inside = 1
      printf "#sourceLocation(file: \"%s\", line: %d)\n", FILENAME, FNR + 1
      next
    }
    inside && /^```[[:space:]]*$/ { inside = 0; print "#sourceLocation()"; next }
    inside { print }
  ' "$article" >"$example"
  if [ ! -s "$example" ]; then
    continue
  fi
  swiftc -swift-version 6 -parse-as-library -warnings-as-errors -I "$shim" -I "$modules" \
    -typecheck -module-name ArticleExamples "$example"
  checked=$((checked + 1))
done
echo "    $checked articles type-checked"

step "code examples in the doc comments of AgentSkill, AgentSkillLLM, AgentSkillOffline and the testing modules"
.ci/check-doc-comment-examples.sh "$shim" "$modules"

step "symbol graphs ($triple)"
extract() { # extract <module name> <module directory>
  mkdir -p "$work/graphs/$1"
  swift symbolgraph-extract -module-name "$1" -I "$2" -I "$modules" -I "$shim" \
    -target "$triple" -minimum-access-level public -emit-extension-block-symbols -output-dir "$work/graphs/$1"
}
extract AgentSkill "$modules"
extract AgentSkillList "$modules"
extract AgentSkillForms "$modules"
extract AgentSkillAutonomy "$modules"
extract AgentSkillLLM "$modules"
extract AgentSkillOffline "$modules"
extract AgentSkillFoundationModels "$modules"
extract AgentSkillMCP "$modules"
extract AgentSkillTesting "$modules"
extract AgentSkillLLMTesting "$modules"
extract AgentSkillUI "$shim"
extract AgentSkillChatUI "$shim"

convert() { # convert <module name> <dependency module names…>
  local name="$1" catalog="Sources/$1/$1.docc"
  shift
  local dependencies=()
  for dependency in "$@"; do
    dependencies+=(--dependency "$archives/$dependency.doccarchive")
  done
  if [ ! -d "$catalog" ]; then
    echo "error: $catalog is missing; every library module has a documentation catalog." >&2
    exit 1
  fi
  step "docc convert $name"
  rm -rf "$archives/$name.doccarchive"
  docc convert "$catalog" \
    --additional-symbol-graph-dir "$work/graphs/$name" \
    --output-path "$archives/$name.doccarchive" \
    --fallback-display-name "$name" \
    --fallback-bundle-identifier "org.agentskill.$name" \
    --enable-experimental-external-link-support \
    "${hosting[@]}" \
    "${dependencies[@]}" \
    --warnings-as-errors 2>&1 | sed '/^[[:space:]]*$/d'
}
convert AgentSkill
convert AgentSkillList AgentSkill
convert AgentSkillForms AgentSkill
convert AgentSkillAutonomy AgentSkill
convert AgentSkillLLM AgentSkill AgentSkillAutonomy
convert AgentSkillOffline AgentSkill AgentSkillLLM
convert AgentSkillFoundationModels AgentSkill AgentSkillLLM
convert AgentSkillMCP AgentSkill AgentSkillLLM
convert AgentSkillTesting AgentSkill AgentSkillList AgentSkillForms AgentSkillAutonomy
convert AgentSkillLLMTesting AgentSkill AgentSkillLLM AgentSkillTesting
convert AgentSkillUI AgentSkill AgentSkillList AgentSkillForms AgentSkillAutonomy
convert AgentSkillChatUI AgentSkill AgentSkillAutonomy AgentSkillLLM AgentSkillUI

rm -rf "$work"
echo "Documentation built without warnings in $((SECONDS - started)) s."
if [ -n "$keep_dir" ]; then
  echo "Archives: $archives"
fi
