// Python bindings of the Sudoku engines (cpp/sudoku). Validation of shapes and values happens
// in python/cassetete/sudoku; these functions re-check what could corrupt memory.
#include <memory>

#include "bindings.hpp"
#include "search_stream.hpp"
#include "common/simd.hpp"
#include "sudoku/sudoku9.hpp"
#include "sudoku/vec9.hpp"
#include "sudoku/solve.hpp"

namespace cassetete::bind {
namespace {

using sudoku::Geometry;

Geometry make_geometry(int box_rows, int box_cols) {
    if (box_rows < 1 || box_cols < 1 || box_rows * box_cols > sudoku::kMaxOrder)
        throw InputError("box shape " + std::to_string(box_rows) + "x" + std::to_string(box_cols) +
                         " is not allowed: need rows, cols >= 1 and rows*cols <= 64");
    return Geometry(box_rows, box_cols);
}

const uint8_t* checked_grid(const CArray<uint8_t>& grid, const Geometry& geometry) {
    if (grid.ndim() != 1 || grid.shape(0) != geometry.cells())
        throw InputError("grid must hold " + std::to_string(geometry.cells()) + " values");
    const uint8_t* data = grid.data();
    for (int i = 0; i < geometry.cells(); ++i)
        if (data[i] > geometry.size())
            throw InputError("value " + std::to_string(data[i]) + " at cell " + std::to_string(i) +
                             " exceeds " + std::to_string(geometry.size()));
    return data;
}

sudoku::Rules make_rules(const std::vector<std::string>& names) {
    sudoku::Rules rules{false, false, false, false};
    for (const auto& name : names) {
        if (name == "exclusivity") rules.exclusivity = true;
        else if (name == "uniqueness") rules.uniqueness = true;
        else if (name == "parity") rules.parity = true;
        else if (name == "intersections") rules.intersections = true;
        else if (name == "hall") rules.hall = true;
        else throw InputError("unknown rule '" + name + "' (known: exclusivity, uniqueness, parity, intersections, hall)");
    }
    return rules;
}

py::array_t<uint8_t> to_array(const std::vector<uint8_t>& values) {
    py::array_t<uint8_t> out(static_cast<py::ssize_t>(values.size()));
    std::copy(values.begin(), values.end(), out.mutable_data());
    return out;
}

// (count, first solution or None, status, stats)
py::tuple solve(const CArray<uint8_t>& grid, int box_rows, int box_cols, uint64_t limit,
                const std::vector<std::string>& rule_names, const py::object& time_limit,
                const py::object& node_limit, const py::object& seed, bool plain, const py::object& learning) {
    const Geometry geometry = make_geometry(box_rows, box_cols);
    const uint8_t* clues = checked_grid(grid, geometry);
    sudoku::SearchOptions options;
    options.rules = make_rules(rule_names);
    options.limit = limit;
    options.plain = plain;
    if (!learning.is_none())
        options.learning = learning.cast<bool>() ? sudoku::SearchOptions::Learning::on : sudoku::SearchOptions::Learning::off;
    if (plain) options.auto_hall = false;  // exactly the rules asked for
    std::unique_ptr<Rng> rng;
    if (!seed.is_none()) {
        rng = std::make_unique<Rng>(seed.cast<uint64_t>());
        options.rng = rng.get();
    }
    PythonSearch search(time_limit, node_limit);
    sudoku::SearchOutcome outcome;
    {
        py::gil_scoped_release release;
        outcome = sudoku::solve_puzzle(geometry, clues, options, search.control);
    }
    search.rethrow_if_interrupted();
    const bool complete = !search.control.stopped() || (limit && outcome.count >= limit);
    const char* status = outcome.count ? "solved" : (complete ? "unsatisfiable" : "limit");
    py::object solution = py::none();
    if (!outcome.first_solution.empty()) solution = to_array(outcome.first_solution);
    return py::make_tuple(outcome.count, solution, status, complete,
                          stats_to_dict(outcome.stats, search.control.reason()));
}

// (contradiction, candidates (cells,) uint64, stats, trace [(rule, action, value, cell, cause)])
py::tuple propagate(const CArray<uint8_t>& grid, int box_rows, int box_cols,
                    const std::vector<std::string>& rule_names, bool want_trace) {
    const Geometry geometry = make_geometry(box_rows, box_cols);
    const uint8_t* clues = checked_grid(grid, geometry);
    const sudoku::Rules rules = make_rules(rule_names);
    std::vector<sudoku::TraceStep> trace;
    sudoku::PropagationOutcome outcome;
    {
        py::gil_scoped_release release;
        outcome = sudoku::propagate_only(geometry, clues, rules, want_trace ? &trace : nullptr);
    }
    py::array_t<uint64_t> candidates(static_cast<py::ssize_t>(outcome.candidates.size()));
    std::copy(outcome.candidates.begin(), outcome.candidates.end(), candidates.mutable_data());
    py::list steps;
    static const char* rule_names_out[5] = {"exclusivity", "uniqueness", "parity", "intersections", "hall"};
    for (const auto& step : trace) {
        steps.append(py::make_tuple(rule_names_out[step.rule], step.action == 0 ? "place" : "eliminate",
                                    step.value, step.cell, step.cause));
    }
    return py::make_tuple(outcome.contradiction, candidates, stats_to_dict(outcome.stats), steps);
}

// (solutions (k, cells) uint8, counts (k,) int64, nodes)
py::tuple solve_many(const CArray<uint8_t>& puzzles, int box_rows, int box_cols, uint64_t limit,
                     const std::vector<std::string>& rule_names, int workers, const py::object& node_limit) {
    const sudoku::Rules rules = make_rules(rule_names);
    const Geometry geometry = make_geometry(box_rows, box_cols);
    if (puzzles.ndim() != 2 || puzzles.shape(1) != geometry.cells())
        throw InputError("puzzles must be an array of shape (k, " + std::to_string(geometry.cells()) + ")");
    const size_t count = static_cast<size_t>(puzzles.shape(0));
    const uint8_t* data = puzzles.data();
    for (size_t i = 0; i < count * static_cast<size_t>(geometry.cells()); ++i)
        if (data[i] > geometry.size())
            throw InputError("puzzle " + std::to_string(i / geometry.cells()) + ", cell " +
                             std::to_string(i % geometry.cells()) + ": value " + std::to_string(data[i]) +
                             " exceeds " + std::to_string(geometry.size()));
    PythonSearch search(py::none(), node_limit);
    SearchControl::PollHook poll = signal_poll(&search.interrupted);
    sudoku::BatchOutcome batch;
    {
        py::gil_scoped_release release;
        batch = sudoku::solve_batch(geometry, data, count, limit, rules, workers, search.control.limits(), poll);
    }
    search.rethrow_if_interrupted();
    py::array_t<uint8_t> solutions({static_cast<py::ssize_t>(count), static_cast<py::ssize_t>(geometry.cells())});
    std::copy(batch.solutions.begin(), batch.solutions.end(), solutions.mutable_data());
    py::array_t<int64_t> counts(static_cast<py::ssize_t>(count));
    std::copy(batch.counts.begin(), batch.counts.end(), counts.mutable_data());
    return py::make_tuple(solutions, counts, batch.nodes);
}

using GridStream = SearchStream<std::vector<uint8_t>>;

std::unique_ptr<GridStream> open_stream(const CArray<uint8_t>& grid, int box_rows, int box_cols,
                                        const std::vector<std::string>& rule_names, uint64_t limit,
                                        const py::object& time_limit, const py::object& node_limit) {
    auto geometry = std::make_shared<Geometry>(make_geometry(box_rows, box_cols));
    const uint8_t* data = checked_grid(grid, *geometry);
    auto clues = std::make_shared<std::vector<uint8_t>>(data, data + geometry->cells());
    const sudoku::Rules rules = make_rules(rule_names);
    const SearchLimits limits = PythonSearch::make_limits(time_limit, node_limit);
    return std::make_unique<GridStream>([geometry, clues, rules, limit, limits](
                                            const GridStream::Stream::Emit& emit, const CancellationToken& token,
                                            StreamOutcome& outcome) {
        const int cells = geometry->cells();
        sudoku::SolutionCallback callback = [&](const uint8_t* values) {
            return emit(std::vector<uint8_t>(values, values + cells));
        };
        sudoku::SearchOptions options;
        options.rules = rules;
        options.limit = limit;
        options.on_solution = &callback;
        SearchControl control(limits, &token);
        sudoku::SearchOutcome result = sudoku::solve_puzzle(*geometry, clues->data(), options, control);
        outcome.count = result.count;
        outcome.complete = !control.stopped() || (limit && result.count >= limit);
        outcome.stop = control.reason();
        outcome.status = result.count ? Status::solved : (outcome.complete ? Status::unsatisfiable : Status::limit);
        outcome.stats = std::move(result.stats);
    });
}

Simd simd_by_name(const std::string& name) {
    Simd simd;
    if (!simd_from_name(name.c_str(), simd))
        throw InputError("unknown 9x9 engine variant '" + name + "' (known: scalar, baseline, avx2, avx512)");
    return simd;  // solve_with refuses a variant this CPU or build lacks
}

// One 9x9 grid on a given variant of the 9x9 engine: (count, first solution or None, guesses).
py::tuple solve9_with(const CArray<uint8_t>& grid, uint64_t limit, const std::string& simd) {
    const Geometry geometry(3, 3);
    const uint8_t* clues = checked_grid(grid, geometry);
    const Simd variant = simd_by_name(simd);
    std::vector<uint8_t> solution(81, 0);
    uint64_t count, guesses = 0;
    {
        py::gil_scoped_release release;
        count = sudoku::nine::solve_with(variant, clues, limit, solution.data(), nullptr, &guesses);
    }
    return py::make_tuple(count, count ? py::object(to_array(solution)) : py::object(py::none()), guesses);
}

// The same on vec9's kernel in any of its variants (the engine runs only its avx512 one): the
// kernel's logic tested on every machine.
py::tuple solve9_vec_with(const CArray<uint8_t>& grid, uint64_t limit, const std::string& simd) {
    const Geometry geometry(3, 3);
    const uint8_t* clues = checked_grid(grid, geometry);
    const Simd variant = simd_by_name(simd);
    std::vector<uint8_t> solution(81, 0);
    uint64_t count, guesses = 0;
    {
        py::gil_scoped_release release;
        count = sudoku::vec9::solve_with(variant, clues, limit, solution.data(), nullptr, &guesses);
    }
    return py::make_tuple(count, count ? py::object(to_array(solution)) : py::object(py::none()), guesses);
}

std::vector<std::string> names(const std::vector<Simd>& variants) {
    std::vector<std::string> out;
    for (Simd s : variants) out.emplace_back(simd_name(s));
    return out;
}

}  // namespace

void register_sudoku(py::module_& m) {
    m.def("simd_variants", []() { return names(sudoku::nine::simd_variants()); },
          "The instruction-set variants of the 9x9 engine this CPU and build can run, worst to best.");
    m.def("simd_selected", []() { return std::string(simd_name(sudoku::nine::simd_selected())); },
          "The variant the 9x9 engine runs (the best available, or CASSETETE_SIMD when it names one).");
    m.def("kernel9", [](const std::string& simd) { return std::string(sudoku::nine::kernel_name(simd_by_name(simd))); },
          py::arg("simd"), "The kernel that runs a variant of the 9x9 engine: fast9 (scalar, baseline) or vec9 (avx2, avx512).");
    m.def("solve9_with", &solve9_with, py::arg("grid"), py::arg("limit"), py::arg("simd"),
          "Count a 9x9 grid's solutions up to limit on the given variant of the 9x9 engine; "
          "returns (count, first solution or None, guesses).");
    m.def("vec9_simd_variants", []() { return names(simd_filter(&sudoku::vec9::available)); },
          "The variants of vec9's kernel this CPU and build can run (tests and benches), worst to best.");
    m.def("solve9_vec_with", &solve9_vec_with, py::arg("grid"), py::arg("limit"), py::arg("simd"),
          "Count a 9x9 grid's solutions up to limit with vec9's kernel on the given variant, whichever "
          "variant the engine runs; returns (count, first solution or None, guesses).");
    m.def("solve", &solve, py::arg("grid"), py::arg("box_rows"), py::arg("box_cols"), py::arg("limit"),
          py::arg("rules"), py::arg("time_limit"), py::arg("node_limit"), py::arg("seed"), py::arg("plain") = false,
          py::arg("learning") = py::none(),
          "Count solutions up to limit (0 = all); returns (count, first solution, status, complete, stats). "
          "plain: the lecture notes' algorithm (no restarts, first cell of fewest candidates); "
          "learning: True = conflict-driven clause learning (sudoku/learning.hpp), False = depth-first search, "
          "None = learning for one or two solutions from order 25 up.");
    m.def("propagate", &propagate, py::arg("grid"), py::arg("box_rows"), py::arg("box_cols"),
          py::arg("rules"), py::arg("trace"),
          "Root propagation only; returns (contradiction, candidate masks, stats, trace).");
    m.def("solve_many", &solve_many, py::arg("puzzles"), py::arg("box_rows"), py::arg("box_cols"),
          py::arg("limit"), py::arg("rules"), py::arg("workers"), py::arg("node_limit"),
          "Solve a (k, cells) batch on C++ threads; returns (solutions, counts, nodes).");
    register_search_stream<std::vector<uint8_t>>(m, "SolutionStream", &to_array);
    m.def("stream", &open_stream, py::arg("grid"), py::arg("box_rows"), py::arg("box_cols"), py::arg("rules"),
          py::arg("limit"), py::arg("time_limit"), py::arg("node_limit"),
          "Stream the solutions from a background thread; outcome() tells how the search ended.");
}

}  // namespace cassetete::bind
