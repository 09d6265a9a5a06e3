#include "sudoku/general.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>

#include "common/bits.hpp"

namespace cassetete::sudoku {
namespace {

constexpr const char* kRuleNames[4] = {"exclusivity", "uniqueness", "parity", "intersections"};
constexpr int kUnitWords = (3 * kMaxOrder + 63) / 64;  // a set of units as a bitset
constexpr uint64_t kDefaultSeed = 0x5EED5D0C0ULL;      // tie-breaks when no Rng is given
constexpr uint64_t kRestartBase = 32;                 // dead ends allowed in the first Luby run

// Luby's universal restart sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ... (i >= 1).
// (M. Luby, A. Sinclair, D. Zuckerman, "Optimal speedup of Las Vegas algorithms", 1993.)
uint64_t luby(uint64_t i) {
    for (;;) {
        uint64_t k = 1;
        while ((uint64_t(1) << k) - 1 < i) ++k;
        if ((uint64_t(1) << k) - 1 == i) return uint64_t(1) << (k - 1);
        i -= (uint64_t(1) << (k - 1)) - 1;
    }
}

// Dirty-unit bitset: the units whose cells changed since a rule last looked at them.
struct UnitSet {
    uint64_t w[kUnitWords] = {};
    void add(int u) noexcept { w[u >> 6] |= uint64_t(1) << (u & 63); }
    bool empty() const noexcept {
        for (int i = 0; i < kUnitWords; ++i)
            if (w[i]) return false;
        return true;
    }
    void fill(int units) noexcept {
        for (int i = 0; i < kUnitWords; ++i) w[i] = low_mask(std::clamp(units - 64 * i, 0, 64));
    }
    void clear() noexcept {
        for (int i = 0; i < kUnitWords; ++i) w[i] = 0;
    }
    template <class F>
    bool for_each(F&& f) const {  // stops early (returns false) when f returns false
        for (int i = 0; i < kUnitWords; ++i) {
            uint64_t bits = w[i];
            while (bits) {
                if (!f(64 * i + lowest_bit_index(bits))) return false;
                bits = clear_lowest_bit(bits);
            }
        }
        return true;
    }
};

// Depth-first search over copies of the candidate array, one frame per depth. Propagation is
// incremental: a queue of newly placed cells (exclusivity) and, per rule, the set of units that
// changed since the rule last examined them, so a node only re-reads the units it touched.
class Engine {
public:
    Engine(const Geometry& geometry, const SearchOptions& options, SearchControl& control)
        : g_(geometry), options_(options), rules_(options.rules), control_(control),
          n_(geometry.size()), cells_(geometry.cells()), full_(geometry.full_mask()),
          own_rng_(kDefaultSeed), rng_(options.rng ? options.rng : &own_rng_) {
        queue_.reserve(static_cast<size_t>(cells_) * 2);
        weights_.assign(static_cast<size_t>(g_.units()), 1);
        cell_units_.resize(static_cast<size_t>(cells_) * 3);
        for (int cell = 0; cell < cells_; ++cell) {
            cell_units_[3 * cell] = g_.row_unit(cell);
            cell_units_[3 * cell + 1] = g_.col_unit(cell);
            cell_units_[3 * cell + 2] = g_.box_unit(cell);
        }
    }

    // Fills frame 0 from the clues and propagates; false on contradiction.
    bool load(const uint8_t* clues, std::vector<TraceStep>* trace) {
        trace_ = trace;
        uint64_t* c = frame(0);
        for (int cell = 0; cell < cells_; ++cell) c[cell] = full_;
        queue_.clear();
        for (int cell = 0; cell < cells_; ++cell) {
            const int v = clues[cell];
            if (v == 0) continue;
            if (v > n_) return false;
            const uint64_t bit = uint64_t(1) << (v - 1);
            if (!(c[cell] & bit)) return false;
            c[cell] = bit;
            queue_.push_back(cell);
        }
        for (UnitSet& s : dirty_) s.fill(g_.units());
        const bool ok = propagate(c);
        trace_ = nullptr;  // only the root propagation is traced
        return ok;
    }

    // Runs the search from the propagated root. A first-solution search (limit 1) restarts
    // with randomised tie-breaks on a Luby schedule, which removes the heavy tail of runs that
    // commit early to a wrong value; counting searches run one complete depth-first search.
    void run() {
        const bool restarts = options_.limit == 1;
        if (!restarts) {
            search(0);
            return;
        }
        for (uint64_t run = 1; !stop_ && count_ == 0; ++run) {
            budget_ = kRestartBase * luby(run);
            budget_out_ = false;
            search(0);
            if (!budget_out_) return;  // the tree was searched completely (or a limit hit)
            randomise_ = true;
        }
    }

