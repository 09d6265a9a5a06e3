// Python glue for the Shikaku engines (cpp/shikaku): candidates, exact search, annealing.
#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <string>
#include <utility>

#include "bind_grid.hpp"
#include "bindings.hpp"
#include "search_stream.hpp"
#include "common/parallel.hpp"
#include "shikaku/annealing.hpp"
#include "shikaku/candidates.hpp"
#include "shikaku/exact.hpp"

namespace cassetete::bind {

shikaku::Candidates shikaku_candidates(const CArray<int32_t>& grid) {
    if (grid.ndim() != 2) throw InputError("the clue grid must be a 2-D array");
    const int rows = static_cast<int>(grid.shape(0)), cols = static_cast<int>(grid.shape(1));
    std::vector<int> cells(grid.data(), grid.data() + grid.size());
    // std::invalid_argument becomes PuzzleError through the module's translator
    py::gil_scoped_release release;
    return shikaku::build_candidates(rows, cols, cells);
}

py::list rects_to_list(const std::vector<shikaku::Rect>& rects) {
    py::list out;
    for (const shikaku::Rect& r : rects) out.append(py::make_tuple(r.row, r.col, r.height, r.width));
    return out;
}

namespace {

using namespace cassetete::shikaku;

py::array_t<int32_t> rects_array(const std::vector<Rect>& rects) {
    py::array_t<int32_t> out({static_cast<py::ssize_t>(rects.size()), static_cast<py::ssize_t>(4)});
    auto v = out.mutable_unchecked<2>();
    for (size_t i = 0; i < rects.size(); ++i) {
        v(i, 0) = rects[i].row;
        v(i, 1) = rects[i].col;
        v(i, 2) = rects[i].height;
        v(i, 3) = rects[i].width;
    }
    return out;
}

py::tuple candidates_py(const CArray<int32_t>& grid) {
    Candidates cd = shikaku_candidates(grid);
    py::array_t<int32_t> owner(static_cast<py::ssize_t>(cd.owner.size()));
    std::copy(cd.owner.begin(), cd.owner.end(), owner.mutable_data());
    return py::make_tuple(owner, rects_array(cd.rects));
}

py::dict exact_py(const CArray<int32_t>& grid, long long limit, long long keep, const py::object& time_limit,
                  const py::object& node_limit) {
    Candidates cd = shikaku_candidates(grid);
    const ExactResult res = run_python_search(time_limit, node_limit, [&](SearchControl& control) {
        return Exact::solve(cd, control, limit < 1 ? 1 : static_cast<uint64_t>(limit), keep < 0 ? 0 : static_cast<uint64_t>(keep));
    });
    return result_to_dict(res, &rects_array);
}

using RectList = std::vector<Rect>;

// Streams the solutions of the exact search (up to `limit`; 0 = all) from a background thread.
std::unique_ptr<SearchStream<RectList>> open_stream(const CArray<int32_t>& grid, long long limit,
                                                    const py::object& time_limit, const py::object& node_limit) {
    return open_exact_stream<Exact, RectList>(std::make_shared<const Candidates>(shikaku_candidates(grid)), limit,
                                              time_limit, node_limit, kShikakuPoll,
                                              [](const Candidates&, const RectList& rects) { return rects; });
}

py::dict anneal_py(const CArray<int32_t>& grid, long long iterations, double t0, double cooling,
                   unsigned long long seed, const py::object& time_limit, const py::object& node_limit) {
    if (iterations < 0) throw InputError("iterations must be >= 0");
    if (!(t0 >= 0)) throw InputError("t0 must be >= 0");
    if (!(cooling > 0 && cooling <= 1)) throw InputError("cooling must be in (0, 1]");
    Candidates cd = shikaku_candidates(grid);
    PythonSearch search(time_limit, node_limit);
    AnnealParams params;
    params.iterations = static_cast<uint64_t>(iterations);
    params.t0 = t0;
    params.cooling = cooling;
    params.seed = seed;
    AnnealResult res;
    {
        py::gil_scoped_release release;
        res = anneal(cd, params, search.control);
    }
    search.rethrow_if_interrupted();
    py::dict out;
    out["status"] = status_name(res.status);
    out["best"] = res.best.empty() ? py::object(py::none()) : py::object(rects_array(res.best));
    out["energy"] = res.best_energy;
    out["target"] = res.target_energy;
    out["trajectory"] = res.trajectory;
    out["stats"] = stats_to_dict(res.stats, search.control.reason());
    return out;
}

// Count the solutions (up to `limit`) of many grids in one call on `workers` threads (GIL released
// for the whole batch). time_limit / node_limit apply to each puzzle. Returns (counts, seconds per
// puzzle including candidate building); a count of -1 marks a puzzle cut by a limit or by Ctrl-C.
py::tuple exact_many_py(const py::list& grids, long long limit, const py::object& time_limit,
                        const py::object& node_limit, int workers) {
    std::vector<std::pair<int, int>> shapes;
    std::vector<std::vector<int>> cells;
    for (const auto& item : grids) {
        auto grid = py::cast<CArray<int32_t>>(item);
        if (grid.ndim() != 2) throw InputError("every clue grid must be a 2-D array");
        shapes.emplace_back(static_cast<int>(grid.shape(0)), static_cast<int>(grid.shape(1)));
        cells.emplace_back(grid.data(), grid.data() + grid.size());
    }
    const size_t n = cells.size();
    py::array_t<int64_t> counts(static_cast<py::ssize_t>(n));
    py::array_t<double> seconds(static_cast<py::ssize_t>(n));
    auto* cp = counts.mutable_data();
    auto* sp = seconds.mutable_data();
    std::fill(cp, cp + n, int64_t{-1});  // -1 stays where a limit or Ctrl-C stopped the batch
    std::fill(sp, sp + n, 0.0);
    const SearchLimits limits = PythonSearch::make_limits(time_limit, node_limit);
    const uint64_t wanted = limit < 1 ? 1 : static_cast<uint64_t>(limit);
    CancellationToken token;
    bool interrupted = false;  // written by worker 0 only, which runs on this (the main) thread
    std::vector<std::string> errors(n);
    {
        py::gil_scoped_release release;
        parallel_for(n, workers, 1, [&](size_t i, int worker) {
            const auto t0 = std::chrono::steady_clock::now();
            SearchControl::PollHook hook;
            if (worker == 0) {
                hook = [&token, poll = signal_poll(&interrupted)]() {
                    if (!poll()) return false;
                    token.cancel();  // Ctrl-C stops the other workers too
                    return true;
                };
            }
            SearchControl control(limits, &token, hook);
            try {
                Candidates cd = build_candidates(shapes[i].first, shapes[i].second, cells[i]);
                ExactResult res = Exact::solve(cd, control, wanted, 0);
                cp[i] = res.complete ? static_cast<int64_t>(res.count) : -1;
            } catch (const std::invalid_argument& e) {
                errors[i] = "puzzle " + std::to_string(i) + ": " + e.what();
            }
            sp[i] = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        }, &token);
    }
    if (interrupted) throw py::error_already_set();
    for (const auto& message : errors)
        if (!message.empty()) throw InputError(message);
    return py::make_tuple(counts, seconds);
}

}  // namespace

void register_shikaku(py::module_& m) {
    m.def("candidates", &candidates_py, py::arg("grid"),
          "Candidate rectangles of a clue grid: (owner clue per candidate, (n, 4) rows of row, col, height, width).");
    m.def("exact", &exact_py, py::arg("grid"), py::arg("limit") = 1, py::arg("keep") = 1,
          py::arg("time_limit") = py::none(), py::arg("node_limit") = py::none(),
          "Exact Shikaku search: up to `limit` solutions, keeping `keep` of them.");
    m.def("anneal", &anneal_py, py::arg("grid"), py::arg("iterations"), py::arg("t0"), py::arg("cooling"),
          py::arg("seed"), py::arg("time_limit") = py::none(), py::arg("node_limit") = py::none(),
          "Simulated annealing for Shikaku (Rafaralahy, section 1.3).");
    m.def("exact_many", &exact_many_py, py::arg("grids"), py::arg("limit") = 2,
          py::arg("time_limit") = py::none(), py::arg("node_limit") = py::none(), py::arg("workers") = 1,
          "Count solutions of many grids on `workers` threads (-1 = all cores): (counts, seconds); "
          "count -1 = stopped by a per-puzzle limit.");
    register_exact_stream<RectList>(
        m, &open_stream, &rects_to_list,
        "Stream the solutions (lists of (row, col, height, width)) as the exact search finds them; 0 = all.");
}

}  // namespace cassetete::bind
