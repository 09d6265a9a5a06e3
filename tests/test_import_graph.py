"""The package's import graph keeps its arrows pointing one way (docs/ARCHITECTURE.md): no import
cycle anywhere in ``cassetete``, and ``cassetete.parallel`` imports no family. The layers and the
declared edges between families are import-linter contracts in pyproject.toml (``lint-imports``
in CI); this test is the part that a plain ``pytest`` also keeps.

The graph is built by grimp from the installed package's source files, imports inside functions
included, so a lazy import cannot hide an arrow pointing the wrong way.
"""

from __future__ import annotations

from typing import Dict, List, Set

import pytest

grimp = pytest.importorskip("grimp")

FAMILIES = ("sudoku", "exactcover", "polyomino", "edgematch", "shikaku", "hashi", "jigsaw", "narrowing")


@pytest.fixture(scope="module")
def graph():
    return grimp.build_graph("cassetete", include_external_packages=False, cache_dir=None)


def strongly_connected(edges: Dict[str, Set[str]]) -> List[List[str]]:
    """Tarjan's components of a directed graph, iteratively (the package has about 150 modules)."""
    index: Dict[str, int] = {}
    low: Dict[str, int] = {}
    stack: List[str] = []
    on_stack: Set[str] = set()
    components: List[List[str]] = []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                components.append(sorted(component))
    return components


def test_the_cycle_finder_finds_a_planted_cycle():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set()}
    assert sorted(map(tuple, strongly_connected(edges))) == [("a", "b", "c"), ("d",)]


def test_no_import_cycle_in_the_package(graph):
    edges = {module: set(graph.find_modules_directly_imported_by(module)) for module in graph.modules}
    cycles = [component for component in strongly_connected(edges) if len(component) > 1]
    assert cycles == [], "import cycles:\n" + "\n".join(" -> ".join(c) for c in cycles)


@pytest.mark.parametrize("family", FAMILIES)
def test_parallel_imports_no_family(graph, family):
    chains = graph.find_shortest_chains(importer="cassetete.parallel", imported=f"cassetete.{family}",
                                        as_packages=True)
    assert not chains, f"cassetete.parallel reaches {family}: {sorted(chains)}"


def test_every_family_is_a_package_with_its_public_verbs():
    import importlib

    for family in FAMILIES:
        module = importlib.import_module(f"cassetete.{family}")
        assert module.__file__ is not None and module.__file__.endswith("__init__.py"), family
