#!/usr/bin/env python3
"""`make docs`: the DocC documentation of the public products, as static HTML under .build/docs.

1. Builds the documented modules (with the DocumentationSnippets test target when the package
   declares it, so the articles' code compiles first), or reuses the build that is there.
2. Extracts each module's public symbol graph with the toolchain's swift-symbolgraph-extract.
3. Checks coverage (Scripts/doc-coverage.py): every public symbol has a summary line and every
   top-level symbol sits in a topic group.
4. Copies each catalog to a work folder, checking each ```swift block under a
   `<!-- snippet: NAME -->` line against the code between `// snippet.begin: NAME` and
   `// snippet.end` in Tests/DocumentationSnippets: the articles show the code in their sources,
   and the suite compiles it. A block that differs, a missing or repeated name, and a ```swift
   block written by hand (unless the line before it is `<!-- not-compiled: REASON -->`) fail.
   `python3 Scripts/docs.py --write-snippets` rewrites every such block (README.md's too) from
   the snippet sources; `--check-snippets` only checks them, without building anything. (DocC's
   `@Snippet(path:)` would need the snippet symbol graphs of swift-docc-plugin's snippet-extract,
   which this toolchain doesn't ship, so the code is kept in the articles and checked instead.)
5. Runs `docc convert --warnings-as-errors` per catalog (a broken symbol link fails), the
   catalogs side by side, writes .build/docs/index.html linking every product, and prints where
   the site is and how to serve it.

Environment: SWIFT_BUILD_FLAGS (passed to `swift build`), DOCS_OUTPUT (default .build/docs),
DOCS_WORK (the symbol graphs and expanded catalogs, default .build/docs-work),
DOCS_SKIP_BUILD=1 (use the modules already built), DOCC and SWIFT_SYMBOLGRAPH_EXTRACT (tool paths).
"""

import glob
import html
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SNIPPETS = os.path.join(ROOT, "Tests", "DocumentationSnippets")
SNIPPET_TARGET = "DocumentationSnippets"
# Files outside the catalogs whose snippet blocks are kept in step too.
SNIPPET_PAGES = ["README.md"]

# (module or catalog name, catalog path, whether it documents a module's symbols, what it is)
CATALOGS = [
    ("Marfa", "Sources/Marfa/Marfa.docc", True,
     "Server, sign-in, key stores and MarfaError: getting started, calls on the server, errors."),
    ("MarfaAPI", "Sources/MarfaAPI/MarfaAPI.docc", True,
     "Client: every operation of the contract, type registration and type moves."),
    ("MarfaIcons", "Sources/MarfaIcons/MarfaIcons.docc", True,
     "Drawing a type's icon: Lucide artwork, brand marks, SVG everywhere, SwiftUI on Apple platforms."),
    ("MarfaTesting", "Sources/MarfaTesting/MarfaTesting.docc", True,
     "Testing an app: MemoryKeyStore, a local instance, a manual clock."),
    ("MarfaTelemetry", "Sources/MarfaTelemetry/MarfaTelemetry.docc", True,
     "Reporting an app's errors and events to a PostHog project."),
    ("MarfaOpenAPIRuntime", "Sources/MarfaOpenAPIRuntime/MarfaOpenAPIRuntime.docc", True,
     "What generated code uses at run time: HTTP types, transports, middleware, coding, streams."),
    ("marfa-openapi", "Generator/Sources/marfa-openapi/marfa-openapi.docc", False,
     "The generator's command line, its configuration and the build plugin."),
]

C_MODULE_MAPS = sorted(glob.glob(os.path.join(ROOT, "Sources", "C*", "module.modulemap")))

SNIPPET_BEGIN = re.compile(r"^\s*// snippet\.begin: ([a-z0-9-]+)\s*$")
SNIPPET_END = re.compile(r"^\s*// snippet\.end\s*$")
PLACEHOLDER = re.compile(r"^<!-- snippet: ([a-z0-9-]+) -->\s*$")
NOT_COMPILED = re.compile(r"^<!-- not-compiled: .+ -->\s*$")


class DocsFailure(Exception):
    pass


def run(command, **options):
    """Runs `command` from the package root; raises DocsFailure when it fails."""
    result = subprocess.run(command, cwd=ROOT, **options)
    if result.returncode != 0:
        said = (result.stderr or b"") if options.get("capture_output") else b""
        said = said.decode(errors="replace") if isinstance(said, bytes) else said
        raise DocsFailure(f"failed ({result.returncode}): {shlex.join(command)}\n{said}".rstrip())
    return result


