// Python glue for the edge-matching local search (cpp/edgematch/vlns, local_init, hungarian).
// The search is a resumable object: run(seconds) releases the GIL and may be called from a
// Python thread; best_score()/best_board() and cancel() may be called meanwhile from another.
#include <atomic>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "bindings.hpp"
#include "edgematch_arrays.hpp"
#include "edgematch/hungarian.hpp"
#include "edgematch/local_init.hpp"
#include "edgematch/vlns.hpp"

namespace cassetete::bind {

namespace {

using namespace cassetete::edgematch;

std::vector<std::array<int, 3>> make_fixed(const CArray<int32_t>& fixed) {
    std::vector<std::array<int, 3>> out;
    for (const Placement& f : placements_from_array(fixed)) out.push_back({f.cell, f.piece, f.rot});
    return out;
}

void from_board(const py::object& obj, int rows, int cols, std::vector<int>& piece, std::vector<int>& rot) {
    CArray<int32_t> board = obj.cast<CArray<int32_t>>();
    if (board.ndim() != 3 || board.shape(0) != rows || board.shape(1) != cols || board.shape(2) != 2)
        throw InputError("a board must have shape (" + std::to_string(rows) + ", " + std::to_string(cols) + ", 2)");
    auto b = board.unchecked<3>();
    piece.assign(rows * cols, 0);
    rot.assign(rows * cols, 0);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            piece[r * cols + c] = b(r, c, 0);
            rot[r * cols + c] = b(r, c, 1);
        }
}

py::array_t<int32_t> assignment(const CArray<double>& weight) {
    if (weight.ndim() != 2) throw InputError("the weight matrix must be two-dimensional");
    const int n = static_cast<int>(weight.shape(0)), m = static_cast<int>(weight.shape(1));
    const bool flip = n > m;
    const int rows = flip ? m : n, cols = flip ? n : m;
    std::vector<double> w(static_cast<size_t>(rows) * cols);
    auto a = weight.unchecked<2>();
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < m; ++j) {
            double x = a(i, j);
            if (!std::isfinite(x)) throw InputError("weight (" + std::to_string(i) + ", " + std::to_string(j) + ") is not finite");
            if (flip) w[static_cast<size_t>(j) * cols + i] = x;
            else w[static_cast<size_t>(i) * cols + j] = x;
        }
    std::vector<int> col;
    {
        py::gil_scoped_release release;
        col = max_weight_assignment<double>(w, rows, cols);
    }
    // Answer as the column of each row of the input (-1 for rows left out when n > m).
    py::array_t<int32_t> out(n);
    auto o = out.mutable_unchecked<1>();
    for (int i = 0; i < n; ++i) o(i) = -1;
    for (int i = 0; i < rows; ++i) {
        if (flip) o(col[i]) = i;
        else o(i) = col[i];
    }
    return out;
}

void check_init_name(const std::string& init) {
    if (init != "cp" && init != "cp_first_fail" && init != "random" && init != "checkerboard")
        throw InputError("unknown init '" + init + "'; expected 'cp', 'cp_first_fail', 'random' or 'checkerboard'");
}

InitResult run_init(const LocalPuzzle& lp, const std::string& init, int relax, Rng& rng, SearchControl& control) {
    check_init_name(init);
    if (init == "random") return random_init(lp, rng);
    if (init == "checkerboard") return checkerboard_init(lp, rng);
    return cp_init(lp, relax, rng, control, init == "cp_first_fail");
}

py::dict init_dict(const InitResult& res, int rows, int cols, int score) {
    py::dict out;
    out["board"] = board_array(rows, cols, res.piece, res.rot);
    out["score"] = score;
    out["solved"] = res.solved;
    out["depth"] = res.depth;
    out["cells"] = res.cells;
    out["nodes"] = res.nodes;
    return out;
}

