// Python glue for the edge-matching engine (cpp/edgematch): arrays in, dict out, GIL released.
#include <memory>
#include <stdexcept>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "search_stream.hpp"
#include "edgematch/backtrack.hpp"

namespace cassetete::bind {

namespace {

using namespace cassetete::edgematch;

Puzzle make_puzzle(int rows, int cols, const CArray<int32_t>& pieces, const CArray<int32_t>& compl_) {
    if (pieces.ndim() != 2 || pieces.shape(1) != 4) throw InputError("pieces must be a (k, 4) array");
    if (compl_.ndim() != 1) throw InputError("the complement table must be one-dimensional");
    Puzzle pz;
    pz.rows = rows;
    pz.cols = cols;
    pz.colors = static_cast<int>(compl_.shape(0));
    auto p = pieces.unchecked<2>();
    for (py::ssize_t i = 0; i < pieces.shape(0); ++i)
        pz.pieces.push_back({p(i, 0), p(i, 1), p(i, 2), p(i, 3)});
    auto c = compl_.unchecked<1>();
    for (py::ssize_t i = 0; i < compl_.shape(0); ++i) pz.compl_.push_back(c(i));
    return pz;
}

SearchOptions make_options(const CArray<int32_t>& fixed, const CArray<int32_t>& order, bool first_fail,
                           bool count, long long limit, const py::object& seed) {
    SearchOptions opt;
    if (fixed.ndim() != 2 || (fixed.shape(0) > 0 && fixed.shape(1) != 3))
        throw InputError("fixed must be an (f, 3) array of (cell, piece, rotation)");
    auto f = fixed.unchecked<2>();
    for (py::ssize_t i = 0; i < fixed.shape(0); ++i) opt.fixed.push_back({f(i, 0), f(i, 1), f(i, 2)});
    if (order.ndim() != 1) throw InputError("order must be one-dimensional");
    auto o = order.unchecked<1>();
    for (py::ssize_t i = 0; i < order.shape(0); ++i) opt.order.push_back(o(i));
    opt.first_fail = first_fail;
    opt.count = count;
    opt.limit = limit > 0 ? static_cast<uint64_t>(limit) : 0;
    if (!seed.is_none()) {
        opt.shuffle = true;
        opt.seed = seed.cast<uint64_t>();
    }
    return opt;
}

// A cancellation flag Python hands to several searches (the parts of a parallel count): the
// main thread sets it on Ctrl-C, and every search stops at its next poll.
struct CancelFlag {
    CancellationToken token;
};

py::dict search(int rows, int cols, const CArray<int32_t>& pieces, const CArray<int32_t>& compl_,
                const CArray<int32_t>& fixed, const CArray<int32_t>& order, bool first_fail, bool count,
                long long limit, const py::object& seed, const py::object& time_limit,
                const py::object& node_limit, const CancelFlag* cancel) {
    Puzzle pz = make_puzzle(rows, cols, pieces, compl_);
    SearchOptions opt = make_options(fixed, order, first_fail, count, limit, seed);
    validate_options(pz, opt);  // std::invalid_argument -> PuzzleError (the module's translator)
    PythonSearch ps(time_limit, node_limit, cancel ? &cancel->token : nullptr);
    SearchResult res;
    {
        py::gil_scoped_release release;
        res = backtrack(pz, opt, ps.control);
    }
    ps.rethrow_if_interrupted();
    py::dict out;
    Status status = res.status == Status::interrupted ? Status::limit : res.status;
    out["status"] = status_name(status);
    out["solutions"] = res.solutions;
    out["complete"] = res.complete;
    if (!res.piece.empty()) {
        py::array_t<int32_t> board({rows, cols, 2});
        auto b = board.mutable_unchecked<3>();
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < cols; ++c) {
                b(r, c, 0) = res.piece[r * cols + c];
                b(r, c, 1) = res.rot[r * cols + c];
            }
        out["board"] = board;
    } else {
        out["board"] = py::none();
    }
    out["stats"] = stats_to_dict(res.stats, ps.control.reason());
    return out;
}

py::list split_search(int rows, int cols, const CArray<int32_t>& pieces, const CArray<int32_t>& compl_,
                      const CArray<int32_t>& fixed, const CArray<int32_t>& order, int depth) {
    Puzzle pz = make_puzzle(rows, cols, pieces, compl_);
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

// One solution streamed to Python: piece and rotation per cell.
using Board = std::pair<std::vector<int>, std::vector<int>>;
using BoardStream = SearchStream<Board>;

// The solutions of the backtracking search (up to `limit`; 0 = all) streamed from a background
// thread as it finds them.
std::unique_ptr<BoardStream> open_stream(int rows, int cols, const CArray<int32_t>& pieces,
                                         const CArray<int32_t>& compl_, const CArray<int32_t>& fixed,
                                         const CArray<int32_t>& order, bool first_fail, long long limit,
                                         const py::object& seed, const py::object& time_limit,
                                         const py::object& node_limit) {
    auto pz = std::make_shared<Puzzle>(make_puzzle(rows, cols, pieces, compl_));
    auto opt = std::make_shared<SearchOptions>(make_options(fixed, order, first_fail, true, limit, seed));
    validate_options(*pz, *opt);  // std::invalid_argument -> PuzzleError (the module's translator)
    const SearchLimits limits = PythonSearch::make_limits(time_limit, node_limit);
    return std::make_unique<BoardStream>([pz, opt, limits](const BoardStream::Stream::Emit& emit,
                                                           const CancellationToken& token, StreamOutcome& outcome) {
        SolutionCallback callback = [&emit](const std::vector<int>& piece, const std::vector<int>& rot) {
            return emit(Board(piece, rot));
        };
        SearchOptions options = *opt;
        options.on_solution = &callback;
        SearchControl control(limits, &token);
        SearchResult res = backtrack(*pz, options, control);
        outcome.count = res.solutions;
        outcome.complete = res.complete;
        outcome.stop = control.reason();
        outcome.stats = std::move(res.stats);
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
        const int cells = static_cast<int>(board.first.size());
        py::array_t<int32_t> out({cells, 2});
        auto b = out.mutable_unchecked<2>();
        for (int i = 0; i < cells; ++i) {
            b(i, 0) = board.first[i];
            b(i, 1) = board.second[i];
        }
        return out;
    });
    m.def("stream", &open_stream, py::arg("rows"), py::arg("cols"), py::arg("pieces"), py::arg("compl"),
          py::arg("fixed"), py::arg("order"), py::arg("first_fail") = false, py::arg("limit") = 0,
          py::arg("seed") = py::none(), py::arg("time_limit") = py::none(), py::arg("node_limit") = py::none(),
          "Stream the solutions ((cells, 2) boards of piece, rotation) as the search finds them; 0 = all.");
}

}  // namespace cassetete::bind