def tool(variable, name):
    if os.environ.get(variable):
        return os.environ[variable]
    if shutil.which("xcrun"):
        found = subprocess.run(["xcrun", "--find", name], capture_output=True, text=True)
        if found.returncode == 0:
            return found.stdout.strip()
    swift = shutil.which("swift")
    if swift:
        beside = os.path.join(os.path.dirname(os.path.realpath(swift)), name)
        if os.path.exists(beside):
            return beside
    raise DocsFailure(f"{name} not found beside swift; set {variable}")


def swift_build_flags():
    return shlex.split(os.environ.get("SWIFT_BUILD_FLAGS", ""))


def declares_snippet_target():
    with open(os.path.join(ROOT, "Package.swift"), encoding="utf-8") as handle:
        return f'"{SNIPPET_TARGET}"' in handle.read()


def build_modules(modules):
    """Builds the modules (and the snippets, when declared); answers the folder of their .swiftmodule files."""
    flags = swift_build_flags()
    if os.environ.get("DOCS_SKIP_BUILD") != "1":
        targets = [SNIPPET_TARGET] if declares_snippet_target() else modules
        for target in targets:
            print(f"docs: swift build --target {target}", flush=True)
            run(["swift", "build", *flags, "--target", target])
    bin_path = run(["swift", "build", *flags, "--show-bin-path"], capture_output=True, text=True).stdout.strip()
    modules_dir = os.path.join(bin_path, "Modules")
    return modules_dir if os.path.isdir(modules_dir) else bin_path


def target_triple():
    info = run(["swift", "-print-target-info"], capture_output=True, text=True).stdout
    return json.loads(info)["target"]["triple"]


def extract_symbol_graphs(modules, modules_dir, graphs_root):
    extract = tool("SWIFT_SYMBOLGRAPH_EXTRACT", "swift-symbolgraph-extract")
    triple = target_triple()
    sdk = []
    if shutil.which("xcrun"):
        sdk = ["-sdk", run(["xcrun", "--show-sdk-path"], capture_output=True, text=True).stdout.strip()]
    maps = [argument for path in C_MODULE_MAPS for argument in ("-Xcc", f"-fmodule-map-file={path}")]
    def extract_one(module):
        output = os.path.join(graphs_root, module)
        shutil.rmtree(output, ignore_errors=True)
        os.makedirs(output)
        run([extract, "-module-name", module, "-I", modules_dir, "-target", triple, *sdk,
             "-minimum-access-level", "public", "-output-dir", output, *maps], capture_output=True)

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        list(pool.map(extract_one, modules))


def load_snippets():
    """Every snippet in the snippet folder, by name: its lines, indentation removed."""
    snippets, origins = {}, {}
    for path in sorted(glob.glob(os.path.join(SNIPPETS, "**", "*.swift"), recursive=True)):
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().split("\n")
        name, start, body = None, 0, []
        for number, line in enumerate(lines, 1):
            begin = SNIPPET_BEGIN.match(line)
            if begin:
                if name:
                    raise DocsFailure(f"{path}:{number}: snippet '{begin.group(1)}' begins inside '{name}'")
                name, start, body = begin.group(1), number, []
            elif SNIPPET_END.match(line):
                if not name:
                    raise DocsFailure(f"{path}:{number}: snippet.end without a snippet.begin")
                if name in snippets:
                    raise DocsFailure(f"{path}:{start}: snippet '{name}' is also at {origins[name]}")
                snippets[name], origins[name] = dedent(body), f"{path}:{start}"
                name = None
            elif name:
                body.append(line)
        if name:
            raise DocsFailure(f"{path}:{start}: snippet '{name}' has no snippet.end")
    return snippets


def dedent(lines):
    while lines and not lines[-1].strip():
        lines.pop()
    indents = [len(line) - len(line.lstrip(" ")) for line in lines if line.strip()]
    cut = min(indents, default=0)
    return [line[cut:] for line in lines]


def snippet_blocks(lines, snippets, where):
    """The lines with each `<!-- snippet: NAME -->` line followed by NAME's code as a ```swift
    block, in place of the block that follows it (if any); and the names whose block differed."""
    out, stale, index = [], [], 0
    while index < len(lines):
        line = lines[index]
        placeholder = PLACEHOLDER.match(line)
        out.append(line)
        index += 1
        if not placeholder:
            continue
        name = placeholder.group(1)
        if name not in snippets:
            raise DocsFailure(f"{where}:{index}: no snippet named '{name}' in Tests/DocumentationSnippets")
        block = ["```swift", *snippets[name], "```"]
        if index < len(lines) and lines[index].strip() == "```swift":
            end = index + 1
            while end < len(lines) and lines[end].strip() != "```":
                end += 1
            if lines[index:end + 1] != block:
                stale.append(name)
            index = end + 1
        else:
            stale.append(name)
        out += block
    return out, stale


