#include "exactcover/search.hpp"

#include <string>
#include <utility>

namespace cassetete::exactcover {

Search::Search(const Problem& problem)
    : problem_(problem), opt_items_(problem.item_data().data()) {
    const int n_items = problem.items_count();
    const int n_opts = problem.options();
    const int n_nodes = problem.nodes();
    opt_start_.resize(static_cast<size_t>(n_opts) + 1);
    for (int o = 0; o <= n_opts; ++o) opt_start_[o] = problem.option_begin(o);
    node_opt_.resize(n_nodes);
    for (int o = 0; o < n_opts; ++o)
        for (int n = opt_start_[o]; n < opt_start_[o + 1]; ++n) node_opt_[n] = o;

    // Segment sizes, then fill every item's segment with the nodes that mention it.
    begin_.assign(static_cast<size_t>(n_items) + 1, 0);
    for (int n = 0; n < n_nodes; ++n) ++begin_[opt_items_[n] + 1];
    for (int i = 0; i < n_items; ++i) begin_[i + 1] += begin_[i];
    size_.assign(n_items, 0);
    set_.resize(n_nodes);
    node_pos_.resize(n_nodes);
    for (int n = 0; n < n_nodes; ++n) {
        const int item = opt_items_[n];
        const int pos = begin_[item] + size_[item]++;
        set_[pos] = n;
        node_pos_[n] = pos;
    }
    covered_.assign(n_items, 0);
    const int primary = problem.primary();
    active_.resize(primary);
    active_pos_.resize(primary);
    for (int i = 0; i < primary; ++i) {
        active_[i] = i;
        active_pos_[i] = i;
    }
    n_active_ = primary;
    trail_.reserve(static_cast<size_t>(n_nodes));
}

int Search::choose_item() const noexcept {
    int best = -1;
    int best_size = 0x7fffffff;
    for (int a = 0; a < n_active_; ++a) {
        const int item = active_[a];
        const int s = size_[item];
        if (s < best_size) {
            best_size = s;
            best = item;
            if (s == 0) break;
        }
    }
    return best;
}

void Search::cover(int option) {
    const int first = opt_start_[option];
    const int last = opt_start_[option + 1];
    const int primary = problem_.primary();
    // Take the option's items out of play first, so their own segments are left alone.
    for (int n = first; n < last; ++n) {
        const int item = opt_items_[n];
        covered_[item] = 1;
        if (item < primary) {
            const int p = active_pos_[item];
            const int moved = active_[--n_active_];
            active_[p] = moved;
            active_pos_[moved] = p;
            active_[n_active_] = item;
            active_pos_[item] = n_active_;
        }
    }
    // Hide every other option that meets one of these items.
    for (int n = first; n < last; ++n) {
        const int item = opt_items_[n];
        const int seg = begin_[item];
        const int seg_end = seg + size_[item];
        for (int s = seg; s < seg_end; ++s) {
            const int other = node_opt_[set_[s]];
            if (other == option) continue;
            for (int m = opt_start_[other], m_end = opt_start_[other + 1]; m < m_end; ++m) {
                const int j = opt_items_[m];
                if (covered_[j]) continue;
                const int p = node_pos_[m];
                const int tail = begin_[j] + size_[j] - 1;
                if (p > tail) continue;  // already hidden through another item of `option`
                const int moved = set_[tail];
                set_[tail] = m;
                node_pos_[m] = tail;
                set_[p] = moved;
                node_pos_[moved] = p;
                --size_[j];
                trail_.push_back(j);
                ++updates_;
            }
        }
    }
}

void Search::uncover(int option, int trail_mark, int active_mark) {
    for (int t = static_cast<int>(trail_.size()) - 1; t >= trail_mark; --t) ++size_[trail_[t]];
    trail_.resize(static_cast<size_t>(trail_mark));
    n_active_ = active_mark;
    for (int n = opt_start_[option]; n < opt_start_[option + 1]; ++n) covered_[opt_items_[n]] = 0;
}

void Search::apply_prefix(const std::vector<int>& options) {
    if (started_ || !stack_.empty())
        throw ProblemError("apply_prefix must come before the search starts");
    for (size_t idx = 0; idx < options.size(); ++idx) {
        const int o = options[idx];
        if (o < 0 || o >= problem_.options())
            throw ProblemError("prefix option " + std::to_string(o) + " out of range 0.." +
                               std::to_string(problem_.options() - 1));
        for (int n = opt_start_[o]; n < opt_start_[o + 1]; ++n) {
            if (covered_[opt_items_[n]])
                throw ProblemError("prefix option " + std::to_string(o) + " clashes on item " +
                                   std::to_string(opt_items_[n]) + " with an earlier prefix option");
        }
        cover(o);
        chosen_.push_back(o);
    }
}

bool Search::next(SearchControl& control) {
    if (done_) return false;
    // After a solution (started_), resume by moving to the next sibling of the deepest choice.
    bool backtrack = started_;
    started_ = true;
    for (;;) {
        if (!backtrack) {
            const int item = choose_item();
            if (item < 0) return true;  // every primary item covered: a solution
            const int s = size_[item];
            if (s == 0) {
                backtrack = true;
                continue;
            }
            stack_.push_back(Level{item, s, -1, 0, 0});
        } else {
            if (stack_.empty()) {
                done_ = true;
                return false;
            }
            Level& level = stack_.back();
            if (level.k >= 0) {
                uncover(chosen_.back(), level.trail_mark, level.active_mark);
                chosen_.pop_back();
            }
        }
        // Try the next option of the deepest level.
        Level& level = stack_.back();
        if (++level.k >= level.size) {
            stack_.pop_back();
            backtrack = true;
            continue;
        }
        ++nodes_;
        if (control.tick()) {
            // Leave the state consistent: the option is not covered, so a later call would
            // retry it; the caller reads control.stopped() and does not resume.
            --level.k;
            return false;
        }
        const int option = node_opt_[set_[begin_[level.item] + level.k]];
        level.trail_mark = static_cast<int>(trail_.size());
        level.active_mark = n_active_;
        cover(option);
        chosen_.push_back(option);
        backtrack = false;
    }
}

uint64_t Search::count(SearchControl& control, uint64_t limit) {
    uint64_t found = 0;
    while ((limit == 0 || found < limit) && next(control)) ++found;
    return found;
}

void Search::split_rec(int depth, std::vector<std::vector<int>>& out) {
    const int item = choose_item();
    if (item < 0 || depth == 0) {
        out.push_back(chosen_);
        return;
    }
    const int s = size_[item];
    for (int k = 0; k < s; ++k) {
        const int option = node_opt_[set_[begin_[item] + k]];
        const int trail_mark = static_cast<int>(trail_.size());
        const int active_mark = n_active_;
        ++nodes_;
        cover(option);
        chosen_.push_back(option);
        split_rec(depth - 1, out);
        chosen_.pop_back();
        uncover(option, trail_mark, active_mark);
    }
}

std::vector<std::vector<int>> Search::split(int depth) {
    if (started_) throw ProblemError("split must come before the search starts");
    if (depth < 0) throw ProblemError("split depth must be >= 0, got " + std::to_string(depth));
    std::vector<std::vector<int>> out;
    split_rec(depth, out);
    return out;
}

}  // namespace cassetete::exactcover
