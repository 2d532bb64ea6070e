#!/usr/bin/env bash
# Fails when Sources/ uses unchecked memory or concurrency constructs (issue 12,
# "Compiler-checked internals"). Prints one `file:line: what: code` per finding.
#
# 1. Unsafe constructs, in every Swift file under Sources/ except
#    Sources/AgentSkillLLMTesting/Server (POSIX socket pointers),
#    Sources/agentskill-bench (hand-written baselines), Sources/agentskill-demo and
#    Sources/AgentSkillLLM/Schema/Internal/SchemaPattern.swift (the only way to stop an NSRegularExpression search
#    that ran out of its step budget is the `stop` flag Foundation lends the enumeration block):
#    - any identifier starting with `unsafe`/`Unsafe`, `withUnsafe` or `_unsafe`:
#      Unsafe(Mutable)(Raw)(Buffer)Pointer, withUnsafeBytes/BufferPointer/Pointer,
#      withUnsafe(Throwing)Continuation, UnsafeContinuation, unsafeDowncast,
#      unsafeBitCast, unowned(unsafe), nonisolated(unsafe), @unsafe, `unsafe` expressions;
#    - AutoreleasingUnsafeMutablePointer, OpaquePointer, Unmanaged;
#    - the APIs that lend a buffer pointer to a closure without saying "unsafe":
#      withContiguous(Mutable)StorageIfAvailable, withUTF8, withUTF8Buffer,
#      withCString, withMemoryRebound, assumingMemoryBound, bindMemory;
#    - pointer members (pointee, baseAddress) and the C memory and string
#      functions an array or String converts to a pointer for implicitly
#      (memchr, memcpy, memmove, memcmp, memset, strlen, strcmp, malloc, …).
# 2. `@unchecked Sendable` anywhere under Sources/ without a `// Safety:` comment
#    directly above its declaration: the run of `//` lines right above the line
#    that starts the declaration (`class`/`struct`/`enum`/`actor`/`extension`), with
#    only attribute lines (`@MainActor`, …) and `///` doc lines allowed in between,
#    must contain a line `// Safety: <why>`. A blank line breaks the run.
#
# Comments (including `///` docs) and string literals do not count as code;
# interpolations inside strings do.
#
# Usage: .ci/check-unsafe.sh [package root]   (default: the repository of this script)
# Exit status: 0 clean, 1 findings, 2 bad usage.
set -euo pipefail
root="${1:-$(dirname "$0")/..}"
cd "$root"
[ -d Sources ] || { echo "check-unsafe: no Sources/ in $(pwd)" >&2; exit 2; }

files=()
while IFS= read -r -d '' file; do files+=("$file"); done < <(find Sources -type f -name '*.swift' -print0 | LC_ALL=C sort -z)
[ "${#files[@]}" -gt 0 ] || { echo "check-unsafe: no Swift files under Sources/" >&2; exit 2; }