    std::vector<uint64_t> root_candidates() const {
        return std::vector<uint64_t>(frames_.begin(), frames_.begin() + cells_);
    }

    uint64_t count() const noexcept { return count_; }
    std::vector<uint8_t>& first_solution() noexcept { return first_solution_; }

    void fill_stats(SearchStats& stats) const {
        for (int r = 0; r < 4; ++r) stats.add(kRuleNames[r], counters_[r]);
    }

private:
    uint64_t* frame(int depth) {
        const size_t need = static_cast<size_t>(depth + 1) * cells_;
        if (frames_.size() < need) frames_.resize(need);
        return &frames_[static_cast<size_t>(depth) * cells_];
    }

    void search(int depth) {
        if (stop_ || budget_out_) return;
        if (control_.tick()) {
            stop_ = true;
            return;
        }
        const uint64_t* c = frame(depth);
        const int best = choose_cell(c);
        if (best < 0) {
            record_solution(c);
            return;
        }
        const int best_count = popcount64(c[best]);
        if (best_count > 2 && rules_.uniqueness) {
            int first_cell, second_cell;
            uint64_t bit;
            if (find_bilocal_value(c, first_cell, second_cell, bit)) {
                if (randomise_ && (rng_->next() & 1)) std::swap(first_cell, second_cell);
                branch(depth, first_cell, bit);
                if (!stop_ && !budget_out_) branch(depth, second_cell, bit);
                return;
            }
        }
        uint64_t values = c[best];
        if (options_.rng || randomise_) {
            uint64_t order[64];
            int k = 0;
            for_each_bit(values, [&](int b) { order[k++] = uint64_t(1) << b; });
            rng_->shuffle(order, order + k);
            for (int i = 0; i < k && !stop_ && !budget_out_; ++i) branch(depth, best, order[i]);
        } else {
            while (values && !stop_ && !budget_out_) {
                const uint64_t bit = lowest_bit(values);
                values ^= bit;
                branch(depth, best, bit);
            }
        }
    }

    // Fewest candidates first; ties go to the cell whose units have failed most often
    // (conflict-weighted, as in dom/wdeg: Boussemart, Hemery, Lecoupt, Sais, ECAI 2004), then,
    // after a restart, to a random one of the tied cells.
    int choose_cell(const uint64_t* c) {
        int best = -1, best_count = 65;
        uint64_t best_weight = 0;
        int ties = 0;
        for (int cell = 0; cell < cells_; ++cell) {
            const int count = popcount64(c[cell]);
            if (count <= 1 || count > best_count) continue;
            const int* u = &cell_units_[3 * cell];
            const uint64_t weight = weights_[u[0]] + weights_[u[1]] + weights_[u[2]];
            if (count < best_count || weight > best_weight) {
                best = cell;
                best_count = count;
                best_weight = weight;
                ties = 1;
            } else if (weight == best_weight && randomise_) {
                if (rng_->below(static_cast<uint64_t>(++ties)) == 0) best = cell;
            }
        }
        return best;
    }

    void branch(int depth, int cell, uint64_t bit) {
        frame(depth + 1);  // grow first: frame pointers are taken after any reallocation
        const uint64_t* parent = &frames_[static_cast<size_t>(depth) * cells_];
        uint64_t* child = &frames_[static_cast<size_t>(depth + 1) * cells_];
        std::memcpy(child, parent, sizeof(uint64_t) * static_cast<size_t>(cells_));
        child[cell] = bit;
        queue_.clear();
        queue_.push_back(cell);
        for (UnitSet& s : dirty_) s.clear();
        touch(cell);
        if (propagate(child)) {
            search(depth + 1);
        } else if (budget_ && --budget_ == 0) {  // restart runs are measured in dead ends
            budget_out_ = true;
            ++restarts_;
        }
    }

    void record_solution(const uint64_t* c) {
        uint8_t values[kMaxOrder * kMaxOrder];
        for (int cell = 0; cell < cells_; ++cell)
            values[cell] = static_cast<uint8_t>(lowest_bit_index(c[cell]) + 1);
        // Without exclusivity nothing removed duplicates: check the grid before accepting it.
        if (!rules_.exclusivity && !grid_is_valid(c)) return;
        if (count_ == 0) first_solution_.assign(values, values + cells_);
        ++count_;
        if (options_.on_solution && !(*options_.on_solution)(values)) stop_ = true;
        if (options_.limit && count_ >= options_.limit) stop_ = true;
    }

