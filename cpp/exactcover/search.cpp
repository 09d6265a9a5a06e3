#include "exactcover/search.hpp"

#include <string>
#include <utility>

namespace cassetete::exactcover {

Search::Search(const Problem& problem) : problem_(problem) {
    const int n_items = problem.items_count();
    const int n_opts = problem.options();
    const int n_nodes = problem.nodes();
    const std::vector<int>& data = problem.item_data();
    opt_start_.resize(static_cast<size_t>(n_opts) + 1);
    for (int o = 0; o <= n_opts; ++o) opt_start_[o] = problem.option_begin(o);
    nodes_data_.resize(n_nodes);
    span_.resize(n_nodes);
    for (int o = 0; o < n_opts; ++o)
        for (int n = opt_start_[o]; n < opt_start_[o + 1]; ++n) {
            nodes_data_[n] = Node{data[n], 0};
            span_[n] = Span{opt_start_[o], opt_start_[o + 1]};
        }
    node_opt_.resize(n_nodes);
    for (int o = 0; o < n_opts; ++o)
        for (int n = opt_start_[o]; n < opt_start_[o + 1]; ++n) node_opt_[n] = o;

    // Segment sizes, then fill every item's segment with the nodes that mention it.
    items_.assign(static_cast<size_t>(n_items), Item{0, 0, 0, 0});
    std::vector<int> begin(static_cast<size_t>(n_items) + 1, 0);
    for (int n = 0; n < n_nodes; ++n) ++begin[data[n] + 1];
    for (int i = 0; i < n_items; ++i) begin[i + 1] += begin[i];
    for (int i = 0; i < n_items; ++i) items_[i].begin = begin[i];
    set_.resize(n_nodes);
    for (int n = 0; n < n_nodes; ++n) {
        Item& it = items_[data[n]];
        const int pos = it.begin + it.size++;
        set_[pos] = n;
        nodes_data_[n].pos = pos;
    }
    const int primary = problem.primary();
    active_.resize(primary);
    active_pos_.resize(primary);
    for (int i = 0; i < primary; ++i) {
        active_[i] = i;
        active_pos_[i] = i;
    }
    n_active_ = primary;
    trail_.reserve(static_cast<size_t>(n_nodes));
    snapshot_ = n_items <= 1024;
}

void Search::save_sizes(size_t slot) {
    const size_t n = items_.size();
    if (snaps_.size() < (slot + 1) * n) snaps_.resize((slot + 1) * n * 2);
    int* dst = snaps_.data() + slot * n;
    for (size_t i = 0; i < n; ++i) dst[i] = items_[i].size;
}

void Search::load_sizes(size_t slot) {
    const size_t n = items_.size();
    const int* src = snaps_.data() + slot * n;
    for (size_t i = 0; i < n; ++i) items_[i].size = src[i];
}

int Search::choose_item() const noexcept {
    int best = -1;
    int best_size = 0x7fffffff;
    for (int a = 0; a < n_active_; ++a) {
        const int item = active_[a];
        const int s = items_[item].size;
        if (s < best_size) {
            best_size = s;
            best = item;
            if (s <= 1) break;  // taken at once; an item with none left stays active, so no false solution
        }
    }
    return best;
}

void Search::cover(int option) {
    const int first = opt_start_[option];
    const int last = opt_start_[option + 1];
    const int primary = problem_.primary();
    Node* nodes = nodes_data_.data();
    Item* items = items_.data();
    int* set = set_.data();
    const size_t trail_mark = trail_.size();
    // Take the option's items out of play first, so their own segments are left alone.
    for (int n = first; n < last; ++n) {
        const int item = nodes[n].item;
        items[item].covered = 1;
        if (item < primary) {
            deactivate(item);
        }
    }
    // Hide every other option that meets one of these items.
    for (int n = first; n < last; ++n) {
        const Item& it = items[nodes[n].item];
        const int* seg = set + it.begin;
        const int seg_size = it.size;
        for (int s = 0; s < seg_size; ++s) {
            const Span head = span_[seg[s]];
            if (head.first == first) continue;  // the chosen option itself
            for (int m = head.first, m_end = head.last; m < m_end; ++m) {
                Node& nd = nodes[m];
                Item& target = items[nd.item];
                if (target.covered) continue;
                const int p = nd.pos;
                const int tail = target.begin + target.size - 1;
                if (p > tail) continue;  // already hidden through another item of `option`
                hide_node(set, nodes, target, m, p, tail);
                trail_.push_back(nd.item);
            }
        }
    }
    updates_ += trail_.size() - trail_mark;
}

void Search::hide_item(int item) {
    Node* nodes = nodes_data_.data();
    const Span* span = span_.data();
    Item* items = items_.data();
    int* set = set_.data();
    const bool trail = !snapshot_;
    uint64_t updates = 0;
    Item& it = items[item];
    it.covered = 1;
    if (item < problem_.primary()) {
        deactivate(item);
    }
    const int seg_begin = it.begin, seg_size = it.size;
    for (int s = 0; s < seg_size; ++s) {
        const Span head = span[set[seg_begin + s]];
        for (int m = head.first; m < head.last; ++m) {
            Node& nd = nodes[m];
            Item& target = items[nd.item];
            if (target.covered) continue;
            const int tail = target.begin + target.size - 1;
            const int p = nd.pos;
            hide_node(set, nodes, target, m, p, tail);
            ++updates;
            if (trail) trail_.push_back(nd.item);
        }
    }
    updates_ += updates;
}

bool Search::cover_others(int option, int item) {
    const int first = opt_start_[option];
    const int last = opt_start_[option + 1];
    const int primary = problem_.primary();
    Node* nodes = nodes_data_.data();
    const Span* span = span_.data();
    Item* items = items_.data();
    int* set = set_.data();
    const bool trail = !snapshot_;
    uint64_t updates = 0;
    // The option's other items leave the active set, marked 2 ("covered in this step"): the
    // options hidden through one of them also leave the segments of the others (without the
    // last-option check: they are covered), so no option is visited twice, whichever of the
    // option's items it meets.
    for (int n = first; n < last; ++n) {
        const int j = nodes[n].item;
        if (j == item) continue;
        items[j].covered = 2;
        if (j < primary) {
            deactivate(j);
        }
    }
    bool ok = true;
    for (int n = first; n < last && ok; ++n) {
        const int j = nodes[n].item;
        if (j == item) continue;
        const Item& it = items[j];
        const int* seg = set + it.begin;
        const int seg_size = it.size;
        for (int s = 0; s < seg_size && ok; ++s) {
            const Span head = span[seg[s]];
            for (int m = head.first; m < head.last; ++m) {
                Node& nd = nodes[m];
                const int x = nd.item;
                if (x == j) continue;  // the segment being walked
                Item& target = items[x];
                if (target.covered == 1) continue;  // covered at an earlier level
                const int p = nd.pos;
                const int tail = target.begin + target.size - 1;
                if (p > tail) continue;
                if (target.size == 1 && target.covered == 0 && x < primary) {
                    ok = false;  // an active primary item would have no option left
                    break;
                }
                hide_node(set, nodes, target, m, p, tail);
                ++updates;
                if (trail) trail_.push_back(x);
            }
        }
    }
    updates_ += updates;
    for (int n = first; n < last; ++n)
        if (nodes[n].item != item) items[nodes[n].item].covered = 1;
    return ok;
}

void Search::restore(int trail_mark, int active_mark) {
    Item* items = items_.data();
    for (int t = static_cast<int>(trail_.size()) - 1; t >= trail_mark; --t) ++items[trail_[t]].size;
    trail_.resize(static_cast<size_t>(trail_mark));
    n_active_ = active_mark;
}

void Search::uncover(int option, int trail_mark, int active_mark) {
    restore(trail_mark, active_mark);
    Item* items = items_.data();
    for (int n = opt_start_[option]; n < opt_start_[option + 1]; ++n) items[nodes_data_[n].item].covered = 0;
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
            if (items_[nodes_data_[n].item].covered)
                throw ProblemError("prefix option " + std::to_string(o) + " clashes on item " +
                                   std::to_string(nodes_data_[n].item) +
                                   " with an earlier prefix option");
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
            const int s = items_[item].size;
            if (s == 0) {
                backtrack = true;
                continue;
            }
            Level level{item, s, -1, static_cast<int>(trail_.size()), n_active_, 0, 0, false};
            const size_t depth = stack_.size();
            if (snapshot_) save_sizes(2 * depth);
            hide_item(item);
            if (snapshot_) save_sizes(2 * depth + 1);
            level.trail_mark = static_cast<int>(trail_.size());
            level.active_mark = n_active_;
            stack_.push_back(level);
        } else {
            if (stack_.empty()) {
                done_ = true;
                return false;
            }
        }
        // Try the next option of the deepest level.
        Level& level = stack_.back();
        if (level.applied) {
            const int option = chosen_.back();
            chosen_.pop_back();
            if (snapshot_) load_sizes(2 * (stack_.size() - 1) + 1);
            restore(level.trail_mark, level.active_mark);
            for (int n = opt_start_[option]; n < opt_start_[option + 1]; ++n)
                if (nodes_data_[n].item != level.item) items_[nodes_data_[n].item].covered = 0;
            level.applied = false;
        }
        bool descended = false;
        while (++level.k < level.size) {
            ++nodes_;
            if (control.tick()) {
                --nodes_;   // refused, not searched: node_limit=10 reports 10 nodes
                --level.k;  // not tried; the caller sees control.stopped() and does not resume
                return false;
            }
            const int option = node_opt_[set_[items_[level.item].begin + level.k]];
            if (cover_others(option, level.item)) {
                chosen_.push_back(option);
                level.applied = true;
                descended = true;
                break;
            }
            if (snapshot_) load_sizes(2 * (stack_.size() - 1) + 1);
            restore(level.trail_mark, level.active_mark);
            for (int n = opt_start_[option]; n < opt_start_[option + 1]; ++n)
                if (nodes_data_[n].item != level.item) items_[nodes_data_[n].item].covered = 0;
        }
        if (descended) {
            backtrack = false;
            continue;
        }
        // Level exhausted: bring the item back.
        if (snapshot_) load_sizes(2 * (stack_.size() - 1));
        restore(level.base_trail, level.base_active);
        items_[level.item].covered = 0;
        stack_.pop_back();
        backtrack = true;
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
    const int s = items_[item].size;
    for (int k = 0; k < s; ++k) {
        const int option = node_opt_[set_[items_[item].begin + k]];
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
