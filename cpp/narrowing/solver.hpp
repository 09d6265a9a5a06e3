// The resolution of Gilleta, "Résolution du puzzle tridimensionnel des pentaminos", section 6:
// narrow domains constraint by constraint (rule 5, cheapest constraints first) through a
// propagation queue until nothing changes, then split one domain into two disjoint intervals
// (rule 6, a "cut") and explore both. Domains live in one store with a trail, so a branch is
// undone by popping the trail instead of copying the store.
//
// The search is iterative and resumable: next() stops at each solution and continues from it.
#pragma once
#include <cstdint>
#include <vector>

#include "common/limits.hpp"
#include "narrowing/alldifferent.hpp"
#include "narrowing/model.hpp"

namespace cassetete::narrowing {

enum class Strategy : int {
    // The paper's: split the branching variable with the smallest minimum into {min} and
    // [min + 1, max] (fill the lowest empty cell first).
    smallest_min = 0,
    // Same split, but among the variables whose minimum is smallest, the one with the smallest
    // domain (first fail).
    smallest_min_first_fail = 1,
    // Same split; among the variables whose minimum is smallest, the last one.
    smallest_min_last = 2,
    // The variable of smallest_min, its interval cut in the middle: [min, mid] and [mid + 1, max]
    // with mid = min + (max - min) / 2 (rule 6 allows any two disjoint intervals).
    smallest_min_bisect = 3,
};

struct Options {
    Strategy strategy = Strategy::smallest_min;
    // The incremental narrowing the paper's section 8 proposes: Class constraints remember, on
    // the trail, the orientations found impossible and skip them below that node; AllDifferent
    // leaves the fixed variables and their values out of each call.
    bool incremental = true;
    // The "careful implementation" of section 8 (same fixpoint, same tree, less work): each Sum
    // narrowed together with the Products defining its terms (m = x + s + t with s = a*y and
    // t = a*b*z, where s and t appear nowhere else) to their joint fixpoint, without going
    // through the queue; AllDifferent by sorting on a value line of at most 64 values with bit
    // masks (reversible masks of the fixed variables and values, counting sorts, the passes of
    // López-Ortiz et al. as bit scans, no allocation); Placement with its anchors, the occupied
    // cells and the cells of its feasible placements as 64-bit masks.
    bool careful = true;
    // Measure the time spent in each constraint kind (costs two clock reads per narrowing).
    bool profile = false;
};

// Restrict variable `var` to [lo, hi] (a step of a subproblem's path).
struct Decision {
    int var;
    int64_t lo, hi;
};

struct Counters {
    uint64_t cuts = 0;       // rule-6 splits
    uint64_t nodes = 0;      // nodes propagated (the root and both sides of every cut)
    uint64_t failures = 0;   // nodes whose narrowing emptied a domain
    uint64_t solutions = 0;
    uint64_t calls[kKinds] = {};     // narrowings (rule-5 applications) per kind
    uint64_t changes[kKinds] = {};   // narrowings that shrank at least one domain
    uint64_t nanoseconds[kKinds] = {};
};

class Solver {
public:
    Solver(const Model& model, const Options& options = {});

    // Restrict domains before the search (a subproblem); false if that leaves no solution.
    // Call before the first next()/count()/split().
    bool restrict(const std::vector<Decision>& decisions);

    // Narrow the root to the fixpoint without searching; false if a domain became empty.
    bool propagate_root();

    // Advance to the next solution; false when exhausted or stopped (control.stopped()).
    bool next(SearchControl& control);
    // Count solutions from here, stopping once `limit` are found (0 = no limit).
    uint64_t count(SearchControl& control, uint64_t limit = 0);
    // The paths (lists of decisions, after those of restrict()) of the live nodes `depth` cuts
    // below the root, plus the solutions met above that depth: subproblems partitioning the
    // solutions. Counts its own cuts in counters().
    std::vector<std::vector<Decision>> split(int depth);

