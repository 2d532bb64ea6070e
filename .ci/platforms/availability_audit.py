#!/usr/bin/env python3
"""Which Apple API our Swift sources use, and where Apple's iOS 17.0 SDK says it is
unavailable (or introduced later) on tvOS 17, watchOS 10 and visionOS 1.

    availability_audit.py SDK_ROOT SOURCE_DIR...  [--all]
    availability_audit.py SDK_ROOT --lookup NAME...      (every declaration of NAME)

SDK_ROOT is the iOS SDK (…/iPhoneOS17.0.sdk). Its Swift interfaces (SwiftUI, Foundation,
UIKit, Observation, CoreTransferable, …) carry `@available` per platform, tvOS, watchOS
and xrOS (visionOS) included; its Objective-C headers carry API_AVAILABLE /
API_UNAVAILABLE, and apinotes map C names to Swift names.

Method: every identifier of our sources after a `.` (members, modifiers, enum cases)
and every capitalized identifier (types) is looked up by name in an index of the SDK's
declarations; the effective availability of each declaration is its own attributes
plus those of the types and extensions around it. visionOS inherits iOS availability
where a declaration says nothing about xrOS, as the compiler does. Each use is also
evaluated against the `#if` conditions around it (os(...), canImport(...)) for each
platform, so a use inside `#if !os(tvOS)` does not count for tvOS.

Name lookup cannot tell overloads apart: a name whose declarations are all unavailable
on a platform is a FINDING; a name where only some overloads are is listed under
REVIEW, to be read by hand (most are unrelated overloads). Exit status 1 when there is
a finding.
"""

import os
import re
import sys
from collections import defaultdict

PLATFORMS = {"tvOS": (17, 0), "watchOS": (10, 0), "xrOS": (1, 0)}
SWIFT_NAME = {"tvOS": "tvOS", "watchOS": "watchOS", "xrOS": "visionOS"}
CLANG = {"ios": "iOS", "tvos": "tvOS", "watchos": "watchOS", "xros": "xrOS", "visionos": "xrOS",
         "macos": "macOS", "macosx": "macOS", "maccatalyst": "macCatalyst"}
# What `canImport` answers on each platform (the frameworks this package may touch).
CAN_IMPORT = {
    "tvOS": {"SwiftUI", "UIKit", "Foundation", "Observation", "CoreGraphics", "Darwin", "Combine", "OSLog",
             "CoreTransferable", "UniformTypeIdentifiers", "Network"},
    "watchOS": {"SwiftUI", "UIKit", "WatchKit", "Foundation", "Observation", "CoreGraphics", "Darwin", "Combine",
                "OSLog", "CoreTransferable", "UniformTypeIdentifiers", "EventKit", "Network"},
    "xrOS": {"SwiftUI", "UIKit", "Foundation", "Observation", "CoreGraphics", "Darwin", "Combine", "OSLog",
             "CoreTransferable", "UniformTypeIdentifiers", "EventKit", "Network"},
}
DEFINES = {"DEBUG", "SWIFT_PACKAGE"}
SWIFT_FRAMEWORKS = ["SwiftUI", "Foundation", "UIKit", "Observation", "CoreTransferable", "UniformTypeIdentifiers",
                    "Combine", "EventKit", "OSLog", "CoreGraphics", "Network"]
OBJC_FRAMEWORKS = ["Foundation", "UIKit", "EventKit", "CoreGraphics", "CFNetwork"]


def version(text):
    parts = [int(p) for p in re.findall(r"\d+", text)[:2]]
    return tuple(parts + [0] * (2 - len(parts)))


