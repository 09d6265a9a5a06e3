#include "sudoku/general.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>

#include "common/bits.hpp"
#include "common/luby.hpp"
#include "sudoku/large_alldiff.hpp"

namespace cassetete::sudoku {
namespace {

constexpr const char* kRuleNames[5] = {"exclusivity", "uniqueness", "parity", "intersections", "hall"};
constexpr int kUnitWords = (3 * kMaxOrder + 63) / 64;  // a set of units as a bitset
constexpr uint64_t kDefaultSeed = 0x5EED5D0C0ULL;      // tie-breaks when no Rng is given
constexpr uint64_t kRestartBase = 128;                // dead ends allowed in the first Luby run

// Search recursion is one search/branch pair per depth (up to N*N deep): the big local arrays
// of the propagation and solution code stay out of those frames (CASSETETE_NOINLINE, bits.hpp).

inline int count_bits(uint64_t x) noexcept { return popcount64(x); }
// x has exactly two bits (cheaper than a population count on portable builds without popcnt).
inline bool has_two_bits(uint64_t x) noexcept { return x && has_single_bit(clear_lowest_bit(x)); }


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

// Depth-first search over one search state, changed in place and restored on backtrack from a
// trail of (cell, previous mask) records. The state holds two
// views of the same candidates: per cell, the mask of its values; per (unit, value), the mask
// of the unit's positions where the value can still go. Every removal updates both views, and
// the rules fire from those updates instead of sweeping the grid:
//   a cell left with one value            -> exclusivity (queue of placed cells)
//   a (unit, value) left with one place   -> uniqueness (hidden single)
//   a cell left with two values           -> parity (look for its twin in its three units)
//   a (unit, value) newly confined to one box/line intersection -> intersections
//   hall (all-different consistency) re-reads the units that changed once the others are quiet.
class Engine {
public:
    Engine(const Geometry& geometry, const SearchOptions& options, SearchControl& control)
        : g_(geometry), options_(options), rules_(options.rules), control_(control),
          n_(geometry.size()), cells_(geometry.cells()), full_(geometry.full_mask()),
          stride_(static_cast<size_t>(cells_) + static_cast<size_t>(geometry.units()) * n_),
          hall_(options.rules.hall || (options.auto_hall && options.rules.exclusivity &&
                                       options.rules.uniqueness && geometry.size() >= kHallMinOrder)),
          own_rng_(kDefaultSeed), rng_(options.rng ? options.rng : &own_rng_) {
        const int br = g_.box_rows(), bc = g_.box_cols();
        weights_.assign(static_cast<size_t>(g_.units()), 1);
        cell_units_.resize(static_cast<size_t>(cells_) * 3);
        cell_pos_.resize(static_cast<size_t>(cells_) * 3);
        for (int cell = 0; cell < cells_; ++cell) {
            const int r = cell / n_, col = cell % n_;
            cell_units_[3 * cell] = g_.row_unit(cell);
            cell_units_[3 * cell + 1] = g_.col_unit(cell);
            cell_units_[3 * cell + 2] = g_.box_unit(cell);
            cell_pos_[3 * cell] = col;
            cell_pos_[3 * cell + 1] = r;
            cell_pos_[3 * cell + 2] = (r % br) * bc + col % bc;  // boxes list cells row by row
        }
        for (int s = 0; s < n_ / bc; ++s) row_seg_[s] = low_mask(bc) << (s * bc);
        for (int s = 0; s < n_ / br; ++s) col_seg_[s] = low_mask(br) << (s * br);
        for (int i = 0; i < br; ++i) box_row_[i] = low_mask(bc) << (i * bc);
        for (int j = 0; j < bc; ++j) {
            box_col_[j] = 0;
            for (int i = 0; i < br; ++i) box_col_[j] |= uint64_t(1) << (i * bc + j);
        }
        for (int pos = 0; pos < n_; ++pos) {
            segment_[0][pos] = row_seg_[pos / bc];
            segment_[1][pos] = col_seg_[pos / br];
            segment_[2][pos] = box_row_[pos / bc];
            box_col_of_[pos] = box_col_[pos % bc];
        }
        queue_.reserve(static_cast<size_t>(cells_) * 2);
        hidden_.reserve(static_cast<size_t>(cells_) * 4);
        locked_.reserve(static_cast<size_t>(cells_) * 2);
        pairs_.reserve(static_cast<size_t>(cells_));
    }