status=0
awk '
function flush_file(    i, j, k, decl, code_line, found, reason) {
  if (nlines == 0) return
  for (i = 1; i <= nlines; i++) {
    code_line = code[i]
    if (!exempt) {
      rest = code_line
      while (match(rest, /(^|[^A-Za-z0-9_])(_?(with)?[Uu]nsafe[A-Za-z0-9_]*|AutoreleasingUnsafeMutablePointer|OpaquePointer|Unmanaged|withContiguous(Mutable)?StorageIfAvailable|withUTF8(Buffer)?|withCString|withMemoryRebound|assumingMemoryBound|bindMemory|pointee|baseAddress)([^A-Za-z0-9_]|$)|(^|[^A-Za-z0-9_])(memchr|memrchr|memcpy|memmove|memcmp|memset|bzero|strlen|strnlen|strcmp|strncmp|strchr|strrchr|strstr|strdup|malloc|calloc|realloc|posix_memalign)[ \t]*\(/)) {
        token = substr(rest, RSTART, RLENGTH)
        gsub(/^[^A-Za-z0-9_]+|[^A-Za-z0-9_]+$/, "", token)
        report(i, token)
        rest = substr(rest, RSTART + RLENGTH - 1)
      }
    }
    if (code_line ~ /@unchecked([^A-Za-z0-9_]|$)/) {
      # The line that starts the declaration: this one or one above it (a
      # conformance list may wrap), at most 8 lines up.
      decl = 0
      for (j = i; j >= 1 && j > i - 8; j--) {
        if (code[j] ~ /(^|[^A-Za-z0-9_@.])(class|struct|enum|actor|extension)[ \t]/) { decl = j; break }
      }
      if (decl == 0) { report(i, "@unchecked Sendable outside a recognisable declaration"); continue }
      # Skip attribute-only lines and doc lines right above it.
      k = decl - 1
      while (k >= 1 && (kind[k] == "attribute" || kind[k] == "doc")) k--
      found = 0
      while (k >= 1 && kind[k] == "comment") {
        if (raw[k] ~ /^[ \t]*\/\/[ \t]*Safety:[ \t]*[^ \t]/) found = 1
        k--
      }
      if (!found) report(i, "@unchecked Sendable without a // Safety: comment directly above its declaration")
    }
  }
  nlines = 0
}
function report(line, what,    text) {
  text = raw[line]
  gsub(/^[ \t]+|[ \t]+$/, "", text)
  printf "%s:%d: %s: %s\n", file, line, what, text
  findings++
}
FNR == 1 {
  flush_file()
  file = FILENAME
  exempt = (file ~ /^Sources\/AgentSkillLLMTesting\/Server\// || file ~ /^Sources\/agentskill-bench\// || file ~ /^Sources\/agentskill-demo\// || file == "Sources/AgentSkillLLM/Schema/Internal/SchemaPattern.swift")
  depth = 0      # nesting of /* */ comments
  top = 0        # stack of open string literals and interpolations
}
{
  nlines++
  raw[nlines] = $0
  out = ""
  comment = ""
  line = $0
  n = length(line)
  p = 1
  while (p <= n) {
    c = substr(line, p, 1)
    two = substr(line, p, 2)
    if (depth > 0) {
      if (two == "/*") { depth++; p += 2; continue }
      if (two == "*/") { depth--; p += 2; continue }
      comment = comment c; p++; continue
    }
    if (top > 0 && stype[top] != "interp") {
      # Inside a string literal: find its end, an escape or an interpolation.
      h = shash[top]
      esc = "\\" substr("################", 1, h)
      if (substr(line, p, length(esc) + 1) == esc "(") {
        top++; stype[top] = "interp"; sparen[top] = 1; out = out " "; p += length(esc) + 1; continue
      }
      if (substr(line, p, length(esc)) == esc) { out = out "  "; p += length(esc) + 1; continue }
      closer = (stype[top] == "multi" ? "\"\"\"" : "\"") substr("################", 1, h)
      if (substr(line, p, length(closer)) == closer) { top--; out = out "\""; p += length(closer); continue }
      out = out " "; p++; continue
    }
    # Code (top level or inside an interpolation).
    if (two == "//") { comment = substr(line, p); break }
    if (two == "/*") { depth++; p += 2; continue }
    if (c == "#" || c == "\"") {
      q = p; h = 0
      while (substr(line, q, 1) == "#") { h++; q++ }
      if (substr(line, q, 1) == "\"") {
        multi = (substr(line, q, 3) == "\"\"\"")
        top++; stype[top] = (multi ? "multi" : "single"); shash[top] = h
        out = out "\""; p = q + (multi ? 3 : 1); continue
      }
    }
    if (top > 0 && stype[top] == "interp") {
      if (c == "(") sparen[top]++
      if (c == ")") { sparen[top]--; if (sparen[top] == 0) { top--; out = out " "; p++; continue } }
    }
    out = out c; p++
  }
  # A single-line string cannot continue on the next line.
  while (top > 0 && stype[top] == "single") top--
  code[nlines] = out
  trimmed = out
  gsub(/^[ \t]+|[ \t]+$/, "", trimmed)
  if (trimmed == "" && comment == "") kind[nlines] = "blank"
  else if (trimmed == "" && comment ~ /^\/\/\//) kind[nlines] = "doc"
  else if (trimmed == "" && comment ~ /^\/\//) kind[nlines] = "comment"
  else if (trimmed == "") kind[nlines] = "block-comment"
  else if (trimmed ~ /^@[A-Za-z_][A-Za-z0-9_]*(\(.*\))?$/) kind[nlines] = "attribute"
  else kind[nlines] = "code"
}
END {
  flush_file()
  if (findings > 0) {
    printf "\ncheck-unsafe: %d finding(s). Replace unsafe code with checked Swift; put an @unchecked Sendable type'"'"'s\n", findings
    print "mutable state behind one lock and say why it is safe in a // Safety: comment right above it."
    exit 1
  }
  print "check-unsafe: no unsafe constructs, every @unchecked Sendable has its // Safety: comment."
}
' "${files[@]}" || status=$?
exit "$status"
