// Arrays <-> edge-matching puzzles and boards, shared by the bind_edgematch*.cpp files.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "edgematch/backtrack.hpp"
#include "edgematch/puzzle.hpp"

namespace cassetete::bind {

// The puzzle from the model's compact colour ids ((k, 4) pieces, complement table).
inline edgematch::Puzzle puzzle_from_arrays(int rows, int cols, const CArray<int32_t>& pieces,
                                            const CArray<int32_t>& compl_) {
    if (pieces.ndim() != 2 || pieces.shape(1) != 4) throw InputError("pieces must be a (k, 4) array");
    if (compl_.ndim() != 1) throw InputError("the complement table must be one-dimensional");
    edgematch::Puzzle pz;
    pz.rows = rows;
    pz.cols = cols;
    pz.colors = static_cast<int>(compl_.shape(0));
    const auto p = pieces.unchecked<2>();
    for (py::ssize_t i = 0; i < pieces.shape(0); ++i) pz.pieces.push_back({p(i, 0), p(i, 1), p(i, 2), p(i, 3)});
    const auto c = compl_.unchecked<1>();
    for (py::ssize_t i = 0; i < compl_.shape(0); ++i) pz.compl_.push_back(c(i));
    return pz;
}

// The clues: an (f, 3) array of (cell, piece, rotation).
inline std::vector<edgematch::Placement> placements_from_array(const CArray<int32_t>& fixed) {
    if (fixed.ndim() != 2 || (fixed.shape(0) > 0 && fixed.shape(1) != 3))
        throw InputError("fixed must be an (f, 3) array of (cell, piece, rotation)");
    std::vector<edgematch::Placement> out;
    const auto f = fixed.unchecked<2>();
    for (py::ssize_t i = 0; i < fixed.shape(0); ++i) out.push_back({f(i, 0), f(i, 1), f(i, 2)});
    return out;
}

inline std::vector<int> ints_from_array(const CArray<int32_t>& values, const char* what) {
    if (values.ndim() != 1) throw InputError(std::string(what) + " must be one-dimensional");
    const auto v = values.unchecked<1>();
    std::vector<int> out;
    for (py::ssize_t i = 0; i < values.shape(0); ++i) out.push_back(v(i));
    return out;
}

// The backtracking search's options (seed None: no shuffling of the candidates).
inline edgematch::SearchOptions make_options(const CArray<int32_t>& fixed, const CArray<int32_t>& order,
                                             bool first_fail, bool count, long long limit, const py::object& seed) {
    edgematch::SearchOptions opt;
    opt.fixed = placements_from_array(fixed);
    opt.order = ints_from_array(order, "order");
    opt.first_fail = first_fail;
    opt.count = count;
    opt.limit = limit > 0 ? static_cast<uint64_t>(limit) : 0;
    if (!seed.is_none()) {
        opt.shuffle = true;
        opt.seed = seed.cast<uint64_t>();
    }
    return opt;
}

// (rows, cols, 2) board of (piece, rotation); rotation 0 on empty cells (piece -1).
inline py::array_t<int32_t> board_array(int rows, int cols, const std::vector<int>& piece,
                                        const std::vector<int>& rot) {
    py::array_t<int32_t> board({rows, cols, 2});
    auto b = board.mutable_unchecked<3>();
    for (int cell = 0; cell < rows * cols; ++cell) {
        b(cell / cols, cell % cols, 0) = piece[cell];
        b(cell / cols, cell % cols, 1) = piece[cell] < 0 ? 0 : rot[cell];
    }
    return board;
}

// board_array, or None when there is no board (piece empty).
inline py::object board_or_none(int rows, int cols, const std::vector<int>& piece, const std::vector<int>& rot) {
    if (piece.empty()) return py::none();
    return board_array(rows, cols, piece, rot);
}

// The common result of the exact engines (outcome_to_dict in bindings.hpp) with its first
// solution as "board" ((rows, cols, 2) or None) rather than a list.
inline py::dict exact_result_to_dict(int rows, int cols, const edgematch::ExactResult& res) {
    py::dict out = outcome_to_dict(res);
    out["board"] = res.solutions.empty() ? py::object(py::none())
                                         : board_or_none(rows, cols, res.solutions[0].piece, res.solutions[0].rot);
    return out;
}

}  // namespace cassetete::bind
