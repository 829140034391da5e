#!/usr/bin/env python3
"""Writes the pinned icon sets into the package: `make icons`.

Fetches one pinned wheel of each set with `pip download --no-deps` into a temporary folder, unpacks it
(never installs it) and writes, sorted, so a second run gives the same bytes:

  Sources/MarfaIconSets/LucideIconNames.swift        the Lucide names the instance accepts
  Sources/MarfaIconSets/SimpleIconsNames.swift       the Simple Icons slugs the instance accepts
  Sources/MarfaIcons/Resources/lucide.tsv            name<TAB>inner SVG markup, then alias<TAB>=name lines
  Sources/MarfaIcons/Resources/LICENSES/lucide-ISC.txt
  Sources/MarfaBrandIcons/Resources/simple-icons.tsv slug<TAB>hex<TAB>title<TAB>license<TAB>guidelines<TAB>path
  Sources/MarfaBrandIcons/Resources/LICENSES/simple-icons-CC0.txt, simple-icons-NOTICE.txt

Sources: python-lucide (SQLite db `lucide/data/lucide-icons.db`), fasthtml-lucide (only for Lucide's
ISC text, which python-lucide does not ship) and simple-icons-pack (a compiled module imported from the
unpacked wheel). The build never runs this script; its output is committed.
"""

import argparse
import glob
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
import zipfile

PYTHON_LUCIDE = "python-lucide==0.5.11"
FASTHTML_LUCIDE = "fasthtml-lucide==1.62.0"
SIMPLE_ICONS_PACK = "simple-icons-pack==16.36.0"

LUCIDE_ROOT = {
    "xmlns": "http://www.w3.org/2000/svg",
    "width": "24",
    "height": "24",
    "viewBox": "0 0 24 24",
    "fill": "none",
    "stroke": "currentColor",
    "stroke-width": "2",
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
}
BRAND_SVG = re.compile(
    r'<svg role="img" viewBox="0 0 24 24" xmlns="http://www\.w3\.org/2000/svg">'
    r'<title>([^<]*)</title><path d="([^"]*)"/></svg>'
)
NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


def fetch(requirement, into):
    """Downloads one wheel without dependencies and unpacks it; returns the unpacked folder."""
    folder = os.path.join(into, requirement.split("==")[0])
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "-q", "-d", folder, requirement],
        check=True,
    )
    wheels = glob.glob(os.path.join(folder, "*.whl"))
    if len(wheels) != 1:
        sys.exit(f"icons: expected one wheel for {requirement}, found {wheels}")
    unpacked = os.path.join(folder, "unpacked")
    with zipfile.ZipFile(wheels[0]) as wheel:
        wheel.extractall(unpacked)
    return unpacked


def lucide_icons(unpacked):
    """(version, {name: inner markup}, {alias: name}) from python-lucide's database."""
    db = sqlite3.connect(os.path.join(unpacked, "lucide", "data", "lucide-icons.db"))
    version = db.execute("SELECT value FROM metadata WHERE key = 'version'").fetchone()[0]
    icons = {}
    for name, svg in db.execute("SELECT name, svg FROM icons"):
        if not NAME.match(name):
            sys.exit(f"icons: unexpected Lucide name {name!r}")
        icons[name] = lucide_inner_markup(name, svg)
    aliases = {}
    for name, alias in db.execute("SELECT name, alias FROM icon_aliases"):
        if NAME.match(alias) and name in icons and alias not in icons:
            aliases[alias] = name
    return version, icons, aliases


def lucide_inner_markup(name, svg):
    """The children of the root <svg>, on one line; fails unless the root has Lucide's usual attributes."""
    match = re.fullmatch(r"\s*<svg([^>]*)>(.*)</svg>\s*", svg, re.S)
    if not match:
        sys.exit(f"icons: Lucide {name}: not a single <svg> element")
    attributes = dict(re.findall(r'([\w:-]+)="([^"]*)"', match.group(1)))
    if attributes != LUCIDE_ROOT:
        sys.exit(f"icons: Lucide {name}: root attributes differ: {attributes}")
    inner = " ".join(line.strip() for line in match.group(2).splitlines() if line.strip())
    inner = re.sub(r">\s+<", "><", inner)
    if "\t" in inner or "\n" in inner:
        sys.exit(f"icons: Lucide {name}: markup holds a tab or newline")
    return inner


