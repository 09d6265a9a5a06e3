#include "sudoku/solve.hpp"

#include <algorithm>
#include <chrono>

#include "common/parallel.hpp"
#include "sudoku/fast9.hpp"

namespace cassetete::sudoku {

namespace {

bool wants_fast9(const Geometry& geometry, const uint8_t* clues, const SearchOptions& options) {
    const Rules& r = options.rules;
    if (geometry.box_rows() != 3 || geometry.box_cols() != 3) return false;
    if (!(r.exclusivity && r.uniqueness && r.parity && r.intersections)) return false;
    if (options.rng || options.trace) return false;
    for (int i = 0; i < 81; ++i)
        if (clues[i] > 9) return false;
    return true;
}

// The bitboard engine reasons with singles and band/stack intersections (it subsumes the naked
// pairs of the lecture notes in practice). Its counters count deductions (cells and values fixed,
// locked candidates found), not the candidates each rule removed as the general engine's do, so they
// carry names of their own: the Python layer reports them under "deductions", never under "rules".
SearchOutcome solve_fast9(const uint8_t* clues, const SearchOptions& options, SearchControl& control) {
    const auto start = std::chrono::steady_clock::now();
    const uint64_t nodes_before = control.nodes();
    SearchOutcome outcome;
    std::vector<uint8_t> solution(81, 0);
    fast9::Stats counters;
    outcome.count = fast9::solve(clues, options.limit, solution.data(), &control, &counters, options.on_solution);
    if (outcome.count > 0) outcome.first_solution = std::move(solution);
    outcome.stats.nodes = control.nodes() - nodes_before;
    outcome.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    outcome.stats.add("naked_singles", counters.naked_singles);
    outcome.stats.add("hidden_singles", counters.hidden_singles);
    outcome.stats.add("locked_candidates", counters.locked_candidates);
    outcome.stats.add("guesses", counters.guesses);
    return outcome;
}

}  // namespace

SearchOutcome solve_puzzle(const Geometry& geometry, const uint8_t* clues, const SearchOptions& options,
                           SearchControl& control) {
    if (wants_fast9(geometry, clues, options)) return solve_fast9(clues, options, control);
    return solve_general(geometry, clues, options, control);
}

BatchOutcome solve_batch(const Geometry& geometry, const uint8_t* puzzles, size_t count, uint64_t limit,
                         const Rules& rules, int workers, SearchLimits per_puzzle,
                         const SearchControl::PollHook& poll) {
    const int cells = geometry.cells();
    BatchOutcome batch;
    batch.solutions.assign(count * static_cast<size_t>(cells), 0);
    batch.counts.assign(count, -1);
    CancellationToken stop_all;
    std::atomic<uint64_t> nodes{0};
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
    parallel_for(count, workers, 64, [&](size_t i, int worker) {
        if (worker == 0 && relay && ++since_poll >= 256) {
            since_poll = 0;
            if (relay()) return;
        }
        SearchControl control(per_puzzle, &stop_all, worker == 0 ? relay : nullptr, 4096);
        SearchOutcome outcome = solve_puzzle(geometry, puzzles + i * cells, options, control);
        nodes.fetch_add(outcome.stats.nodes, std::memory_order_relaxed);
        if (!outcome.first_solution.empty())
            std::copy(outcome.first_solution.begin(), outcome.first_solution.end(),
                      batch.solutions.begin() + static_cast<std::ptrdiff_t>(i * cells));
        const bool complete = !control.stopped() || (limit && outcome.count >= limit);
        batch.counts[i] = complete ? static_cast<int64_t>(outcome.count) : -1;
    }, &stop_all);
    batch.nodes = nodes.load();
    return batch;
}

}  // namespace cassetete::sudoku