# ---------------------------------------------------------------- availability values
class Avail:
    """Per platform: None (no constraint), ("unavailable",), or ("introduced", (major, minor))."""

    def __init__(self):
        self.p = {}

    def add(self, platform, value):
        old = self.p.get(platform)
        if old == ("unavailable",) or value is None:
            return
        if value == ("unavailable",) or old is None or value[1] > old[1]:
            self.p[platform] = value

    def merged(self, other):
        out = Avail()
        for src in (self, other):
            for k, v in src.p.items():
                out.add(k, v)
        return out

    def on(self, platform):
        """The availability on `platform`, with visionOS inheriting from iOS."""
        if platform == "xrOS" and "xrOS" not in self.p and "iOS" in self.p:
            ios = self.p["iOS"]
            if ios == ("unavailable",):
                return ios
            # visionOS 1.0 shipped with iOS 17's API; later iOS releases map to later visionOS.
            major, minor = ios[1]
            return ("introduced", (1, 0)) if (major, minor) <= (17, 0) else ("introduced", (major - 16, minor))
        return self.p.get(platform)


AVAILABLE_RE = re.compile(r"@(?:_spi_)?available\(([^()]*(?:\([^()]*\)[^()]*)*)\)")


def parse_swift_attrs(text):
    av = Avail()
    for m in AVAILABLE_RE.finditer(text):
        args = [a.strip() for a in re.sub(r'"(?:[^"\\]|\\.)*"', '""', m.group(1)).split(",")]
        head = args[0]
        if head in ("*", "swift", "_PackageDescription"):
            if head == "*" and "unavailable" in args[1:]:
                av.add("*", ("unavailable",))
            continue
        named = len(args) > 1 and (":" in args[1] or args[1] in ("unavailable", "deprecated"))
        if " " not in head and (named or len(args) == 1):
            plat = head.replace("ApplicationExtension", "")
            if "unavailable" in args[1:]:
                av.add(plat, ("unavailable",))
            for a in args[1:]:
                if a.startswith("introduced:"):
                    av.add(plat, ("introduced", version(a.split(":", 1)[1])))
            continue
        for a in args:
            m2 = re.match(r"(\w+)\s+([\d.]+)$", a)
            if m2:
                av.add(m2.group(1).replace("ApplicationExtension", ""), ("introduced", version(m2.group(2))))
    return av


def parse_clang_attrs(text):
    av = Avail()
    for m in re.finditer(r"\b(API_AVAILABLE|API_UNAVAILABLE|API_DEPRECATED(?:_WITH_REPLACEMENT)?|"
                         r"NS_AVAILABLE_IOS|NS_CLASS_AVAILABLE_IOS|__IOS_AVAILABLE|__TVOS_AVAILABLE|"
                         r"__WATCHOS_AVAILABLE|__TVOS_PROHIBITED|__WATCHOS_PROHIBITED|__IOS_PROHIBITED|"
                         r"__TVOS_UNAVAILABLE|__WATCHOS_UNAVAILABLE|__IOS_UNAVAILABLE)\b"
                         r"(\((?:[^()]|\([^()]*\))*\))?", text):
        name, args = m.group(1), (m.group(2) or "")[1:-1]
        if name == "API_UNAVAILABLE":
            for p in re.findall(r"\w+", args):
                if p in CLANG:
                    av.add(CLANG[p], ("unavailable",))
        elif name.startswith("API_AVAILABLE") or name.startswith("API_DEPRECATED"):
            for p, v in re.findall(r"\b(\w+)\(([\d.]+)", args):
                if p in CLANG:
                    av.add(CLANG[p], ("introduced", version(v)))
        elif name.endswith("PROHIBITED") or name.endswith("_UNAVAILABLE"):
            plat = {"__TVOS": "tvOS", "__WATCHOS": "watchOS", "__IOS": "iOS"}[name.rsplit("_", 1)[0]]
            av.add(plat, ("unavailable",))
        elif name == "__TVOS_AVAILABLE":
            av.add("tvOS", ("introduced", version(args)))
        elif name == "__WATCHOS_AVAILABLE":
            av.add("watchOS", ("introduced", version(args)))
        elif name in ("NS_AVAILABLE_IOS", "NS_CLASS_AVAILABLE_IOS", "__IOS_AVAILABLE"):
            av.add("iOS", ("introduced", version(args)))
    return av


