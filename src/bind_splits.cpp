// Python glue for spreading the Shikaku and Hashiwokakero exact counts over many workers
// (cassetete.parallel): count the solutions below a prefix of branching choices, find a first
// one, and cut a prefix deeper; registered in the _core.shikaku and _core.hashi submodules.
// The GIL is released around every search and split.
#include <cstdint>
#include <vector>

#include "bindings.hpp"
#include "hashi/exact.hpp"
#include "hashi/graph.hpp"
#include "shikaku/candidates.hpp"
#include "shikaku/exact.hpp"

namespace cassetete::bind {
namespace {

template <class Result>
py::tuple count_tuple(const Result& res) {
    return py::make_tuple(res.count, res.complete, res.stats.nodes);
}

shikaku::Candidates shikaku_candidates(const CArray<int32_t>& grid) {
    if (grid.ndim() != 2) throw InputError("the clue grid must be a 2-D array");
    std::vector<int> cells(grid.data(), grid.data() + grid.size());
    py::gil_scoped_release release;
    return shikaku::build_candidates(static_cast<int>(grid.shape(0)), static_cast<int>(grid.shape(1)), cells);
}

py::tuple shikaku_count_below(const CArray<int32_t>& grid, const std::vector<int>& prefix, long long limit,
                              const py::object& time_limit, const py::object& node_limit) {
    shikaku::Candidates cd = shikaku_candidates(grid);
    PythonSearch search(time_limit, node_limit);
    shikaku::ExactResult res;
    {
        py::gil_scoped_release release;
        res = shikaku::solve_exact_below(cd, search.control, limit < 1 ? UINT64_MAX : static_cast<uint64_t>(limit),
                                         0, prefix);
    }
    search.rethrow_if_interrupted();
    return count_tuple(res);
}

py::tuple shikaku_first_below(const CArray<int32_t>& grid, const std::vector<int>& prefix,
                              const py::object& time_limit) {
    shikaku::Candidates cd = shikaku_candidates(grid);
    PythonSearch search(time_limit, py::none());
    shikaku::ExactResult res;
    {
        py::gil_scoped_release release;
        res = shikaku::solve_exact_below(cd, search.control, 1, 1, prefix);
    }
    search.rethrow_if_interrupted();
    py::object solution = py::none();
    if (!res.solutions.empty()) {
        py::list rects;
        for (const auto& r : res.solutions.front()) rects.append(py::make_tuple(r.row, r.col, r.height, r.width));
        solution = rects;
    }
    return py::make_tuple(status_name(res.status), solution, res.stats.nodes);
}

std::vector<std::vector<int>> shikaku_split(const CArray<int32_t>& grid, const std::vector<int>& prefix, int depth) {
    shikaku::Candidates cd = shikaku_candidates(grid);
    py::gil_scoped_release release;
    return shikaku::split_exact(cd, prefix, depth);
}

hashi::Graph hashi_graph(const CArray<int32_t>& grid) {
    if (grid.ndim() != 2) throw InputError("hashi grid must be a 2-D array");
    return hashi::build_graph(grid.data(), static_cast<int>(grid.shape(0)), static_cast<int>(grid.shape(1)));
}

py::tuple hashi_count_below(const CArray<int32_t>& grid, const std::vector<int>& prefix, long long limit,
                            const py::object& time_limit, const py::object& node_limit) {
    hashi::Graph graph = hashi_graph(grid);
    // Poll every 1024 nodes, as the serial binding does: a Hashi node can cost ~100 us.
    bool interrupted = false;
    SearchControl control(PythonSearch::make_limits(time_limit, node_limit), nullptr, signal_poll(&interrupted), 1024);
    hashi::ExactResult res;
    {
        py::gil_scoped_release release;
        res = hashi::solve_exact_below(graph, control, limit < 1 ? UINT64_MAX : static_cast<uint64_t>(limit), 0,
                                       prefix);
    }
    if (interrupted) throw py::error_already_set();
    return count_tuple(res);
}

py::tuple hashi_first_below(const CArray<int32_t>& grid, const std::vector<int>& prefix, const py::object& time_limit) {
    hashi::Graph graph = hashi_graph(grid);
    bool interrupted = false;
    SearchControl control(PythonSearch::make_limits(time_limit, py::none()), nullptr, signal_poll(&interrupted), 1024);
    hashi::ExactResult res;
    {
        py::gil_scoped_release release;
        res = hashi::solve_exact_below(graph, control, 1, 1, prefix);
    }
    if (interrupted) throw py::error_already_set();
    py::object solution = py::none();
    if (!res.solutions.empty()) {
        py::list bridges;  // (row, col, row, col, bridges) per edge that carries any, as hashi.solve gives
        const auto& x = res.solutions.front();
        for (size_t e = 0; e < graph.edges.size(); ++e) {
            if (!x[e]) continue;
            const auto& edge = graph.edges[e];
            bridges.append(py::make_tuple(graph.row[edge.a], graph.col[edge.a], graph.row[edge.b], graph.col[edge.b],
                                          static_cast<int>(x[e])));
        }
        solution = bridges;
    }
    return py::make_tuple(status_name(res.status), solution, res.stats.nodes);
}

std::vector<std::vector<int>> hashi_split(const CArray<int32_t>& grid, const std::vector<int>& prefix, int depth) {
    hashi::Graph graph = hashi_graph(grid);
    py::gil_scoped_release release;
    return hashi::split_exact(graph, prefix, depth);
}

}  // namespace

void register_shikaku_splits(py::module_& m) {
    m.def("count_below", &shikaku_count_below, py::arg("grid"), py::arg("prefix"), py::arg("limit") = 0,
          py::arg("time_limit") = py::none(), py::arg("node_limit") = py::none(),
          "Count the solutions below a prefix of chosen candidates (0 = no limit): (count, complete, nodes).");
    m.def("first_below", &shikaku_first_below, py::arg("grid"), py::arg("prefix"), py::arg("time_limit") = py::none(),
          "A first solution below a prefix of chosen candidates: (status, rectangles or None, nodes).");
    m.def("split", &shikaku_split, py::arg("grid"), py::arg("prefix"), py::arg("depth"),
          "The prefixes `depth` branchings below `prefix` (their solutions partition the prefix's).");
}

void register_hashi_splits(py::module_& m) {
    m.def("count_below", &hashi_count_below, py::arg("grid"), py::arg("prefix"), py::arg("limit") = 0,
          py::arg("time_limit") = py::none(), py::arg("node_limit") = py::none(),
          "Count the solutions below a flat prefix of (edge, bridges) decisions (0 = no limit): "
          "(count, complete, nodes).");
    m.def("first_below", &hashi_first_below, py::arg("grid"), py::arg("prefix"), py::arg("time_limit") = py::none(),
          "A first solution below a flat (edge, bridges) prefix: (status, bridges or None, nodes).");
    m.def("split", &hashi_split, py::arg("grid"), py::arg("prefix"), py::arg("depth"),
          "The prefixes `depth` decisions below `prefix` (their solutions partition the prefix's).");
}

}  // namespace cassetete::bind
