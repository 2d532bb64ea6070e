#!/usr/bin/env bash
# Writes the code examples of the documentation as Swift module folders, for
# type-checking them as written, and prints the folders, one per line, at the end
# and in one write (so a reader that stops early, `| head -n 1` under pipefail,
# does not kill it with SIGPIPE):
#
#   .ci/doc-snippets.sh OUTDIR             the examples checked against Apple's SDKs
#   .ci/doc-snippets.sh --library OUTDIR   the other library modules' examples (Linux)
#
# - OUTDIR/DocCommentExamples: the ```swift examples of the doc comments of every
#   library module whose sources import SwiftUI. Fixtures.swift is
#   Tools/DocSnippets/Fixtures.swift (the app-side types the examples refer to: a
#   message screen, an upload, a forecast, a profile); Snippets.swift holds each
#   example as the body of its own enum, with #sourceLocation pointing diagnostics at
#   the comment line it comes from.
# - OUTDIR/AppleOnlyDocCommentExamples: the Apple-only examples of the other library
#   modules, those in a file whose code all sits behind an `#if` that only Apple
#   platforms satisfy (its first line of code is `#if` with `canImport(UIKit)`,
#   `canImport(AppKit)`, `canImport(SwiftUI)`, `canImport(FoundationModels)`, `canImport(os)`,
#   `canImport(AuthenticationServices)`, `canImport(Security)` or
#   `os(iOS)` and the like, without `!`). Each is wrapped in that same `#if`, with
#   the imports of its file, so the kit compiles it on the platforms the code exists
#   on (a UIKit example on iOS; on macOS the condition leaves it out). Fixtures as for
#   --library. Written only when there are such examples.
# - OUTDIR/ArticleExamples<N>: the ```swift blocks of one DocC article that has a
#   block importing SwiftUI, in order, as one file (later blocks use what earlier
#   ones declare).
# - With --library, only OUTDIR/LibraryDocCommentExamples: the examples of every
#   other library module (AgentSkill, AgentSkillLLM, AgentSkillOffline, the testing
#   modules) but the Apple-only ones, with Tools/DocSnippets/Fixtures.swift and
#   LibraryFixtures.swift. .ci/build-docs.sh type-checks it on Linux (SwiftUI from
#   the interface shim, as some of these examples show a view), with the other
#   examples of the docs. apple-only.txt lists the Apple-only examples left out
#   ("file#number").
# An example is the body of an enum (a skill, a view, a function that shows the
# calls); in the library modules' folders, an example that starts with a statement
# (a call, a `let`) is the body of an `async throws` main-actor function in that
# enum. The Apple SDK check allows no warning, so an Apple-only example uses every
# value it declares (the Linux check allows the few warnings that wrapping causes).
# index.tsv (--library) lists each example: file, number in the file, first and last
# line. The doc comment files import every library module (a folder under Sources/
# with a DocC catalog), Foundation and SwiftUI (the Linux library files Testing too);
# articles import what their blocks import. .ci/apple-sdk.sh checks the default
# folders against Apple's SDKs (APPLE_SDK_EXTRA_MODULES); without the kit,
# .ci/typecheck-ui.sh checks the doc comment examples of the SwiftUI modules against
# the SwiftUI shim and .ci/build-docs.sh the articles.
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: .ci/doc-snippets.sh [--library] OUTDIR"
library=false
if [ "${1:-}" = "--library" ]; then
  library=true
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

