// Rule 5 of the resolution: the propagation queue, by priority, cheapest constraint first,
// and the dispatch to each kind's propagator (propagate_<kind>.cpp).
#include "narrowing/solver.hpp"

#include <chrono>

namespace cassetete::narrowing {

void Solver::schedule(int c) {
    if (queued_[c]) return;
    queued_[c] = 1;
    queue_[constraints_[c].priority].push_back(c);
}

// Rule 5 to the fixpoint, always on the cheapest waiting constraint.
bool Solver::propagate() {
    for (;;) {
        int c = -1;
        for (int p = 0; p < kPriorities; ++p) {
            if (queue_head_[p] < queue_[p].size()) {
                c = queue_[p][queue_head_[p]++];
                if (queue_head_[p] == queue_[p].size()) {
                    queue_[p].clear();
                    queue_head_[p] = 0;
                }
                break;
            }
        }
        if (c < 0) return true;
        queued_[c] = 0;
        if (!run(c)) {
            for (int p = 0; p < kPriorities; ++p) {
                for (size_t k = queue_head_[p]; k < queue_[p].size(); ++k) queued_[queue_[p][k]] = 0;
                queue_[p].clear();
                queue_head_[p] = 0;
            }
            return false;
        }
    }
}

bool Solver::run(int id) {
    const Constraint& c = constraints_[id];
    const int kind = static_cast<int>(c.kind);
    ++counters_.calls[kind];
    const uint64_t shrinks_before = shrinks_;
    std::chrono::steady_clock::time_point start;
    if (options_.profile) start = std::chrono::steady_clock::now();
    bool ok = true;
    switch (c.kind) {
        case Kind::product: ok = run_product(c, id); break;
        case Kind::sum: ok = c.fused_count ? run_cell(c, id) : run_sum(c, id); break;
        case Kind::translated:
        case Kind::klass: ok = run_class(c, id); break;
        case Kind::all_different: ok = run_all_different(c, id); break;
        case Kind::placement: ok = run_placement(c, id); break;
    }
    if (options_.profile)
        counters_.nanoseconds[kind] += static_cast<uint64_t>(
            std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count());
    if (shrinks_ != shrinks_before) ++counters_.changes[kind];
    return ok;
}

}  // namespace cassetete::narrowing
