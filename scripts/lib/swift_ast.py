"""Shared machinery for Waymark's AST checks (scripts/check-availability, scripts/check-integer-narrowing).

What it does, and nothing more:

- Reads the llbuild manifest SwiftPM wrote for the last `swift build` (`.build/debug.yaml`) and takes
  from it the exact `swiftc` command line of each module: its sources (including derived sources such
  as embedded resources), `-I` paths, `-D` conditions, upcoming features, `-enable-testing`,
  `-package-name`. Nothing is re-derived by hand, so a new setting in Package.swift reaches the checks
  by itself.
- Type-checks a module with that command (output flags removed) plus
  `-Xfrontend -dump-ast -Xfrontend -dump-ast-format -Xfrontend json`, and returns one JSON tree per
  source file. The format is the compiler's own and "not guaranteed stable across compiler versions":
  the checks use few fields (`_kind`, `range`, `decl`, `decl_usr`, `usr`, mangled types, `attrs`,
  `conditions`, `queries`, `then_stmt`, `else_stmt`, `body`, `next_call`, `args`, `fn`) and stop with
  an error when they find nothing to check.
- Caches each module's dump under .build/waymark-checks/ast, keyed by the compiler, the command, the
  sources' contents and the built modules it can import, so that the second check of a CI run does not
  type-check again.
- Demangles mangled names (`$s15Synchronization5MutexVySiGD`) with `swift-demangle`, into the nominal
  types they name and the module that declares an entity.
- Extracts, and caches under .build/waymark-checks keyed by the compiler version, the symbol graphs
  (`swift-symbolgraph-extract`) and API digester ABI dumps (`swift-api-digester -dump-sdk -abi`) of the
  toolchain's modules, and indexes their symbols with their availability and parents.

When WAYMARK_BUILD_LOCK names a file, every compiler invocation takes it first (flock), so that
developers sharing a small machine run one compile at a time; unset, nothing is locked.
The checks need a finished `swift build --build-tests` (the modules each module imports must be built).
"""

from __future__ import annotations

import bisect
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

LOCK_FILE = os.environ.get("WAYMARK_BUILD_LOCK", "")

# Modules of the root package that the checks look at, in dependency order.
LIBRARY_MODULES = [
    "Waymark",
    "WaymarkPathConfiguration",
    "WaymarkNavigation",
    "WaymarkSwiftUI",
    "WaymarkAssociatedDomains",
    "WaymarkLogging",
    "WaymarkMetrics",
    "WaymarkTesting",
    "WaymarkCLI",
]
TEST_MODULES = [
    "WaymarkTests",
    "WaymarkPathConfigurationTests",
    "WaymarkNavigationTests",
    "WaymarkAssociatedDomainsTests",
    "WaymarkCLITests",
    "WaymarkTestingTests",
    "WaymarkObservationTests",
]


class CheckError(Exception):
    """A problem that stops a check from running (not a finding): missing build, compiler error."""


# --- Tools -------------------------------------------------------------------------------------------


def toolchain_bin() -> Path:
    """The directory of the `swift` on PATH (or /opt/swift/usr/bin)."""
    swift = shutil.which("swift") or "/opt/swift/usr/bin/swift"
    return Path(os.path.realpath(swift)).parent


def tool(name: str) -> str:
    path = toolchain_bin() / name
    if not path.exists():
        found = shutil.which(name)
        if not found:
            raise CheckError(f"{name} not found next to swift ({toolchain_bin()}) or on PATH")
        return found
    return str(path)


def locked(command: list[str]) -> list[str]:
    """`command` run under the build lock named by WAYMARK_BUILD_LOCK, if any."""
    if LOCK_FILE and shutil.which("flock"):
        return ["flock", LOCK_FILE] + command
    return command


_compiler_version: str | None = None


def compiler_version() -> str:
    global _compiler_version
    if _compiler_version is None:
        out = subprocess.run(locked([tool("swiftc"), "--version"]), capture_output=True, text=True, check=True)
        _compiler_version = (out.stdout + out.stderr).strip().splitlines()[0]
    return _compiler_version


# --- The package and its build -------------------------------------------------------------------


