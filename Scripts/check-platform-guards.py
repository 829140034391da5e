#!/usr/bin/env python3
"""Every target builds on Linux, macOS and iOS by construction: nothing declared under a platform
`#if` is used outside a matching one.

1. Lists each declaration (a type, a typealias, or a top-level function, constant or variable)
   made under a platform condition (`os(...)`, `canImport(...)`, `targetEnvironment(...)`,
   `arch(...)`) in the package's Swift files, with the conditions it is under. A name declared
   under a condition in one place and under its opposite (`#else`) or no condition in another is
   available everywhere and not listed.
2. Lists every use of those names in Swift files and in the Swift code blocks of the DocC articles
   and README.md (but for the blocks copied from compiled snippets, whose sources are checked
   where they are compiled), and fails for each use whose conditions don't include the declaration's (a use
   under `os(Linux)` matches a declaration under `os(Linux) || os(macOS)`).
3. Fails for each `import` of a module that Package.swift links on some platforms only
   (`condition: .when(platforms: [...])`) made outside `#if canImport(Module)` or the platform's
   `#if os(...)`.

`python3 Scripts/check-platform-guards.py [--list]`: prints the failures (file:line, name, what
the use is under and what it needs), or with --list every guarded declaration and its uses too.
Exits 1 on any failure. `--self-test` checks the checker on a small package of known mistakes.
Both run in `.ci/run`.
"""

import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDERS = ["Sources", "Tests", "Examples", "Benchmarks", "Generator", "Plugins", "Snippets", "Fuzz"]
PLATFORM_ATOM = re.compile(r"\b(os|canImport|targetEnvironment|arch)\(")
DIRECTIVE = re.compile(r"^\s*#(if|elseif|else|endif)\b\s*(.*?)\s*(//.*)?$")
DECLARATION = re.compile(
    r"^(?P<indent>\s*)(?:@[\w.]+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|internal|private|fileprivate|package|open|final|static|nonisolated|indirect|"
    r"(?:private|fileprivate|public|internal|package)\(set\))\s+)*"
    r"(?P<kind>class|struct|enum|protocol|actor|typealias|func|var|let)\s+(?P<name>[A-Za-z_]\w*)")
IMPORT = re.compile(r"^\s*(?:@\w+\s+)?import\s+(?:(?:struct|class|enum|func|protocol)\s+)?(\w+)")
IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
SWIFT_BLOCK = re.compile(r"^\s*```swift\s*$")
FENCE = re.compile(r"^\s*```\s*$")
# A block under this marker is a compiled snippet's copy (Scripts/docs.py): its source is checked.
SNIPPET_MARKER = re.compile(r"^<!-- snippet: [a-z0-9-]+ -->\s*$")


def swift_files():
    for folder in FOLDERS:
        for path in glob.glob(os.path.join(ROOT, folder, "**", "*.swift"), recursive=True):
            if "/.build" not in path and "/Fixtures/" not in path:
                yield path


def article_files():
    if os.path.exists(os.path.join(ROOT, "README.md")):
        yield os.path.join(ROOT, "README.md")
    for path in glob.glob(os.path.join(ROOT, "**", "*.docc", "**", "*.md"), recursive=True):
        if "/.build" not in path:
            yield path


def code_lines(path):
    """(line number, text) of the Swift code in `path`: all of a .swift file, the ```swift blocks of
    an article."""
    with open(path, encoding="utf-8") as file:
        lines = file.read().split("\n")
    if path.endswith(".swift"):
        return list(enumerate(lines, 1))
    code, inside, snippet = [], False, False
    for number, line in enumerate(lines, 1):
        if inside and FENCE.match(line):
            inside = False
        elif inside and not snippet:
            code.append((number, line))
        elif not inside and SWIFT_BLOCK.match(line):
            inside, snippet = True, number > 1 and SNIPPET_MARKER.match(lines[number - 2]) is not None
    return code


def without_comments_and_strings(line):
    """The line's code: string literals emptied, a `//` comment dropped."""
    line = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line)
    return line.split("//", 1)[0]


def is_platform(condition):
    return bool(PLATFORM_ATOM.search(condition))


def negate(condition):
    condition = condition.strip()
    if condition.startswith("!") and re.fullmatch(r"!\w+\([^()]*\)", condition):
        return condition[1:]
    return "!(" + condition + ")" if re.search(r"[&|]", condition) else "!" + condition


def atoms(condition):
    """A condition split at top-level `&&` into the parts that each must hold."""
    depth, part, parts = 0, "", []
    index = 0
    while index < len(condition):
        char = condition[index]
        depth += char == "("
        depth -= char == ")"
        if depth == 0 and condition.startswith("&&", index):
            parts.append(part.strip())
            part, index = "", index + 2
            continue
        part += char
        index += 1
    parts.append(part.strip())
    cleaned = []
    for atom in parts:
        while atom.startswith("(") and atom.endswith(")") and balanced(atom[1:-1]):
            atom = atom[1:-1].strip()
        cleaned.append(atom)
    return [atom for atom in cleaned if atom]


