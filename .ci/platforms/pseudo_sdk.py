#!/usr/bin/env python3
"""Make a "pseudo" SDK for tvOS, watchOS or visionOS out of the iOS 17.0 SDK.

    pseudo_sdk.py IOS_SDK OUT_SDK tvOS|watchOS|xrOS [MODULES WORKDIR RESOURCE_DIR]

There are no tvOS, watchOS or visionOS SDKs here, but the iOS SDK's Swift interfaces
carry every platform's availability: `@available(iOS 13.0, tvOS 17.0, watchOS 8.0, *)`,
`@available(tvOS, unavailable)`, … This copies the SDK and rewrites the availability
attributes of every .swiftinterface so that the compiler, targeting iOS 17.0, applies
the chosen platform's availability instead of iOS's:

- the platform's entries become iOS entries, versions mapped to the iOS release of the
  same year (tvOS N -> iOS N, watchOS N -> iOS N+7, visionOS N -> iOS N+16), so the
  deployment targets tvOS 17 / watchOS 10 / visionOS 1 all become iOS 17.0;
- iOS's own entries are dropped where the platform has one; where it has none (`*`
  covers it) they are kept, which says the same at iOS 17.0; `@available(iOS,
  unavailable)` is dropped for tvOS and watchOS and kept for visionOS, which inherits
  iOS availability where a declaration says nothing about xrOS/visionOS.

Each interface's own unannotated API is checked against its deployment target
(`-target-min-inlining-version target`), not against the platform's first release.

With MODULES (comma-separated), WORKDIR and RESOURCE_DIR it then builds those modules
from the pseudo SDK and, where the iOS interfaces use in a declaration a type the
remapping made unavailable (UIKit's `extension UINavigationItemRenameDelegate` on
tvOS: the tvOS SDK has no such extension), marks that declaration unavailable too,
until the modules build (exit status 1 if they never do).

Objective-C headers are left alone: the C API (Foundation's classes, UIKit) is still
iOS's; availability_audit.py covers those. Everything else about the platforms (which
frameworks exist, what `canImport` answers) is the caller's business.
"""

import os
import re
import shutil
import sys

ATTR = re.compile(r"(@available|@_spi_available|@_originallyDefinedIn|@_backDeploy|@backDeployed|#available|"
                  r"#unavailable)\(")
PLATFORM_ALIASES = {"xrOS": ("xrOS", "visionOS"), "tvOS": ("tvOS",), "watchOS": ("watchOS",)}
OFFSET = {"tvOS": 0, "watchOS": 7, "xrOS": 16}


def map_version(v, target):
    parts = v.split(".")
    parts[0] = str(int(parts[0]) + OFFSET[target])
    return ".".join(parts)


def split_args(text):
    args, depth, cur, quote = [], 0, "", False
    for ch in text:
        if ch == '"' and not cur.endswith("\\"):
            quote = not quote
        if not quote:
            if ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
            elif ch == "," and depth == 0:
                args.append(cur)
                cur = ""
                continue
        cur += ch
    args.append(cur)
    return args


def platform_of(name, target):
    """('ios'|'target'|'other', suffix) for a platform name, suffix 'ApplicationExtension' or ''."""
    suffix = "ApplicationExtension" if name.endswith("ApplicationExtension") else ""
    base = name[: len(name) - len(suffix)] if suffix else name
    if base == "iOS":
        return "ios", suffix
    if base in PLATFORM_ALIASES[target]:
        return "target", suffix
    return "other", suffix


def transform(kind, inner, target):
    """The new text of one attribute `kind(inner)`: None to keep it, '' to drop it."""
    args = [a.strip() for a in split_args(inner)]
    first = args[0]
    if kind == "@_originallyDefinedIn":
        # Mangling (and so `@_opaqueReturnTypeOf` names) needs it; its iOS version must
        # not be older than the remapped availability of the declaration.
        moved = re.sub(r"(iOS(?:ApplicationExtension)?)\s+[\d.]+", r"\1 99.0", inner)
        return f"{kind}({moved})"
    if kind in ("@_backDeploy", "@backDeployed") or first in ("*", "swift", "_PackageDescription"):
        return None
    # named form: @available(tvOS, unavailable), @available(iOS, introduced: 13.0, deprecated: …)
    if re.fullmatch(r"[A-Za-z]+", first):
        which, suffix = platform_of(first, target)
        if which == "ios":  # visionOS inherits iOS's; tvOS and watchOS do not
            return None if target == "xrOS" else ""
        if which == "other":
            return None
        out = ["iOS" + suffix]
        for a in args[1:]:
            m = re.match(r"(introduced|deprecated|obsoleted)\s*:\s*([\d.]+)$", a)
            out.append(f"{m.group(1)}: {map_version(m.group(2), target)}" if m else a)
        return f"{kind}({', '.join(out)})"
    # short form: `iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *`
    entries = [re.match(r"([A-Za-z]+)\s+([\d.]+)$", a) for a in args]
    has_target = any(m and platform_of(m.group(1), target)[0] == "target" for m in entries)
    out = []
    for a, m in zip(args, entries):
        if not m:
            out.append(a)
            continue
        which, suffix = platform_of(m.group(1), target)
        if which == "target":
            out.append(f"iOS{suffix} {map_version(m.group(2), target)}")
        elif which == "other" or not has_target:
            # no entry for the platform: `*` covers it, no constraint. Keeping iOS's entry
            # says the same here (nothing in this SDK is newer than the deployment target,
            # iOS 17.0) and keeps @_originallyDefinedIn consistent.
            out.append(a)
    return f"{kind}({', '.join(out)})"


