#!/usr/bin/env bash
# The platforms Package.swift declares but the Apple SDK kit cannot check: tvOS 17,
# watchOS 10, visionOS 1. There are no such SDKs here; the kit's iOS 17.0 SDK carries
# their availability in its Swift interfaces (`@available(tvOS, unavailable)`,
# `@available(iOS 17.0, tvOS 17.0, watchOS 10.0, *)`, …) and its headers.
#
#   .ci/platforms/check.sh [tvOS] [watchOS] [xrOS]     (default: all three)
#
# 1. availability_audit.py: every SDK name the library targets use, looked up in the
#    iOS SDK's interfaces and headers; fails when a name is unavailable (or newer than
#    the deployment target) on a platform in every one of its declarations, outside
#    an `#if` that excludes that platform.
# 2. For each platform, pseudo_sdk.py turns a copy of the iOS SDK into a "pseudo SDK"
#    whose Swift interfaces carry that platform's availability as iOS's; the library
#    targets (in dependency order, from Package.swift's .library products) are then
#    type-checked against it, as the kit does (-emit-sil, Swift 6, warnings count),
#    with `#if os(...)` and `canImport(...)` answered for the platform.
#
# What it cannot see: the C and Objective-C API is still iOS's (step 1 reads its
# availability from the headers), and which frameworks a platform has at all is a
# table below (EventKit: no tvOS; UIKit on watchOS: a small subset, no UIResponder).
# A platform's SDK can differ from iOS's in ways its availability attributes do not
# say. A clean run means "no API our code uses is marked unavailable there", not
# "builds in Xcode for that platform".
#
# Without the kit (a fork's CI) it says that the check was skipped and exits 0.
# Work files and module caches: .build/platforms/.
set -euo pipefail
cd "$(dirname "$0")/../.."
here=.ci/platforms
platforms=("$@")
[ ${#platforms[@]} -gt 0 ] || platforms=(tvOS watchOS xrOS)

# The repaired copy .ci/apple-sdk.sh makes when the shared kit lost its links, else the kit.
kit="${APPLE_SDK_KIT:-../shared/apple-sdk}"
[ -x .build/apple-sdk-kit/check.sh ] && [ -z "${APPLE_SDK_KIT:-}" ] && kit=.build/apple-sdk-kit
if [ ! -d "$kit/sdk/iPhoneOS17.0.sdk" ]; then
  echo "tvOS/watchOS/visionOS availability check skipped: no Apple SDK kit at $kit."
  exit 0
fi
kit="$(cd "$kit" && pwd -P)"
ios_sdk="$kit/sdk/iPhoneOS17.0.sdk"
work="$(pwd -P)/.build/platforms"
mkdir -p "$work"

# library targets in dependency order (the kit's rule: .library products and their deps)
mapfile -t targets < <(python3 - <<'PY'
import re
text = re.sub(r"//[^\n]*", "", open("Package.swift").read())
deps = {}
for call in re.split(r"\.(?=(?:target|executableTarget|testTarget|macro|plugin|binaryTarget|systemLibrary)\()", text):
    m = re.match(r'target\(\s*name:\s*"([^"]+)"', call)
    if m:
        d = re.search(r"dependencies:\s*\[([^\]]*)\]", call)
        deps[m.group(1)] = re.findall(r'"([^"]+)"', d.group(1)) if d else []
roots = [t for m in re.finditer(r"\.library\([^)]*targets:\s*\[([^\]]*)\]", text)
         for t in re.findall(r'"([^"]+)"', m.group(1))]
order = []
def visit(t):
    if t in order or t not in deps:
        return
    for d in deps[t]:
        visit(d)
    order.append(t)
for t in roots:
    visit(t)
print("\n".join(order))
PY
)
[ ${#targets[@]} -gt 0 ] || { echo "error: no library targets found in Package.swift" >&2; exit 2; }
dirs=()
for t in "${targets[@]}"; do dirs+=("Sources/$t"); done

echo "==> availability of the SDK names the library targets use (${targets[*]})"
audit_status=0
python3 "$here/availability_audit.py" "$ios_sdk" "${dirs[@]}" || audit_status=1

swiftc_real="$(readlink -f "$(command -v swiftc)")"
tc_lib="$(cd "$(dirname "$swiftc_real")/../lib/swift" && pwd -P)"
rd="$work/resource-dir"
mkdir -p "$rd"
ln -sfn "$tc_lib/clang" "$rd/clang"
ln -sfn "$tc_lib/shims" "$rd/shims"
ln -sfn "$kit/resource/apinotes" "$rd/apinotes"

summary=()
total_errors=0
total_warnings=0
for plat in "${platforms[@]}"; do
  case "$plat" in tvOS | watchOS | xrOS) ;; *) echo "error: unknown platform $plat (tvOS, watchOS, xrOS)" >&2; exit 2 ;; esac
  pw="$work/$plat"
  sdk="$pw/iPhoneOS17.0.sdk"
  # the pseudo SDK is made again when the kit, the compiler or the scripts change
  stamp="$kit $("$swiftc_real" --version 2>&1 | head -1) $(cksum <"$here/pseudo_sdk.py")"
  if [ "$(cat "$pw/stamp" 2>/dev/null)" != "$stamp" ]; then
    echo "==> [$plat] pseudo SDK from $ios_sdk (the first run builds its modules: minutes)"
    rm -rf "$pw"
    mkdir -p "$pw"
    python3 "$here/pseudo_sdk.py" "$ios_sdk" "$sdk" "$plat" \
      SwiftUI,UIKit,Foundation,Observation,Combine,OSLog,CoreTransferable,UniformTypeIdentifiers "$pw" "$rd" || {
      echo "error: [$plat] the pseudo SDK's modules do not build; nothing was checked" >&2
      exit 3
    }
    printf '%s\n' "$stamp" >"$pw/stamp"
  fi

  # the sources, with `#if os(...)` / `canImport(...)` answered for the platform
  src="$pw/src"
  rm -rf "$src" "$pw/modules"
  mkdir -p "$src/Sources" "$pw/modules"
  for t in "${targets[@]}"; do cp -r "Sources/$t" "$src/Sources/"; done
  python3 - "$src" "$plat" <<'PY'
import os, re, sys
root, plat = sys.argv[1], sys.argv[2]
name = {"tvOS": "tvOS", "watchOS": "watchOS", "xrOS": "visionOS"}[plat]
common = {"SwiftUI", "UIKit", "Foundation", "Observation", "CoreGraphics", "Darwin", "Combine", "OSLog",
          "CoreTransferable", "UniformTypeIdentifiers", "Network", "Testing", "Dispatch"}
present = common | {"watchOS": {"EventKit", "WatchKit"}, "xrOS": {"EventKit"}, "tvOS": set()}[plat]
# FoundationModels is answered "absent" everywhere here: tvOS and watchOS have no such framework,
# and on visionOS 26 the iOS 26 interface's availability cannot be mapped by a pseudo SDK
# (visionOS 26 is not iOS 42), so the on-device bridge is type-checked for iOS and macOS only.
known = present | {"AppKit", "Glibc", "Musl", "FoundationNetworking", "EventKit", "WatchKit", "Cocoa",
                   "FoundationModels"}
def answer(line):
    if not re.match(r"\s*#(if|elseif)\b", line):
        return line
    line = re.sub(r"\bos\((\w+)\)", lambda m: "true" if m.group(1) in (name, plat) else "false", line)
    return re.sub(r"\bcanImport\((\w+)\)",
                  lambda m: m.group(0) if m.group(1) not in known else str(m.group(1) in present).lower(), line)
for folder, _, files in os.walk(root):
    for n in files:
        if n.endswith(".swift"):
            p = os.path.join(folder, n)
            lines = open(p, encoding="utf-8").read().split("\n")
            open(p, "w", encoding="utf-8").write("\n".join(answer(l) for l in lines))
PY

  base=(-target arm64-apple-ios17.0 -sdk "$sdk" -resource-dir "$rd" -module-cache-path "$pw/module-cache"
    -swift-version 6 -diagnostic-style llvm -I "$pw/modules" -I "$kit/extra/ios" -parse-as-library
    -D SWIFT_PACKAGE -D DEBUG -package-name AgentSkill)
  for t in "${targets[@]}"; do
    mapfile -t files < <(find "$src/Sources/$t" -name '*.swift' -type f | LC_ALL=C sort)
    echo "==> [$plat] $t (${#files[@]} files)"
    log="$pw/$t.log"
    swiftc -emit-sil -o /dev/null -wmo -Xllvm -sil-disable-pass=os-log-optimization "${base[@]}" \
      -module-name "$t" "${files[@]}" >"$log" 2>&1 || true
    # paths back to the package's; os_log's folding artefact is the kit's (its PATCHES.md K1)
    # and "in iOS" is the platform's (versions: tvOS N = iOS N, watchOS N = iOS N+7, visionOS N = iOS N+16)
    sed -e "s|$src/||g" -e "s/is unavailable in iOS/is unavailable in $plat/" \
      -e "s/available in iOS \([0-9.]*\) or newer/available in iOS \1 or newer (pseudo-SDK version for $plat)/" "$log" |
      grep -v "globalStringTablePointer builtin must be used only on string literals" |
      grep -E "^([^ :]+:[0-9]+:[0-9]+: )?(error|warning): " | LC_ALL=C sort -u >"$log.diag" || true
    cat "$log.diag"
    e=$(grep -c ": error: \|^error: " "$log.diag" || true)
    w=$(grep -c ": warning: \|^warning: " "$log.diag" || true)
    total_errors=$((total_errors + e))
    total_warnings=$((total_warnings + w))
    summary+=("$(printf '%-44s %3d error(s) %3d warning(s)' "[$plat] $t" "$e" "$w")")
    swiftc -emit-module -wmo "${base[@]}" -module-name "$t" -emit-module-path "$pw/modules/$t.swiftmodule" \
      -Xfrontend -experimental-skip-all-function-bodies -Xfrontend -experimental-allow-module-with-compiler-errors \
      "${files[@]}" >"$pw/$t.emit.log" 2>&1 || echo "   note: could not emit $t for the targets that import it ($pw/$t.emit.log)"
  done
done

echo
echo "== summary (pseudo SDKs from the iOS 17.0 SDK; xrOS = visionOS)"
for line in "${summary[@]}"; do echo "  $line"; done
echo "  total: $total_errors error(s), $total_warnings warning(s); name audit: $([ $audit_status = 0 ] && echo clean || echo FINDINGS)"
[ "$total_errors" -eq 0 ] && [ "$total_warnings" -eq 0 ] && [ "$audit_status" -eq 0 ]
