#!/usr/bin/env bash
# Writes the SwiftUI code examples of the documentation as Swift module folders, for
# type-checking them as written, and prints the folders, one per line:
#
#   .ci/doc-snippets.sh OUTDIR
#
# - OUTDIR/DocCommentExamples: the ```swift examples of the doc comments of every
#   library module whose sources import SwiftUI. Fixtures.swift is
#   Tools/DocSnippets/Fixtures.swift (the app-side types the examples refer to: a
#   message screen, an upload, a forecast, a profile); Snippets.swift holds each
#   example as the body of its own enum, with #sourceLocation pointing diagnostics at
#   the comment line it comes from.
# - OUTDIR/ArticleExamples<N>: the ```swift blocks of one DocC article that has a
#   block importing SwiftUI, in order, as one file (later blocks use what earlier
#   ones declare).
# The doc comment files import every library module (a folder under Sources/ with a
# DocC catalog) and SwiftUI; articles import what their blocks import. .ci/apple-sdk.sh checks the folders against Apple's SDKs
# (APPLE_SDK_EXTRA_MODULES); without the kit, .ci/typecheck-ui.sh checks the doc
# comment examples against the SwiftUI shim and .ci/build-docs.sh the articles.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:?usage: .ci/doc-snippets.sh OUTDIR}"
rm -rf "$out"
mkdir -p "$out/DocCommentExamples"

modules=()
for catalog in Sources/*/*.docc; do
  modules+=("$(basename "$(dirname "$catalog")")")
done
ui_modules=()
for module in "${modules[@]}"; do
  if grep -rqs --include='*.swift' '^ *import SwiftUI' "Sources/$module"; then ui_modules+=("$module"); fi
done
[ "${#ui_modules[@]}" -gt 0 ] || { echo "error: no library module imports SwiftUI" >&2; exit 1; }

imports() {
  for module in "${modules[@]}"; do echo "import $module"; done
  echo "import Foundation"
  echo "import SwiftUI"
}

{
  imports
  cat Tools/DocSnippets/Fixtures.swift
} | awk '!(/^import / && seen[$0]++)' >"$out/DocCommentExamples/Fixtures.swift"

{
  imports
  for module in "${ui_modules[@]}"; do
    find "Sources/$module" -name '*.swift' -print | LC_ALL=C sort | while read -r file; do
      awk '
        BEGIN { name = ARGV[1]; gsub(/[^A-Za-z0-9]/, "_", name) }
        /^[[:space:]]*\/\/\/ ```swift[[:space:]]*$/ {
          count += 1
          inside = 1
          printf "enum DocSnippet_%s_%d {\n#sourceLocation(file: \"%s\", line: %d)\n", name, count, FILENAME, NR + 1
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
  done
} >"$out/DocCommentExamples/Snippets.swift"

count=$(grep -c '^enum DocSnippet_' "$out/DocCommentExamples/Snippets.swift" || true)
if [ "$count" -eq 0 ]; then
  echo "error: no \`\`\`swift examples in the doc comments of ${ui_modules[*]}; is the extractor broken?" >&2
  exit 1
fi
echo "doc-snippets: $count doc comment examples from ${ui_modules[*]}" >&2
echo "$out/DocCommentExamples"

articles=0
while read -r article; do
  grep -qE '^import SwiftUI' "$article" || continue
  articles=$((articles + 1))
  dir="$out/ArticleExamples$articles"
  mkdir -p "$dir"
  # Blocks that import Testing are left out here: swift-testing's macros expand
  # differently against the 2023 SDKs (a spurious `unsafe` warning in generated
  # code). .ci/build-docs.sh type-checks every block on Linux.
  awk '
    /^```swift[[:space:]]*$/ { inside = 1; block = ""; start = FNR + 1; testing = 0; next }
    inside && /^```[[:space:]]*$/ {
      inside = 0
      if (!testing) printf "#sourceLocation(file: \"%s\", line: %d)\n%s#sourceLocation()\n", FILENAME, start, block
      next
    }
    inside {
      if ($0 ~ /^import Testing/) testing = 1
      block = block $0 "\n"
    }
  ' "$article" >"$dir/Article.swift"
  echo "doc-snippets: the examples of $article" >&2
  echo "$dir"
done < <(find Sources -path '*.docc/*' -name '*.md' -print | LC_ALL=C sort)