// A local-search run (one worker) kept between calls.
class LocalSearch {
public:
    LocalSearch(int rows, int cols, const CArray<int32_t>& pieces, const CArray<int32_t>& compl_,
                const CArray<int32_t>& fixed, uint64_t seed, const std::string& init, int relax,
                long long node_limit, const py::object& board, const TabuOptions& opt)
        : rows_(rows), cols_(cols), init_(init), relax_(relax), node_limit_(node_limit), seed_(seed) {
        pz_ = std::make_unique<Puzzle>(puzzle_from_arrays(rows, cols, pieces, compl_));
        lp_ = std::make_unique<LocalPuzzle>(*pz_, make_fixed(fixed));  // invalid_argument -> PuzzleError
        check_init_name(init);
        if (!board.is_none()) {
            from_board(board, rows, cols, start_piece_, start_rot_);
            std::string problem = check_board(*lp_, start_piece_, start_rot_);
            if (!problem.empty()) throw InputError("starting board: " + problem);
        }
        ts_ = std::make_unique<TabuSearch>(*lp_, opt, seed ^ 0xA5A5A5A5DEADBEEFULL);
        ts_->set_reinit([this](Rng& rng, std::vector<int>& piece, std::vector<int>& rot) {
            SearchLimits il;
            il.node_limit = node_limit_ > 0 ? static_cast<uint64_t>(node_limit_) : uint64_t{2000000};
            SearchControl ic(il, &token_);
            InitResult res = run_init(*lp_, init_, relax_, rng, ic);
            piece = std::move(res.piece);
            rot = std::move(res.rot);
        });
    }

    py::dict run(double seconds, long long iterations) {
        StopReason reason;
        {
            py::gil_scoped_release release;
            SearchLimits limits;
            limits.time_limit = seconds;
            SearchControl control(limits, &token_, nullptr, 64);
            if (!started_) {
                if (start_piece_.empty()) {
                    Rng rng(seed_);
                    SearchLimits il;
                    il.time_limit = seconds;
                    if (node_limit_ > 0) il.node_limit = static_cast<uint64_t>(node_limit_);
                    SearchControl ic(il, &token_);
                    InitResult res = run_init(*lp_, init_, relax_, rng, ic);
                    init_solved_ = res.solved;
                    init_depth_ = res.depth;
                    init_nodes_ = res.nodes;
                    start_piece_ = res.piece;
                    start_rot_ = res.rot;
                    init_from_ = init_;
                } else {
                    init_from_ = "board";
                }
                ts_->start(start_piece_, start_rot_);
                init_score_ = ts_->score();
                init_seconds_ = control.elapsed();
                started_ = true;
            }
            ts_->run(control, iterations > 0 ? static_cast<uint64_t>(iterations) : 0, spent_ + control.elapsed());
            spent_ += control.elapsed();
            reason = control.reason();
        }
        py::dict out;
        std::string stop = stop_reason_name(reason);
        int total = 2 * rows_ * cols_ - rows_ - cols_;
        if (ts_->best_score() == total) stop = "solved";
        else if (reason == StopReason::none) stop = "iteration_limit";
        out["stop"] = stop;
        out["score"] = ts_->score();
        out["best"] = ts_->best_score();
        out["iterations"] = ts_->iterations();
        out["seconds"] = spent_;
        return out;
    }

    void cancel() { token_.cancel(); }
    int best_score() const { return started_ ? ts_->best_score() : -1; }

    py::object best_board() const {
        std::vector<int> piece, rot;
        ts_->best_board(piece, rot);
        if (piece.empty()) return py::none();
        return board_array(rows_, cols_, piece, rot);
    }

    py::list trajectory() const {
        py::list out;
        for (const auto& point : ts_->trajectory()) out.append(py::make_tuple(point.first, point.second));
        return out;
    }

    py::dict info() const {
        py::dict out;
        out["init"] = init_from_;
        out["init_score"] = init_score_;
        out["init_seconds"] = init_seconds_;
        out["init_solved"] = init_solved_;
        out["init_depth"] = init_depth_;
        out["init_nodes"] = init_nodes_;
        out["iterations"] = ts_->iterations();
        out["diversifications"] = ts_->diversifications();
        out["restores"] = ts_->restores();
        out["restarts"] = ts_->restarts();
        out["tabu_entries"] = ts_->tabu_entries();  // reverse-move tabu list: linear in the board
        out["score"] = started_ ? ts_->score() : -1;
        out["recount"] = started_ ? ts_->board().recount() : -1;
        out["seconds"] = spent_;
        return out;
    }

private:
    int rows_, cols_;
    std::string init_;
    int relax_;
    long long node_limit_;
    uint64_t seed_;
    std::unique_ptr<Puzzle> pz_;
    std::unique_ptr<LocalPuzzle> lp_;
    std::unique_ptr<TabuSearch> ts_;
    CancellationToken token_;
    std::vector<int> start_piece_, start_rot_;
    std::atomic<bool> started_{false};
    bool init_solved_ = false;
    int init_depth_ = 0, init_score_ = -1;
    uint64_t init_nodes_ = 0;
    double spent_ = 0.0, init_seconds_ = 0.0;
    std::string init_from_;
};

