#!/usr/bin/env python3
"""Fails when two names that Apple's file systems would merge exist in this repository.

APFS and HFS+ are case-insensitive by default: `Sources/Waymark` and `Sources/waymark` are one
folder there, so a clone (and Xcode's own package checkout) merges them, and SwiftPM gives both
targets the same files. Module names meet the same way in build folders (`Waymark.build`,
`Waymark.swiftmodule`). This checks, comparing case-insensitively (Unicode case folding):

- every tracked path and every folder above it (`git ls-files`);
- the target names of each package in the repository (this one, Benchmarks/, Fuzz/), from
  `swift package dump-package`, and their module names (a target's name with `-` and spaces as `_`);
- the executable product names of each package among themselves.

Library and executable products may share a name in different case (the `waymark` tool beside the
`Waymark` library): the tool's binary is the one file `waymark`, while a module's files all carry a
suffix (`Waymark.build`, `Waymark.swiftmodule`, `Waymark.o`), so they never meet on disk, and the
binary keeps the name its users type.
Usage: scripts/check-case-collisions.py [--no-packages]   (--no-packages: paths only, no swift)
"""
import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def collisions(names):
    """Groups of distinct names equal under case folding."""
    groups = defaultdict(set)
    for name in names:
        groups[name.casefold()].add(name)
    return sorted(sorted(group) for group in groups.values() if len(group) > 1)


def tracked_paths():
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True).stdout
    paths = set()
    for entry in files.decode("utf-8", "surrogateescape").split("\0"):
        parts = entry.split("/")
        for end in range(1, len(parts) + 1):
            if parts[end - 1]:
                paths.add("/".join(parts[:end]))
    return paths


def package_manifests():
    return sorted(path.parent for path in ROOT.glob("**/Package.swift")
                  if ".build" not in path.parts and subprocess.run(
                      ["git", "ls-files", "--error-unmatch", str(path)], cwd=ROOT, capture_output=True).returncode == 0)


def main():
    if "--help" in sys.argv or "-h" in sys.argv:
        print(__doc__)
        return 0
    problems = []
    paths = tracked_paths()
    for group in collisions(paths):
        problems.append("paths that differ only in letter case (one on Apple file systems): " + ", ".join(group))
    checked_packages = 0
    if "--no-packages" not in sys.argv:
        for folder in package_manifests():
            result = subprocess.run(["swift", "package", "--package-path", str(folder), "dump-package"],
                                    capture_output=True, text=True)
            if result.returncode != 0:
                problems.append(f"{folder.relative_to(ROOT) or '.'}: swift package dump-package failed: {result.stderr.strip()}")
                continue
            manifest = json.loads(result.stdout)
            checked_packages += 1
            where = str(folder.relative_to(ROOT)) if folder != ROOT else "Package.swift"
            targets = [target["name"] for target in manifest.get("targets", [])]
            modules = [name.replace("-", "_").replace(" ", "_") for name in targets]
            products = [product["name"] for product in manifest.get("products", [])
                        if "executable" in product.get("type", {})]
            for kind, names in (("target names", targets), ("module names", modules), ("executable names", products)):
                for group in collisions(names):
                    problems.append(f"{where}: {kind} that differ only in letter case: " + ", ".join(group))
    for problem in problems:
        print(problem)
    if problems:
        print(f"case collisions: {len(problems)} problem(s); rename one side of each")
        return 1
    print(f"case collisions: none in {len(paths)} tracked paths and {checked_packages} package(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
