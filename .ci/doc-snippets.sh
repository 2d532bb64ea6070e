#!/usr/bin/env bash
# Writes the code examples of the documentation as Swift module folders, for
# type-checking them as written, and prints the folders, one per line:
#
#   .ci/doc-snippets.sh OUTDIR             the SwiftUI modules' examples and the articles
#   .ci/doc-snippets.sh --library OUTDIR   the other library modules' examples
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
# - With --library, only OUTDIR/LibraryDocCommentExamples: the same for every other
#   library module (AgentSkill, AgentSkillLLM, AgentSkillOffline, the testing
#   modules), with Tools/DocSnippets/Fixtures.swift and LibraryFixtures.swift.
#   .ci/build-docs.sh type-checks it on Linux (SwiftUI from the interface shim, as
#   some of these examples show a view), with the other examples of the docs.
# An example is the body of an enum (a skill, a view, a function that shows the
# calls); with --library, an example that starts with a statement (a call, a
# `let`) is the body of an `async throws` main-actor function in that enum.
# index.tsv lists each example: file, number in the file, first and last line.
# With --library, the examples listed in Tools/DocSnippets/NotYetCompiling.txt
# are left out (see .ci/check-doc-comment-examples.sh).
# The doc comment files import every library module (a folder under Sources/ with a
# DocC catalog), Foundation and SwiftUI (the library files Testing too); articles
# import what their blocks import. .ci/apple-sdk.sh checks the default folders against
# Apple's SDKs (APPLE_SDK_EXTRA_MODULES); without the kit, .ci/typecheck-ui.sh checks
# the doc comment examples against the SwiftUI shim and .ci/build-docs.sh the articles.
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: .ci/doc-snippets.sh [--library] OUTDIR"
library=false
statements=0
if [ "${1:-}" = "--library" ]; then
  library=true
  statements=1
  shift
fi
out="${1:?$usage}"
rm -rf "$out"

modules=()
for catalog in Sources/*/*.docc; do
  modules+=("$(basename "$(dirname "$catalog")")")
done
ui_modules=()
library_modules=()
for module in "${modules[@]}"; do
  if grep -rqs --include='*.swift' '^ *import SwiftUI' "Sources/$module"; then
    ui_modules+=("$module")
  else
    library_modules+=("$module")
  fi
done
[ "${#ui_modules[@]}" -gt 0 ] || { echo "error: no library module imports SwiftUI" >&2; exit 1; }

imports() {
  for module in "${modules[@]}"; do echo "import $module"; done
  echo "import Foundation"
  echo "import SwiftUI"
}

# examples <folder> <fixture files…> -- <modules…>: writes Fixtures.swift and
# Snippets.swift into the folder.
examples() {
  local dir="$1" fixtures=() module file
  shift
  while [ "$1" != "--" ]; do
    fixtures+=("$1")
    shift
  done
  shift
  mkdir -p "$dir"
  local index=/dev/null skip=""
  if $library; then
    skip=Tools/DocSnippets/NotYetCompiling.txt
    index="$dir/index.tsv"
    : >"$index"
  fi
  {
    imports
    cat "${fixtures[@]}"
  } | awk '!(/^import / && seen[$0]++)' >"$dir/Fixtures.swift"
  {
    imports
    if $library; then echo "import Testing"; fi  # examples of tests (`#expect`)
    for module in "$@"; do
      find "Sources/$module" -name '*.swift' -print | LC_ALL=C sort | while read -r file; do
        awk -v statements="$statements" -v index_file="$index" -v skip_file="$skip" '
          BEGIN {
            name = ARGV[1]
            gsub(/[^A-Za-z0-9]/, "_", name)
            while (skip_file != "" && (getline entry < skip_file) > 0) {
              if (entry !~ /^[[:space:]]*(#|$)/) skip[entry] = 1
            }
          }
          /^[[:space:]]*\/\/\/ ```swift[[:space:]]*$/ {
            count += 1
            inside = 1
            start = FNR + 1
            lines = 0
            next
          }
          inside && /^[[:space:]]*\/\/\/ ```[[:space:]]*$/ {
            inside = 0
            if ((FILENAME "#" count) in skip) next
            # With statements=1, an example whose first line is not a declaration
            # (a call, a `let`, a view modifier) is the body of a function.
            wrap = 0
            if (statements == 1) {
              for (i = 1; i <= lines; i++) {
                if (body[i] ~ /^[[:space:]]*(\/\/.*)?$/) continue
                if (body[i] !~ /^(@|import |struct |enum |final |class |actor |extension |protocol |func |typealias |private |fileprivate |public |static |nonisolated |indirect )/) wrap = 1
                break
              }
            }
            printf "enum DocSnippet_%s_%d {\n", name, count
            if (wrap) print "@MainActor static func example() async throws {"
            printf "#sourceLocation(file: \"%s\", line: %d)\n", FILENAME, start
            for (i = 1; i <= lines; i++) print body[i]
            print "#sourceLocation()"
            if (wrap) print "}"
            print "}"
            printf "%s\t%d\t%d\t%d\n", FILENAME, count, start, FNR - 1 >> index_file
            next
          }
          inside {
            line = $0
            sub(/^[[:space:]]*\/\/\/ ?/, "", line)
            body[++lines] = line
          }
        ' "$file"
      done
    done
  } >"$dir/Snippets.swift"
  local count
  count=$(grep -c '^enum DocSnippet_' "$dir/Snippets.swift" || true)
  if [ "$count" -eq 0 ]; then
    echo "error: no \`\`\`swift examples in the doc comments of $*; is the extractor broken?" >&2
    exit 1
  fi
  echo "doc-snippets: $count doc comment examples from $*" >&2
  echo "$dir"
}

if $library; then
  examples "$out/LibraryDocCommentExamples" Tools/DocSnippets/Fixtures.swift Tools/DocSnippets/LibraryFixtures.swift \
    -- "${library_modules[@]}"
  exit 0
fi

examples "$out/DocCommentExamples" Tools/DocSnippets/Fixtures.swift -- "${ui_modules[@]}"

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