    bool grid_is_valid(const uint64_t* c) const {
        for (int u = 0; u < g_.units(); ++u) {
            uint64_t seen = 0;
            const int* cells = g_.unit_cells(u);
            for (int k = 0; k < n_; ++k) seen |= c[cells[k]];
            if (seen != full_) return false;
        }
        return true;
    }

    void note(uint8_t rule, uint8_t action, int cell, uint64_t bit, int cause) {
        ++counters_[rule];
        if (trace_) {
            trace_->push_back(TraceStep{rule, action, static_cast<int16_t>(lowest_bit_index(bit) + 1),
                                        cell, cause});
        }
    }

    // The cell changed: every rule must look at its row, column and box again.
    void touch(int cell) noexcept {
        const int* u = &cell_units_[3 * cell];
        for (UnitSet& s : dirty_) {
            s.add(u[0]);
            s.add(u[1]);
            s.add(u[2]);
        }
    }

    void conflict_at(int cell) noexcept {
        const int* u = &cell_units_[3 * cell];
        ++weights_[u[0]];
        ++weights_[u[1]];
        ++weights_[u[2]];
    }

    // Removes `bits` from a cell; false if the cell is left empty. Queues new singles.
    bool eliminate(uint64_t* c, int cell, uint64_t bits, uint8_t rule, int cause) {
        const uint64_t removed = c[cell] & bits;
        if (!removed) return true;
        if (trace_) for_each_bit(removed, [&](int b) { note(rule, TraceStep::eliminate, cell, uint64_t(1) << b, cause); });
        else counters_[rule] += static_cast<uint64_t>(popcount64(removed));
        const uint64_t left = c[cell] & ~bits;
        c[cell] = left;
        if (!left) {
            conflict_at(cell);
            return false;
        }
        touch(cell);
        if (has_single_bit(left)) queue_.push_back(cell);
        return true;
    }

    bool propagate(uint64_t* c) {
        size_t head = 0;
        for (;;) {
            // Exclusivity: every newly placed value leaves the cell's peers.
            while (head < queue_.size()) {
                const int cell = queue_[head++];
                const uint64_t bit = c[cell];
                if (!rules_.exclusivity) continue;
                if (!has_single_bit(bit)) return false;
                for (const int* p = g_.peers_begin(cell); p != g_.peers_end(cell); ++p) {
                    if ((c[*p] & bit) && !eliminate(c, *p, bit, TraceStep::exclusivity, cell)) return false;
                }
            }
            queue_.clear();
            head = 0;
            bool changed = false;
            if (rules_.uniqueness && !dirty_[0].empty()) {
                const UnitSet units = dirty_[0];
                dirty_[0].clear();
                if (!units.for_each([&](int u) { return hidden_singles(c, u, changed); })) return false;
                if (changed || !queue_.empty()) continue;
            }
            if (rules_.parity && !dirty_[1].empty()) {
                const UnitSet units = dirty_[1];
                dirty_[1].clear();
                if (!units.for_each([&](int u) { return naked_pairs(c, u, changed); })) return false;
                if (changed || !queue_.empty()) continue;
            }
            if (rules_.intersections && !dirty_[2].empty()) {
                const UnitSet units = dirty_[2];
                dirty_[2].clear();
                if (!units.for_each([&](int u) { return locked_candidates(c, u, changed); })) return false;
                if (changed || !queue_.empty()) continue;
            }
            return true;
        }
    }

    // Seed rule 2 (unicité) on unit u. Bit-sliced counting: `once` = values seen at least once
    // in the unit, `twice` = at least twice; once & ~twice are the values with a single place.
    bool hidden_singles(uint64_t* c, int u, bool& changed) {
        const int* cells = g_.unit_cells(u);
        uint64_t once = 0, twice = 0, solved = 0;
        for (int k = 0; k < n_; ++k) {
            const uint64_t m = c[cells[k]];
            twice |= once & m;
            once |= m;
            if (has_single_bit(m)) solved |= m;
        }
        if (once != full_) {  // some value has no place left in this unit
            ++weights_[u];
            return false;
        }
        uint64_t hidden = once & ~twice & ~solved;
        while (hidden) {
            const uint64_t bit = lowest_bit(hidden);
            hidden ^= bit;
            int k = 0;
            while (k < n_ && !(c[cells[k]] & bit)) ++k;
            if (k == n_) {  // its only cell was taken by another hidden single
                ++weights_[u];
                return false;
            }
            const int cell = cells[k];
            if (c[cell] == bit) continue;
            if (has_single_bit(c[cell])) {  // the cell already holds another value
                ++weights_[u];
                return false;
            }
            c[cell] = bit;
            note(TraceStep::uniqueness, TraceStep::place, cell, bit, u);
            queue_.push_back(cell);
            touch(cell);
            changed = true;
        }
        return true;
    }