@dataclass
class ModuleCommand:
    name: str
    args: list[str]  # the full swiftc command line, args[0] is swiftc

    def sources(self) -> list[Path]:
        files: list[str] = []
        for arg in self.args[1:]:
            if arg.startswith("@"):
                files += [line.strip() for line in Path(arg[1:]).read_text().splitlines() if line.strip()]
            elif arg.endswith(".swift") and not arg.startswith("-"):
                files.append(arg)
        return [Path(f) for f in files]


class Package:
    def __init__(self, root: Path):
        self.root = root.resolve()
        self.manifest = self.root / ".build" / "debug.yaml"
        if not self.manifest.exists():
            raise CheckError(f"{self.manifest} is missing: run `swift build --build-tests` first")
        self.cache_dir = self.root / ".build" / "waymark-checks"
        self._commands = self._read_manifest()

    def _read_manifest(self) -> dict[str, ModuleCommand]:
        """Each `C.<Module>-<triple>-debug.module` command of the llbuild manifest, by module name."""
        text = self.manifest.read_text()
        commands: dict[str, ModuleCommand] = {}
        pattern = re.compile(r'^  "C\.([A-Za-z0-9_]+)-[^"]*-debug\.module":\n((?:    .*\n)+)', re.M)
        for match in pattern.finditer(text):
            args_line = re.search(r"^    args: (\[.*\])$", match.group(2), re.M)
            if args_line:
                commands[match.group(1)] = ModuleCommand(match.group(1), json.loads(args_line.group(1)))
        return commands

    def command(self, module: str) -> ModuleCommand:
        if module not in self._commands:
            raise CheckError(
                f"{self.manifest} has no compile command for module {module}: "
                "run `swift build --build-tests` first (the test targets are needed too)"
            )
        return self._commands[module]

    def modules(self) -> list[str]:
        """Every module the manifest compiles: the package's own and its dependencies'."""
        return sorted(self._commands)

    def dependencies(self) -> dict[str, list[str]]:
        """Every module's dependencies, direct and indirect (SwiftPM's build description)."""
        description = self.root / ".build" / "debug" / "description.json"
        if not description.exists():
            raise CheckError(f"{description} is missing: run `swift build --build-tests` first")
        return json.loads(description.read_text()).get("targetDependencyMap", {})

    def is_executable(self, module: str) -> bool:
        """SwiftPM compiles an executable target with `-entry-point-function-name` (so that its tests can
        link it): that flag is the manifest's mark of an executable module."""
        return "-entry-point-function-name" in self.command(module).args

    def relative(self, path: str | Path) -> str:
        try:
            return str(Path(path).resolve().relative_to(self.root))
        except ValueError:
            return str(path)


# Flags of SwiftPM's build command that produce outputs or drive incremental builds: they do not
# belong in a type-check. `True`: the flag takes a value.
_OUTPUT_FLAGS = {
    "-emit-dependencies": False,
    "-emit-module": False,
    "-emit-module-path": True,
    "-emit-module-interface": False,
    "-emit-module-interface-path": True,
    "-emit-objc-header": False,
    "-emit-objc-header-path": True,
    "-emit-executable": False,
    "-emit-library": False,
    "-output-file-map": True,
    "-index-store-path": True,
    "-incremental": False,
    "-enable-batch-mode": False,
    "-serialize-diagnostics": False,
    "-parseable-output": False,
    "-c": False,
    "-g": False,
    "-o": True,
    "-whole-module-optimization": False,
    "-wmo": False,
}