# ---------------------------------------------------------------- SDK index
class Decl:
    def __init__(self, name, kind, av, where, container):
        self.name, self.kind, self.av, self.where, self.container = name, kind, av, where, container


INDEX = defaultdict(list)

SWIFT_DECL = re.compile(
    r"^\s*(?:(?:@\w+(?:\([^)]*\))?|public|open|final|static|class|nonisolated|mutating|override|"
    r"convenience|required|indirect|dynamic|optional|weak|unowned|lazy|consuming|borrowing|"
    r"__consuming|package|(?:private|internal)\(set\))\s+)*"
    r"(func|var|let|struct|class|enum|protocol|extension|typealias|init|subscript|case|"
    r"associatedtype|actor|macro)\b\s*[?!]?\s*(`?[\w.]+`?|[^\s(<:]+)?")


def strip_strings(line):
    return re.sub(r'"(?:[^"\\]|\\.)*"', '""', line)


def index_swiftinterface(path, module):
    stack = []  # (depth at which the scope opened, Avail, container name)
    depth = 0
    pending = ""
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.readlines()
    for lineno, raw in enumerate(lines, 1):
        line = strip_strings(raw.rstrip("\n"))
        s = line.strip()
        if s.startswith("#") or s.startswith("//") or not s:
            continue
        m = SWIFT_DECL.match(line)
        decl_text = pending + " " + line
        if m and depth == (stack[-1][0] if stack else 0):
            kind, name = m.group(1), (m.group(2) or "").strip("`")
            own = parse_swift_attrs(decl_text)
            outer = stack[-1][1] if stack else Avail()
            av = own.merged(outer)
            container = stack[-1][2] if stack else ""
            if kind == "init":
                name = "init"
            if kind == "case":
                for case_name in re.findall(r"(?:case|,)\s*`?(\w+)`?", line):
                    INDEX[case_name].append(Decl(case_name, kind, av, f"{module}:{lineno}", container))
            elif kind == "extension":
                pass
            elif name:
                INDEX[name.split(".")[-1]].append(Decl(name.split(".")[-1], kind, av, f"{module}:{lineno}", container))
            pending = ""
            opens, closes = line.count("{"), line.count("}")
            if opens > closes and kind in ("struct", "class", "enum", "protocol", "extension", "actor"):
                scope_name = name.split(".")[-1] if kind != "extension" else name.split(".")[-1]
                stack.append((depth + 1, av, scope_name))
            depth += opens - closes
        else:
            if re.match(r"^\s*@", line) and "{" not in line and depth == (stack[-1][0] if stack else 0):
                pending += " " + line
            else:
                pending = ""
            depth += line.count("{") - line.count("}")
        while stack and depth < stack[-1][0]:
            stack.pop()


