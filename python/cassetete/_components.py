"""Connected components of a small graph given by its edges (union-find with path halving),
shared by the Hashiwokakero verifier, ILP cuts and generator.

Example:
    >>> sorted(sorted(c) for c in components(range(5), [(0, 1), (3, 4)]))
    [[0, 1], [2], [3, 4]]
"""

from __future__ import annotations

from typing import Dict, Hashable, Iterable, List, Tuple, TypeVar

Node = TypeVar("Node", bound=Hashable)


def components(nodes: Iterable[Node], edges: Iterable[Tuple[Node, Node]]) -> List[List[Node]]:
    """The connected components, each a list of nodes in the order `nodes` gives them; edge
    ends missing from `nodes` are added."""
    parent: Dict[Node, Node] = {}
    order: List[Node] = []

    def find(x: Node) -> Node:
        if x not in parent:
            parent[x] = x
            order.append(x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for node in nodes:
        find(node)
    for a, b in edges:
        parent[find(a)] = find(b)
    groups: Dict[Node, List[Node]] = {}
    for node in order:
        groups.setdefault(find(node), []).append(node)
    return list(groups.values())