def rewrite(text, target):
    out, i = [], 0
    for m in ATTR.finditer(text):
        if m.start() < i:
            continue
        depth, j = 1, m.end()
        while depth and j < len(text):
            if text[j] == "(":
                depth += 1
            elif text[j] == ")":
                depth -= 1
            j += 1
        inner = text[m.end(): j - 1]
        new = transform(m.group(1), inner, target)
        out.append(text[i: m.start()])
        out.append(text[m.start(): j] if new is None else new)
        i = j
    out.append(text[i:])
    return "".join(out)


def main(src, dst, target):
    if os.path.exists(dst):
        shutil.rmtree(dst)
    shutil.copytree(src, dst, symlinks=True)
    count = 0
    for folder, _, files in os.walk(dst):
        for name in files:
            path = os.path.join(folder, name)
            if name.endswith(".swiftinterface") and not os.path.islink(path):
                text = open(path, encoding="utf-8").read()
                new = rewrite(text, target)
                # The interface's own deployment target must not be older than the
                # remapped availability of what it uses (watchOS 2 -> iOS 9, …).
                new = re.sub(r"(// swift-module-flags:.*-target arm64e?-apple-ios)[\d.]+", r"\g<1>17.0", new)
                # …and its unannotated public API is checked against that target, not
                # against the platform's first release (tvOS 9.0 becomes iOS 9.0 > iOS 2.0).
                new = re.sub(r"(// swift-module-flags:)", r"\1 -target-min-inlining-version target", new, count=1)
                if new != text:
                    open(path, "w", encoding="utf-8").write(new)
                    count += 1
    print(f"{dst}: {count} interfaces rewritten for {target}")


# ---------------------------------------------------------------- fixpoint
# The iOS interfaces use, in declarations the platform's SDK would not have at all, types
# that the remapping made unavailable (UIKit's `extension UINavigationItemRenameDelegate`
# on tvOS). Building the modules then fails; each such declaration is marked unavailable
# (or given the availability the compiler asks for), until the modules build.
DECL_START = re.compile(r"^\s*(@|public\b|open\b|final\b|static\b|class\b|func\b|var\b|let\b|init\b|extension\b|"
                        r"struct\b|enum\b|protocol\b|typealias\b|subscript\b|case\b|nonisolated\b|mutating\b|"
                        r"override\b|convenience\b|required\b|indirect\b|associatedtype\b|actor\b)")


def fixpoint(sdk, modules, workdir, resource_dir, max_rounds=15):
    import subprocess
    probe = os.path.join(workdir, "fixpoint-probe.swift")
    with open(probe, "w") as f:
        f.write("".join(f"import {m}\n" for m in modules))
    for round_ in range(max_rounds):
        cache = os.path.join(workdir, "module-cache")  # rebuilt where an interface changed
        cmd = ["swiftc", "-typecheck", "-target", "arm64-apple-ios17.0", "-sdk", sdk, "-resource-dir", resource_dir,
               "-module-cache-path", cache, "-swift-version", "6", "-diagnostic-style", "llvm", probe]
        out = subprocess.run(cmd, capture_output=True, text=True).stderr
        edits = {}
        for m in re.finditer(r"^(/[^:\n]+\.swiftinterface):(\d+):\d+: error: (.*)$", out, flags=re.M):
            path, line, msg = m.group(1), int(m.group(2)), m.group(3)
            if "is unavailable in iOS" in msg:
                attr = "@available(iOS, unavailable)"
            else:
                v = re.search(r"is only available in iOS ([\d.]+) or newer", msg)
                if not v:
                    continue
                attr = f"@available(iOS {v.group(1)}, *)"
            edits.setdefault(path, {})[line] = attr
        if not edits:
            errors = [l for l in out.splitlines() if ": error:" in l]
            print(f"fixpoint: round {round_}: {len(errors)} other errors")
            for l in errors[:20]:
                print("   ", l)
            return not errors
        n = 0
        for path, lines in edits.items():
            text = open(path, encoding="utf-8").read().split("\n")
            for line, attr in sorted(lines.items()):
                i = line - 1
                while i > 0 and not DECL_START.match(text[i]):
                    i -= 1
                if attr not in text[i]:
                    indent = re.match(r"\s*", text[i]).group(0)
                    text[i] = indent + attr + " " + text[i][len(indent):]
                    n += 1
            open(path, "w", encoding="utf-8").write("\n".join(text))
        print(f"fixpoint: round {round_}: {n} declarations marked in {len(edits)} interfaces")
    return False


if __name__ == "__main__":
    main(*sys.argv[1:4])
    if len(sys.argv) > 5:  # MODULES WORKDIR RESOURCE_DIR: mark what the modules need to build
        ok = fixpoint(sys.argv[2], sys.argv[4].split(","), sys.argv[5], sys.argv[6])
        sys.exit(0 if ok else 1)