def index_objc_header(path, module, swift_names):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    class_av = Avail()
    container = ""
    for stmt in re.split(r";|\n(?=@end)", text):
        if stmt.startswith("@end"):
            class_av, container = Avail(), ""
            stmt = stmt[4:]
        m = re.search(r"@(interface|protocol)\s+(\w+)[^\n]*", stmt)
        if m:
            container = m.group(2)
            # the class's own attributes: the lines before @interface and its own line
            class_av = parse_clang_attrs(stmt[: m.end()])
            INDEX[swift_names.get(container, container)].append(
                Decl(container, "class", class_av, f"{module}:{os.path.basename(path)}", ""))
            stmt = stmt[m.end():]
        s = " ".join(stmt.split())
        av = parse_clang_attrs(s).merged(class_av)
        m = re.search(r"@property\s*(?:\([^)]*\))?\s*[^;]*?\b(\w+)\s*(?:API_|NS_|__|$)", s)
        names = []
        if m:
            names.append(m.group(1))
        m = re.match(r"[-+]\s*\([^)]*\)\s*(\w+)", s)
        if m:
            names.append(m.group(1))
        m = re.search(r"\b(?:extern|UIKIT_EXTERN|FOUNDATION_EXPORT|EVENTKIT_EXTERN)\b[^;]*?\b(\w+)\s*(?:API_|NS_|__|$)", s)
        if m:
            names.append(m.group(1))
        m = re.search(r"NS_(?:ENUM|OPTIONS|CLOSED_ENUM|ERROR_ENUM)\(\s*\w+\s*,\s*(\w+)\)", s)
        if m:
            names.append(m.group(1))
        m = re.search(r"NS_(?:ENUM|OPTIONS|CLOSED_ENUM|ERROR_ENUM)\(\s*\w+\s*,\s*(\w+)\)\s*\{([^}]*)\}", s)
        if m:  # the cases, named as Swift imports them (the type's name as prefix dropped)
            enum = swift_names.get(m.group(1), m.group(1))
            for case in re.finditer(r"(?:^|,)\s*(\w+)([^,]*)", m.group(2)):
                name = case.group(1)
                short = name[len(m.group(1)):] if name.startswith(m.group(1)) else name
                if short:
                    swift = swift_names.get(name, lower_camel(short))
                    INDEX[swift.split(".")[-1]].append(Decl(swift, "case", parse_clang_attrs(case.group(2)).merged(av),
                                                            f"{module}:{os.path.basename(path)}", enum))
        sw = re.search(r"NS_SWIFT_NAME\(([\w.]+)", s)
        if not sw:  # a method's Swift base name, roughly: `requestFullAccessToRemindersWithCompletion:`
            names += [re.split(r"(?<=[a-z])(?:With|For|From|To)(?=[A-Z])", n)[0] for n in names]
            names += [lower_camel(n) for n in names if n[:2].isupper()]
        for n in names:
            swift = sw.group(1) if sw else swift_names.get(n, n)
            INDEX[swift.split(".")[-1]].append(Decl(swift, "objc", av, f"{module}:{os.path.basename(path)}", container))
            if swift.split(".")[-1] != n:
                INDEX[n].append(Decl(n, "objc", av, f"{module}:{os.path.basename(path)}", container))


def lower_camel(name):
    """`CGRectValue` -> `cgRectValue`, `FullAccess` -> `fullAccess`, `URL` -> `url`."""
    m = re.match(r"[A-Z]+", name)
    if not m:
        return name
    run = m.group(0)
    if len(run) > 1 and len(name) > len(run) and name[len(run)].islower():
        run = run[:-1]
    return run.lower() + name[len(run):]


def apinotes_names(path):
    names = {}
    name = None
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = re.match(r"\s*-?\s*Name:\s*(\S+)", line)
            if m:
                name = m.group(1)
            m = re.match(r"\s*SwiftName:\s*'?([^'\s]+)", line)
            if m and name:
                names.setdefault(name, m.group(1).split("(")[0])  # the first: later ones are for old Swift versions
    return names


def build_index(sdk):
    fw = os.path.join(sdk, "System/Library/Frameworks")
    for module in SWIFT_FRAMEWORKS:
        d = os.path.join(fw, f"{module}.framework/Modules/{module}.swiftmodule")
        if os.path.isdir(d):
            for n in os.listdir(d):
                if n.startswith("arm64") and n.endswith(".swiftinterface"):
                    index_swiftinterface(os.path.join(d, n), module)
                    break
    for module in OBJC_FRAMEWORKS:
        h = os.path.join(fw, f"{module}.framework/Headers")
        if not os.path.isdir(h):
            continue
        notes = os.path.join(h, f"{module}.apinotes")
        swift_names = apinotes_names(notes) if os.path.exists(notes) else {}
        for n in sorted(os.listdir(h)):
            if n.endswith(".h"):
                index_objc_header(os.path.join(h, n), module, swift_names)


