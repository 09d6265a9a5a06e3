// The frame the exact grid searches (cpp/shikaku/exact.cpp, cpp/hashi/exact.cpp) share around
// their own propagation and branching: the solutions kept and streamed (SolutionSink), the
// finishing of the result, and the three entry points (ExactSearch) built on an engine class.
//
// Every family exposes the same three entry points, as `<family>::Exact` (its exact.hpp):
//   Exact::solve(problem, control, limit, keep, on_solution)  up to `limit` solutions (0 counts
//       as 1), the first `keep` of them kept; `on_solution`, when given, sees every solution as
//       it is found (streaming). status: solved if at least one was found; unsatisfiable if the
//       search space was exhausted without one; limit/interrupted otherwise. `complete` is
//       false when a limit (or a consumer that wanted no more) cut the search.
//   Exact::solve_below(problem, control, limit, keep, prefix)  the same restricted to the
//       solutions below a prefix of branching decisions, replayed with the same propagation as
//       the search (a decision no longer possible by then makes the subproblem empty); throws
//       std::invalid_argument for a decision out of range. Used to spread a count over many
//       workers (cassetete.parallel).
//   Exact::split(problem, prefix, depth)  the prefixes `depth` decisions below `prefix`: their
//       solution sets partition the prefix's. A prefix whose search ends earlier (a solution)
//       is returned as it is; dead ends are dropped.
//
// An engine is constructed as Engine(problem, control, limit, keep, on_solution) and offers
// check_prefix(prefix) (throws), root_propagate(), replay(prefix) (false on a dead end),
// split_below(depth, path, out) and run(prefix or nullptr) -> SearchResult.
#pragma once
#include <chrono>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "common/limits.hpp"
#include "common/result.hpp"

namespace cassetete {

// Called with each solution found; returning false stops the search (a consumer that wants no
// more), which then counts as incomplete.
template <class Solution>
using SolutionCallbackOf = std::function<bool(const Solution&)>;

// The solutions side of an exact search: counts them, keeps the first `keep`, shows each one to
// `on_solution`, and finishes the result once the search is over.
template <class Solution>
class SolutionSink {
public:
    using Callback = SolutionCallbackOf<Solution>;

    SolutionSink(uint64_t limit, uint64_t keep, const Callback* on_solution)
        : limit_(limit), keep_(keep), on_solution_(on_solution) {}

    uint64_t limit() const noexcept { return limit_; }

    // Records one solution; `build()` makes it, called only when it is kept or streamed. True
    // when the search must stop: enough solutions, or a consumer that wants no more.
    template <class Build>
    bool record(Build&& build) {
        ++result_.count;
        if (result_.solutions.size() < keep_ || on_solution_) {
            Solution solution = build();
            if (on_solution_ && !(*on_solution_)(solution)) consumer_stopped_ = true;
            if (result_.solutions.size() < keep_) result_.solutions.push_back(std::move(solution));
        }
        return consumer_stopped_ || result_.count >= limit_;
    }

    // The result of the search begun at `start`: status, completeness, stop reason, nodes and
    // seconds, then the engine's rule counters in their order.
    SearchResult<Solution> finish(const SearchControl& control, std::chrono::steady_clock::time_point start,
                                  std::initializer_list<std::pair<const char*, uint64_t>> counters) {
        result_.status = result_.count > 0 ? Status::solved : control.status(false);
        result_.complete = !control.stopped() && !consumer_stopped_;
        result_.stop = control.reason();
        result_.stats.nodes = control.nodes();
        result_.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        result_.stats.counters.reserve(counters.size());
        for (const auto& counter : counters) result_.stats.add(counter.first, counter.second);
        return std::move(result_);
    }

private:
    uint64_t limit_, keep_;
    const Callback* on_solution_;
    bool consumer_stopped_ = false;
    SearchResult<Solution> result_;
};

// The root propagated and the prefix (when given) checked and replayed: false when the
// (sub)problem has no solution.
template <class Engine>
bool enter_below(Engine& engine, const std::vector<int>* prefix) {
    if (prefix) engine.check_prefix(*prefix);
    return engine.root_propagate() && (!prefix || engine.replay(*prefix));
}

// The engine class of a problem type: each family's exact.cpp specializes it (`using type =
// Engine;`) before it instantiates ExactSearch for its problem, so the engine stays private.
template <class Problem>
struct ExactEngine;

// The three entry points (see the top of this file) of the exact search of `Problem`. A family's
// exact.hpp names it and declares `extern template struct ExactSearch<...>`; its exact.cpp
// instantiates it once, where the engine is defined.
template <class Problem, class Solution>
struct ExactSearch {
    using Result = SearchResult<Solution>;
    using Callback = SolutionCallbackOf<Solution>;

    static Result solve(const Problem& problem, SearchControl& control, uint64_t limit, uint64_t keep,
                        const Callback* on_solution = nullptr);
    static Result solve_below(const Problem& problem, SearchControl& control, uint64_t limit, uint64_t keep,
                              const std::vector<int>& prefix);
    static std::vector<std::vector<int>> split(const Problem& problem, const std::vector<int>& prefix, int depth);
};

template <class Problem, class Solution>
auto ExactSearch<Problem, Solution>::solve(const Problem& problem, SearchControl& control, uint64_t limit,
                                           uint64_t keep, const Callback* on_solution) -> Result {
    typename ExactEngine<Problem>::type engine(problem, control, limit == 0 ? 1 : limit, keep, on_solution);
    return engine.run(nullptr);
}

template <class Problem, class Solution>
auto ExactSearch<Problem, Solution>::solve_below(const Problem& problem, SearchControl& control, uint64_t limit,
                                                 uint64_t keep, const std::vector<int>& prefix) -> Result {
    typename ExactEngine<Problem>::type engine(problem, control, limit == 0 ? 1 : limit, keep, nullptr);
    return engine.run(&prefix);
}

template <class Problem, class Solution>
std::vector<std::vector<int>> ExactSearch<Problem, Solution>::split(const Problem& problem,
                                                                    const std::vector<int>& prefix, int depth) {
    if (depth < 0) throw std::invalid_argument("split depth must be >= 0, got " + std::to_string(depth));
    SearchControl control{SearchLimits{}};
    typename ExactEngine<Problem>::type engine(problem, control, 1, 0, nullptr);
    std::vector<std::vector<int>> out;
    if (!enter_below(engine, &prefix)) return out;
    std::vector<int> path = prefix;
    engine.split_below(depth, path, out);
    return out;
}

}  // namespace cassetete