    // Fills the state from the clues and propagates; false on contradiction.
    bool load(const uint8_t* clues, std::vector<TraceStep>* trace) {
        trace_ = trace;
        state_.assign(stride_, 0);
        trail_.clear();
        uint64_t* c = state_.data();
        uint64_t* places = c + cells_;
        reset_events();
        for (int cell = 0; cell < cells_; ++cell) c[cell] = full_;
        for (int cell = 0; cell < cells_; ++cell) {
            const int v = clues[cell];
            if (v == 0) continue;
            if (v > n_) return false;
            c[cell] = uint64_t(1) << (v - 1);
            queue_.push_back(cell);
        }
        for (int u = 0; u < g_.units(); ++u) {
            const int* cells = g_.unit_cells(u);
            for (int v = 0; v < n_; ++v) {
                uint64_t p = 0;
                for (int k = 0; k < n_; ++k)
                    if (c[cells[k]] >> v & 1) p |= uint64_t(1) << k;
                places[u * n_ + v] = p;
                if (!p) {
                    if (rules_.uniqueness) return false;
                    continue;
                }
                if (rules_.uniqueness && has_single_bit(p)) hidden_.push_back(u * n_ + v);
                if (rules_.intersections && confined(u, p)) locked_.push_back(u * n_ + v);
            }
        }
        for (int cell = 0; cell < cells_; ++cell)
            if (rules_.parity && count_bits(c[cell]) == 2) pairs_.push_back(cell);
        hall_dirty_.fill(g_.units());
        const bool ok = propagate(c);
        trace_ = nullptr;  // only the root propagation is traced
        return ok;
    }

    // Runs the search from the propagated root. A search for one or two solutions (first
    // solution, uniqueness) restarts with randomised tie-breaks on a Luby schedule of dead ends,
    // which removes the heavy tail of runs that commit early to a wrong value (C. Gomes,
    // B. Selman, H. Kautz, "Boosting combinatorial search through randomization", AAAI 1998).
    // Solutions seen in earlier runs are remembered and not counted twice; a run that ends
    // within its budget has seen the whole tree, so the count is exact. Larger counts and
    // enumerations run one complete depth-first search.
    void run() {
        restarts_ = !options_.plain && (options_.limit == 1 || options_.limit == 2);
        if (!restarts_) {
            search(0);
            return;
        }
        for (uint64_t run = 1; !stop_; ++run) {
            budget_ = kRestartBase * luby(run);
            budget_out_ = false;
            search(0);
            if (!budget_out_) return;  // the tree was searched completely (or a limit hit)
            randomise_ = true;
        }
    }

    std::vector<uint64_t> root_candidates() const {
        return std::vector<uint64_t>(state_.begin(), state_.begin() + cells_);
    }

    uint64_t count() const noexcept { return count_; }
    std::vector<uint8_t>& first_solution() noexcept { return first_solution_; }

    void fill_stats(SearchStats& stats) const {
        for (int r = 0; r < (hall_ ? 5 : 4); ++r) stats.add(kRuleNames[r], counters_[r]);
    }

private:
    // Puts back every removal recorded after trail position `mark`, newest first.
    void undo(size_t mark) {
        uint64_t* c = state_.data();
        uint64_t* places = c + cells_;
        while (trail_.size() > mark) {
            const Change change = trail_.back();
            trail_.pop_back();
            const uint64_t restored = change.old_mask & ~c[change.cell];
            c[change.cell] = change.old_mask;
            const int* units = &cell_units_[3 * change.cell];
            const int* pos = &cell_pos_[3 * change.cell];
            for_each_bit(restored, [&](int v) {
                for (int k = 0; k < 3; ++k) places[units[k] * n_ + v] |= uint64_t(1) << pos[k];
            });
        }
    }

    void reset_events() {
        queue_.clear();
        hidden_.clear();
        pairs_.clear();
        locked_.clear();
        hall_dirty_.clear();
    }

