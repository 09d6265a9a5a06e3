// Python glue for the backtracking with scheduled breaks (cpp/edgematch/breaks): arrays in, one
// dict out; the workers run with the GIL released, Ctrl-C polled on the calling thread.
#include <algorithm>
#include <chrono>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "edgematch_arrays.hpp"
#include "edgematch/breaks.hpp"

namespace cassetete::bind {

namespace {

using namespace cassetete::edgematch;

py::dict breaks_search_py(int rows, int cols, const CArray<int32_t>& pieces, const CArray<int32_t>& compl_,
                          const CArray<int32_t>& fixed, const CArray<int32_t>& order,
                          const CArray<int32_t>& allowed, const CArray<int32_t>& quota,
                          const CArray<int32_t>& pattern, uint64_t seed, double restart_seconds,
                          long long restart_nodes, long long complete_nodes, int complete_from, int complete_tail, int workers,
                          const py::object& time_limit, const py::object& node_limit) {
    Puzzle pz = puzzle_from_arrays(rows, cols, pieces, compl_);
    BreaksOptions opt;
    opt.fixed = placements_from_array(fixed);
    opt.order = ints_from_array(order, "order");
    opt.allowed = ints_from_array(allowed, "allowed");
    opt.quota = ints_from_array(quota, "quota");
    opt.pattern = ints_from_array(pattern, "pattern");
    opt.seed = seed;
    opt.restart_seconds = restart_seconds;
    if (restart_nodes < 0 || complete_nodes < 0) throw InputError("restart_nodes and complete_nodes must be >= 0");
    if (workers < 1 || workers > 4096) throw InputError("workers must be 1..4096");
    opt.restart_nodes = static_cast<uint64_t>(restart_nodes);
    opt.complete_nodes = static_cast<uint64_t>(complete_nodes);
    opt.complete_from = complete_from;
    opt.complete_tail = complete_tail;
    validate_breaks_options(pz, opt);  // std::invalid_argument -> PuzzleError (the module's translator)
    const SearchLimits limits = PythonSearch::make_limits(time_limit, node_limit);
    bool interrupted = false;
    CancellationToken token;
    std::vector<BreaksResult> results;
    const auto t0 = std::chrono::steady_clock::now();
    {
        py::gil_scoped_release release;
        results = breaks_search_workers(pz, opt, workers, limits, token, signal_poll(&interrupted));
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (interrupted) throw py::error_already_set();
    size_t best = 0;
    for (size_t w = 1; w < results.size(); ++w)
        if (results[w].score > results[best].score) best = w;
    const BreaksResult& b = results[best];
    // The best complete score over time, over all workers.
    std::vector<std::pair<double, int>> points;
    for (const auto& r : results) points.insert(points.end(), r.trajectory.begin(), r.trajectory.end());
    std::sort(points.begin(), points.end());
    py::list trajectory;
    int top = -1;
    for (const auto& point : points)
        if (point.second > top) {
            top = point.second;
            trajectory.append(py::make_tuple(point.first, point.second));
        }
    py::dict out;
    out["board"] = board_or_none(rows, cols, b.piece, b.rot);
    out["score"] = b.score;
    out["total"] = b.total;
    py::list worker_scores, stops;
    uint64_t nodes = 0;
    int best_depth = -1, best_depth_breaks = 0, full_boards = 0, completions = 0, restarts = 0, filters = 0;
    bool exhausted = false;
    std::vector<uint64_t> profile(b.profile.size(), 0);  // every worker's, summed (same shape)
    for (const auto& r : results)
        for (size_t i = 0; i < profile.size() && i < r.profile.size(); ++i) profile[i] += r.profile[i];
    for (const auto& r : results) {
        worker_scores.append(r.score);
        stops.append(stop_reason_name(r.stop));
        nodes += r.nodes;
        full_boards += r.full_boards;
        completions += r.completions;
        restarts += r.restarts;
        filters += r.filters;
        exhausted = exhausted || r.exhausted;
        if (r.best_depth > best_depth || (r.best_depth == best_depth && r.best_depth_breaks < best_depth_breaks)) {
            best_depth = r.best_depth;
            best_depth_breaks = r.best_depth_breaks;
        }
    }
    out["worker_scores"] = worker_scores;
    out["stops"] = stops;
    out["nodes"] = nodes;
    out["seconds"] = seconds;
    out["best_depth"] = best_depth;
    out["best_depth_breaks"] = best_depth_breaks;
    out["full_boards"] = full_boards;
    out["completions"] = completions;
    out["restarts"] = restarts;
    out["filters"] = filters;
    out["exhausted"] = exhausted;
    out["trajectory"] = trajectory;
    py::list rows_of_profile;
    for (size_t start = 0; b.profile_width > 0 && start < profile.size(); start += b.profile_width) {
        py::list row;
        for (int k = 0; k < b.profile_width; ++k) row.append(profile[start + k]);
        rows_of_profile.append(row);
    }
    out["profile"] = rows_of_profile;
    out["profile_from"] = b.profile_from;
    return out;
}

}  // namespace

void register_edgematch_breaks(py::module_& m) {
    m.def("breaks", &breaks_search_py, py::arg("rows"), py::arg("cols"), py::arg("pieces"), py::arg("compl"),
          py::arg("fixed"), py::arg("order"), py::arg("allowed"), py::arg("quota"), py::arg("pattern"),
          py::arg("seed") = 0, py::arg("restart_seconds") = 0.0, py::arg("restart_nodes") = 0,
          py::arg("complete_nodes") = 20000, py::arg("complete_from") = 0, py::arg("complete_tail") = 0,
          py::arg("workers") = 1,
          py::arg("time_limit") = py::none(), py::arg("node_limit") = py::none(),
          "Backtracking with scheduled breaks: the best complete board of `workers` independent searches.");
}

}  // namespace cassetete::bind