def snippet_pages():
    """Every page that may hold snippet blocks: the catalogs' articles and SNIPPET_PAGES."""
    pages = [os.path.join(ROOT, page) for page in SNIPPET_PAGES]
    for _, path, _, _ in CATALOGS:
        pages += sorted(glob.glob(os.path.join(ROOT, path, "**", "*.md"), recursive=True))
    return [page for page in pages if os.path.exists(page)]


def sync_snippets(write):
    """Checks (or with `write`, rewrites) every page's snippet blocks; answers the stale ones."""
    snippets, stale = load_snippets(), []
    for page in snippet_pages():
        with open(page, encoding="utf-8") as handle:
            lines = handle.read().split("\n")
        out, names = snippet_blocks(lines, snippets, os.path.relpath(page, ROOT))
        stale += [f"{os.path.relpath(page, ROOT)}: {name}" for name in names]
        if write and names:
            with open(page, "w", encoding="utf-8") as handle:
                handle.write("\n".join(out))
    return stale


def expand_catalog(source, destination, snippets, used):
    """Copies the catalog, checking its snippet blocks and dropping their marker lines; refuses
    stale blocks and hand-written Swift blocks."""
    shutil.rmtree(destination, ignore_errors=True)
    shutil.copytree(source, destination)
    for path in glob.glob(os.path.join(destination, "**", "*.md"), recursive=True):
        original = os.path.relpath(os.path.join(source, os.path.relpath(path, destination)), ROOT)
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().split("\n")
        expanded, stale = snippet_blocks(lines, snippets, original)
        if stale:
            raise DocsFailure(
                f"{original}: the code shown for {', '.join(stale)} is not the compiled snippet's; "
                "run python3 Scripts/docs.py --write-snippets")
        out, index = [], 0
        while index < len(expanded):
            line = expanded[index]
            placeholder = PLACEHOLDER.match(line)
            if placeholder:
                # The compiled snippet's block follows (snippet_blocks checked it): kept, marker dropped.
                used.add(placeholder.group(1))
                end = index + 2
                while expanded[end].strip() != "```":
                    end += 1
                out += expanded[index + 1:end + 1]
                index = end + 1
                continue
            if line.strip().startswith("```swift") and not (out and NOT_COMPILED.match(out[-1])):
                raise DocsFailure(
                    f"{original}:{index + 1}: a Swift block written in the article; put it in a snippet "
                    "(or mark it <!-- not-compiled: REASON -->)")
            out.append(line)
            index += 1
        out = [line for line in out if not NOT_COMPILED.match(line)]
        with open(path, "w", encoding="utf-8") as handle:
            handle.write("\n".join(out))


OPERATION_TAGS = re.compile(r"^\s+operationId: (\w+)\n\s+tags: \[([^\],]+)", re.MULTILINE)


def group_generated_operations(catalog, graphs):
    """Adds a topic group per contract tag to the expanded `Client` page, for the generated
    methods the page doesn't curate by hand, so every operation sits under its tag."""
    with open(os.path.join(ROOT, "openapi", "marfa.yaml"), encoding="utf-8") as handle:
        tags = dict(OPERATION_TAGS.findall(handle.read()))
    page = os.path.join(catalog, "Client.md")
    with open(page, encoding="utf-8") as handle:
        text = handle.read()
    curated = set(re.findall(r"``([^`]+)``", text))
    by_tag = {}
    for path in glob.glob(os.path.join(graphs, "*.symbols.json")):
        with open(path, encoding="utf-8") as handle:
            graph = json.load(handle)
        for symbol in graph["symbols"]:
            components = symbol["pathComponents"]
            if len(components) != 2 or components[0] != "Client" or components[1] in curated:
                continue
            operation = components[1].split("(")[0]
            if operation in tags:
                by_tag.setdefault(tags[operation].strip(), []).append(components[1])
    sections = [f"### {tag} operations\n\n" + "\n".join(f"- ``{m}``" for m in sorted(methods))
                for tag, methods in sorted(by_tag.items())]
    with open(page, "w", encoding="utf-8") as handle:
        handle.write(text.rstrip("\n") + "\n\n" + "\n\n".join(sections) + "\n")


def convert(docc, name, catalog, graphs, output):
    command = [docc, "convert", catalog, "--fallback-display-name", name,
               "--fallback-bundle-identifier", f"com.marfa.{name}", "--output-path", output,
               "--transform-for-static-hosting", "--hosting-base-path", name, "--warnings-as-errors"]
    if graphs:
        command += ["--additional-symbol-graph-dir", graphs]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    text = (result.stdout + result.stderr).strip()
    if result.returncode != 0:
        raise DocsFailure(f"docc convert {name} failed:\n{text}")
    if "warning:" in text or "error:" in text:
        raise DocsFailure(f"docc convert {name} reported:\n{text}")


