"""The layers of pyproject.toml's ``[tool.importlinter]`` hold: no module imports a layer above its own, at the
top of a file or inside a function (import-linter reads both); and no modules import each other, however
indirectly (a cycle), so that every shared piece has one home below its users."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1]


def test_no_module_imports_a_layer_above_its_own():
    lint = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run(
        [str(lint), "--config", str(ROOT / "pyproject.toml")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]


def import_graph(package: str = "orgdocs") -> dict[str, set[str]]:
    """Module -> the modules of ``package`` it imports, at the top of the file or inside a function; imports
    under ``if TYPE_CHECKING:`` only name types and run nothing, so they are left out. A name imported from
    a package's face (``from orgdocs.project import Site``) is an import of the module that defines it
    (``faces``): a face that loads its names on first use imports them only under ``TYPE_CHECKING``."""
    graph = grimp.build_graph(
        package, include_external_packages=False, exclude_type_checking_imports=True, cache_dir=None
    )
    defined = faces(graph.modules)
    result = {}
    for module in graph.modules:
        imported = set(graph.find_modules_directly_imported_by(module))
        for face, names in _names_from_faces(module, defined).items():
            if face in imported:
                imported.discard(face)
                imported |= {defined[face].get(name, face) for name in names}
        result[module] = imported
    return result


def _source(module: str) -> Path:
    path = ROOT.joinpath(*module.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def faces(modules: set[str]) -> dict[str, dict[str, str]]:
    """Package -> {name: the module defining it}, for each name its ``__init__`` imports from its modules (at
    the top, or under ``TYPE_CHECKING`` for a face that loads them on first use)."""
    found = {}
    for module in modules:
        source = _source(module)
        if source.name != "__init__.py" or not source.is_file():
            continue
        table = {}
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(module + "."):
                table.update({alias.asname or alias.name: node.module for alias in node.names})
        found[module] = table
    return found


def _names_from_faces(module: str, defined: dict[str, dict[str, str]]) -> dict[str, set[str]]:
    """Face -> the names ``module`` imports from it (``from face import a, b``)."""
    source = _source(module)
    if not source.is_file():
        return {}
    names: dict[str, set[str]] = {}
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.ImportFrom)
            and node.level == 0
            and node.module in defined
            and node.module != module
        ):
            names.setdefault(node.module, set()).update(alias.name for alias in node.names)
    return names


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle per group of modules that reach each other (Tarjan's strongly connected components,
    iteratively): the modules in the order they import one another, back to the first."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []
    for start in sorted(graph):
        if start in order:
            continue
        work = [(start, iter(sorted(graph[start])))]
        order[start] = low[start] = len(order)
        stack.append(start)
        on_stack.add(start)
        while work:
            module, imported = work[-1]
            for other in imported:
                if other not in order:
                    order[other] = low[other] = len(order)
                    stack.append(other)
                    on_stack.add(other)
                    work.append((other, iter(sorted(graph[other]))))
                    break
                if other in on_stack:
                    low[module] = min(low[module], order[other])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[module])
                if low[module] == order[module]:
                    group = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.add(member)
                        if member == module:
                            break
                    if len(group) > 1 or module in graph[module]:
                        groups.append(group)
    return [_loop(graph, group) for group in groups]


def _loop(graph: dict[str, set[str]], group: set[str]) -> list[str]:
    """The shortest chain of imports from the group's first module back to itself, inside the group."""
    first = min(group)
    paths = {first: [first]}
    frontier = [first]
    while frontier:
        nearer = []
        for module in frontier:
            for other in sorted(graph[module] & group):
                if other == first:
                    return [*paths[module], first]
                if other not in paths:
                    paths[other] = [*paths[module], other]
                    nearer.append(other)
        frontier = nearer
    raise AssertionError(f"{sorted(group)} is not strongly connected")


def test_cycles_are_found_and_named():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e"}, "f": {"d"}}
    assert cycles(graph) == [["a", "b", "c", "a"], ["e", "e"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_holds_imports_in_functions_not_those_for_type_checking(tmp_path, monkeypatch):
    package = tmp_path / "layered"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "low.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from layered.high import High\n"
    )
    (package / "high.py").write_text("def run():\n    from layered import low\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    graph = import_graph("layered")
    assert graph["layered.high"] == {"layered.low"}
    assert graph["layered.low"] == set()
    assert cycles(graph) == []


def test_no_modules_import_each_other():
    found = cycles(import_graph())
    assert not found, "import cycles (TYPE_CHECKING imports left out):\n" + "\n".join(
        " -> ".join(cycle) for cycle in found
    )


def test_packages_are_used_through_their_faces():
    """A package's modules are private (``_site.py``): only the package's own modules, and its subpackages',
    import them; every other module imports what it needs from the package (``from orgdocs.project import
    Site``), at the top of a file, inside a function or for type checking."""
    crossing = []
    for path in sorted((ROOT / "orgdocs").rglob("*.py")):
        importer = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.ImportFrom)
                and node.level == 0
                and (node.module or "").startswith("orgdocs.")
            ):
                package, _, last = node.module.rpartition(".")
                inside = importer == package or importer.startswith(package + ".")
                if last.startswith("_") and not last.startswith("__") and package != "orgdocs" and not inside:
                    crossing.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.module}")
    assert not crossing, "\n".join(crossing)
