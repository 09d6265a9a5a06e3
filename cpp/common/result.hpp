// The one result of an exact search (solve, count or enumerate) in every family: how it ended
// (status, count, complete, stop reason, statistics) plus the solutions it kept. The bindings
// convert it to Python in one place (src/bindings.hpp: result_to_dict / outcome_to_dict).
#pragma once
#include <chrono>
#include <cstdint>
#include <vector>

#include "common/limits.hpp"
#include "common/stats.hpp"

namespace cassetete {

// How a search ended, whatever its solutions look like.
struct SearchOutcome {
    Status status = Status::unsatisfiable;  // solved when at least one solution was found
    uint64_t count = 0;                     // solutions found (stops at the asked limit)
    // The count is exact, or reached the asked limit: false when a time or node limit, a
    // cancellation, Ctrl-C or a consumer that wanted no more cut the search short.
    bool complete = false;
    StopReason stop = StopReason::none;     // which limit stopped it (none when complete)
    SearchStats stats;
};

// An outcome with the first solutions found (as many as the caller asked to keep).
template <class Solution>
struct SearchResult : SearchOutcome {
    std::vector<Solution> solutions;
};

// The end of an exact search, the same in every engine: ``count`` solutions found, complete unless
// ``cut_short`` (a limit, Ctrl-C or the caller stopped it), the control's stop reason and nodes,
// the seconds since ``start``. The engine then adds its counters and calls finish_status.
inline void finish_search(SearchOutcome& res, const SearchControl& control, uint64_t count, bool cut_short,
                          std::chrono::steady_clock::time_point start) {
    res.count = count;
    res.complete = !cut_short;
    res.stop = control.reason();
    res.stats.nodes = control.nodes();
    res.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The status of a finished search: solved when it found a solution, else as the control ended
// it; interrupted whenever Ctrl-C stopped the engine (``engine_stopped``), solutions or not.
inline void finish_status(SearchOutcome& res, const SearchControl& control, bool engine_stopped) {
    res.status = control.status(res.count > 0);
    if (engine_stopped && control.reason() == StopReason::interrupted) res.status = Status::interrupted;
}

}  // namespace cassetete
