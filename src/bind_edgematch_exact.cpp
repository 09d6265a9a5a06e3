// Python glue for the exact edge-matching engines of issue 20 (cpp/edgematch/checkerboard.*,
// cpp/edgematch/cp_model.*): arrays in, dict out, GIL released around every search.
#include <stdexcept>

#include "bindings.hpp"
#include "edgematch_arrays.hpp"
#include "edgematch/checkerboard.hpp"
#include "edgematch/cp_model.hpp"
#include "edgematch/relaxed_loop.hpp"

namespace cassetete::bind {

namespace {

using namespace cassetete::edgematch;

py::dict checkerboard(int rows, int cols, const CArray<int32_t>& pieces, const CArray<int32_t>& compl_,
                      const CArray<int32_t>& fixed, bool count, long long limit, int parity,
                      const CArray<int32_t>& order, const py::object& time_limit, const py::object& node_limit) {
    const Puzzle pz = puzzle_from_arrays(rows, cols, pieces, compl_);
    CheckerboardOptions opt;
    opt.fixed = placements_from_array(fixed);
    opt.count = count;
    opt.limit = limit > 0 ? static_cast<uint64_t>(limit) : 0;
    opt.parity = parity;
    opt.order = ints_from_array(order, "order");
    return exact_result_to_dict(rows, cols, run_python_search(time_limit, node_limit, [&](SearchControl& control) {
        return checkerboard_search(pz, opt, control);
    }));
}

AllDifferent alldifferent_from_name(const std::string& name) {
    if (name == "forward") return AllDifferent::forward;
    if (name == "hall") return AllDifferent::hall;
    if (name == "gac") return AllDifferent::gac;
    throw InputError("unknown alldifferent " + name + "; expected forward, hall or gac");
}

CpOptions cp_options(const CArray<int32_t>& fixed, const CArray<int32_t>& relaxed, bool count, long long limit,
                     const py::object& seed, const std::string& alldifferent, long long restart_base) {
    CpOptions opt;
    opt.fixed = placements_from_array(fixed);
    opt.relaxed = ints_from_array(relaxed, "relaxed");
    opt.count = count;
    opt.limit = limit > 0 ? static_cast<uint64_t>(limit) : 0;
    opt.randomize = !seed.is_none();
    opt.seed = seed.is_none() ? 0 : seed.cast<uint64_t>();
    opt.alldifferent = alldifferent_from_name(alldifferent);
    opt.restart_base = restart_base > 0 ? static_cast<uint64_t>(restart_base) : 0;
    return opt;
}

void put_cp_facts(py::dict& out, int rows, int cols, const CpResult& res) {
    out["deepest"] = board_or_none(rows, cols, res.deep_piece, res.deep_rot);
    out["depth"] = res.depth;
    out["cells"] = res.cells;
}

py::dict cp(int rows, int cols, const CArray<int32_t>& pieces, const CArray<int32_t>& compl_,
            const CArray<int32_t>& fixed, const CArray<int32_t>& relaxed, bool count, long long limit,
            const py::object& seed, const std::string& alldifferent, long long restart_base,
            const py::object& time_limit, const py::object& node_limit) {
    const Puzzle pz = puzzle_from_arrays(rows, cols, pieces, compl_);
    const CpOptions opt = cp_options(fixed, relaxed, count, limit, seed, alldifferent, restart_base);
    const CpResult res = run_python_search(time_limit, node_limit, [&](SearchControl& control) {
        return cp_search(pz, opt, control);
    });
    py::dict out = exact_result_to_dict(rows, cols, res);
    put_cp_facts(out, rows, cols, res);
    return out;
}

py::dict loop(int rows, int cols, const CArray<int32_t>& pieces, const CArray<int32_t>& compl_,
              const CArray<int32_t>& fixed, const CArray<int32_t>& relaxed, const py::object& seed,
              const std::string& alldifferent, long long max_solutions, const py::object& time_limit,
              const py::object& node_limit) {
    const Puzzle pz = puzzle_from_arrays(rows, cols, pieces, compl_);
    RelaxedLoopOptions opt;
    opt.cp = cp_options(fixed, relaxed, true, 0, seed, alldifferent, 0);
    opt.max_solutions = max_solutions > 0 ? static_cast<uint64_t>(max_solutions) : 0;
    const RelaxedLoopResult res = run_python_search(time_limit, node_limit, [&](SearchControl& control) {
        return relaxed_loop(pz, opt, control);
    });
    py::dict out;
    out["status"] = status_name(res.status == Status::interrupted ? Status::limit : res.status);
    out["relaxed_solutions"] = res.relaxed_solutions;
    out["best_score"] = res.best_score;
    out["complete"] = res.complete;
    out["board"] = board_or_none(rows, cols, res.piece, res.rot);
    put_cp_facts(out, rows, cols, res.cp);
    out["stats"] = stats_to_dict(res.cp.stats, res.cp.stop);
    return out;
}

py::tuple fill(int rows, int cols, const CArray<int32_t>& pieces, const CArray<int32_t>& compl_,
               const CArray<int32_t>& board) {
    const Puzzle pz = puzzle_from_arrays(rows, cols, pieces, compl_);
    pz.validate();
    if (board.ndim() != 3 || board.shape(0) != rows || board.shape(1) != cols || board.shape(2) != 2)
        throw InputError("the board must be a (rows, cols, 2) array");
    std::vector<int> piece(pz.cells()), rot(pz.cells());
    std::vector<char> seen(pz.size(), 0);
    const auto b = board.unchecked<3>();
    for (int cell = 0; cell < pz.cells(); ++cell) {
        piece[cell] = b(cell / cols, cell % cols, 0);
        rot[cell] = b(cell / cols, cell % cols, 1) & 3;
        if (piece[cell] >= pz.size()) throw InputError("the board names a piece that does not exist");
        if (piece[cell] >= 0 && seen[piece[cell]]++) throw InputError("the board places a piece twice");
    }
    int matched = 0;
    {
        py::gil_scoped_release release;
        matched = fill_relaxed_cells(pz, piece, rot);
    }
    return py::make_tuple(board_or_none(rows, cols, piece, rot), matched);
}

py::dict pair_search(int rows, int cols, const CArray<int32_t>& pieces, const CArray<int32_t>& compl_,
                     const CArray<int32_t>& fixed, const CArray<int32_t>& order, bool pair_pruning, bool count,
                     long long limit, const py::object& time_limit, const py::object& node_limit) {
    const Puzzle pz = puzzle_from_arrays(rows, cols, pieces, compl_);
    SearchOptions opt = make_options(fixed, order, false, count, limit, py::none());
    opt.pair_pruning = pair_pruning;
    return exact_result_to_dict(rows, cols, run_python_search(time_limit, node_limit, [&](SearchControl& control) {
        return backtrack(pz, opt, control);
    }));
}

}  // namespace

void register_edgematch_exact(py::module_& m) {
    m.def("checkerboard", &checkerboard, py::arg("rows"), py::arg("cols"), py::arg("pieces"),
          py::arg("compl"), py::arg("fixed"), py::arg("count") = false, py::arg("limit") = 0, py::arg("parity") = 0,
          py::arg("order") = py::array_t<int32_t>(0), py::arg("time_limit") = py::none(), py::arg("node_limit") = py::none(),
          "Checkerboard brute force (one colour class searched, the other matched); see cassetete.edgematch.");
    m.def("cp", &cp, py::arg("rows"), py::arg("cols"), py::arg("pieces"), py::arg("compl"),
          py::arg("fixed"), py::arg("relaxed"), py::arg("count") = false, py::arg("limit") = 0,
          py::arg("seed") = py::none(), py::arg("alldifferent") = "gac", py::arg("restart_base") = 0,
          py::arg("time_limit") = py::none(), py::arg("node_limit") = py::none(),
          "The CP model (IO and colour variables, AllDifferent) searched with first fail; see cassetete.edgematch.");
    m.def("relaxed_loop", &loop, py::arg("rows"), py::arg("cols"), py::arg("pieces"), py::arg("compl"),
          py::arg("fixed"), py::arg("relaxed"), py::arg("seed") = py::none(), py::arg("alldifferent") = "gac",
          py::arg("max_solutions") = 0, py::arg("time_limit") = py::none(), py::arg("node_limit") = py::none(),
          "Relaxed CP solutions, each filled by one assignment, until a board has no wrong join.");
    m.def("pair_search", &pair_search, py::arg("rows"), py::arg("cols"), py::arg("pieces"),
          py::arg("compl"), py::arg("fixed"), py::arg("order"), py::arg("pair_pruning") = true,
          py::arg("count") = false, py::arg("limit") = 0, py::arg("time_limit") = py::none(),
          py::arg("node_limit") = py::none(),
          "Backtracking along a static cell order with the pair-count pruning of corner filling.");
    m.def("fill_holes", &fill, py::arg("rows"), py::arg("cols"), py::arg("pieces"), py::arg("compl"),
          py::arg("board"), "Fill the empty cells of a board by one assignment (optimal when they are pairwise non-adjacent): (board, matched joins).");
}

}  // namespace cassetete::bind