    void search(int depth) {
        if (stop_ || budget_out_) return;
        // With the hall rule on (orders 36 and up) a node can take a millisecond, and the
        // control's first poll only comes after thousands of nodes: poll every 64 nodes, so
        // time limits and Ctrl-C are honoured within a fraction of a second.
        if (control_.tick() || (hall_ && (++slow_ticks_ & 63) == 0 && control_.poll())) {
            stop_ = true;
            return;
        }
        const uint64_t* c = state_.data();
        const int best = choose_cell(c);
        if (best < 0) {
            record_solution(c);
            return;
        }
        if (count_bits(c[best]) > 2 && rules_.uniqueness && !options_.plain) {
            int first_cell, second_cell;
            uint64_t bit;
            if (find_bilocal_value(c + cells_, first_cell, second_cell, bit)) {
                if (randomise_ && (rng_->next() & 1)) std::swap(first_cell, second_cell);
                branch(depth, first_cell, bit);
                if (!stop_ && !budget_out_) branch(depth, second_cell, bit);
                return;
            }
        }
        uint64_t values = c[best];
        if (options_.rng || randomise_) {
            uint8_t order[64];
            int k = 0;
            for_each_bit(values, [&](int b) { order[k++] = static_cast<uint8_t>(b); });
            rng_->shuffle(order, order + k);
            for (int i = 0; i < k && !stop_ && !budget_out_; ++i) branch(depth, best, uint64_t(1) << order[i]);
        } else {
            while (values && !stop_ && !budget_out_) {
                const uint64_t bit = lowest_bit(values);
                values ^= bit;
                branch(depth, best, bit);
            }
        }
    }