def simple_icons(unpacked):
    """{slug: (hex, title, license, guidelines, path)} from simple-icons-pack's compiled module."""
    sys.path.insert(0, unpacked)
    import simple_icons_pack  # noqa: E402  (from the unpacked wheel, never installed)

    icons = {}
    for constant in dir(simple_icons_pack):
        if not constant.startswith("SI_"):
            continue
        icon = getattr(simple_icons_pack, constant)
        match = BRAND_SVG.fullmatch(icon.svg)
        if not match:
            sys.exit(f"icons: Simple Icons {icon.slug}: unexpected SVG shape")
        if not NAME.match(icon.slug) or not re.fullmatch(r"[0-9A-Fa-f]{6}", icon.hex):
            sys.exit(f"icons: Simple Icons {icon.slug}: unexpected slug or hex {icon.hex!r}")
        fields = (icon.hex.upper(), match.group(1), icon.license or "", icon.guidelines or "", match.group(2))
        if any("\t" in field or "\n" in field for field in fields):
            sys.exit(f"icons: Simple Icons {icon.slug}: a field holds a tab or newline")
        icons[icon.slug] = fields
    return icons


def license_text(unpacked, pattern):
    paths = glob.glob(os.path.join(unpacked, pattern))
    if len(paths) != 1:
        sys.exit(f"icons: expected one license file at {pattern}, found {paths}")
    with open(paths[0], encoding="utf-8") as file:
        return file.read().rstrip("\n") + "\n"


def write(root, relative, text):
    path = os.path.join(root, relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as file:
        file.write(text)
    print(f"icons: {relative} ({len(text.encode('utf-8')):,} bytes)")


def names_swift(type_name, member_doc, source, names):
    lines = "\n".join(f"    {name}" for name in sorted(names))
    return (
        f"// Written by Scripts/icons.py (`make icons`) from {source}. Do not edit.\n\n"
        f"extension {type_name} {{\n"
        f"    /// {member_doc}\n"
        f'    static let pinnedNames = #"""\n{lines}\n    """#\n'
        "}\n"
    )


NOTICE = """Simple Icons artwork in MarfaBrandIcons comes from Simple Icons {version} (simple-icons-pack {version}).

The Simple Icons project releases its work under CC0 1.0 (simple-icons-CC0.txt). That does not
place every brand mark in the public domain: the marks are trademarks of their owners, and their
owners' brand guidelines and trademark rules still apply. Some icons carry a licence of their own;
simple-icons.tsv names it in its fourth column (and a guidelines address in its fifth), and
`MarfaBrandIcons.brand(for:)` returns both. Use a mark only to refer to its owner's product or service.
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--package", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    package = os.path.abspath(parser.parse_args().package)

    with tempfile.TemporaryDirectory(prefix="marfa-icons-") as temporary:
        lucide_wheel = fetch(PYTHON_LUCIDE, temporary)
        lucide_license_wheel = fetch(FASTHTML_LUCIDE, temporary)
        brand_wheel = fetch(SIMPLE_ICONS_PACK, temporary)

        lucide_version, lucide, aliases = lucide_icons(lucide_wheel)
        brands = simple_icons(brand_wheel)
        brand_version = SIMPLE_ICONS_PACK.split("==")[1]
        lucide_isc = license_text(lucide_license_wheel, "fasthtml_lucide/LUCIDE-LICENSE")
        brand_cc0 = license_text(brand_wheel, "simple_icons_pack-*.dist-info/licenses/LICENSE")

    lucide_source = f"{PYTHON_LUCIDE} (Lucide {lucide_version})"
    write(package, "Sources/MarfaIconSets/LucideIconNames.swift", names_swift(
        "LucideIconSet", f"The {len(lucide)} Lucide names of {lucide_source}, sorted, one a line.",
        lucide_source, lucide))
    write(package, "Sources/MarfaIconSets/SimpleIconsNames.swift", names_swift(
        "SimpleIconsSet", f"The {len(brands)} Simple Icons slugs of {SIMPLE_ICONS_PACK}, sorted, one a line.",
        SIMPLE_ICONS_PACK, brands))

    lucide_lines = [f"{name}\t{lucide[name]}" for name in sorted(lucide)]
    lucide_lines += [f"{alias}\t={aliases[alias]}" for alias in sorted(aliases)]
    write(package, "Sources/MarfaIcons/Resources/lucide.tsv", "\n".join(lucide_lines) + "\n")
    write(package, "Sources/MarfaIcons/Resources/LICENSES/lucide-ISC.txt", lucide_isc)

    brand_lines = ["\t".join((slug,) + brands[slug]) for slug in sorted(brands)]
    write(package, "Sources/MarfaBrandIcons/Resources/simple-icons.tsv", "\n".join(brand_lines) + "\n")
    write(package, "Sources/MarfaBrandIcons/Resources/LICENSES/simple-icons-CC0.txt", brand_cc0)
    write(package, "Sources/MarfaBrandIcons/Resources/LICENSES/simple-icons-NOTICE.txt",
          NOTICE.format(version=brand_version))
    print(f"icons: Lucide {lucide_version}: {len(lucide)} icons, {len(aliases)} aliases; "
          f"Simple Icons {brand_version}: {len(brands)} icons")


if __name__ == "__main__":
    main()