def balanced(text):
    depth = 0
    for char in text:
        depth += char == "("
        depth -= char == ")"
        if depth < 0:
            return False
    return depth == 0


def disjuncts(atom):
    depth, part, parts = 0, "", []
    index = 0
    while index < len(atom):
        char = atom[index]
        depth += char == "("
        depth -= char == ")"
        if depth == 0 and atom.startswith("||", index):
            parts.append(part.strip())
            part, index = "", index + 2
            continue
        part += char
        index += 1
    parts.append(part.strip())
    return parts


def scan(path):
    """Yields (line number, code, platform conditions in force, indent depth of braces) per line."""
    stack = []  # per open #if: the list of conditions its current branch adds
    depth = 0
    for number, line in code_lines(path):
        directive = DIRECTIVE.match(line)
        if directive:
            word, condition = directive.group(1), directive.group(2)
            if word == "if":
                stack.append({"seen": [condition], "now": atoms(condition)})
            elif word == "elseif" and stack:
                frame = stack[-1]
                frame["now"] = [negate(c) for c in frame["seen"]] + atoms(condition)
                frame["seen"].append(condition)
            elif word == "else" and stack:
                frame = stack[-1]
                frame["now"] = [negate(c) for c in frame["seen"]]
            elif word == "endif" and stack:
                stack.pop()
            continue
        conditions = [atom for frame in stack for atom in frame["now"] if is_platform(atom)]
        code = without_comments_and_strings(line)
        yield number, code, conditions, depth
        depth += code.count("{") - code.count("}")


def satisfies(use, needed):
    """Whether the conditions `use` is under imply the condition `needed`."""
    return needed in use or any(part in use for part in disjuncts(needed))


def guarded_declarations(modules):
    """(module, name) -> (conditions every declaration of it is under, [(path, line)])."""
    found = {}
    for path in swift_files():
        module = modules.module_of(path)
        for number, code, conditions, depth in scan(path):
            match = DECLARATION.match(code)
            if not match:
                continue
            if depth > 0:
                continue  # members and nested types are reached through the guarded top-level name
            found.setdefault((module, match.group("name")), []).append((conditions, path, number))
    guarded = {}
    for name, places in found.items():
        common = set(places[0][0])
        for conditions, _, _ in places[1:]:
            common &= set(conditions)
        # Declared under X here and under !X there: available wherever either holds.
        everywhere = {c for c in common if any(negate(c) in conds for conds, _, _ in places)}
        needed = sorted(common - everywhere)
        if needed:
            guarded[name] = (needed, [(path, number) for _, path, number in places])
    return guarded


def check_uses(guarded, modules):
    failures, uses = [], {declared: [] for declared in guarded}
    names = {name for _, name in guarded}
    for path in list(swift_files()) + list(article_files()):
        visible = modules.visible_from(path)
        for number, code, conditions, _ in scan(path):
            if IMPORT.match(code):
                continue
            for name in set(IDENTIFIER.findall(code)) & names:
                declared = next(((m, n) for m, n in guarded if n == name and (visible is None or m in visible)), None)
                if declared is None:
                    continue
                needed, _ = guarded[declared]
                uses[declared].append((path, number))
                missing = [c for c in needed if not satisfies(conditions, c)]
                if missing:
                    failures.append(
                        f"{relative(path)}:{number}: {name} is declared under #if {' && '.join(needed)} "
                        f"but used under {('#if ' + ' && '.join(conditions)) if conditions else 'no condition'}")
    return failures, uses


def manifest_targets():
    """(target name, its sources folder, the text of its declaration) for each target of Package.swift."""
    with open(os.path.join(ROOT, "Package.swift"), encoding="utf-8") as file:
        manifest = file.read()
    for target in re.finditer(r"\.(?:target|executableTarget|testTarget|plugin)\(\s*name:\s*\"([\w-]+)\"", manifest):
        end = manifest.find("\n        .", target.end())
        body = manifest[target.end():end if end > 0 else len(manifest)]
        path = re.search(r"path:\s*\"([^\"]+)\"", body)
        kind = "Tests" if manifest[target.start():target.start() + 11] == ".testTarget" else "Sources"
        yield target.group(1), path.group(1) if path else os.path.join(kind, target.group(1)), body
    # The fuzz targets, declared by a function: Fuzz/<name> is module Fuzz<name>.
    for folder in glob.glob(os.path.join(ROOT, "Fuzz", "*", "")):
        name = os.path.basename(os.path.dirname(folder))
        yield (name if name.startswith(("C", "Fuzz")) else "Fuzz" + name), os.path.relpath(folder, ROOT), ""


