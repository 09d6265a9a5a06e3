// Python glue for spreading the Shikaku and Hashiwokakero exact counts over many workers
// (cassetete.parallel): count the solutions below a prefix of branching choices, find a first
// one, and cut a prefix deeper; registered in the _core.shikaku and _core.hashi submodules.
// One set of bindings serves both families, given each family's converters (bind_grid.hpp) and
// engine entry points (cpp/common/exact_frame.hpp). The GIL is released around every search and
// split.
#include <cstdint>
#include <vector>

#include "bind_grid.hpp"
#include "bindings.hpp"
#include "hashi/exact.hpp"
#include "shikaku/exact.hpp"

namespace cassetete::bind {
namespace {

// What the three bindings need from a family: its problem built from the grid, its engine entry
// points and its solution converter, with the docstrings that name its prefixes.
template <class Build, class Below, class Split, class Convert>
struct SplitFamily {
    Build build;      // CArray<int32_t> -> problem
    Below below;      // Exact::solve_below
    Split split;      // Exact::split
    Convert convert;  // a kept solution -> Python list
    uint64_t poll;    // nodes between polls at most
    const char* count_doc;
    const char* first_doc;
    const char* split_doc;
};

template <class Build, class Below, class Split, class Convert>
SplitFamily<Build, Below, Split, Convert> split_family(Build build, Below below, Split split, Convert convert,
                                                      uint64_t poll, const char* count_doc, const char* first_doc,
                                                      const char* split_doc) {
    return {build, below, split, convert, poll, count_doc, first_doc, split_doc};
}

template <class Family>
void register_splits(py::module_& m, const Family& f) {
    m.def("count_below", [f](const CArray<int32_t>& grid, const std::vector<int>& prefix, long long limit,
                             const py::object& time_limit, const py::object& node_limit) {
        const auto problem = f.build(grid);
        const auto res = run_python_search(time_limit, node_limit, [&](SearchControl& control) {
            return f.below(problem, control, limit < 1 ? UINT64_MAX : static_cast<uint64_t>(limit), 0, prefix);
        }, nullptr, f.poll);
        return py::make_tuple(res.count, res.complete, res.stats.nodes);
    }, py::arg("grid"), py::arg("prefix"), py::arg("limit") = 0, py::arg("time_limit") = py::none(),
       py::arg("node_limit") = py::none(), f.count_doc);
    m.def("first_below", [f](const CArray<int32_t>& grid, const std::vector<int>& prefix,
                             const py::object& time_limit) {
        const auto problem = f.build(grid);
        const auto res = run_python_search(time_limit, py::none(), [&](SearchControl& control) {
            return f.below(problem, control, 1, 1, prefix);
        }, nullptr, f.poll);
        py::object solution = py::none();
        if (!res.solutions.empty()) solution = f.convert(problem, res.solutions.front());
        return py::make_tuple(status_name(res.status), solution, res.stats.nodes);
    }, py::arg("grid"), py::arg("prefix"), py::arg("time_limit") = py::none(), f.first_doc);
    m.def("split", [f](const CArray<int32_t>& grid, const std::vector<int>& prefix, int depth) {
        const auto problem = f.build(grid);
        py::gil_scoped_release release;
        return f.split(problem, prefix, depth);
    }, py::arg("grid"), py::arg("prefix"), py::arg("depth"), f.split_doc);
}

}  // namespace

void register_shikaku_splits(py::module_& m) {
    register_splits(m, split_family(
        &shikaku_candidates, &shikaku::Exact::solve_below, &shikaku::Exact::split,
        [](const shikaku::Candidates&, const std::vector<shikaku::Rect>& rects) { return rects_to_list(rects); },
        kShikakuPoll,
        "Count the solutions below a prefix of chosen candidates (0 = no limit): (count, complete, nodes).",
        "A first solution below a prefix of chosen candidates: (status, rectangles or None, nodes).",
        "The prefixes `depth` branchings below `prefix` (their solutions partition the prefix's)."));
}

void register_hashi_splits(py::module_& m) {
    register_splits(m, split_family(
        &hashi_graph, &hashi::Exact::solve_below, &hashi::Exact::split,
        [](const hashi::Graph& graph, const std::vector<uint8_t>& x) { return bridge_tuples(bridge_list(graph, x)); },
        kHashiPoll,
        "Count the solutions below a flat prefix of (edge, bridges) decisions (0 = no limit): "
        "(count, complete, nodes).",
        "A first solution below a flat (edge, bridges) prefix: (status, bridges or None, nodes).",
        "The prefixes `depth` decisions below `prefix` (their solutions partition the prefix's)."));
}

}  // namespace cassetete::bind
