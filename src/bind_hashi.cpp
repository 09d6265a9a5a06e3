// Python glue for the Hashiwokakero engines (cpp/hashi): graph building, exact search, annealing.
#include <utility>

#include <array>
#include <memory>

#include "bind_grid.hpp"
#include "bindings.hpp"
#include "search_stream.hpp"
#include "hashi/annealing.hpp"
#include "hashi/exact.hpp"
#include "hashi/graph.hpp"

namespace cassetete::bind {

hashi::Graph hashi_graph(const CArray<int32_t>& grid) {
    if (grid.ndim() != 2) throw InputError("hashi grid must be a 2-D array");
    // a GraphError (std::invalid_argument) becomes PuzzleError through the module's translator
    return hashi::build_graph(grid.data(), static_cast<int>(grid.shape(0)), static_cast<int>(grid.shape(1)));
}

BridgeList bridge_list(const hashi::Graph& graph, const std::vector<uint8_t>& bridges) {
    BridgeList out;
    for (size_t e = 0; e < graph.edges.size(); ++e) {
        if (!bridges[e]) continue;
        const auto& edge = graph.edges[e];
        out.push_back({graph.row[edge.a], graph.col[edge.a], graph.row[edge.b], graph.col[edge.b],
                       static_cast<int>(bridges[e])});
    }
    return out;
}

py::list bridge_tuples(const BridgeList& bridges) {
    py::list out;
    for (const auto& b : bridges) out.append(py::make_tuple(b[0], b[1], b[2], b[3], b[4]));
    return out;
}

namespace {

py::list bridges_to_list(const hashi::Graph& g, const std::vector<uint8_t>& x) {
    return bridge_tuples(bridge_list(g, x));
}

py::dict graph_dict(const CArray<int32_t>& grid) {
    hashi::Graph g = hashi_graph(grid);
    const py::ssize_t n = g.islands(), m = static_cast<py::ssize_t>(g.edges.size());
    py::array_t<int32_t> islands({n, py::ssize_t(3)});
    auto is = islands.mutable_unchecked<2>();
    for (py::ssize_t i = 0; i < n; ++i) {
        is(i, 0) = g.row[i];
        is(i, 1) = g.col[i];
        is(i, 2) = g.value[i];
    }
    py::array_t<int32_t> edges({m, py::ssize_t(2)});
    auto es = edges.mutable_unchecked<2>();
    py::ssize_t ncross = 0;
    for (py::ssize_t e = 0; e < m; ++e) {
        es(e, 0) = g.edges[e].a;
        es(e, 1) = g.edges[e].b;
        for (int f : g.crossings[e]) ncross += f > e;
    }
    py::array_t<int32_t> crossings({ncross, py::ssize_t(2)});
    auto cs = crossings.mutable_unchecked<2>();
    py::ssize_t k = 0;
    for (py::ssize_t e = 0; e < m; ++e)
        for (int f : g.crossings[e])
            if (f > e) {
                cs(k, 0) = static_cast<int32_t>(e);
                cs(k, 1) = f;
                ++k;
            }
    py::dict out;
    out["islands"] = islands;
    out["edges"] = edges;
    out["crossings"] = crossings;
    return out;
}

py::dict solve_exact(const CArray<int32_t>& grid, const py::object& time_limit,
                     const py::object& node_limit, long long limit, long long keep) {
    hashi::Graph g = hashi_graph(grid);
    if (limit < 1) throw InputError("limit must be at least 1");
    const hashi::ExactResult r = run_python_search(time_limit, node_limit, [&](SearchControl& control) {
        return hashi::Exact::solve(g, control, static_cast<uint64_t>(limit), static_cast<uint64_t>(keep < 0 ? 0 : keep));
    }, nullptr, kHashiPoll);
    return result_to_dict(r, [&g](const std::vector<uint8_t>& x) { return bridges_to_list(g, x); });
}

// Streams the solutions of the exact search (up to `limit`; 0 = all) from a background thread,
// each as its bridges.
std::unique_ptr<SearchStream<BridgeList>> open_stream(const CArray<int32_t>& grid, long long limit,
                                                      const py::object& time_limit, const py::object& node_limit) {
    auto graph = std::make_shared<const hashi::Graph>(hashi_graph(grid));
    return open_exact_stream<hashi::Exact, BridgeList>(graph, limit, time_limit, node_limit, kHashiPoll, &bridge_list);
}

py::dict solve_annealing(const CArray<int32_t>& grid, const py::object& time_limit,
                         const py::object& node_limit, unsigned long long seed, double t0,
                         double t1, unsigned long long steps) {
    hashi::Graph g = hashi_graph(grid);
    if (!(t0 > 0) || !(t1 > 0) || t1 > t0)
        throw InputError("temperatures must satisfy 0 < final <= initial");
    PythonSearch search(time_limit, node_limit, nullptr, kHashiPoll);
    hashi::AnnealingOptions opt;
    opt.seed = seed;
    opt.initial_temperature = t0;
    opt.final_temperature = t1;
    opt.steps_per_round = steps;
    hashi::AnnealingResult r;
    {
        py::gil_scoped_release release;
        r = hashi::solve_annealing(g, search.control, opt);
    }
    search.rethrow_if_interrupted();
    py::dict out;
    out["status"] = status_name(r.status);
    out["bridges"] = bridges_to_list(g, r.bridges);
    out["energy"] = r.best_energy;
    out["trajectory"] = r.trajectory;
    out["stats"] = stats_to_dict(r.stats, search.control.reason());
    return out;
}

}  // namespace

void register_hashi(py::module_& m) {
    m.def("graph", &graph_dict, py::arg("grid"),
          "Islands (row, col, value), potential edges (island pairs) and crossing edge pairs.");
    m.def("solve_exact", &solve_exact, py::arg("grid"), py::arg("time_limit") = py::none(),
          py::arg("node_limit") = py::none(), py::arg("limit") = 1, py::arg("keep") = 1,
          "Exact propagation + search; finds up to `limit` solutions, returns `keep` of them.");
    m.def("solve_annealing", &solve_annealing, py::arg("grid"),
          py::arg("time_limit") = py::none(), py::arg("node_limit") = py::none(),
          py::arg("seed") = 0, py::arg("initial_temperature") = 2.0,
          py::arg("final_temperature") = 0.02, py::arg("steps_per_round") = 0,
          "Simulated annealing (Rafaralahy, section 2.3).");
    register_exact_stream<BridgeList>(
        m, &open_stream, &bridge_tuples,
        "Stream the solutions (lists of (r1, c1, r2, c2, count)) as the exact search finds them; 0 = all.");
}

}  // namespace cassetete::bind
