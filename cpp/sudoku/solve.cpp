#include "sudoku/solve.hpp"

#include <algorithm>

#include "common/parallel.hpp"

namespace cassetete::sudoku {

SearchOutcome solve_puzzle(const Geometry& geometry, const uint8_t* clues, const SearchOptions& options,
                           SearchControl& control) {
    return solve_general(geometry, clues, options, control);
}

BatchOutcome solve_batch(const Geometry& geometry, const uint8_t* puzzles, size_t count, uint64_t limit,
                         int workers, SearchLimits per_puzzle, const SearchControl::PollHook& poll) {
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
    parallel_for(count, workers, 64, [&](size_t i, int worker) {
        if (stop_all.cancelled()) return;
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
    });
    batch.nodes = nodes.load();
    return batch;
}

}  // namespace cassetete::sudoku
