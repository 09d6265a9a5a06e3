// Python glue for the edge-matching engine (cpp/edgematch): arrays in, dict out, GIL released.
#include <memory>
#include <stdexcept>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "edgematch_arrays.hpp"
#include "search_stream.hpp"
#include "edgematch/backtrack.hpp"

namespace cassetete::bind {

namespace {

using namespace cassetete::edgematch;

// A cancellation flag Python hands to several searches (the parts of a parallel count): the
// main thread sets it on Ctrl-C, and every search stops at its next poll.
struct CancelFlag {
    CancellationToken token;
};

py::dict search(int rows, int cols, const CArray<int32_t>& pieces, const CArray<int32_t>& compl_,
                const CArray<int32_t>& fixed, const CArray<int32_t>& order, bool first_fail, bool count,
                long long limit, const py::object& seed, const py::object& time_limit,
                const py::object& node_limit, const CancelFlag* cancel) {
    Puzzle pz = puzzle_from_arrays(rows, cols, pieces, compl_);
    SearchOptions opt = make_options(fixed, order, first_fail, count, limit, seed);
    validate_options(pz, opt);  // std::invalid_argument -> PuzzleError (the module's translator)
    return exact_result_to_dict(rows, cols, run_python_search(time_limit, node_limit, [&](SearchControl& control) {
        return backtrack(pz, opt, control);
    }, cancel ? &cancel->token : nullptr));
}

py::list split_search(int rows, int cols, const CArray<int32_t>& pieces, const CArray<int32_t>& compl_,
                      const CArray<int32_t>& fixed, const CArray<int32_t>& order, int depth) {
    Puzzle pz = puzzle_from_arrays(rows, cols, pieces, compl_);
    SearchOptions opt = make_options(fixed, order, false, true, 0, py::none());
    std::vector<std::vector<Placement>> parts;
    {
        py::gil_scoped_release release;
        parts = split(pz, opt, depth);
    }
    py::list out;
    for (const auto& part : parts) {
        py::array_t<int32_t> arr({static_cast<py::ssize_t>(part.size()), static_cast<py::ssize_t>(3)});
        auto a = arr.mutable_unchecked<2>();
        for (size_t i = 0; i < part.size(); ++i) {
            a(i, 0) = part[i].cell;
            a(i, 1) = part[i].piece;
            a(i, 2) = part[i].rot;
        }
        out.append(arr);
    }
    return out;
}

// One solution streamed to Python: piece and rotation per cell (edgematch::Board).
using BoardStream = SearchStream<Board>;

// The solutions of the backtracking search (up to `limit`; 0 = all) streamed from a background
// thread as it finds them.
std::unique_ptr<BoardStream> open_stream(int rows, int cols, const CArray<int32_t>& pieces,
                                         const CArray<int32_t>& compl_, const CArray<int32_t>& fixed,
                                         const CArray<int32_t>& order, bool first_fail, long long limit,
                                         const py::object& seed, const py::object& time_limit,
                                         const py::object& node_limit) {
    auto pz = std::make_shared<Puzzle>(puzzle_from_arrays(rows, cols, pieces, compl_));
    auto opt = std::make_shared<SearchOptions>(make_options(fixed, order, first_fail, true, limit, seed));
    validate_options(*pz, *opt);  // std::invalid_argument -> PuzzleError (the module's translator)
    const SearchLimits limits = PythonSearch::make_limits(time_limit, node_limit);
    return std::make_unique<BoardStream>([pz, opt, limits](const BoardStream::Stream::Emit& emit,
                                                           const CancellationToken& token, StreamOutcome& outcome) {
        SolutionCallback callback = [&emit](const std::vector<int>& piece, const std::vector<int>& rot) {
            return emit(Board{piece, rot});
        };
        SearchOptions options = *opt;
        options.on_solution = &callback;
        SearchControl control(limits, &token);
        outcome = backtrack(*pz, options, control);
    });
}

}  // namespace

void register_edgematch(py::module_& m) {
    m.def("search", &search, py::arg("rows"), py::arg("cols"), py::arg("pieces"), py::arg("compl"),
          py::arg("fixed"), py::arg("order"), py::arg("first_fail") = false, py::arg("count") = false,
          py::arg("limit") = 0, py::arg("seed") = py::none(), py::arg("time_limit") = py::none(),
          py::arg("node_limit") = py::none(), py::arg("cancel") = py::none(),
          "Backtracking over an edge-matching puzzle given as internal colour ids (see cassetete.edgematch).");
    py::class_<CancelFlag>(m, "Cancel", "A flag that stops every search it was given (at its next poll).")
        .def(py::init<>())
        .def("cancel", [](CancelFlag& self) { self.token.cancel(); })
        .def("cancelled", [](const CancelFlag& self) { return self.token.cancelled(); });
    m.def("split", &split_search, py::arg("rows"), py::arg("cols"), py::arg("pieces"), py::arg("compl"),
          py::arg("fixed"), py::arg("order"), py::arg("depth"),
          "Partial boards after `depth` placements along `order`: (cell, piece, rotation) arrays.");
    register_search_stream<Board>(m, "SolutionStream", [](const Board& board) {
        const int cells = static_cast<int>(board.piece.size());
        py::array_t<int32_t> out({cells, 2});
        auto b = out.mutable_unchecked<2>();
        for (int i = 0; i < cells; ++i) {
            b(i, 0) = board.piece[i];
            b(i, 1) = board.rot[i];
        }
        return out;
    });
    m.def("stream", &open_stream, py::arg("rows"), py::arg("cols"), py::arg("pieces"), py::arg("compl"),
          py::arg("fixed"), py::arg("order"), py::arg("first_fail") = false, py::arg("limit") = 0,
          py::arg("seed") = py::none(), py::arg("time_limit") = py::none(), py::arg("node_limit") = py::none(),
          "Stream the solutions ((cells, 2) boards of piece, rotation) as the search finds them; 0 = all.");
}

}  // namespace cassetete::bind