    // Fewest candidates first; ties go to the cell whose units have failed most often
    // (conflict-weighted, as in dom/wdeg: Boussemart, Hemery, Lecoutre, Sais, ECAI 2004), then,
    // after a restart, to a random one of the tied cells.
    int choose_cell(const uint64_t* c) {
        int best = -1, best_count = 65;
        uint64_t best_weight = 0;
        int ties = 0;
        for (int cell = 0; cell < cells_; ++cell) {
            const uint64_t mask = c[cell];
            if (has_single_bit(mask)) continue;  // placed (most cells late in a search): no popcount
            const int count = count_bits(mask);
            if (count <= 1 || count > best_count) continue;
            if (options_.plain) {  // the notes: the first cell of smallest weight, nothing else
                if (count < best_count) {
                    best = cell;
                    best_count = count;
                }
                continue;
            }
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
        uint64_t* child = state_.data();
        const size_t mark = trail_.size();
        reset_events();
        if (remove(child, cell, child[cell] & ~bit) && propagate(child)) {
            search(depth + 1);
        } else if (budget_ && --budget_ == 0) {  // restart runs are measured in dead ends
            budget_out_ = true;
        }
        undo(mark);
    }

    CASSETETE_NOINLINE void record_solution(const uint64_t* c) {
        uint8_t values[kMaxOrder * kMaxOrder];
        for (int cell = 0; cell < cells_; ++cell)
            values[cell] = static_cast<uint8_t>(lowest_bit_index(c[cell]) + 1);
        // Without exclusivity nothing removed duplicates: check the grid before accepting it.
        if (!rules_.exclusivity && !grid_is_valid(c)) return;
        if (restarts_) {  // a solution met again in a later run is not new
            const size_t size = static_cast<size_t>(cells_);
            for (size_t k = 0; k < seen_.size(); k += size)
                if (std::memcmp(&seen_[k], values, size) == 0) return;
            seen_.insert(seen_.end(), values, values + cells_);
        }
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

    // Is the place mask p of unit u inside one box/line intersection?
    bool confined(int u, uint64_t p) const noexcept { return confined_in(u < n_ ? 0 : u < 2 * n_ ? 1 : 2, p); }
    // The same, knowing the unit's kind (0 row, 1 column, 2 box): one table look-up per test.
    bool confined_in(int kind, uint64_t p) const noexcept {
        const int first = lowest_bit_index(p);
        if (!(p & ~segment_[kind][first])) return true;
        return kind == 2 && !(p & ~box_col_of_[first]);
    }

    // Removes `bits` from a cell in both views and records the events this causes; false on a
    // contradiction (the cell is left empty, or with uniqueness on, a value has no place left in
    // a unit). Counting and tracing are the caller's job.
    bool remove(uint64_t* c, int cell, uint64_t bits) {
        const uint64_t removed = c[cell] & bits;
        if (!removed) return true;
        const uint64_t left = c[cell] & ~removed;
        trail_.push_back(Change{cell, c[cell]});
        c[cell] = left;
        if (!left) {
            conflict_at(cell);
            return false;
        }
        uint64_t* places = c + cells_;
        const int* units = &cell_units_[3 * cell];
        const int* pos = &cell_pos_[3 * cell];
        for (int k = 0; k < 3; ++k) hall_dirty_.add(units[k]);
        for (uint64_t rest = removed; rest; rest = clear_lowest_bit(rest)) {
            const int v = lowest_bit_index(rest);
            for (int k = 0; k < 3; ++k) {
                const int key = units[k] * n_ + v;
                const uint64_t old = places[key];
                const uint64_t p = old & ~(uint64_t(1) << pos[k]);
                places[key] = p;
                if (!p) {
                    if (!rules_.uniqueness) continue;
                    ++weights_[units[k]];
                    return false;
                }
                if (rules_.uniqueness && has_single_bit(p)) hidden_.push_back(key);
                if (rules_.intersections && confined_in(k, p) && !confined_in(k, old))
                    locked_.push_back(key);
            }
        }
        if (has_single_bit(left)) queue_.push_back(cell);
        else if (rules_.parity && has_two_bits(left)) pairs_.push_back(cell);
        return true;
    }

    // A counted (and traced) removal by `rule`.
    bool eliminate(uint64_t* c, int cell, uint64_t bits, uint8_t rule, int cause) {
        const uint64_t removed = c[cell] & bits;
        if (!removed) return true;
        if (trace_) for_each_bit(removed, [&](int b) { note(rule, TraceStep::eliminate, cell, uint64_t(1) << b, cause); });
        else counters_[rule] += static_cast<uint64_t>(count_bits(removed));
        return remove(c, cell, removed);
    }

    void conflict_at(int cell) noexcept {
        const int* u = &cell_units_[3 * cell];
        ++weights_[u[0]];
        ++weights_[u[1]];
        ++weights_[u[2]];
    }

    CASSETETE_NOINLINE bool propagate(uint64_t* c) {
        size_t q = 0, h = 0, p = 0, l = 0;
        for (;;) {
            if (q < queue_.size()) {  // exclusivity: a placed value leaves the cell's peers
                const int cell = queue_[q++];
                if (!rules_.exclusivity) continue;
                const uint64_t bit = c[cell];
                if (!has_single_bit(bit)) return false;
                // The peers still holding the value are read off the place masks of its units.
                const int v = lowest_bit_index(bit);
                for (int k = 0; k < 3; ++k) {
                    const int u = cell_units_[3 * cell + k];
                    const uint64_t self = uint64_t(1) << cell_pos_[3 * cell + k];
                    const int* cells = g_.unit_cells(u);
                    for (uint64_t others; (others = c[cells_ + u * n_ + v] & ~self) != 0;)
                        if (!eliminate(c, cells[lowest_bit_index(others)], bit, TraceStep::exclusivity, cell))
                            return false;
                }
                continue;
            }
            if (h < hidden_.size()) {
                if (!hidden_single(c, hidden_[h++])) return false;
                continue;
            }
            if (p < pairs_.size()) {
                if (!naked_pair(c, pairs_[p++])) return false;
                continue;
            }
            if (l < locked_.size()) {
                if (!locked_candidates(c, locked_[l++])) return false;
                continue;
            }
            if (hall_ && !hall_dirty_.empty()) {
                const UnitSet units = hall_dirty_;
                hall_dirty_.clear();
                if (!units.for_each([&](int u) { return hall_sets(c, u); })) return false;
                continue;
            }
            return true;
        }
    }

    // Seed rule 2 (unicité): value v has one place left in unit u, so it goes there.
    bool hidden_single(uint64_t* c, int key) {
        const int u = key / n_, v = key % n_;
        const uint64_t p = c[cells_ + key];
        if (!has_single_bit(p)) return p != 0;
        const int cell = g_.unit_cells(u)[lowest_bit_index(p)];
        const uint64_t bit = uint64_t(1) << v;
        if (c[cell] == bit) return true;
        note(TraceStep::uniqueness, TraceStep::place, cell, bit, u);
        return remove(c, cell, c[cell] & ~bit);
    }

    // Seed rule 3 (parité): `cell` has two candidates; a twin in one of its units removes them
    // from the rest of that unit.
    bool naked_pair(uint64_t* c, int cell) {
        const uint64_t m = c[cell];
        if (!has_two_bits(m)) return true;
        for (int k = 0; k < 3; ++k) {
            const int u = cell_units_[3 * cell + k];
            const int* cells = g_.unit_cells(u);
            int twin = -1;
            for (int i = 0; i < n_; ++i)
                if (c[cells[i]] == m && cells[i] != cell) twin = cells[i];
            if (twin < 0) continue;
            for (int i = 0; i < n_; ++i) {
                const int other = cells[i];
                if (other == cell || other == twin || !(c[other] & m)) continue;
                if (!eliminate(c, other, m, TraceStep::parity, u)) return false;
            }
            if (c[cell] != m) return true;  // the pair itself changed: its own event follows
        }
        return true;
    }

    // Removes `bit` from the cells first, first + stride, ... (count of them) except `skip_*`.
    bool clear_run(uint64_t* c, uint64_t bit, int first, int count, int stride, int cause) {
        for (int k = 0; k < count; ++k) {
            const int cell = first + k * stride;
            if ((c[cell] & bit) && !eliminate(c, cell, bit, TraceStep::intersections, cause)) return false;
        }
        return true;
    }

    // Locked candidates for (unit, value): a row or column claims a value it keeps inside one
    // box (the value leaves the box's other lines); a box points with a value it keeps inside
    // one of its rows or columns (the value leaves the rest of that line).
    bool locked_candidates(uint64_t* c, int key) {
        const int u = key / n_, v = key % n_;
        const uint64_t p = c[cells_ + key];
        if (!p || !confined(u, p)) return true;
        const uint64_t bit = uint64_t(1) << v;
        const int br = g_.box_rows(), bc = g_.box_cols();
        if (u < n_) {
            const int r = u, s = lowest_bit_index(p) / bc, r0 = (r / br) * br;
            for (int rr = r0; rr < r0 + br; ++rr)
                if (rr != r && !clear_run(c, bit, rr * n_ + s * bc, bc, 1, u)) return false;
            return true;
        }
        if (u < 2 * n_) {
            const int col = u - n_, s = lowest_bit_index(p) / br, c0 = (col / bc) * bc;
            for (int cc = c0; cc < c0 + bc; ++cc)
                if (cc != col && !clear_run(c, bit, s * br * n_ + cc, br, n_, u)) return false;
            return true;
        }
        const int b = u - 2 * n_, boxes_across = n_ / bc;
        const int r0 = (b / boxes_across) * br, c0 = (b % boxes_across) * bc;
        const int first = lowest_bit_index(p);
        if (!(p & ~box_row_[first / bc])) {
            const int row_start = (r0 + first / bc) * n_;
            if (!clear_run(c, bit, row_start, c0, 1, u)) return false;
            if (!clear_run(c, bit, row_start + c0 + bc, n_ - c0 - bc, 1, u)) return false;
        }
        if (!(p & ~box_col_[first % bc])) {
            const int col = c0 + first % bc;
            if (!clear_run(c, bit, col, r0, n_, u)) return false;
            if (!clear_run(c, bit, (r0 + br) * n_ + col, n_ - r0 - br, n_, u)) return false;
        }
        return true;
    }

    // All-different consistency on unit u (large_alldiff.hpp): removes every candidate that no
    // completion of the unit can use, i.e. applies all of its naked and hidden subsets at once.
    bool hall_sets(uint64_t* c, int u) {
        const int* cells = g_.unit_cells(u);
        uint64_t dom[kMaxOrder], keep[kMaxOrder], placed = 0;
        int open[kMaxOrder], m = 0;
        for (int k = 0; k < n_; ++k) {
            const uint64_t mask = c[cells[k]];
            if (has_single_bit(mask)) {
                placed |= mask;
            } else {
                open[m] = cells[k];
                dom[m++] = mask;
            }
        }
        if (m == 0) return true;
        const uint64_t values = full_ & ~placed;
        if (count_bits(values) != m) return true;  // duplicate singles: exclusivity's business
        for (int k = 0; k < m; ++k) dom[k] &= values;
        if (!alldiff_filter(dom, m, values, keep)) {
            ++weights_[u];
            return false;
        }
        for (int k = 0; k < m; ++k) {
            const uint64_t drop = c[open[k]] & ~keep[k];
            if (drop && !eliminate(c, open[k], drop, TraceStep::hall, u)) return false;
        }
        return true;
    }

    // A value with exactly two places left in some unit; the unit with the largest conflict
    // weight wins.
    CASSETETE_NOINLINE bool find_bilocal_value(const uint64_t* places, int& first, int& second, uint64_t& bit) const {
        int best_key = -1;
        uint64_t best_weight = 0;
        for (int u = 0; u < g_.units(); ++u) {
            if (weights_[u] <= best_weight) continue;
            for (int v = 0; v < n_; ++v) {
                const uint64_t p = places[u * n_ + v];
                if (p && has_single_bit(clear_lowest_bit(p))) {
                    best_key = u * n_ + v;
                    best_weight = weights_[u];
                    break;
                }
            }
        }
        if (best_key < 0) return false;
        const uint64_t p = places[best_key];
        const int* cells = g_.unit_cells(best_key / n_);
        first = cells[lowest_bit_index(p)];
        second = cells[lowest_bit_index(clear_lowest_bit(p))];
        bit = uint64_t(1) << (best_key % n_);
        return true;
    }

    const Geometry& g_;
    const SearchOptions& options_;
    const Rules rules_;
    SearchControl& control_;
    const int n_, cells_;
    const uint64_t full_;
    const size_t stride_;            // the state: cells_ cell masks, then units*N place masks
    const bool hall_;                // the hall rule is on (asked for, or automatic at large orders)
    struct Change {
        int cell;
        uint64_t old_mask;
    };
    std::vector<uint64_t> state_;    // the current node; branches undo their changes on return
    std::vector<Change> trail_;      // every cell change since the root, in order
    std::vector<int> cell_units_;    // row, column, box unit of each cell
    std::vector<int> cell_pos_;      // the cell's position inside each of those units
    uint64_t row_seg_[kMaxOrder] = {}, col_seg_[kMaxOrder] = {};  // line positions per box
    uint64_t box_row_[kMaxOrder] = {}, box_col_[kMaxOrder] = {};  // box positions per line
    uint64_t segment_[3][kMaxOrder] = {};  // per unit kind and position: its intersection
    uint64_t box_col_of_[kMaxOrder] = {};  // per box position: the box column through it
    std::vector<uint64_t> weights_;  // conflicts seen per unit (branching tie-break)
    std::vector<int> queue_;         // cells just left with one value
    std::vector<int> hidden_;        // (unit, value) keys just left with one place
    std::vector<int> pairs_;         // cells just left with two values
    std::vector<int> locked_;        // (unit, value) keys just confined to an intersection
    UnitSet hall_dirty_;             // units changed since hall last read them
    std::vector<TraceStep>* trace_ = nullptr;
    uint64_t counters_[5] = {0, 0, 0, 0, 0};
    uint64_t count_ = 0;
    uint64_t slow_ticks_ = 0;  // nodes counted for the extra polls of slow (hall) searches
    uint64_t budget_ = 0;  // dead ends left in this restart run (0 = no restarts)
    bool budget_out_ = false;
    bool restarts_ = false;      // restart mode (limit 1 or 2)
    std::vector<uint8_t> seen_;  // restart mode: the solutions found so far, one after another
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
    options.auto_hall = false;  // exactly the rules asked for
    SearchControl control;
    Engine engine(geometry, options, control);
    PropagationOutcome outcome;
    outcome.contradiction = !engine.load(clues, trace);
    outcome.candidates = engine.root_candidates();
    engine.fill_stats(outcome.stats);
    return outcome;
}

}  // namespace cassetete::sudoku
