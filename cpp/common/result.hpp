// The one result of an exact search (solve, count or enumerate) in every family: how it ended
// (status, count, complete, stop reason, statistics) plus the solutions it kept. The bindings
// convert it to Python in one place (src/bindings.hpp: result_to_dict / outcome_to_dict).
#pragma once
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

}  // namespace cassetete
