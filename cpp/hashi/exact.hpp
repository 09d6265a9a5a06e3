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
#include <functional>
#include <vector>

#include "common/limits.hpp"
#include "common/stats.hpp"
#include "common/result.hpp"
#include "hashi/graph.hpp"

namespace cassetete::hashi {

// The common result (cpp/common/result.hpp); a solution is the bridges per edge, `keep` of them.
using ExactResult = SearchResult<std::vector<uint8_t>>;

// Called with each solution found (bridges per edge); returning false stops the search (a
// consumer that wants no more), which then counts as incomplete.
using SolutionCallback = std::function<bool(const std::vector<uint8_t>&)>;

// Search for up to `limit` solutions (limit >= 1); keep at most `keep` of them; `on_solution`,
// when given, sees every solution as it is found (streaming).
ExactResult solve_exact(const Graph& graph, SearchControl& control, uint64_t limit, uint64_t keep,
                        const SolutionCallback* on_solution = nullptr);

}  // namespace cassetete::hashi