def write_index(output, built):
    rows = "\n".join(
        f'    <li><a href="{html.escape(name)}/documentation/{html.escape(name.lower())}/">'
        f"<code>{html.escape(name)}</code></a> — {html.escape(summary)}</li>"
        for name, summary in built)
    page = f"""<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Marfa Swift SDK documentation</title>
  <style>
    body {{ font: 16px/1.5 -apple-system, system-ui, sans-serif; max-width: 46rem; margin: 3rem auto; padding: 0 1rem; }}
    li {{ margin: 0.5rem 0; }}
    code {{ font-size: 0.95em; }}
  </style>
</head>
<body>
  <h1>Marfa Swift SDK</h1>
  <p>The documentation of each product. Serve this folder over HTTP to read it, for example
  <code>python3 -m http.server --directory .build/docs 8000</code>, then open
  <code>http://localhost:8000/</code>.</p>
  <ul>
{rows}
  </ul>
</body>
</html>
"""
    with open(os.path.join(output, "index.html"), "w", encoding="utf-8") as handle:
        handle.write(page)


def main():
    if "--write-snippets" in sys.argv or "--check-snippets" in sys.argv:
        stale = sync_snippets(write="--write-snippets" in sys.argv)
        if "--check-snippets" in sys.argv and stale:
            raise DocsFailure("stale snippet blocks (run python3 Scripts/docs.py --write-snippets):\n  " + "\n  ".join(stale))
        print(f"docs: snippet blocks {'rewritten: ' + ', '.join(stale) if stale and '--write-snippets' in sys.argv else 'in step'}")
        return
    started = time.monotonic()
    output = os.path.join(ROOT, os.environ.get("DOCS_OUTPUT", os.path.join(".build", "docs")))
    work = os.path.join(ROOT, os.environ.get("DOCS_WORK", os.path.join(".build", "docs-work")))
    graphs_root = os.path.join(work, "symbol-graphs")
    modules = [name for name, _, has_symbols, _ in CATALOGS if has_symbols]

    modules_dir = build_modules(modules)
    built_at = time.monotonic()
    extract_symbol_graphs(modules, modules_dir, graphs_root)

    coverage = [f"{name}={os.path.join(graphs_root, name)}={os.path.join(ROOT, path)}"
                for name, path, has_symbols, _ in CATALOGS if has_symbols]
    coverage_passed = subprocess.run(
        [sys.executable, os.path.join(ROOT, "Scripts", "doc-coverage.py"), *coverage], cwd=ROOT).returncode == 0

    snippets, used = load_snippets(), set()
    docc = tool("DOCC", "docc")
    shutil.rmtree(output, ignore_errors=True)
    os.makedirs(output)
    built = []
    jobs = []
    for name, path, has_symbols, summary in CATALOGS:
        catalog = os.path.join(work, "catalogs", os.path.basename(path))
        expand_catalog(os.path.join(ROOT, path), catalog, snippets, used)
        if name == "MarfaAPI":
            group_generated_operations(catalog, os.path.join(graphs_root, name))
        jobs.append((name, catalog, os.path.join(graphs_root, name) if has_symbols else None, summary))
    # docc convert is one process per catalog, mostly single-threaded: run them side by side.
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        converting = [(name, summary, pool.submit(convert, docc, name, catalog, graphs, os.path.join(output, name)))
                      for name, catalog, graphs, summary in jobs]
        for name, summary, future in converting:
            future.result()
            built.append((name, summary))
            print(f"docs: {name} → {os.path.relpath(os.path.join(output, name), ROOT)}", flush=True)
    for page in SNIPPET_PAGES:  # README.md's snippets count as included
        if os.path.exists(os.path.join(ROOT, page)):
            with open(os.path.join(ROOT, page), encoding="utf-8") as handle:
                used |= {m.group(1) for m in map(PLACEHOLDER.match, handle.read().split("\n")) if m}
    unused = sorted(set(snippets) - used)
    if unused:
        print(f"docs: snippets no article includes: {', '.join(unused)}")
    write_index(output, built)
    finished = time.monotonic()
    site = os.path.relpath(output, ROOT)
    print(f"docs: the site is in {site} (build {built_at - started:.1f} s, documentation {finished - built_at:.1f} s)")
    print(f"docs: serve it with: python3 -m http.server --directory {site} 8000")
    print("docs: then open http://localhost:8000/ (the pages need a server: opened as files they stay blank)")
    if not coverage_passed:
        raise DocsFailure("the coverage check failed: see the symbols listed above")


if __name__ == "__main__":
    try:
        main()
    except DocsFailure as failure:
        print(f"docs: {failure}", file=sys.stderr)
        sys.exit(1)
