// The Shikaku and Hashiwokakero conversions, written once per family (bind_shikaku.cpp,
// bind_hashi.cpp) and reused by bind_splits.cpp, which binds the subproblems of both families
// for cassetete.parallel.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "bindings.hpp"
#include "hashi/graph.hpp"
#include "search_stream.hpp"
#include "shikaku/candidates.hpp"

namespace cassetete::bind {

// Shikaku: the candidate rectangles of a 2-D clue grid (built with the GIL released), and a
// solution as the list of (row, col, height, width) tuples hashi.solve's twin gives.
shikaku::Candidates shikaku_candidates(const CArray<int32_t>& grid);
py::list rects_to_list(const std::vector<shikaku::Rect>& rects);
// Shikaku nodes are cheap: its searches poll at SearchControl's default interval.
inline constexpr uint64_t kShikakuPoll = 16384;

// Hashiwokakero: the bridge graph of a 2-D island grid, and a solution (bridges per edge) as
// the bridges (r1, c1, r2, c2, count) of the edges that carry any.
using BridgeList = std::vector<std::array<int, 5>>;
hashi::Graph hashi_graph(const CArray<int32_t>& grid);
BridgeList bridge_list(const hashi::Graph& graph, const std::vector<uint8_t>& bridges);
py::list bridge_tuples(const BridgeList& bridges);
// Polls every 1024 nodes at most: a Hashi node can cost ~100 us on 400-island grids, so the
// default 16384-node interval would make Ctrl-C and time limits lag.
inline constexpr uint64_t kHashiPoll = 1024;

// Streams the solutions of a family's exact search `Exact` (cpp/common/exact_frame.hpp) on
// `problem`, up to `limit` (0 = all), from a background thread polling every `poll` nodes at
// most; `to_item(problem, solution)` makes each streamed item.
template <class Exact, class Item, class Problem, class ToItem>
std::unique_ptr<SearchStream<Item>> open_exact_stream(std::shared_ptr<const Problem> problem, long long limit,
                                                      const py::object& time_limit, const py::object& node_limit,
                                                      uint64_t poll, ToItem to_item) {
    const SearchLimits limits = PythonSearch::make_limits(time_limit, node_limit);
    const uint64_t wanted = limit < 1 ? UINT64_MAX : static_cast<uint64_t>(limit);
    return std::make_unique<SearchStream<Item>>(
        [problem, limits, wanted, poll, to_item](const typename SearchStream<Item>::Stream::Emit& emit,
                                                 const CancellationToken& token, StreamOutcome& outcome) {
            const typename Exact::Callback callback = [&](const auto& solution) {
                return emit(to_item(*problem, solution));
            };
            SearchControl control(limits, &token, nullptr, poll);
            outcome = Exact::solve(*problem, control, wanted, 0, &callback);
        });
}

// Registers a family's stream: the SolutionStream class (items converted by `convert`) and the
// `stream(grid, limit=0, time_limit=None, node_limit=None)` function `open` that starts one.
template <class Item, class Open, class Convert>
void register_exact_stream(py::module_& m, Open open, Convert convert, const char* doc) {
    register_search_stream<Item>(m, "SolutionStream", convert);
    m.def("stream", open, py::arg("grid"), py::arg("limit") = 0, py::arg("time_limit") = py::none(),
          py::arg("node_limit") = py::none(), doc);
}

}  // namespace cassetete::bind