    // Seed rule 3 (parité) on unit u: two cells with the same two candidates.
    bool naked_pairs(uint64_t* c, int u, bool& changed) {
        int pair_cells[kMaxOrder];
        const int* cells = g_.unit_cells(u);
        int pairs = 0;
        for (int k = 0; k < n_; ++k)
            if (popcount64(c[cells[k]]) == 2) pair_cells[pairs++] = k;
        for (int i = 0; i < pairs; ++i) {
            for (int j = i + 1; j < pairs; ++j) {
                const uint64_t m = c[cells[pair_cells[i]]];
                if (m != c[cells[pair_cells[j]]] || popcount64(m) != 2) continue;
                for (int k = 0; k < n_; ++k) {
                    if (k == pair_cells[i] || k == pair_cells[j] || !(c[cells[k]] & m)) continue;
                    if (!eliminate(c, cells[k], m, TraceStep::parity, u)) return false;
                    changed = true;
                }
            }
        }
        return true;
    }

    // Removes `only` from the cells [first, first + count*stride) of a segment; false on a wipe-out.
    bool clear_segment(uint64_t* c, uint64_t only, int first, int count, int stride, int cause, bool& changed) {
        for (int k = 0; k < count; ++k) {
            const int cell = first + k * stride;
            if (c[cell] & only) {
                if (!eliminate(c, cell, only, TraceStep::intersections, cause)) return false;
                changed = true;
            }
        }
        return true;
    }

    // Locked candidates around unit u: a row or column claims the values it keeps inside one
    // box (they leave the box's other lines); a box points with the values it keeps inside one
    // of its rows or columns (they leave the rest of that line).
    bool locked_candidates(uint64_t* c, int u, bool& changed) {
        const int br = g_.box_rows(), bc = g_.box_cols();
        uint64_t seg[kMaxOrder], prefix[kMaxOrder + 1], suffix[kMaxOrder + 1];
        auto scan = [&](int count) {
            prefix[0] = 0;
            for (int s = 0; s < count; ++s) prefix[s + 1] = prefix[s] | seg[s];
            suffix[count] = 0;
            for (int s = count - 1; s >= 0; --s) suffix[s] = suffix[s + 1] | seg[s];
        };
        auto confined = [&](int s) { return seg[s] & ~(prefix[s] | suffix[s + 1]); };
        if (u < n_) {  // row r, cut by boxes
            const int r = u, count = n_ / bc, r0 = (r / br) * br;
            for (int s = 0; s < count; ++s) {
                seg[s] = 0;
                for (int j = 0; j < bc; ++j) seg[s] |= c[r * n_ + s * bc + j];
            }
            scan(count);
            for (int s = 0; s < count; ++s) {
                const uint64_t only = confined(s);
                if (!only) continue;
                for (int rr = r0; rr < r0 + br; ++rr)
                    if (rr != r && !clear_segment(c, only, rr * n_ + s * bc, bc, 1, r, changed)) return false;
            }
            return true;
        }
        if (u < 2 * n_) {  // column, cut by boxes
            const int col = u - n_, count = n_ / br, c0 = (col / bc) * bc;
            for (int s = 0; s < count; ++s) {
                seg[s] = 0;
                for (int i = 0; i < br; ++i) seg[s] |= c[(s * br + i) * n_ + col];
            }
            scan(count);
            for (int s = 0; s < count; ++s) {
                const uint64_t only = confined(s);
                if (!only) continue;
                for (int cc = c0; cc < c0 + bc; ++cc)
                    if (cc != col && !clear_segment(c, only, s * br * n_ + cc, br, n_, n_ + col, changed))
                        return false;
            }
            return true;
        }
        const int b = u - 2 * n_, boxes_across = n_ / bc;
        const int r0 = (b / boxes_across) * br, c0 = (b % boxes_across) * bc;
        for (int i = 0; i < br; ++i) {  // the box's rows
            seg[i] = 0;
            for (int j = 0; j < bc; ++j) seg[i] |= c[(r0 + i) * n_ + c0 + j];
        }
        scan(br);
        for (int i = 0; i < br; ++i) {
            const uint64_t only = confined(i);
            if (!only) continue;
            const int row_start = (r0 + i) * n_;
            if (!clear_segment(c, only, row_start, c0, 1, u, changed)) return false;
            if (!clear_segment(c, only, row_start + c0 + bc, n_ - c0 - bc, 1, u, changed)) return false;
        }
        for (int j = 0; j < bc; ++j) {  // the box's columns
            seg[j] = 0;
            for (int i = 0; i < br; ++i) seg[j] |= c[(r0 + i) * n_ + c0 + j];
        }
        scan(bc);
        for (int j = 0; j < bc; ++j) {
            const uint64_t only = confined(j);
            if (!only) continue;
            const int col = c0 + j;
            if (!clear_segment(c, only, col, r0, n_, u, changed)) return false;
            if (!clear_segment(c, only, (r0 + br) * n_ + col, n_ - r0 - br, n_, u, changed)) return false;
        }
        return true;
    }

