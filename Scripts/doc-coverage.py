#!/usr/bin/env python3
"""Documentation coverage of the public products, read from their symbol graphs.

Usage: doc-coverage.py MODULE=GRAPH_DIR[=CATALOG_DIR] ...

For each module, every public or open symbol in GRAPH_DIR's `*.symbols.json` must have a doc
comment whose first line is not blank. Left out, because their documentation comes from
elsewhere or they are not the module's own API:
  - names starting with `_` (and everything inside such a type);
  - members the compiler synthesizes (`::SYNTHESIZED::` identifiers: `!=`, protocol extension
    members shown on a conforming type);
  - members that carry a `sourceOrigin` (they inherit the documentation of what they implement)
    and default implementations of protocol requirements.

With CATALOG_DIR, every top-level symbol of the module must also be named in a `## Topics`
section of one of the catalog's pages (as ``Symbol`` or ``Module/Symbol``), so the module's
page groups every type by topic rather than leaving some to DocC's automatic groups.

Prints each offender as `Module: kind Path at file:line` and exits 1 when there is any.
"""

import glob
import json
import os
import re
import sys
from collections import defaultdict

EXEMPT_RELATIONSHIPS = {"defaultImplementationOf"}


def load_graph(graph_dir):
    """The symbols (by precise identifier) and relationships of every graph file in `graph_dir`."""
    symbols, relationships = {}, []
    files = sorted(glob.glob(os.path.join(graph_dir, "*.symbols.json")))
    if not files:
        raise SystemExit(f"doc-coverage: no symbol graph in {graph_dir}")
    for path in files:
        with open(path, encoding="utf-8") as handle:
            graph = json.load(handle)
        for symbol in graph["symbols"]:
            symbols.setdefault(symbol["identifier"]["precise"], symbol)
        relationships.extend(graph["relationships"])
    return symbols, relationships


def inherited_identifiers(relationships):
    """Symbols whose documentation comes from what they implement or default."""
    inherited = set()
    for relation in relationships:
        if "sourceOrigin" in relation or relation["kind"] in EXEMPT_RELATIONSHIPS:
            inherited.add(relation["source"])
    return inherited


def has_summary(symbol):
    lines = symbol.get("docComment", {}).get("lines", [])
    return bool(lines) and lines[0]["text"].strip() != ""


def is_left_out(identifier, symbol, inherited):
    if "::SYNTHESIZED::" in identifier or identifier in inherited:
        return True
    if symbol.get("accessLevel") not in ("public", "open"):
        return True
    return any(component.startswith("_") for component in symbol["pathComponents"])


def location(symbol):
    place = symbol.get("location")
    if not place:
        return "(no source location)"
    path = place["uri"].removeprefix("file://")
    root = os.getcwd() + os.sep
    return f"{path.removeprefix(root)}:{place['position']['line'] + 1}"


def missing_summaries(module, graph_dir):
    symbols, relationships = load_graph(graph_dir)
    inherited = inherited_identifiers(relationships)
    offenders, counted = [], 0
    for identifier, symbol in symbols.items():
        if is_left_out(identifier, symbol, inherited):
            continue
        counted += 1
        if not has_summary(symbol):
            kind = symbol["kind"]["displayName"].lower()
            offenders.append(f"{module}: {kind} {'.'.join(symbol['pathComponents'])} at {location(symbol)}")
    return sorted(offenders), counted, symbols


TOPIC_LINK = re.compile(r"``([^`]+)``")


def curated_names(catalog_dir):
    """The symbol links written under a `## Topics` heading anywhere in the catalog."""
    names = set()
    for path in glob.glob(os.path.join(catalog_dir, "**", "*.md"), recursive=True):
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        in_topics = False
        for line in text.splitlines():
            if line.startswith("## "):
                in_topics = line.strip() == "## Topics"
            elif in_topics:
                names.update(link.split("/")[-1].split("-")[0] for link in TOPIC_LINK.findall(line))
    return names


def uncurated(module, symbols, catalog_dir):
    names = curated_names(catalog_dir)
    tops = {s["pathComponents"][0] for i, s in symbols.items()
            if len(s["pathComponents"]) == 1 and "::SYNTHESIZED::" not in i
            and not s["pathComponents"][0].startswith("_")}
    return sorted(f"{module}: top-level symbol {name} is in no `## Topics` group of {catalog_dir}"
                  for name in tops - names)


def main(arguments):
    if not arguments:
        raise SystemExit(__doc__)
    problems, totals = [], defaultdict(int)
    for argument in arguments:
        module, graph_dir, *catalog = argument.split("=")
        offenders, counted, symbols = missing_summaries(module, graph_dir)
        problems += offenders
        if catalog:
            problems += uncurated(module, symbols, catalog[0])
        totals[module] = (counted, len(offenders))
    for line in problems:
        print(line)
    summary = ", ".join(f"{m} {c - n}/{c}" for m, (c, n) in totals.items())
    print(f"doc-coverage: public symbols with a summary: {summary}")
    if problems:
        print(f"doc-coverage: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