# examples <folder> <kind> <fixture files…> -- <modules…>: writes Fixtures.swift and
# Snippets.swift into the folder. kind: ui (every example of a SwiftUI module),
# library (the examples of the other modules but the Apple-only ones) or apple
# (only those). Adds the folder to `folders`, unless an apple folder has no examples.
examples() {
  local dir="$1" kind="$2" fixtures=() module file
  shift 2
  while [ "$1" != "--" ]; do
    fixtures+=("$1")
    shift
  done
  shift
  mkdir -p "$dir"
  local index=/dev/null apple_only=/dev/null
  if [ "$kind" = library ]; then
    index="$dir/index.tsv"
    apple_only="$dir/apple-only.txt"
    : >"$index"
    : >"$apple_only"
  fi
  {
    imports
    cat "${fixtures[@]}"
  } | awk '!(/^import / && seen[$0]++)' >"$dir/Fixtures.swift"
  {
    imports
    if [ "$kind" = library ]; then echo "import Testing"; fi  # examples of tests (`#expect`)
    for module in "$@"; do
      find "Sources/$module" -name '*.swift' -print | LC_ALL=C sort | while read -r file; do
        awk -v kind="$kind" -v index_file="$index" -v apple_only_file="$apple_only" '
          BEGIN {
            name = ARGV[1]
            gsub(/[^A-Za-z0-9]/, "_", name)
            apple_only_condition = "canImport\\((UIKit|AppKit|SwiftUI|FoundationModels|os|OSLog|AuthenticationServices|Security)\\)|os\\((iOS|macOS|macCatalyst|tvOS|watchOS|visionOS)\\)"
          }
          # The first line of code: an #if that only Apple platforms satisfy makes the
          # examples of its first branch Apple-only.
          !code_seen && $0 !~ /^[[:space:]]*(\/\/.*)?$/ {
            code_seen = 1
            line = $0
            sub(/[[:space:]]*\/\/.*$/, "", line)
            if (line ~ /^#if[[:space:]]/ && line !~ /!/ && line ~ apple_only_condition) {
              condition = line
              apple = 1
            }
          }
          /^[[:space:]]*#if[[:space:](]/ { depth += 1 }
          /^[[:space:]]*#(else|elseif)([[:space:](]|$)/ { if (depth == 1) apple = 0 }
          /^[[:space:]]*#endif/ { depth -= 1; if (depth == 0) apple = 0 }
          /^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]/ {
            line = $0
            sub(/^[[:space:]]+/, "", line)
            if (!(line in imported)) {
              imported[line] = 1
              file_imports = file_imports line "\n"
            }
          }
          /^[[:space:]]*\/\/\/ ```swift[[:space:]]*$/ {
            count += 1
            inside = 1
            example_apple = apple
            start = FNR + 1
            lines = 0
            next
          }
          inside && /^[[:space:]]*\/\/\/ ```[[:space:]]*$/ {
            inside = 0
            if (kind == "library" && example_apple) {
              print FILENAME "#" count >> apple_only_file
              next
            }
            if (kind == "apple" && !example_apple) next
            # Outside the SwiftUI modules, an example whose first line is not a
            # declaration (a call, a `let`, a view modifier) is the body of a function.
            wrap = 0
            if (kind != "ui") {
              for (i = 1; i <= lines; i++) {
                if (body[i] ~ /^[[:space:]]*(\/\/.*)?$/) continue
                if (body[i] !~ /^(@|import |struct |enum |final |class |actor |extension |protocol |func |typealias |private |fileprivate |public |static |nonisolated |indirect )/) wrap = 1
                break
              }
            }
            if (kind == "apple") printf "%s\n%s", condition, file_imports
            printf "enum DocSnippet_%s_%d {\n", name, count
            if (wrap) print "@MainActor static func example() async throws {"
            printf "#sourceLocation(file: \"%s\", line: %d)\n", FILENAME, start
            for (i = 1; i <= lines; i++) print body[i]
            print "#sourceLocation()"
            if (wrap) print "}"
            print "}"
            if (kind == "apple") print "#endif"
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
  if [ "$kind" = apple ]; then
    if [ "$count" -eq 0 ]; then
      rm -rf "$dir"
      return 0
    fi
    echo "doc-snippets: $count Apple-only doc comment examples from $*" >&2
  elif [ "$count" -eq 0 ]; then
    echo "error: no \`\`\`swift examples in the doc comments of $*; is the extractor broken?" >&2
    exit 1
  else
    echo "doc-snippets: $count doc comment examples from $*" >&2
  fi
  folders+=("$dir")
}

folders=()
print_folders() { # in one write: bash's own printf writes line by line
  printf '%s\n' "${folders[@]}" >"$out/folders.txt"
  cat "$out/folders.txt"
}
library_fixtures=(Tools/DocSnippets/Fixtures.swift Tools/DocSnippets/LibraryFixtures.swift)
if $library; then
  examples "$out/LibraryDocCommentExamples" library "${library_fixtures[@]}" -- "${library_modules[@]}"
  print_folders
  exit 0
fi

examples "$out/DocCommentExamples" ui Tools/DocSnippets/Fixtures.swift -- "${ui_modules[@]}"
examples "$out/AppleOnlyDocCommentExamples" apple "${library_fixtures[@]}" -- "${library_modules[@]}"

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
  folders+=("$dir")
done < <(find Sources -path '*.docc/*' -name '*.md' -print | LC_ALL=C sort)
print_folders
