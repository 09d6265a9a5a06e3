// Rule 6 and the search: restrict, the root fixpoint, the choice of the variable to cut, the
// resumable depth-first search with its trail marks, counting and splitting.
#include "narrowing/solver.hpp"

namespace cassetete::narrowing {

bool Solver::restrict(const std::vector<Decision>& decisions) {
    for (const Decision& d : decisions) {
        restricted_.push_back(d);
        if (!root_ok_) continue;
        if (d.var < 0 || d.var >= model_.vars() || !narrow(d.var, d.lo, d.hi, -1)) root_ok_ = false;
    }
    return root_ok_;
}

bool Solver::propagate_root() {
    if (!root_done_) {
        root_done_ = true;
        ++counters_.nodes;
        if (root_ok_) root_ok_ = propagate();
        if (!root_ok_) ++counters_.failures;
    }
    return root_ok_;
}

// The variable to split (rule 6), or -1 when every variable is fixed. The paper's strategy: the
// model's branching variable (the m_i) with the smallest minimum, the first one on ties.
int Solver::choose() const {
    int best = -1;
    int64_t best_lo = 0;
    uint64_t best_size = 0;
    for (int k = 0; k < model_branching_; ++k) {
        const int v = branching_[k];
        if (lo_[v] == hi_[v]) continue;
        if (best < 0 || lo_[v] < best_lo ||
            (options_.strategy == Strategy::smallest_min_last && lo_[v] == best_lo)) {
            best = v;
            best_lo = lo_[v];
            best_size = static_cast<uint64_t>(hi_[v] - lo_[v]);
        } else if (options_.strategy == Strategy::smallest_min_first_fail && lo_[v] == best_lo &&
                   static_cast<uint64_t>(hi_[v] - lo_[v]) < best_size) {
            best = v;
            best_size = static_cast<uint64_t>(hi_[v] - lo_[v]);
        }
    }
    if (best >= 0) return best;
    for (size_t k = model_branching_; k < branching_.size(); ++k) {
        const int v = branching_[k];
        if (lo_[v] != hi_[v]) return v;  // the others: in creation order, split at their minimum
    }
    return -1;
}

// Pop finished branches; take the right side of the deepest open cut. True when that leaves a
// consistent node, false when the tree is exhausted or the control stopped the search.
bool Solver::backtrack(SearchControl& control) {
    while (!stack_.empty()) {
        Frame& f = stack_.back();
        undo(f.trail_mark);
        if (f.right) {
            stack_.pop_back();
            continue;
        }
        f.right = true;
        if (control.tick()) return false;
        ++counters_.nodes;
        new_node();
        if (narrow(f.var, f.split + 1, f.hi, -1) && propagate()) return true;
        ++counters_.failures;
    }
    done_ = true;
    return false;
}

bool Solver::next(SearchControl& control) {
    if (done_) return false;
    if (!started_) {
        if (control.tick()) return false;  // the root is a node too, counted by node_limit
        started_ = true;
        if (!propagate_root()) {
            done_ = true;
            return false;
        }
    } else if (!backtrack(control)) {
        return false;
    }
    for (;;) {
        const int v = choose();
        if (v < 0) {
            ++counters_.solutions;
            return true;
        }
        if (control.tick()) return false;
        ++counters_.cuts;
        ++counters_.nodes;
        const int64_t lo = lo_[v], cut = cut_point(v);
        stack_.push_back({v, cut, hi_[v], trail_.size(), false});
        new_node();
        if (narrow(v, lo, cut, -1) && propagate()) continue;
        ++counters_.failures;
        if (!backtrack(control)) return false;
    }
}

uint64_t Solver::count(SearchControl& control, uint64_t limit) {
    uint64_t found = 0;
    while ((limit == 0 || found < limit) && next(control)) ++found;
    return found;
}

std::vector<std::vector<Decision>> Solver::split(int depth) {
    std::vector<std::vector<Decision>> out;
    started_ = done_ = true;  // this solver is used up by the split
    if (!propagate_root()) return out;
    std::vector<Decision> path = restricted_;
    split_rec(depth, path, out);
    return out;
}

void Solver::split_rec(int depth, std::vector<Decision>& path, std::vector<std::vector<Decision>>& out) {
    const int v = choose();
    if (v < 0 || depth <= 0) {
        out.push_back(path);
        return;
    }
    ++counters_.cuts;
    const int64_t lo = lo_[v], hi = hi_[v], cut = cut_point(v);
    const Decision sides[2] = {{v, lo, cut}, {v, cut + 1, hi}};
    for (const Decision& side : sides) {
        const size_t mark = trail_.size();
        ++counters_.nodes;
        new_node();
        if (narrow(v, side.lo, side.hi, -1) && propagate()) {
            path.push_back(side);
            split_rec(depth - 1, path, out);
            path.pop_back();
        } else {
            ++counters_.failures;
        }
        undo(mark);
    }
}

}  // namespace cassetete::narrowing