class Modules:
    """Which module each Swift file is in, and which modules it can see (its own, the ones it
    imports, and what those re-export with `@_exported import`)."""

    def __init__(self):
        self.folders = sorted(((os.path.join(ROOT, folder).rstrip("/") + "/", name)
                               for name, folder, _ in manifest_targets()), key=lambda pair: -len(pair[0]))
        self.exports = {}
        for path in swift_files():
            for line in open(path, encoding="utf-8"):
                exported = re.match(r"^\s*@_exported\s+import\s+(\w+)", line)
                if exported:
                    self.exports.setdefault(self.module_of(path), set()).add(exported.group(1))

    def module_of(self, path):
        return next((name for folder, name in self.folders if path.startswith(folder)), None)

    def visible_from(self, path):
        """The modules `path` sees; None (every module) for an article."""
        if not path.endswith(".swift"):
            return None
        seen = {self.module_of(path)}
        for line in open(path, encoding="utf-8"):
            imported = IMPORT.match(line)
            if imported:
                seen.add(imported.group(1))
        pending = list(seen)
        while pending:
            for exported in self.exports.get(pending.pop(), set()) - seen:
                seen.add(exported)
                pending.append(exported)
        return seen


def conditional_imports():
    """(the importing target's sources folder, module imported, platforms) for each dependency
    Package.swift links on some platforms only."""
    results = []
    for _, folder, body in manifest_targets():
        for dependency in re.finditer(
                r"\.(?:target|product)\(name:\s*\"(\w+)\"[^)]*condition:\s*\.when\(platforms:\s*\[([^\]]*)\]", body):
            platforms = re.findall(r"\.(\w+)", dependency.group(2))
            results.append((folder, dependency.group(1), platforms))
    return results


OS_NAMES = {"linux": "Linux", "macOS": "macOS", "iOS": "iOS", "tvOS": "tvOS", "watchOS": "watchOS", "visionOS": "visionOS"}


def check_imports():
    failures = []
    for folder, module, platforms in conditional_imports():
        allowed = {f"canImport({module})"} | {f"os({OS_NAMES.get(p, p)})" for p in platforms}
        for path in glob.glob(os.path.join(ROOT, folder, "**", "*.swift"), recursive=True):
            for number, code, conditions, _ in scan(path):
                match = IMPORT.match(code)
                if match and match.group(1) == module and not any(satisfies(conditions, c) for c in allowed):
                    failures.append(
                        f"{relative(path)}:{number}: import {module} needs #if {' or '.join(sorted(allowed))}: "
                        f"Package.swift links it on {', '.join(platforms)} only")
    return failures


def relative(path):
    return os.path.relpath(path, ROOT)


def self_test():
    """Runs the checks on a small package in a temporary folder: a Linux-only type used once under
    its guard, once under `#else` and once bare, and a conditional import made bare. Fails unless
    exactly the three wrong ones are found."""
    import tempfile
    global ROOT
    files = {
        "Package.swift": 'let package = Package(targets: [\n'
                         '        .target(name: "Lib", dependencies: [.target(name: "Server", condition: .when(platforms: [.linux]))]),\n'
                         '        .target(name: "Server"),\n'
                         '        .testTarget(name: "LibTests", dependencies: ["Lib"]),\n])\n',
        "Sources/Lib/Loopback.swift": "#if os(Linux)\nimport Server\npublic struct Loopback {}\n#endif\nimport Server\n",
        "Sources/Server/Server.swift": "public struct Listener {}\n",
        "Tests/LibTests/Uses.swift": "import Lib\n#if os(Linux)\nlet a = Loopback()\n#else\nlet b = Loopback()\n#endif\n"
                                     "let c = Loopback()  // Loopback\nlet d = \"Loopback\"\n",
    }
    with tempfile.TemporaryDirectory() as folder:
        for name, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(folder, name)), exist_ok=True)
            with open(os.path.join(folder, name), "w", encoding="utf-8") as file:
                file.write(text)
        ROOT = folder
        modules = Modules()
        failures, _ = check_uses(guarded_declarations(modules), modules)
        failures += check_imports()
    expected = ["Tests/LibTests/Uses.swift:5:", "Tests/LibTests/Uses.swift:7:", "Sources/Lib/Loopback.swift:5:"]
    found = sorted(failure.split(" ")[0] for failure in failures)
    if found != sorted(expected):
        print(f"check-platform-guards --self-test: found {found}, expected {sorted(expected)}", file=sys.stderr)
        return 1
    print("check-platform-guards --self-test: the three wrong uses found, the right ones passed")
    return 0


def main():
    if "--self-test" in sys.argv:
        return self_test()
    modules = Modules()
    guarded = guarded_declarations(modules)
    failures, uses = check_uses(guarded, modules)
    failures += check_imports()
    if "--list" in sys.argv:
        for declared in sorted(guarded, key=lambda pair: (pair[0] or "", pair[1])):
            needed, places = guarded[declared]
            print(f"{declared[0]}.{declared[1]}: #if {' && '.join(needed)} ({', '.join(f'{relative(p)}:{n}' for p, n in places)})")
            for path, number in uses[declared]:
                print(f"    used at {relative(path)}:{number}")
    for failure in failures:
        print(failure)
    if failures:
        print(f"check-platform-guards: {len(failures)} use(s) outside a matching #if", file=sys.stderr)
        return 1
    print(f"check-platform-guards: {len(guarded)} guarded declarations, every use under a matching #if")
    return 0


if __name__ == "__main__":
    sys.exit(main())