// The tuning options by name, each read from and written to TabuOptions: the defaults live in
// TabuOptions (cpp/edgematch/vlns.hpp) only; Python builds edgematch.TUNING from them.
struct TuningField {
    const char* name;
    py::object (*get)(const TabuOptions&);
    void (*set)(TabuOptions&, const py::handle&);
};

template <class T>
T tuning_value(const py::handle& value, const char* name, const char* expected) {
    const bool is_bool = py::isinstance<py::bool_>(value);
    const bool ok = std::is_same<T, bool>::value ? is_bool
                    : std::is_same<T, int>::value ? (!is_bool && py::isinstance<py::int_>(value))
                                                  : (!is_bool && (py::isinstance<py::int_>(value) ||
                                                                  py::isinstance<py::float_>(value)));
    if (!ok) throw InputError(std::string("tuning option ") + name + " must be " + expected + ", got " +
                              py::repr(value).cast<std::string>());
    return value.cast<T>();
}

#define CASSETETE_TUNING_FIELD(field, type, expected)                                                     \
    TuningField {                                                                                         \
        #field, [](const TabuOptions& o) -> py::object { return py::cast(o.field); },                     \
            [](TabuOptions& o, const py::handle& v) { o.field = tuning_value<type>(v, #field, expected); } \
    }

const std::vector<TuningField>& tuning_fields() {
    static const std::vector<TuningField> fields = {
        CASSETETE_TUNING_FIELD(size, int, "an integer"),
        CASSETETE_TUNING_FIELD(greed, double, "a number"),
        TuningField{"class_weight",
                    [](const TabuOptions& o) -> py::object {
                        py::list out;
                        for (int w : o.class_weight) out.append(w);
                        return out;
                    },
                    [](TabuOptions& o, const py::handle& v) {
                        if (!py::isinstance<py::sequence>(v) || py::isinstance<py::str>(v))
                            throw InputError("tuning option class_weight must be a list of at most 5 integers");
                        py::sequence seq = py::reinterpret_borrow<py::sequence>(v);
                        if (seq.size() > 5) throw InputError("class_weight has at most 5 entries");
                        for (size_t i = 0; i < seq.size(); ++i)
                            o.class_weight[i] = tuning_value<int>(seq[i], "class_weight", "a list of integers");
                    }},
        CASSETETE_TUNING_FIELD(tabu_cells_min, int, "an integer"),
        CASSETETE_TUNING_FIELD(tabu_cells_max, int, "an integer"),
        CASSETETE_TUNING_FIELD(tabu_arcs_min, int, "an integer"),
        CASSETETE_TUNING_FIELD(tabu_arcs_max, int, "an integer"),
        CASSETETE_TUNING_FIELD(plateau, int, "an integer"),
        CASSETETE_TUNING_FIELD(kicks, int, "an integer"),
        CASSETETE_TUNING_FIELD(restore_after, int, "an integer"),
        CASSETETE_TUNING_FIELD(restart_after, int, "an integer"),
        CASSETETE_TUNING_FIELD(tabu, bool, "True or False"),
        CASSETETE_TUNING_FIELD(neutral, bool, "True or False"),
        CASSETETE_TUNING_FIELD(restart_kicks, int, "an integer"),
        CASSETETE_TUNING_FIELD(penalty_weight, int, "an integer"),
        CASSETETE_TUNING_FIELD(penalty_every, int, "an integer"),
    };
    return fields;
}

#undef CASSETETE_TUNING_FIELD

py::dict tuning_defaults() {
    const TabuOptions defaults;
    py::dict out;
    for (const auto& field : tuning_fields()) out[field.name] = field.get(defaults);
    return out;
}

// TabuOptions from the defaults and the given overrides, checked.
TabuOptions tabu_options(const py::dict& tuning) {
    TabuOptions opt;
    for (const auto& item : tuning) {
        const std::string name = py::str(item.first);
        const TuningField* field = nullptr;
        for (const auto& f : tuning_fields())
            if (name == f.name) field = &f;
        if (!field) throw InputError("unknown tuning option '" + name + "'");
        field->set(opt, item.second);
    }
    if (opt.size < 1) throw InputError("neighbourhood_size must be at least 1");
    if (opt.tabu_cells_min < 0 || opt.tabu_cells_max < opt.tabu_cells_min || opt.tabu_arcs_min < 0 ||
        opt.tabu_arcs_max < opt.tabu_arcs_min)
        throw InputError("tabu tenures must be 0 <= min <= max");
    if (opt.plateau < 1 || opt.kicks < 0 || opt.restore_after < 1)
        throw InputError("plateau and restore_after must be >= 1, kicks >= 0");
    if (opt.restart_after < 0) throw InputError("restart_after must be >= 0");
    if (opt.restart_kicks < 0) throw InputError("restart_kicks must be >= 0");
    if (opt.penalty_weight < 0 || opt.penalty_every < 1)
        throw InputError("penalty_weight must be >= 0 and penalty_every >= 1");
    if (!std::isfinite(opt.greed) || opt.greed < 0) throw InputError("greed must be a finite number >= 0");
    return opt;
}

py::dict local_init(int rows, int cols, const CArray<int32_t>& pieces, const CArray<int32_t>& compl_,
                    const CArray<int32_t>& fixed, const std::string& init, int relax, uint64_t seed,
                    long long node_limit, const py::object& time_limit) {
    auto pz = std::make_unique<Puzzle>(puzzle_from_arrays(rows, cols, pieces, compl_));
    auto lp = std::make_unique<LocalPuzzle>(*pz, make_fixed(fixed));  // invalid_argument -> PuzzleError
    PythonSearch ps(time_limit, node_limit > 0 ? py::object(py::int_(node_limit)) : py::object(py::none()));
    InitResult res;
    int score = 0;
    {
        py::gil_scoped_release release;
        Rng rng(seed);
        res = run_init(*lp, init, relax, rng, ps.control);
        LocalBoard b(*lp);
        b.assign(res.piece, res.rot);
        score = b.score;
    }
    ps.rethrow_if_interrupted();
    return init_dict(res, rows, cols, score);
}

}  // namespace

void register_edgematch_local(py::module_& m) {
    m.def("assignment", &assignment, py::arg("weight"),
          "Maximum-weight assignment of a dense matrix: the column of each row (-1 if unassigned).");
    m.def("local_init", &local_init, py::arg("rows"), py::arg("cols"), py::arg("pieces"),
          py::arg("compl"), py::arg("fixed"), py::arg("init") = "cp", py::arg("relax") = 0, py::arg("seed") = 0,
          py::arg("node_limit") = 0, py::arg("time_limit") = py::none(),
          "A starting board for the local search (cp / random / checkerboard) with its score.");
    m.def("tuning_defaults", &tuning_defaults,
          "The local search's default options (cpp/edgematch/vlns.hpp, TabuOptions), name -> value.");
    py::class_<LocalSearch>(m, "LocalSearch",
                            "Resumable very-large-neighbourhood tabu search (Schaus and Deville) for one worker.")
        .def(py::init([](int rows, int cols, const CArray<int32_t>& pieces, const CArray<int32_t>& compl_,
                         const CArray<int32_t>& fixed, uint64_t seed, const std::string& init, int relax,
                         long long node_limit, const py::object& board, const py::dict& tuning) {
                 return std::make_unique<LocalSearch>(rows, cols, pieces, compl_, fixed, seed, init, relax,
                                                      node_limit, board, tabu_options(tuning));
             }),
             py::arg("rows"), py::arg("cols"), py::arg("pieces"), py::arg("compl"), py::arg("fixed"),
             py::arg("seed") = 0, py::arg("init") = "cp", py::arg("relax") = 0, py::arg("node_limit") = 0,
             py::arg("board") = py::none(), py::arg("tuning") = py::dict(),
             "tuning: overrides of edgematch_tuning_defaults() (size, greed, tabu tenures, ...).")
        .def("run", &LocalSearch::run, py::arg("seconds"), py::arg("iterations") = 0,
             "Search for up to `seconds` more (GIL released); stop early at `iterations` in total.")
        .def("cancel", &LocalSearch::cancel, "Make a running (or the next) run() return at once.")
        .def("best_score", &LocalSearch::best_score)
        .def("best_board", &LocalSearch::best_board)
        .def("trajectory", &LocalSearch::trajectory)
        .def("info", &LocalSearch::info);
}

}  // namespace cassetete::bind