    // A value with exactly two places left in some unit (not yet placed there); the unit with
    // the largest conflict weight wins.
    bool find_bilocal_value(const uint64_t* c, int& first, int& second, uint64_t& bit) const {
        int best_unit = -1;
        uint64_t best_bits = 0, best_weight = 0;
        for (int u = 0; u < g_.units(); ++u) {
            const int* cells = g_.unit_cells(u);
            uint64_t once = 0, twice = 0, thrice = 0, solved = 0;
            for (int k = 0; k < n_; ++k) {
                const uint64_t m = c[cells[k]];
                thrice |= twice & m;
                twice |= once & m;
                once |= m;
                if (has_single_bit(m)) solved |= m;
            }
            const uint64_t exactly_two = twice & ~thrice & ~solved;
            if (exactly_two && weights_[u] > best_weight) {
                best_unit = u;
                best_bits = exactly_two;
                best_weight = weights_[u];
            }
        }
        if (best_unit < 0) return false;
        bit = lowest_bit(best_bits);
        first = second = -1;
        const int* cells = g_.unit_cells(best_unit);
        for (int k = 0; k < n_; ++k) {
            if (c[cells[k]] & bit) {
                if (first < 0) first = cells[k];
                else second = cells[k];
            }
        }
        return second >= 0;
    }

    const Geometry& g_;
    const SearchOptions& options_;
    const Rules rules_;
    SearchControl& control_;
    const int n_, cells_;
    const uint64_t full_;
    std::vector<uint64_t> frames_;
    std::vector<int> queue_;
    std::vector<int> cell_units_;   // row, column, box unit of each cell
    std::vector<uint64_t> weights_;  // conflicts seen per unit (branching tie-break)
    UnitSet dirty_[3];               // per rule: uniqueness, parity, intersections
    std::vector<TraceStep>* trace_ = nullptr;
    uint64_t counters_[4] = {0, 0, 0, 0};
    uint64_t count_ = 0;
    uint64_t restarts_ = 0;
    uint64_t budget_ = 0;  // nodes left in this restart run (0 = no restarts)
    bool budget_out_ = false;
    bool randomise_ = false;
    bool stop_ = false;
    Rng own_rng_;
    Rng* rng_;
    std::vector<uint8_t> first_solution_;
};

}  // namespace

SearchOutcome solve_general(const Geometry& geometry, const uint8_t* clues, const SearchOptions& options,
                            SearchControl& control) {
    const auto start = std::chrono::steady_clock::now();
    const uint64_t nodes_before = control.nodes();
    Engine engine(geometry, options, control);
    SearchOutcome outcome;
    if (engine.load(clues, options.trace)) engine.run();
    outcome.count = engine.count();
    outcome.first_solution = std::move(engine.first_solution());
    outcome.stats.nodes = control.nodes() - nodes_before;
    outcome.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    engine.fill_stats(outcome.stats);
    return outcome;
}

PropagationOutcome propagate_only(const Geometry& geometry, const uint8_t* clues, const Rules& rules,
                                  std::vector<TraceStep>* trace) {
    SearchOptions options;
    options.rules = rules;
    SearchControl control;
    Engine engine(geometry, options, control);
    PropagationOutcome outcome;
    outcome.contradiction = !engine.load(clues, trace);
    outcome.candidates = engine.root_candidates();
    engine.fill_stats(outcome.stats);
    return outcome;
}

}  // namespace cassetete::sudoku