# ---------------------------------------------------------------- our sources
def strip_swift(text):
    """Comments and string literal contents removed, line structure kept."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j
        elif text[i] == '"':
            j = i + 1
            depth = 0
            while j < n and text[j] != "\n":
                if text[j] == "\\":
                    if text.startswith("\\(", j):
                        depth += 1
                        out.append(" ")
                    j += 2
                    continue
                if depth and text[j] == ")":
                    depth -= 1
                elif depth:
                    out.append(text[j])
                elif text[j] == '"':
                    break
                j += 1
            out.append('""')
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def evaluate(cond, platform):
    expr = cond
    expr = re.sub(r"os\((\w+)\)", lambda m: str(m.group(1) == SWIFT_NAME[platform] or
                                              (platform == "xrOS" and m.group(1) == "xrOS")), expr)
    expr = re.sub(r"canImport\((\w+)[^)]*\)", lambda m: str(m.group(1) in CAN_IMPORT[platform]), expr)
    expr = re.sub(r"arch\(\w+\)|compiler\([^)]*\)|swift\([^)]*\)", "True", expr)
    expr = re.sub(r"targetEnvironment\(\w+\)", "False", expr)
    expr = re.sub(r"\b([A-Za-z_]\w*)\b", lambda m: m.group(1) if m.group(1) in ("True", "False") else
                  "True" if m.group(1) == "true" else "False" if m.group(1) == "false" else
                  str(m.group(1) in DEFINES), expr)
    expr = expr.replace("&&", " and ").replace("||", " or ").replace("!", " not ")
    return bool(eval(expr))


def active_lines(lines, platform):
    """For each line, whether it is compiled on `platform`."""
    result, stack = [], []  # stack of (this branch active, some branch taken, parent active)
    for line in lines:
        s = line.strip()
        parent = stack[-1][0] if stack else True
        if s.startswith("#if "):
            on = parent and evaluate(s[4:], platform)
            stack.append([on, on, parent])
            result.append(False)
            continue
        if s.startswith("#elseif "):
            top = stack[-1]
            on = top[2] and not top[1] and evaluate(s[8:], platform)
            top[0], top[1] = on, top[1] or on
            result.append(False)
            continue
        if s == "#else" or s.startswith("#else "):
            top = stack[-1]
            top[0], top[1] = top[2] and not top[1], True
            result.append(False)
            continue
        if s.startswith("#endif"):
            stack.pop()
            result.append(False)
            continue
        result.append(parent)
    return result


TOKEN = re.compile(r"(\.\s*)?(?<![\w$])([A-Za-z_]\w*)")
KEYWORDS = set("""if else for in while return let var func struct class enum case switch default guard
import init self Self true false nil try await async throws throw some any where public private
internal fileprivate static extension protocol do catch break continue typealias inout is as
package nonisolated isolated consuming borrowing super repeat defer fallthrough get set""".split())


def source_uses(paths):
    uses = defaultdict(list)  # name -> [(file, line, {platform: compiled})]
    for root in paths:
        for folder, _, files in os.walk(root):
            for name in sorted(files):
                if not name.endswith(".swift") or name == "Package.swift":
                    continue
                path = os.path.join(folder, name)
                raw = open(path, encoding="utf-8").read()
                lines = strip_swift(raw).split("\n")
                active = {p: active_lines(lines, p) for p in PLATFORMS}
                for i, line in enumerate(lines):
                    if line.strip().startswith("#") or re.match(r"\s*import\b", line):
                        continue
                    for m in TOKEN.finditer(line):
                        dot, ident = m.group(1), m.group(2)
                        if ident in KEYWORDS:
                            continue
                        if not dot and not ident[0].isupper() and not re.match(r"\s*[({]", line[m.end():]):
                            continue
                        uses[ident].append((path, i + 1, {p: active[p][i] for p in PLATFORMS}))
    return uses


def problem(av, platform):
    v = av.on(platform)
    if v is None:
        return None
    if v == ("unavailable",):
        return "unavailable"
    if v[1] > PLATFORMS[platform]:
        return "introduced %d.%d" % v[1]
    return None


TYPE_KINDS = ("struct", "class", "enum", "protocol", "actor", "typealias")


def container_gone(container, platform, uses):
    container = container.split(".")[-1]
    if not container or container in uses:
        return False
    types = [d for d in INDEX.get(container, []) if d.kind in TYPE_KINDS + ("objc", "class")]
    return bool(types) and all(problem(d.av, platform) for d in types)


def lookup(names):
    for name in names:
        for d in INDEX.get(name, []):
            print(f"{d.container + '.' if d.container else ''}{d.name} [{d.kind}] {d.where}: " +
                  ", ".join(f"{SWIFT_NAME[p]} {problem(d.av, p) or 'ok'}" for p in PLATFORMS))


def main(argv):
    show_all = "--all" in argv
    args = [a for a in argv if not a.startswith("--")]
    sdk, roots = args[0], args[1:]
    build_index(sdk)
    if "--lookup" in argv:
        lookup(roots)
        return 0
    uses = source_uses(roots)
    own = set()
    for root in roots:  # names our own code declares shadow the SDK's (ChatView, Message, …)
        for folder, _, files in os.walk(root):
            for n in files:
                if n.endswith(".swift"):
                    text = strip_swift(open(os.path.join(folder, n), encoding="utf-8").read())
                    own.update(re.findall(r"\b(?:struct|class|enum|protocol|actor|typealias|func|var|let)\s+`?(\w+)", text))
                    own.update(re.findall(r"[(,]\s*(?:_\s+)?(\w+)\s*:", text))  # parameters and labels
                    for cases in re.findall(r"\bcase\s+([^:=\n]+)", text):
                        own.update(re.findall(r"^\s*`?(\w+)|,\s*`?(\w+)", cases) and
                                   [n for pair in re.findall(r"(?:^|,)\s*`?(\w+)", cases) for n in [pair]])
    findings, review = [], []
    for name in sorted(uses):
        decls = [d for d in INDEX.get(name, []) if d.av.p.get("*") != ("unavailable",)]
        if not decls:
            continue
        for platform in PLATFORMS:
            sites = [(f, l) for f, l, on in uses[name] if on[platform]]
            if not sites:
                continue
            # A member of a type that is itself unavailable on the platform is reachable
            # only through that type, which is then reported on its own: leave it out.
            decls_p = [d for d in decls if not container_gone(d.container, platform, uses)]
            if not decls_p:
                continue
            bad = [(d, problem(d.av, platform)) for d in decls_p]
            bad = [(d, why) for d, why in bad if why]
            if not bad:
                continue
            entry = (name, SWIFT_NAME[platform], bad, decls, sites)
            entry = (name, SWIFT_NAME[platform], bad, decls_p, sites)
            if len(bad) == len(decls_p) and name not in own:
                findings.append(entry)
            else:
                review.append(entry)
    cwd = os.getcwd() + os.sep

    def show(entries, title, limit):
        print(f"== {title}: {len(entries)}")
        for name, platform, bad, decls, sites in entries:
            reasons = sorted({f"{why} ({d.container + '.' if d.container else ''}{d.name} {d.where})" for d, why in bad})
            print(f"{name} on {platform}: {len(bad)} of {len(decls)} declarations: " + "; ".join(reasons[:limit]) +
                  (" …" if len(reasons) > limit else ""))
            for f, l in sites[: (50 if show_all else 6)]:
                print(f"    {f.replace(cwd, '')}:{l}")
            if len(sites) > 6 and not show_all:
                print(f"    … {len(sites) - 6} more")

    show(findings, "FINDINGS (every declaration of the name is unavailable or later on the platform)", 4)
    if show_all:
        show(review, "REVIEW (some overloads only)", 6)
    else:
        print(f"== REVIEW (some overloads only): {len(review)} (run with --all to list)")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
