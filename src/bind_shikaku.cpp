// Python glue for the Shikaku engines (cpp/shikaku): candidates, exact search, annealing.
#include <stdexcept>

#include "bindings.hpp"
#include "shikaku/annealing.hpp"
#include "shikaku/candidates.hpp"
#include "shikaku/exact.hpp"

namespace cassetete::bind {
namespace {

using namespace cassetete::shikaku;

Candidates candidates_from(const CArray<int32_t>& grid) {
    if (grid.ndim() != 2) throw InputError("the clue grid must be a 2-D array");
    const int rows = static_cast<int>(grid.shape(0)), cols = static_cast<int>(grid.shape(1));
    std::vector<int> cells(grid.data(), grid.data() + grid.size());
    try {
        py::gil_scoped_release release;
        return build_candidates(rows, cols, cells);
    } catch (const std::invalid_argument& e) {
        throw InputError(e.what());
    }
}

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
    Candidates cd = candidates_from(grid);
    py::array_t<int32_t> owner(static_cast<py::ssize_t>(cd.owner.size()));
    std::copy(cd.owner.begin(), cd.owner.end(), owner.mutable_data());
    return py::make_tuple(owner, rects_array(cd.rects));
}

py::dict exact_py(const CArray<int32_t>& grid, long long limit, long long keep, const py::object& time_limit,
                  const py::object& node_limit) {
    Candidates cd = candidates_from(grid);
    PythonSearch search(time_limit, node_limit);
    ExactResult res;
    {
        py::gil_scoped_release release;
        res = solve_exact(cd, search.control, limit < 1 ? 1 : static_cast<uint64_t>(limit),
                          keep < 0 ? 0 : static_cast<uint64_t>(keep));
    }
    search.rethrow_if_interrupted();
    py::list sols;
    for (const auto& s : res.solutions) sols.append(rects_array(s));
    py::dict out;
    out["status"] = status_name(res.status);
    out["count"] = res.count;
    out["complete"] = res.complete;
    out["solutions"] = sols;
    out["stats"] = stats_to_dict(res.stats, res.stop);
    return out;
}

py::dict anneal_py(const CArray<int32_t>& grid, long long iterations, double t0, double cooling,
                   unsigned long long seed, const py::object& time_limit, const py::object& node_limit) {
    if (iterations < 0) throw InputError("iterations must be >= 0");
    if (!(t0 >= 0)) throw InputError("t0 must be >= 0");
    if (!(cooling > 0 && cooling <= 1)) throw InputError("cooling must be in (0, 1]");
    Candidates cd = candidates_from(grid);
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
    out["stats"] = stats_to_dict(res.stats, search.control.reason());
    return out;
}

}  // namespace

void register_shikaku(py::module_& m) {
    m.def("shikaku_candidates", &candidates_py, py::arg("grid"),
          "Candidate rectangles of a clue grid: (owner clue per candidate, (n, 4) rows of row, col, height, width).");
    m.def("shikaku_exact", &exact_py, py::arg("grid"), py::arg("limit") = 1, py::arg("keep") = 1,
          py::arg("time_limit") = py::none(), py::arg("node_limit") = py::none(),
          "Exact Shikaku search: up to `limit` solutions, keeping `keep` of them.");
    m.def("shikaku_anneal", &anneal_py, py::arg("grid"), py::arg("iterations"), py::arg("t0"), py::arg("cooling"),
          py::arg("seed"), py::arg("time_limit") = py::none(), py::arg("node_limit") = py::none(),
          "Simulated annealing for Shikaku (seed 003, section 1.3).");
}

}  // namespace cassetete::bind
