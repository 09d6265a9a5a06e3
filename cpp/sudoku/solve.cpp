#include "sudoku/solve.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>

#include "common/parallel.hpp"
#include "sudoku/learning.hpp"
#include "sudoku/sudoku9.hpp"

namespace cassetete::sudoku {

namespace {

bool call_function(void* context, const uint8_t* grid) {
    return (*static_cast<const SolutionCallback*>(context))(grid);
}

bool wants_nine(const Geometry& geometry, const uint8_t* clues, const SearchOptions& options) {
    const Rules& r = options.rules;
    if (geometry.box_rows() != 3 || geometry.box_cols() != 3) return false;
    if (!(r.exclusivity && r.uniqueness && r.parity && r.intersections)) return false;
    if (options.rng || options.trace || options.plain) return false;
    for (int i = 0; i < 81; ++i)
        if (clues[i] > 9) return false;
    return true;
}

// The 9x9 engine (fast9's or vec9's kernel, by instruction set) counts only its guesses (values
// tried at branch points); the Python layer reports them under "deductions", never under "rules".
SearchOutcome solve_nine(const uint8_t* clues, const SearchOptions& options, SearchControl& control) {
    const auto start = std::chrono::steady_clock::now();
    const uint64_t nodes_before = control.nodes();
    SearchOutcome outcome;
    std::vector<uint8_t> solution(81, 0);
    nine::Emit emit{&call_function, const_cast<SolutionCallback*>(options.on_solution)};
    uint64_t guesses = 0;
    outcome.count = nine::solve(clues, options.limit, solution.data(), &control, &guesses,
                                options.on_solution ? &emit : nullptr);
    if (outcome.count > 0) outcome.first_solution = std::move(solution);
    outcome.stats.nodes = control.nodes() - nodes_before;
    outcome.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    outcome.stats.add("guesses", guesses);
    return outcome;
}

}  // namespace

SearchOutcome solve_puzzle(const Geometry& geometry, const uint8_t* clues, const SearchOptions& options,
                           SearchControl& control) {
    if (wants_learning(geometry, options)) return solve_learning(geometry, clues, options, control);
    if (wants_nine(geometry, clues, options)) return solve_nine(clues, options, control);
    return solve_general(geometry, clues, options, control);
}

bool clues_clash(const Geometry& geometry, const uint8_t* clues) {
    const int n = geometry.size();
    uint64_t rows[kMaxOrder] = {}, cols[kMaxOrder] = {}, boxes[kMaxOrder] = {};
    for (int cell = 0; cell < n * n; ++cell) {
        const int v = clues[cell];
        if (v == 0) continue;
        const uint64_t bit = uint64_t{1} << (v - 1);
        uint64_t& row = rows[cell / n];
        uint64_t& col = cols[cell % n];
        uint64_t& box = boxes[geometry.box_index(cell)];
        if ((row | col | box) & bit) return true;
        row |= bit;
        col |= bit;
        box |= bit;
    }
    return false;
}

namespace {

// clues_clash for 9x9 grids with 3x3 boxes, without the general geometry's index arithmetic
// (it runs once per puzzle of a batch: 4 % of a 17-clue puzzle's time in the general form).
bool clues_clash9(const uint8_t* clues) {
    uint16_t rows[9] = {}, cols[9] = {}, boxes[9] = {};
    for (int r = 0, cell = 0; r < 9; ++r)
        for (int c = 0; c < 9; ++c, ++cell) {
            const int v = clues[cell];
            if (v == 0) continue;
            const uint16_t bit = static_cast<uint16_t>(1u << v);
            const int x = (r / 3) * 3 + c / 3;
            if ((rows[r] | cols[c] | boxes[x]) & bit) return true;
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[x] |= bit;
        }
    return false;
}

}  // namespace

BatchOutcome solve_batch(const Geometry& geometry, const uint8_t* puzzles, size_t count, uint64_t limit,
                         const Rules& rules, int workers, SearchLimits per_puzzle,
                         const SearchControl::PollHook& poll) {
    const int cells = geometry.cells();
    BatchOutcome batch;
    batch.solutions.assign(count * static_cast<size_t>(cells), 0);
    batch.counts.assign(count, -1);
    CancellationToken stop_all;
    // Node counts per worker, each on its own cache line (no shared counter in the loop).
    struct alignas(64) PaddedCount {
        uint64_t value = 0;
    };
    std::vector<PaddedCount> nodes(static_cast<size_t>(resolve_workers(workers, count)) + 1);
    // Only the calling thread (worker 0) may poll Python; it relays a stop to the others.
    SearchControl::PollHook relay;
    if (poll) {
        relay = [&]() {
            if (poll()) {
                stop_all.cancel();
                return true;
            }
            return false;
        };
    }
    size_t since_poll = 0;
    SearchOptions options;
    options.limit = limit;
    options.rules = rules;
    const bool nine_grid = geometry.box_rows() == 3 && geometry.box_cols() == 3 && rules.exclusivity &&
                      rules.uniqueness && rules.parity && rules.intersections;
    // Chunks small enough that the workers finish together on small batches (each worker
    // takes about 16 chunks), large enough that taking one costs nothing.
    const int threads = resolve_workers(workers, count);
    const size_t chunk = std::clamp<size_t>(count / (16 * static_cast<size_t>(threads)), 1, 64);
    parallel_for(count, workers, chunk, [&](size_t i, int worker) {
        if (worker == 0 && relay && ++since_poll >= 256) {
            since_poll = 0;
            if (relay()) return;
        }
        const uint8_t* clues = puzzles + i * cells;
        if (nine_grid ? clues_clash9(clues) : clues_clash(geometry, clues)) {
            batch.counts[i] = kInvalidPuzzle;
            return;
        }
        SearchControl control(per_puzzle, &stop_all, worker == 0 ? relay : nullptr, 4096);
        uint8_t* out = batch.solutions.data() + i * cells;
        uint64_t found;
        if (nine_grid) {  // the 9x9 engine writes its first solution in place, no statistics kept
            found = nine::solve(clues, limit, out, &control);
        } else {
            SearchOutcome outcome = solve_puzzle(geometry, clues, options, control);
            found = outcome.count;
            if (!outcome.first_solution.empty()) std::copy(outcome.first_solution.begin(), outcome.first_solution.end(), out);
        }
        nodes[static_cast<size_t>(worker)].value += control.nodes();
        const bool complete = !control.stopped() || (limit && found >= limit);
        batch.counts[i] = complete ? static_cast<int64_t>(found) : -1;
    }, &stop_all);
    for (const PaddedCount& n : nodes) batch.nodes += n.value;
    return batch;
}

}  // namespace cassetete::sudoku
