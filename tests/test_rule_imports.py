"""The dispatcher imports the rules, rule modules never import the dispatcher, and
the rule modules of a system import each other one way only (the project's rule for
a rules system: "Dependencies point one way"; SBH grew an import circle through its
actions module, which the later systems must not repeat). Read from the source, so
an import inside a function counts too (and one under `if TYPE_CHECKING:` as well)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parent.parent / "server" / "rules"


def imported(path: Path, package: str) -> set[str]:
    """The modules a file imports, absolute (`from . import x` resolved in `package`)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return found


# The systems whose rule modules import each other one way only: every one.
ACYCLIC = ["asoiaf", "sbh", "sns"]


@pytest.mark.parametrize("system", ["asoiaf", "sbh", "sns"])
def test_no_rule_module_imports_its_dispatcher(system):
    package = f"server.rules.{system}"
    dispatcher = f"{package}.system"
    offenders = []
    for path in sorted((RULES / system).rglob("*.py")):
        if path.name == "system.py" and path.parent == RULES / system:
            continue
        relative = path.relative_to(RULES.parent.parent).with_suffix("")
        module_package = ".".join(relative.parts[:-1])
        if dispatcher in imported(path, module_package):
            offenders.append(str(path.relative_to(RULES)))
    assert offenders == [], f"these import {dispatcher}: {offenders}"


def test_the_check_sees_an_import_inside_a_function(tmp_path):
    """(The check itself: a deferred import is found, relative ones resolved.)"""
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from . import system\n    from .system import X\n")
    assert "server.rules.asoiaf.system" in imported(sample, "server.rules.asoiaf")


def module_names(system: str) -> dict[str, Path]:
    """The system's modules, subpackages' included, by dotted name (a package by
    its own name, for its __init__.py)."""
    found = {}
    for path in sorted((RULES / system).rglob("*.py")):
        parts = path.relative_to(RULES.parent.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def import_graph(system: str) -> dict[str, set[str]]:
    """Module -> the modules of the same system it imports."""
    modules = module_names(system)
    graph = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        graph[name] = {m for m in imported(path, package) if m in modules and m != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's), each
    sorted: every module of one can reach every other through imports."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def describe(graph: dict[str, set[str]], component: list[str]) -> str:
    inside = set(component)
    short = {m: m.rsplit(".", 1)[-1] for m in component}
    edges = "; ".join(f"{short[m]} -> {', '.join(sorted(short[w] for w in graph[m] & inside))}"
                      for m in component)
    return f"{len(component)} modules in a circle: {', '.join(short.values())} ({edges})"


@pytest.mark.parametrize("system", ACYCLIC)
def test_the_rule_modules_import_each_other_one_way(system):
    graph = import_graph(system)
    found = cycles(graph)
    assert found == [], f"{system}'s imports go round: " + " | ".join(
        describe(graph, c) for c in found)


def test_the_check_names_the_modules_of_a_circle():
    """(The check itself: a circle is found and named, a module outside it left out.)"""
    graph = {"p.a": {"p.b"}, "p.b": {"p.c"}, "p.c": {"p.a"}, "p.d": {"p.a"}}
    assert cycles(graph) == [["p.a", "p.b", "p.c"]]
    assert describe(graph, ["p.a", "p.b", "p.c"]) == \
        "3 modules in a circle: a, b, c (a -> b; b -> c; c -> a)"