    bool exhausted() const noexcept { return done_; }
    const std::vector<int64_t>& lows() const noexcept { return lo_; }
    const std::vector<int64_t>& highs() const noexcept { return hi_; }
    const Counters& counters() const noexcept { return counters_; }

private:
    struct Constraint {
        Kind kind;
        int priority;
        int var_begin, var_count;  // into vars_
        int64_t a;                 // product
        int dim, points, orientations, offset_begin;  // class / translated
        int live_slot;             // class: reversible slot of the live orientation mask
        int alldiff;               // index into alldiff_
        AllDifferentAlgorithm algorithm;
        // placement: the cell numbers follow the coordinates in vars_; occupants in occupants_
        int occupant_begin, occupant_count;
        int64_t stride[3];                 // cell number = sum of coordinate * stride
        int shape_begin;                   // per orientation: mask at the origin, then the cells
        int axis_begin;                    // careful: axis_cells_[axis_begin + 64 * d + x]
        int cover_slot;                    // careful: reversible mask of the feasible placements' cells
        int cells_mode;                    // placement: PlacementCells
        // careful: a Sum narrowed with the Products of its terms (fused_[fused_begin ..]); those
        // Products are absorbed (never queued on their own)
        int fused_begin, fused_count;
        bool absorbed;
    };
    struct TrailEntry {
        int index;  // >= 0: a variable (lo, hi saved); < 0: reversible slot ~index (lo saved)
        int64_t lo, hi;
    };
    struct Frame {
        int var;
        int64_t split, hi;
        size_t trail_mark;
        bool right;
    };

    // -- store
    // Intersect v's domain with [lo, hi] (the common case, nothing to do, inline).
    bool narrow(int v, int64_t lo, int64_t hi, int by) {
        if (lo <= lo_[v] && hi >= hi_[v]) return true;
        return narrow_slow(v, lo, hi, by);
    }
    bool narrow_slow(int v, int64_t lo, int64_t hi, int by);
    void save_var(int v);
    void set_slot(int slot, uint64_t value);
    void undo(size_t mark);
    void new_node() { ++stamp_; }
    // -- propagation
    void schedule(int c);
    bool propagate();
    bool run(int c);
    bool run_product(const Constraint& c, int id);
    bool run_cell(const Constraint& c, int id);
    bool run_all_different_dense(const Constraint& c, int id, bool& done);
    bool run_all_different_masks(const Constraint& c, int id);
    bool run_sum(const Constraint& c, int id);
    bool run_class(const Constraint& c, int id);
    bool run_all_different(const Constraint& c, int id);
    bool run_placement(const Constraint& c, int id);
    void load_boxes(const int* v, int m);
    // -- search
    int choose() const;
    // The end of the left interval of a cut of v: [lo, cut] then [cut + 1, hi].
    int64_t cut_point(int v) const {
        return options_.strategy == Strategy::smallest_min_bisect ? lo_[v] + (hi_[v] - lo_[v]) / 2 : lo_[v];
    }
    bool backtrack(SearchControl& control);
    void split_rec(int depth, std::vector<Decision>& path, std::vector<std::vector<Decision>>& out);

    const Model& model_;
    Options options_;
    std::vector<int64_t> lo_, hi_;
    std::vector<uint64_t> slots_;
    std::vector<uint32_t> var_stamp_, slot_stamp_;
    uint32_t stamp_ = 1;
    std::vector<TrailEntry> trail_;
    uint64_t shrinks_ = 0;  // domain reductions so far

    std::vector<Constraint> constraints_;
    std::vector<int> vars_;
    std::vector<int64_t> offsets_;
    std::vector<AllDifferentBounds> alldiff_;
    std::vector<int> watch_begin_, watch_;  // CSR: constraints of each variable
    std::vector<int> fix_watch_begin_, fix_watch_;  // CSR: placements woken when a variable is fixed
    std::vector<int> occupants_;
    std::vector<int> fused_;  // careful: the Products absorbed by each fused Sum
    std::vector<uint64_t> shapes_;  // placement: per orientation, its mask then its points' cells
    std::vector<uint64_t> axis_cells_;    // placement, careful: cells whose coordinate d is x
    std::vector<unsigned char> is_cell_;  // careful: a Placement's cell number
    int occupied_slot_ = -1;              // careful: reversible mask of the fixed cells
    std::vector<int> placements_;         // the Placement constraints (the pieces), for PlacementCells::placed

    std::vector<int> queue_[kPriorities];
    size_t queue_head_[kPriorities] = {};
    std::vector<char> queued_;

    std::vector<int> branching_;  // the model's branching variables, then every other variable
    int model_branching_ = 0;     // how many of them the model named
    std::vector<Frame> stack_;
    std::vector<Decision> restricted_;
    bool root_done_ = false, root_ok_ = true, started_ = false, done_ = false;

    // scratch
    std::vector<int64_t> s_lo_, s_hi_, s_newlo_, s_newhi_, s_tlo_, s_thi_;
    std::vector<unsigned char> s_skip_;
    std::vector<int32_t> s_below_;
    std::vector<int64_t> s_free_;
    std::vector<int> s_dense_lo_, s_dense_hi_, s_dense_who_;
    Counters counters_;
};

}  // namespace cassetete::narrowing
