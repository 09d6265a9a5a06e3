// Algorithm X on "dancing cells" (sparse sets), after Knuth's SSXCC and Solnon's sparse-set
// exact cover (TAOCP 7.2.2.3, pre-fascicle 7A "dancing cells"): every item keeps the options
// that still contain it in a segment of one array, live ones first; hiding an option swaps its
// node to the end of the live part and shrinks the size. Undoing only restores sizes, because
// later swaps never reach past the live part: backtracking costs one increment per hidden node.
//
// The search is iterative and resumable: next() stops at each solution and continues from it on
// the following call, which is what a streaming Python generator needs.
#pragma once
#include <cstdint>
#include <vector>

#include "common/limits.hpp"
#include "exactcover/problem.hpp"

namespace cassetete::exactcover {

class Search {
public:
    explicit Search(const Problem& problem);

    // Choose these options before searching (a subproblem from split()); throws ProblemError
    // when one is out of range or clashes with an earlier one. Call before next()/count().
    void apply_prefix(const std::vector<int>& options);

    // Advance to the next solution. Returns false when the search space is exhausted or the
    // control stopped the search (control.stopped() tells which).
    bool next(SearchControl& control);

    // The options of the current solution (prefix first), valid after next() returned true.
    const std::vector<int>& solution() const noexcept { return chosen_; }

    // Count solutions from the current state, stopping once `limit` are found (0 = no limit).
    uint64_t count(SearchControl& control, uint64_t limit = 0);

    // The search tree's choices down to `depth` levels below the prefix: one option list per
    // live branch (a prefix covering everything counts as a branch of its own). The branches
    // partition the solutions. Call on a fresh Search (after apply_prefix only).
    std::vector<std::vector<int>> split(int depth);

    uint64_t nodes() const noexcept { return nodes_; }
    uint64_t updates() const noexcept { return updates_; }
    bool exhausted() const noexcept { return done_; }

private:
    struct Level {
        int item;         // the item branched on
        int size;         // how many options it had
        int k;            // index of the option being tried
        int base_trail;   // trail length before the item was hidden
        int base_active;  // active primary count before the item was taken out
        int trail_mark;   // trail length once the item's options were hidden
        int active_mark;  // active primary count at that point
        bool applied;     // option k is covered
    };

    int choose_item() const noexcept;  // MRV over active primary items; -1 if none left
    // Take a primary item out of the active set: swap it with the last active item and shrink
    // the set (undone by restoring n_active_, as the swapped-out items stay past the end).
    void deactivate(int item) noexcept {
        const int p = active_pos_[item];
        const int moved = active_[--n_active_];
        active_[p] = moved;
        active_pos_[moved] = p;
        active_[n_active_] = item;
        active_pos_[item] = n_active_;
    }
    void cover(int option);
    // Knuth's SSXCC steps: take the chosen item out and hide all its options once (C3-C4);
    // then per option, cover its other items, failing early (returns false) as soon as an
    // active primary item would lose its last option (C6-C7). An option hidden through one of
    // the chosen option's items leaves the segments of its other items too, so it is visited
    // once, not once per item of the chosen option it meets.
    void hide_item(int item);
    bool cover_others(int option, int item);
    void restore(int trail_mark, int active_mark);
    // Small problems save all item sizes per level instead of trailing every decrement.
    void save_sizes(size_t slot);
    void load_sizes(size_t slot);
    void uncover(int option, int trail_mark, int active_mark);
    void split_rec(int depth, std::vector<std::vector<int>>& out);

    // One node per (option, item) pair, 8 bytes so the hiding loops touch little memory;
    // span_[n] delimits the nodes of n's option (read once per hidden option).
    struct Node {
        int item;
        int pos;    // position in set_
    };
    struct Span {
        int first;
        int last;
    };
    struct Item {
        int begin;    // start of its segment in set_
        int size;     // live options
        int covered;  // 1: covered by a chosen option; 2: being covered (inside cover_others)
        int unused;
    };

    // Move node m, at position p of its item's segment, to the segment's last live position
    // `tail` and shrink the live part: the sparse-set deletion of every hiding loop.
    static void hide_node(int* set, Node* nodes, Item& target, int m, int p, int tail) noexcept {
        const int moved = set[tail];
        set[tail] = m;
        nodes[m].pos = tail;
        set[p] = moved;
        nodes[moved].pos = p;
        --target.size;
    }

    const Problem& problem_;
    std::vector<int> opt_start_;       // option o's nodes: opt_start_[o] .. opt_start_[o+1]
    std::vector<Node> nodes_data_;
    std::vector<Span> span_;
    std::vector<int> node_opt_;        // node -> option
    std::vector<int> set_;             // per item segment of nodes, live ones first
    std::vector<Item> items_;
    std::vector<int> active_;          // sparse set of uncovered primary items
    std::vector<int> active_pos_;
    int n_active_ = 0;
    std::vector<int> trail_;           // items whose size was decremented, in order
    bool snapshot_ = false;            // save sizes per level (few items) instead of the trail
    std::vector<int> snaps_;           // 2 snapshots of all sizes per level
    std::vector<Level> stack_;
    std::vector<int> chosen_;
    bool started_ = false;
    bool done_ = false;
    uint64_t nodes_ = 0;
    uint64_t updates_ = 0;
};

}  // namespace cassetete::exactcover