def typecheck_command(command: ModuleCommand) -> list[str]:
    """SwiftPM's command for `command`, turned into a type-check that dumps the AST as JSON.

    Batch mode with one job: a single frontend type-checks every file once and prints one JSON tree per
    file, in order, with nothing interleaved."""
    args = command.args
    out: list[str] = [args[0]]
    i = 1
    while i < len(args):
        arg = args[i]
        if arg in ("-Xcc", "-Xfrontend", "-Xlinker", "-Xllvm", "-Xclang-linker") and i + 1 < len(args):
            out += args[i:i + 2]  # a pass-through pair: its value is not one of our flags
            i += 2
            continue
        if arg in _OUTPUT_FLAGS:
            i += 2 if _OUTPUT_FLAGS[arg] else 1
            continue
        if re.fullmatch(r"-j\d*", arg):
            i += 1 if arg != "-j" else 2
            continue
        out.append(arg)
        i += 1
    out += [
        "-typecheck",
        "-enable-batch-mode",
        "-j1",
        "-suppress-warnings",
        "-no-color-diagnostics",
        "-Xfrontend", "-dump-ast",
        "-Xfrontend", "-dump-ast-format",
        "-Xfrontend", "json",
    ]
    return out


# --- Source files ----------------------------------------------------------------------------------


class SourceFile:
    """One file's AST (`tree`) with its bytes, for line numbers and source text."""

    def __init__(self, tree: dict[str, Any]):
        self.tree = tree
        self.path = tree.get("filename", "")
        try:
            self.data = Path(self.path).read_bytes()
        except OSError:
            self.data = b""
        self._line_starts = [0] + [m.end() for m in re.finditer(rb"\n", self.data)]
        self.text_lines = self.data.decode("utf-8", errors="replace").split("\n")

    def line(self, offset: int) -> int:
        """1-based line of a byte offset (the dump's ranges are byte offsets into the file)."""
        return bisect.bisect_right(self._line_starts, offset)


    def text(self, start: int, end: int) -> str:
        return self.data[start:end].decode("utf-8", errors="replace")

    def in_file(self, offset: int) -> bool:
        return 0 <= offset <= len(self.data)


def _parse_json_stream(text: str) -> list[dict[str, Any]]:
    """The JSON objects printed one after another (any diagnostic lines between them are skipped)."""
    decoder = json.JSONDecoder()
    objects: list[dict[str, Any]] = []
    i, n = 0, len(text)
    while i < n:
        while i < n and text[i] in " \t\r\n":
            i += 1
        if i >= n:
            break
        if text[i] != "{":
            newline = text.find("\n", i)
            i = n if newline < 0 else newline + 1
            continue
        obj, i = decoder.raw_decode(text, i)
        objects.append(obj)
    return objects


