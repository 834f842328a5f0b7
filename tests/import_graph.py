"""The program's imports as a graph, read from the source with `ast` (nothing is imported):
module -> the modules of the package it imports when it runs.

Every import counts, at the top of a module or inside a function (an import inside a
function is an arrow all the same: it only runs later); those under `if TYPE_CHECKING:`
do not, since they never run, unless asked for (`types=True`: a circle of types is a circle
all the same, each module needing the others to be read). `from package import name` is
an arrow to the submodule `package.name` when there is one, else to the package itself.
The parent packages a module implies are not arrows."""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

PACKAGE = "game"


def module_files(root: Path) -> dict[str, Path]:
    """Every module of the package under `root` (the repository), by dotted name."""
    found = {}
    for path in sorted((root / PACKAGE).rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def imports(root: Path, *, types: bool = False) -> dict[str, set[str]]:
    """Module -> the modules of the package it imports at run time (`types`: and those it
    imports for its type hints only, under `if TYPE_CHECKING:`)."""
    files = module_files(root)
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        is_package = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        named = all_imports(tree, name, is_package) if types else \
            run_time_imports(tree, name, is_package)
        graph[name] = {target for imported in named
                       if (target := _landing(imported, files)) and target != name}
    return graph


def external_imports(root: Path) -> dict[str, set[str]]:
    """Module -> the top-level names of what it imports from outside the package."""
    found: dict[str, set[str]] = {}
    for name, path in module_files(root).items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found[name] = {imported.split(".")[0].split(":")[0]
                       for imported in run_time_imports(tree, name, path.name == "__init__.py")
                       if imported.split(".")[0].split(":")[0] != PACKAGE}
    return found


def run_time_imports(tree: ast.AST, module: str, is_package: bool) -> Iterator[str]:
    """What a module's import statements name, outside `if TYPE_CHECKING:`: a module's
    dotted name, or "module:name" for a name imported from a module."""
    return _named(_nodes_that_run(tree), module, is_package)


def all_imports(tree: ast.AST, module: str, is_package: bool) -> Iterator[str]:
    """What all of a module's import statements name, `if TYPE_CHECKING:` included."""
    return _named(ast.walk(tree), module, is_package)


def _named(nodes: Iterator[ast.AST], module: str, is_package: bool) -> Iterator[str]:
    for node in nodes:
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node, module, is_package)
            yield from (f"{base}:{alias.name}" for alias in node.names)


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The import circles: each group of two or more modules that reach one another
    (Tarjan's strongly connected components), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def _nodes_that_run(tree: ast.AST) -> Iterator[ast.AST]:
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from (inner for branch in node.orelse for inner in _walk(branch))
            continue
        yield node
        yield from _nodes_that_run(node)


def _walk(node: ast.AST) -> Iterator[ast.AST]:
    yield node
    yield from _nodes_that_run(node)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _absolute(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    parts = module.split(".")
    base = parts if is_package else parts[:-1]
    base = base[: len(base) - node.level + 1]
    return ".".join([*base, *([node.module] if node.module else [])])


def _landing(imported: str, files: Mapping[str, Path]) -> str | None:
    """The package's module an import lands in: `from a import b` lands in the submodule
    `a.b` when there is one, else in `a`; None when it is outside the package."""
    module, _, name = imported.partition(":")
    if name and f"{module}.{name}" in files:
        return f"{module}.{name}"
    return module if module in files else None
