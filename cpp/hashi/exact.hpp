// Exact Hashiwokakero search: constraint propagation plus depth-first branching.
//
// Each potential bridge has a domain, a subset of {0, 1, 2} bridges (3-bit mask). Rules, run to
// a fixpoint after every decision:
//   degree     per island: sum of minima <= value <= sum of maxima; each incident edge is
//              narrowed to [value - (others' maxima), value - (others' minima)];
//   crossing   an edge sure to carry a bridge empties every edge it crosses;
//   isolation  an edge value that would saturate a group of islands already joined by sure
//              bridges (residual demand 0) without it holding all islands is removed;
//   slack      doubles + independent cycles of the sure bridges <= (sum of values)/2 - N + 1,
//              the exact value of that sum in any connected answer;
//   bridge     an edge that is a bridge (cut edge) of the graph of still-possible edges must
//              carry at least one bridge; a disconnected possible graph is a dead end.
// Every leaf is therefore a connected solution. Counting continues after a solution up to a limit.
// Finding one solution restarts on the Luby sequence; when the first 64 failures do not suffice,
// the root is probed once (each value of each open edge tried and propagated; failing values
// removed), which settles the hard Coelho et al. instances (stats rule "probing").
#pragma once
#include <cstdint>
#include <vector>

#include "common/exact_frame.hpp"
#include "hashi/graph.hpp"

// The entry points are the frame's (cpp/common/exact_frame.hpp): Exact::solve, solve_below and
// split. A solution is the bridges per edge (0, 1 or 2, edges numbered as in `graph`). A prefix
// is a flat list of (edge, bridges) decisions: replaying it narrows each edge to that value and
// propagates. The children of a prefix take every value left of one open edge, so their solution
// sets partition the prefix's whichever edge is chosen. Below a prefix the search makes no
// restarts.
namespace cassetete::hashi {
using Exact = ExactSearch<Graph, std::vector<uint8_t>>;
using ExactResult = Exact::Result;
using SolutionCallback = Exact::Callback;
}  // namespace cassetete::hashi

extern template struct cassetete::ExactSearch<cassetete::hashi::Graph, std::vector<uint8_t>>;  // in exact.cpp