def _dump_key(package: Package, module: str, command: list[str]) -> str:
    """What the AST of a module depends on: the compiler, the command, the sources' contents and every
    built module it could import (size and modification time of each file under Modules/)."""
    digest = hashlib.sha256()
    digest.update(compiler_version().encode())
    digest.update("\0".join(command).encode())
    for source in package.command(module).sources():
        digest.update(str(source).encode())
        digest.update(source.read_bytes() if source.exists() else b"")
    modules_dir = package.root / ".build" / "debug" / "Modules"
    for path in sorted(modules_dir.rglob("*")) if modules_dir.exists() else []:
        if path.is_file():
            stat = path.stat()
            digest.update(f"{path.name}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    return digest.hexdigest()[:24]


def dump_ast(package: Package, module: str) -> list[SourceFile]:
    """Type-checks `module` with its SwiftPM command line and returns its files' JSON ASTs.

    The dump is cached under .build/waymark-checks/ast, keyed by everything it depends on (see
    `_dump_key`), so the second check of a CI run reuses the first one's."""
    command = typecheck_command(package.command(module))
    cache = package.cache_dir / "ast" / f"{module}-{_dump_key(package, module, command)}.json.gz"
    if cache.exists():
        with gzip.open(cache, "rt") as f:
            return [SourceFile(o) for o in json.load(f)]
    result = subprocess.run(locked(command), capture_output=True, text=True, cwd=package.root)
    objects = [o for o in _parse_json_stream(result.stdout) + _parse_json_stream(result.stderr)
               if o.get("_kind") == "source_file"]
    if result.returncode != 0:
        diagnostics = "\n".join(
            line for line in (result.stdout + result.stderr).splitlines() if not line.startswith("{")
        )
        raise CheckError(f"type-checking {module} failed (exit {result.returncode}):\n{diagnostics[-4000:]}")
    expected = {str(p) for p in package.command(module).sources()}
    got = {o.get("filename") for o in objects}
    missing = expected - got
    if missing:
        raise CheckError(f"the AST dump of {module} has no tree for: {', '.join(sorted(missing))}")
    cache.parent.mkdir(parents=True, exist_ok=True)
    for stale in cache.parent.glob(f"{module}-*.json.gz"):
        stale.unlink()
    partial = cache.with_suffix(".partial")
    with gzip.open(partial, "wt", compresslevel=1) as f:
        json.dump(objects, f)
    partial.rename(cache)
    return [SourceFile(o) for o in objects]


# --- Walking ---------------------------------------------------------------------------------------


def children(node: Any) -> Iterator[tuple[str, Any]]:
    """(key, child) for every dict or list child of a node."""
    if isinstance(node, dict):
        for key, value in node.items():
            if isinstance(value, (dict, list)):
                yield key, value
    elif isinstance(node, list):
        for value in node:
            if isinstance(value, (dict, list)):
                yield "", value


def iter_nodes(node: Any) -> Iterator[dict[str, Any]]:
    """Every dict node under `node`, in document order (iterative: the trees are deep)."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, dict):
            yield current
            stack.extend(reversed([v for v in current.values() if isinstance(v, (dict, list))]))
        elif isinstance(current, list):
            stack.extend(reversed([v for v in current if isinstance(v, (dict, list))]))


def start_offset(node: dict[str, Any]) -> int | None:
    r = node.get("range")
    if isinstance(r, dict) and isinstance(r.get("start"), int):
        return r["start"]
    return None




def call_callee(call: dict[str, Any]) -> dict[str, Any] | None:
    """For `T(x)` (`call_expr` → `constructor_ref_call_expr` → `declref_expr`): the innermost reference
    node of the callee (whose `decl` names what is called), looking through `dot_syntax_call_expr`,
    conversions and parentheses."""
    fn = call.get("fn")
    seen = 0
    while isinstance(fn, dict) and seen < 16:
        seen += 1
        kind = fn.get("_kind")
        if kind in ("declref_expr", "member_ref_expr", "other_constructor_ref_expr"):
            return fn
        if kind in ("constructor_ref_call_expr", "dot_syntax_call_expr"):
            fn = fn.get("fn")
        elif "sub_expr" in fn:
            fn = fn.get("sub_expr")
        else:
            return None
    return None


def call_arguments(call: dict[str, Any]) -> list[dict[str, Any]]:
    args = call.get("args")
    if isinstance(args, dict):
        return [a for a in args.get("args", []) if isinstance(a, dict)]
    return []


def strip_implicit(expr: Any) -> Any:
    """The expression under implicit conversions, parentheses and loads (what the user wrote)."""
    kinds = {
        "load_expr", "paren_expr", "function_conversion_expr", "inject_into_optional",
        "erasure_expr", "metatype_conversion_expr", "derived_to_base_expr", "coerce_expr",
    }
    while isinstance(expr, dict) and expr.get("_kind") in kinds and isinstance(expr.get("sub_expr"), dict):
        expr = expr["sub_expr"]
    return expr


# --- Demangling --------------------------------------------------------------------------------------


@dataclass
class DemangleNode:
    kind: str
    text: str | None = None
    index: int | None = None
    children: list["DemangleNode"] = field(default_factory=list)

    def walk(self) -> Iterator["DemangleNode"]:
        yield self
        for child in self.children:
            yield from child.walk()


NOMINAL_KINDS = {"Structure", "Class", "Enum", "Protocol", "TypeAlias", "OtherNominalType"}


def demangle_trees(names: Iterable[str]) -> dict[str, DemangleNode | None]:
    """`swift-demangle --tree-only` for each mangled name (with its `$s` prefix); None if it fails."""
    names = sorted(set(names))
    result: dict[str, DemangleNode | None] = {name: None for name in names}
    if not names:
        return result
    proc = subprocess.run(
        [tool("swift-demangle"), "--tree-only"], input="\n".join(names) + "\n",
        capture_output=True, text=True,
    )
    current_name: str | None = None
    stack: list[tuple[int, DemangleNode]] = []
    line_re = re.compile(r"^( *)kind=(\w+)(?:, text=\"(.*)\")?(?:, index=(\d+))?")
    for line in proc.stdout.splitlines():
        if line.startswith("Demangling for "):
            current_name = line[len("Demangling for "):]
            stack = []
            continue
        m = line_re.match(line)
        if not m or current_name is None:
            continue
        depth = len(m.group(1)) // 2
        node = DemangleNode(m.group(2), m.group(3), int(m.group(4)) if m.group(4) else None)
        while stack and stack[-1][0] >= depth:
            stack.pop()
        if stack:
            stack[-1][1].children.append(node)
        else:
            result[current_name] = node
        stack.append((depth, node))
    return result


def demangle_simple(names: Iterable[str]) -> dict[str, str]:
    """`swift-demangle --simplified` of each name: `String.init<A, B>(validating:as:)` becomes
    `String.init(validating:as:)` (generic parameters and `static` dropped)."""
    names = sorted(set(names))
    if not names:
        return {}
    proc = subprocess.run([tool("swift-demangle"), "--simplified"], input="\n".join(names) + "\n",
                          capture_output=True, text=True)
    out = proc.stdout.splitlines()
    result = {}
    for name, text in zip(names, out):
        text = re.sub(r"^(static |class )", "", text.strip())
        text = re.sub(r"<[^<>()]*>(?=\()", "", text)
        result[name] = text.split(" : ")[0]
    return result


def nominal_path(node: DemangleNode) -> tuple[str, list[str]] | None:
    """(module, ["Outer", "Inner"]) of a nominal-type node (`Structure`, `Enum`, …); extensions are
    looked through to the extended type."""
    if node.kind not in NOMINAL_KINDS:
        return None
    ctx = node.children[0] if node.children else None
    name = next((c.text for c in node.children[1:] if c.kind == "Identifier"), None)
    if name is None:
        return None
    if ctx is None:
        return None
    if ctx.kind == "Module":
        return ctx.text or "", [name]
    extending_module = None
    if ctx.kind == "Extension" and len(ctx.children) >= 2:
        # A type nested in an extension (Foundation's `String.Encoding`) belongs to the extending module.
        extending_module = ctx.children[0].text if ctx.children[0].kind == "Module" else None
        ctx = ctx.children[1]
    parent = nominal_path(ctx)
    if parent is None:
        return None
    return extending_module or parent[0], parent[1] + [name]


def nominal_types(tree: DemangleNode | None) -> list[tuple[str, list[str]]]:
    """Every nominal type a mangled type mentions: (module, path)."""
    if tree is None:
        return []
    found = []
    for node in tree.walk():
        path = nominal_path(node)
        if path:
            found.append(path)
    return found


def declaring_module(tree: DemangleNode | None) -> str | None:
    """The module that declares an entity, from its demangled USR: the module of an `Extension` (the
    extending module) or, otherwise, the first `Module` node."""
    if tree is None:
        return None
    for node in tree.walk():
        if node.kind == "Extension" and node.children and node.children[0].kind == "Module":
            return node.children[0].text
        if node.kind == "Module":
            return node.text
    return None


# --- Symbol graphs -----------------------------------------------------------------------------------


def symbol_graph_dir(package: Package, module: str) -> Path:
    """The symbol graphs of a toolchain module, extracted once per compiler version (under .build/)."""
    key = hashlib.sha256(compiler_version().encode()).hexdigest()[:16]
    out = package.cache_dir / "symbolgraphs" / key / module
    done = out / ".done"
    if done.exists():
        return out
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    command = [
        tool("swift-symbolgraph-extract"), "-module-name", module,
        "-target", "x86_64-unknown-linux-gnu", "-output-dir", str(out),
        "-module-cache-path", str(package.cache_dir / "ModuleCache"),
        "-minimum-access-level", "public",
    ]
    result = subprocess.run(locked(command), capture_output=True, text=True)
    if result.returncode != 0:
        raise CheckError(f"swift-symbolgraph-extract -module-name {module} failed:\n{result.stderr[-2000:]}")
    done.write_text(compiler_version() + "\n")
    return out


def abi_dump_path(package: Package, module: str) -> Path:
    """`swift-api-digester -dump-sdk -abi` of a toolchain module, made once per compiler version."""
    key = hashlib.sha256(compiler_version().encode()).hexdigest()[:16]
    out = package.cache_dir / "abi" / key / f"{module}.json"
    if out.exists():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = out.with_suffix(".partial")
    command = [
        tool("swift-api-digester"), "-dump-sdk", "-abi", "-module", module,
        "-target", "x86_64-unknown-linux-gnu", "-o", str(partial),
        "-module-cache-path", str(package.cache_dir / "ModuleCache"),
    ]
    result = subprocess.run(locked(command), capture_output=True, text=True)
    if result.returncode != 0 or not partial.exists():
        raise CheckError(f"swift-api-digester -dump-sdk -module {module} failed:\n{result.stderr[-2000:]}")
    partial.rename(out)
    return out


def parse_version_dict(text: str) -> dict[str, int]:
    parts = [int(p) for p in re.findall(r"\d+", text)] + [0, 0]
    return {"major": parts[0], "minor": parts[1]}


@dataclass
class Symbol:
    usr: str
    module: str  # the module that declares it
    path: list[str]
    kind: str
    availability: list[dict[str, Any]]
    parent: str | None = None  # memberOf / requirementOf target
    is_requirement: bool = False
    default_implementations: list[str] = field(default_factory=list)
    extension_constraints: list[Any] = field(default_factory=list)

    @property
    def title(self) -> str:
        return ".".join(self.path)


class SymbolIndex:
    """Symbols of some toolchain modules, by USR, and nominal types by (module family, path)."""

    def __init__(self) -> None:
        self.symbols: dict[str, Symbol] = {}
        self.types_by_path: dict[tuple[str, str], list[Symbol]] = {}
        self.modules: list[str] = []

    def load(self, package: Package, module: str) -> None:
        if module in self.modules:
            return
        self.modules.append(module)
        directory = symbol_graph_dir(package, module)
        relations: list[dict[str, Any]] = []
        for file in sorted(directory.glob("*.symbols.json")):
            graph = json.loads(file.read_text())
            # `A.symbols.json` holds module A's symbols; `A@B.symbols.json` more of A's (its extensions
            # of B, and, for the standard library, the _Concurrency and _StringProcessing symbols).
            declared_in = file.name[: -len(".symbols.json")].split("@")[0]
            for raw in graph.get("symbols", []):
                usr = raw["identifier"]["precise"]
                if usr in self.symbols:
                    continue
                symbol = Symbol(
                    usr=usr, module=declared_in, path=list(raw.get("pathComponents", [])),
                    kind=raw.get("kind", {}).get("identifier", ""),
                    availability=raw.get("availability") or [],
                    extension_constraints=(raw.get("swiftExtension") or {}).get("constraints") or [],
                )
                self.symbols[usr] = symbol
                if symbol.kind in ("swift.struct", "swift.class", "swift.enum", "swift.protocol",
                                   "swift.typealias", "swift.actor"):
                    self.types_by_path.setdefault((declared_in, ".".join(symbol.path)), []).append(symbol)
            relations += graph.get("relationships", [])
        for rel in relations:
            source, target, kind = rel.get("source"), rel.get("target"), rel.get("kind")
            symbol = self.symbols.get(source)
            if symbol is None:
                continue
            if kind in ("memberOf", "requirementOf", "optionalRequirementOf") and symbol.parent is None:
                symbol.parent = target
            if kind in ("requirementOf", "optionalRequirementOf"):
                symbol.is_requirement = True
            if kind == "defaultImplementationOf" and target in self.symbols:
                self.symbols[target].default_implementations.append(source)

    def load_abi_dump(self, package: Package, module: str) -> None:
        """Adds the symbols the symbol graph leaves out: it omits every name that starts with `_` (the
        standard library's `_builtinIntegerLiteral` initializers, `_ArrayProtocol.filter`, Testing's
        `__checkValue`, …), while the API digester's ABI dump of the same module, from the same
        compiler, lists them with their `@available` attributes (`intro_Macosx`, `intro_iOS`, …; it
        has no visionOS field, so visionOS is derived from iOS as for any symbol without one)."""
        key = "abi:" + module
        if key in self.modules:
            return
        self.modules.append(key)
        path = abi_dump_path(package, module)
        root = json.loads(path.read_text()).get("ABIRoot", {})
        platforms = {"Macosx": "macOS", "iOS": "iOS", "tvOS": "tvOS", "watchOS": "watchOS", "visionOS": "visionOS"}

        def visit(node: dict[str, Any], parent: Symbol | None, names: list[str]) -> None:
            symbol = parent
            if "declKind" in node and node.get("usr") and node.get("declKind") != "Import":
                path = names + [node.get("printedName") or node.get("name") or "?"]
                availability = [
                    {"domain": platforms[k[len("intro_"):]], "introduced": parse_version_dict(v)}
                    for k, v in node.items()
                    if k.startswith("intro_") and k[len("intro_"):] in platforms
                ]
                symbol = Symbol(
                    usr=node["usr"], module=module, path=path,
                    kind="abi." + node["declKind"], availability=availability,
                    parent=parent.usr if parent else None,
                )
                if symbol.usr not in self.symbols:
                    self.symbols[symbol.usr] = symbol
                    if node.get("kind") == "TypeDecl" or node.get("declKind") == "TypeAlias":
                        self.types_by_path.setdefault((module, ".".join(path)), []).append(symbol)
                names = path if node.get("kind") == "TypeDecl" else names
            for child in node.get("children", []) or []:
                if isinstance(child, dict):
                    visit(child, symbol if "declKind" in node else parent, names)

        for child in root.get("children", []) or []:
            visit(child, None, [])

    def type_symbol(self, modules: Iterable[str], path: list[str]) -> Symbol | None:
        key = ".".join(path)
        for module in modules:
            found = self.types_by_path.get((module, key))
            if found:
                return found[0]
        return None


def toolchain_modules() -> set[str]:
    """Names of the Swift modules that ship with the toolchain (lib/swift/linux/*.swiftmodule)."""
    lib = toolchain_bin().parent / "lib" / "swift" / "linux"
    return {p.name[: -len(".swiftmodule")] for p in lib.glob("*.swiftmodule")}


# --- Platforms and versions --------------------------------------------------------------------------

APPLE_PLATFORMS = ["macOS", "iOS", "tvOS", "watchOS", "visionOS"]
PLATFORM_SPELLINGS = {p.lower(): p for p in APPLE_PLATFORMS}

Version = tuple[int, ...]
NEVER: Version = (10**6,)  # "unavailable": above every floor


def parse_version(text: str) -> Version:
    parts = tuple(int(p) for p in re.findall(r"\d+", text))
    while len(parts) > 1 and parts[-1] == 0:
        parts = parts[:-1]
    return parts or (0,)


def format_version(version: Version) -> str:
    if version == NEVER:
        return "never"
    return ".".join(str(p) for p in version)


def package_platforms(package_swift: Path) -> dict[str, Version]:
    """The `platforms:` floors of Package.swift: `.macOS(.v14)`, `.iOS("17.0")`, `.macOS(.v10_15)`."""
    text = package_swift.read_text()
    block = re.search(r"platforms\s*:\s*\[(.*?)\]", text, re.S)
    if not block:
        raise CheckError(f"{package_swift} declares no `platforms:`; nothing to check against")
    floors: dict[str, Version] = {}
    for m in re.finditer(r"\.(\w+)\(\s*(?:\.v(\d+(?:_\d+)*)|\"([\d.]+)\")\s*\)", block.group(1)):
        platform = PLATFORM_SPELLINGS.get(m.group(1).lower())
        if platform is None:
            continue  # macCatalyst, driverKit, …: not one of the five we check
        floors[platform] = parse_version(m.group(2).replace("_", ".") if m.group(2) else m.group(3))
    if not floors:
        raise CheckError(f"could not read the platforms of {package_swift}: {block.group(0)!r}")
    return floors


def format_platforms(versions: dict[str, Version], platforms: list[str]) -> str:
    return " / ".join(f"{p} {format_version(versions[p])}" for p in platforms if p in versions)
