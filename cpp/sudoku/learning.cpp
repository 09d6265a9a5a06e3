#include "sudoku/learning.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

#include "common/bits.hpp"
#include "common/luby.hpp"
#include "common/rng.hpp"
#include "sudoku/large_alldiff.hpp"

namespace cassetete::sudoku {
namespace {

constexpr uint64_t kDefaultSeed = 0x1EA2D5EEDULL;  // tie-breaks when no Rng is given
constexpr uint64_t kRestartUnit = 64;              // conflicts in the first Luby run
constexpr double kActivityDecay = 1.0 / 0.95;      // VSIDS: bumps grow by this per conflict
constexpr size_t kLearntBase = 2000;               // learnt clauses kept (plus one per cell) before a reduction


// Why a variable has its value. The kind sits in the top three bits, the payload below.
enum ReasonKind : uint32_t {
    kDecision = 0,  // a branching choice (or a level-0 fact)
    kPeer = 1,      // false because the variable in the payload is true (same cell or same unit and value)
    kCell = 2,      // true because every other value of the cell (payload) is false
    kPlace = 3,     // true because every other place of the (unit, value) key (payload) is false
    kClause = 4,    // implied by the clause (payload)
    // Locked candidates (payload: the (unit, value) key whose places are confined): false
    // because every place of the key outside the target cell's row / column / box is false.
    kPointRow = 5,  // a box's value confined to one row leaves the rest of the row
    kPointCol = 6,  // ... to one column leaves the rest of the column
    kClaim = 7,     // a line's value confined to one box leaves the rest of the box
    // Hall sets (payload: an offset in the Hall arena, which lists the variables of the reason):
    // false because some cells of the unit can only take the values of a set as large as
    // themselves, this value among them (each listed variable, a value outside the set in one of
    // those cells, is false); as a conflict, cells with fewer values than cells.
    kHall = 8,
};
constexpr uint32_t kPayloadBits = 28;
constexpr uint32_t kPayloadMask = (uint32_t(1) << kPayloadBits) - 1;
inline uint32_t make_reason(ReasonKind kind, uint32_t payload) { return (uint32_t(kind) << kPayloadBits) | payload; }
inline ReasonKind reason_kind(uint32_t r) { return static_cast<ReasonKind>(r >> kPayloadBits); }
inline uint32_t reason_payload(uint32_t r) { return r & kPayloadMask; }

constexpr uint8_t kFalse = 0, kTrue = 1, kUnassigned = 2;

// Literal = 2 * variable + negated. Variable = cell * N + value index.
inline int lit_of(int var, bool negated) { return 2 * var + (negated ? 1 : 0); }
inline int var_of(int lit) { return lit >> 1; }
inline bool negated(int lit) { return lit & 1; }

// Clauses live in one arena of ints: at `ref`, the size, then the block distance with the
// deleted flag in the sign bit, then the literals from ref + kHeader.
constexpr uint32_t kHeader = 2;
constexpr int kDeleted = int(0x80000000u);

struct Watch {
    uint32_t clause;  // its ref
    int blocker;  // another literal of the clause: when true, the clause needs no visit
};

class Learner {
public:
    Learner(const Geometry& geometry, const SearchOptions& options, SearchControl& control)
        : g_(geometry), options_(options), control_(control), n_(geometry.size()), cells_(geometry.cells()),
          vars_(cells_ * n_), hall_(options.rules.hall), own_rng_(kDefaultSeed),
          rng_(options.rng ? options.rng : &own_rng_) {
        cell_units_.resize(static_cast<size_t>(cells_) * 3);
        cell_pos_.resize(static_cast<size_t>(cells_) * 3);
        for (int u = 0; u < g_.units(); ++u) {
            const int* cells = g_.unit_cells(u);
            const int kind = u < n_ ? 0 : u < 2 * n_ ? 1 : 2;
            for (int k = 0; k < n_; ++k) {
                cell_units_[3 * cells[k] + kind] = u;
                cell_pos_[3 * cells[k] + kind] = k;
            }
        }
        const int br = g_.box_rows(), bc = g_.box_cols();
        for (int pos = 0; pos < n_; ++pos) {  // the segment through each position, per unit kind
            segment_[0][pos] = low_mask(bc) << (pos / bc * bc);
            segment_[1][pos] = low_mask(br) << (pos / br * br);
            segment_[2][pos] = low_mask(bc) << (pos / bc * bc);  // the box row
            uint64_t column = 0;
            for (int i = 0; i < br; ++i) column |= uint64_t(1) << (i * bc + pos % bc);
            box_column_[pos] = column;
        }
    }

    // Sets up level 0 from the root candidates; false when they already contradict.
    bool load(const std::vector<uint64_t>& root) {
        const size_t keys = static_cast<size_t>(g_.units()) * n_;
        cand_.assign(root.begin(), root.end());
        places_.assign(keys, 0);
        for (int u = 0; u < g_.units(); ++u) {
            const int* cells = g_.unit_cells(u);
            for (int k = 0; k < n_; ++k)
                for_each_bit(cand_[cells[k]], [&](int v) { places_[u * n_ + v] |= uint64_t(1) << k; });
        }
        for (size_t key = 0; key < keys; ++key)
            if (!places_[key]) return false;
        root_cand_ = cand_;
        root_places_ = places_;
        value_.assign(static_cast<size_t>(vars_), kFalse);  // values outside the root are false at level 0
        level_.assign(static_cast<size_t>(vars_), 0);
        reason_.assign(static_cast<size_t>(vars_), make_reason(kDecision, 0));
        activity_.assign(static_cast<size_t>(vars_), 0.0);
        seen_.assign(static_cast<size_t>(vars_), 0);
        level_stamp_.assign(static_cast<size_t>(cells_) + 1, 0);
        watches_.assign(static_cast<size_t>(2 * vars_), {});
        phase_.assign(static_cast<size_t>(cells_), -1);
        target_phase_.assign(static_cast<size_t>(cells_), -1);
        placed_ = 0;
        true_in_cell_.assign(static_cast<size_t>(cells_), 0);
        open_.assign((static_cast<size_t>(cells_) + 63) / 64, ~uint64_t(0));
        if (cells_ % 64) open_.back() = low_mask(cells_ % 64);
        unit_dirty_.assign(static_cast<size_t>(g_.units()), 0);
        dirty_units_.clear();
        hall_arena_.clear();
        hall_lim_.clear();
        if (hall_)
            for (int u = 0; u < g_.units(); ++u) mark_dirty(u);
        for (int cell = 0; cell < cells_; ++cell) {
            if (!cand_[cell]) return false;
            for_each_bit(cand_[cell], [&](int v) { value_[cell * n_ + v] = kUnassigned; });
            phase_[cell] = random_value(cand_[cell]);
        }
        // The root's decided cells become level-0 placements (their peers are already out).
        for (int cell = 0; cell < cells_; ++cell)
            if (has_single_bit(cand_[cell])) assign(lit_of(cell * n_ + lowest_bit_index(cand_[cell]), false), make_reason(kDecision, 0));
        return propagate();
    }

    void run() {
        uint64_t restart_run = 1;
        uint64_t conflicts_left = kRestartUnit * luby(restart_run);
        max_learnt_ = kLearntBase + static_cast<size_t>(cells_);
        for (;;) {
            if (!propagate()) {
                ++conflicts_;
                if (level() == 0) return;  // nothing left: the count is complete
                if (placed_ > best_placed_) remember_target();
                analyze_and_learn();
                decay_activities();
                if (--conflicts_left == 0) {
                    ++restarts_;
                    conflicts_left = kRestartUnit * luby(++restart_run);
                    cancel_until(0);
                }
                if (learnt_count_ >= max_learnt_) reduce_learnt();
                continue;
            }
            const int decision = choose();
            if (decision < 0) {
                if (!record_solution()) return;
                continue;
            }
            if (control_.tick() || (hall_ && (++slow_ticks_ & 63) == 0 && control_.poll())) return;
            trail_lim_.push_back(static_cast<int>(trail_.size()));
            hall_lim_.push_back(hall_arena_.size());
            assign(decision, make_reason(kDecision, 0));
        }
    }

    uint64_t count() const noexcept { return count_; }
    std::vector<uint8_t>& first_solution() noexcept { return first_solution_; }
    void fill_stats(SearchStats& stats) const {
        stats.add("conflicts", conflicts_);
        stats.add("learnt", learnt_total_);
        stats.add("restarts", restarts_);
        stats.add("fullest", static_cast<uint64_t>(best_placed_));
        if (hall_) {
            stats.add("hall_calls", hall_calls_);
            stats.add("hall_removals", hall_removals_);
            stats.add("hall_conflicts", hall_conflicts_);
        }
    }

private:
    int level() const noexcept { return static_cast<int>(trail_lim_.size()); }

    // Records a literal as true; a false x(c, v) leaves the masks at once, and a cell or key left
    // with one possibility implies it (the singles). Returns false on a wipe-out (recorded in
    // conflict_).
    bool assign(int lit, uint32_t reason) {
        const int var = var_of(lit);
        const bool is_true = !negated(lit);
        value_[var] = is_true ? kTrue : kFalse;
        level_[var] = level();
        reason_[var] = reason;
        trail_.push_back(lit);
        if (is_true) {
            ++placed_;
            const int cell = var / n_;
            if (true_in_cell_[cell]++ == 0) open_[cell >> 6] &= ~(uint64_t(1) << (cell & 63));
            return true;
        }
        const int cell = var / n_, v = var % n_;
        const uint64_t left = cand_[cell] &= ~(uint64_t(1) << v);
        const int* units = &cell_units_[3 * cell];
        const int* pos = &cell_pos_[3 * cell];
        for (int k = 0; k < 3; ++k) {
            uint64_t& p = places_[units[k] * n_ + v];
            const uint64_t old = p;
            p &= ~(uint64_t(1) << pos[k]);
            if (confined(k, p) && !confined(k, old)) locked_.push_back(units[k] * n_ + v);
            if (hall_) mark_dirty(units[k]);
        }
        if (!left) return fail(make_reason(kCell, static_cast<uint32_t>(cell)), -1);
        if (has_single_bit(left)) {
            const int other = cell * n_ + lowest_bit_index(left);
            if (value_[other] == kUnassigned) assign(lit_of(other, false), make_reason(kCell, static_cast<uint32_t>(cell)));
        }
        for (int k = 0; k < 3; ++k) {
            const int key = units[k] * n_ + v;
            const uint64_t p = places_[key];
            if (!p) return fail(make_reason(kPlace, static_cast<uint32_t>(key)), -1);
            if (has_single_bit(p)) {
                const int other = g_.unit_cells(units[k])[lowest_bit_index(p)] * n_ + v;
                if (value_[other] == kUnassigned) assign(lit_of(other, false), make_reason(kPlace, static_cast<uint32_t>(key)));
            }
        }
        return true;
    }

    // A conflict: the reason-like set `why` (a cell, a key or a clause) is all false, or, when
    // `var` >= 0, `why` is kPeer of a true variable and `var` is true too.
    bool fail(uint32_t why, int var) {
        conflict_ = why;
        conflict_var_ = var;
        return false;
    }

    // A place mask with two places or more, inside one segment: for a line (kind 0, 1) one box,
    // for a box (kind 2) one row or one column.
    bool confined(int kind, uint64_t p) const noexcept {
        if (!p || has_single_bit(p)) return false;
        const int first = lowest_bit_index(p);
        if (!(p & ~segment_[kind][first])) return true;
        return kind == 2 && !(p & ~box_column_[first]);
    }

    // Locked candidates of one (unit, value) key, if its places are (still) confined.
    bool apply_locked(int key) {
        const int u = key / n_, v = key % n_;
        const uint64_t p = places_[key];
        const int kind = u < n_ ? 0 : u < 2 * n_ ? 1 : 2;
        if (!confined(kind, p)) return true;
        const int first = g_.unit_cells(u)[lowest_bit_index(p)];
        int target;
        ReasonKind why;
        if (kind < 2) {
            target = cell_units_[3 * first + 2];
            why = kClaim;
        } else if (!(p & ~segment_[2][lowest_bit_index(p)])) {
            target = cell_units_[3 * first];
            why = kPointRow;
        } else {
            target = cell_units_[3 * first + 1];
            why = kPointCol;
        }
        const int* cells = g_.unit_cells(target);
        const uint32_t reason = make_reason(why, static_cast<uint32_t>(key));
        for (uint64_t q = places_[target * n_ + v]; q; q = clear_lowest_bit(q)) {
            const int cell = cells[lowest_bit_index(q)];
            if (cell_units_[3 * cell + kind] == u) continue;  // inside the source unit
            const int var = cell * n_ + v;
            if (value_[var] == kTrue) return fail(reason, var);
            if (value_[var] == kUnassigned && !assign(lit_of(var, true), reason)) return false;
        }
        return true;
    }

    void mark_dirty(int u) {
        if (unit_dirty_[u]) return;
        unit_dirty_[u] = 1;
        dirty_units_.push_back(u);
    }

    // Appends to the Hall arena the variables x(cell, w), w a root value of the cell outside
    // `inside`, for each cell of `cells` (all false now: the cells' candidates lie in `inside`);
    // level-0 facts are left out, as the analysis skips them. Returns the explanation's offset.
    uint32_t hall_reason(const int* cells, uint64_t which, uint64_t inside) {
        const uint32_t offset = static_cast<uint32_t>(hall_arena_.size());
        hall_arena_.push_back(0);
        for_each_bit(which, [&](int k) {
            const int cell = cells[k];
            for_each_bit(root_cand_[cell] & ~inside, [&](int w) {
                const int var = cell * n_ + w;
                if (level_[var] > 0) hall_arena_.push_back(var);
            });
        });
        hall_arena_[offset] = static_cast<int>(hall_arena_.size() - offset - 1);
        return offset;
    }

    // All-different consistency of unit u (J.-C. Régin, AAAI 1994) with explained deductions:
    // each value removed from a cell is explained by the Hall set that removes it (the cells
    // matched to the values reachable from it), a unit that cannot be completed by the cells
    // whose candidates are too few (H. Downing, T. Feydy, P. Stuckey, "Explaining alldifferent",
    // ACSC 2012, give the same explanations).
    bool apply_hall(int u) {
        const int* unit = g_.unit_cells(u);
        uint64_t dom[64], keep[64], values = 0;
        int open[64], m = 0;
        for (int k = 0; k < n_; ++k) {
            const int cell = unit[k];
            const uint64_t mask = cand_[cell];
            if (has_single_bit(mask) && value_[cell * n_ + lowest_bit_index(mask)] == kTrue) continue;
            dom[m] = mask;
            open[m++] = cell;
            values |= mask;
        }
        if (m < 2) return true;
        ++hall_calls_;
        AlldiffWitness witness;
        if (!alldiff_filter(dom, m, values, keep, witness)) {
            ++hall_conflicts_;
            return fail(make_reason(kHall, hall_reason(open, witness.fail_cells, witness.fail_values)), -1);
        }
        uint64_t explained = 0;  // values whose Hall set is already in the arena
        uint32_t offset_of[64];
        for (int k = 0; k < m; ++k) {
            const uint64_t drop = dom[k] & ~keep[k];
            for (uint64_t d = drop; d; d = clear_lowest_bit(d)) {
                const int v = lowest_bit_index(d);
                const int var = open[k] * n_ + v;
                if (value_[var] == kFalse) continue;  // already out, by the singles of an earlier removal
                if (!(explained >> v & 1)) {
                    const uint64_t closure = hall_closure(dom, witness, v, values);
                    uint64_t cells = 0;
                    for_each_bit(closure, [&](int b) { cells |= uint64_t(1) << witness.value_cell[b]; });
                    offset_of[v] = hall_reason(open, cells, closure);
                    explained |= uint64_t(1) << v;
                }
                const uint32_t reason = make_reason(kHall, offset_of[v]);
                // placed meanwhile by a hidden single of another unit: the two deductions clash
                if (value_[var] == kTrue) return fail(reason, var);
                ++hall_removals_;
                if (!assign(lit_of(var, true), reason)) return false;
            }
        }
        return true;
    }

    bool propagate() {
        if (conflict_pending_) {
            conflict_pending_ = false;
            return false;
        }
        for (;;) {
            if (head_ == trail_.size()) {
                if (!locked_.empty()) {
                    const int key = locked_.back();
                    locked_.pop_back();
                    if (!apply_locked(key)) return false;
                    continue;
                }
                if (dirty_units_.empty()) break;
                const int u = dirty_units_.back();  // the dearest rule last, once the others are quiet
                dirty_units_.pop_back();
                unit_dirty_[u] = 0;
                if (!apply_hall(u)) return false;
                continue;
            }
            const int lit = trail_[head_++];
            const int var = var_of(lit);
            if (!negated(lit)) {
                const int cell = var / n_, v = var % n_;
                const uint64_t bit = uint64_t(1) << v;
                const uint32_t why = make_reason(kPeer, static_cast<uint32_t>(var));
                // Other values of the cell.
                uint64_t others = cand_[cell] & ~bit;
                for (; others; others = clear_lowest_bit(others)) {
                    const int w = cell * n_ + lowest_bit_index(others);
                    if (value_[w] == kTrue) return fail(why, w);
                    if (value_[w] == kUnassigned && !assign(lit_of(w, true), why)) return false;
                }
                // The value's other places in the cell's three units.
                for (int k = 0; k < 3; ++k) {
                    const int u = cell_units_[3 * cell + k];
                    uint64_t p = places_[u * n_ + v] & ~(uint64_t(1) << cell_pos_[3 * cell + k]);
                    const int* cells = g_.unit_cells(u);
                    for (; p; p = clear_lowest_bit(p)) {
                        const int w = cells[lowest_bit_index(p)] * n_ + v;
                        if (value_[w] == kTrue) return fail(why, w);
                        if (value_[w] == kUnassigned && !assign(lit_of(w, true), why)) return false;
                    }
                }
            }
            if (!propagate_clauses(lit ^ 1)) return false;
        }
        return true;
    }

    bool lit_true(int lit) const { return value_[var_of(lit)] == (negated(lit) ? kFalse : kTrue); }
    bool lit_false(int lit) const { return value_[var_of(lit)] == (negated(lit) ? kTrue : kFalse); }

    // Two-watched-literal propagation of the learnt clauses watching `false_lit`.
    bool propagate_clauses(int false_lit) {
        std::vector<Watch>& list = watches_[static_cast<size_t>(false_lit)];
        size_t keep = 0;
        bool ok = true;
        for (size_t i = 0; i < list.size(); ++i) {
            const Watch w = list[i];
            if (!ok) {
                list[keep++] = w;
                continue;
            }
            if (lit_true(w.blocker)) {
                list[keep++] = w;
                continue;
            }
            int* header = &arena_[w.clause];
            if (header[1] & kDeleted) continue;
            const uint32_t size = static_cast<uint32_t>(header[0]);
            int* lits = header + kHeader;
            if (lits[0] == false_lit) std::swap(lits[0], lits[1]);
            if (lit_true(lits[0])) {
                list[keep++] = Watch{w.clause, lits[0]};
                continue;
            }
            bool moved = false;
            for (uint32_t k = 2; k < size; ++k) {
                if (!lit_false(lits[k])) {
                    std::swap(lits[1], lits[k]);
                    watches_[static_cast<size_t>(lits[1])].push_back(Watch{w.clause, lits[0]});
                    moved = true;
                    break;
                }
            }
            if (moved) continue;
            list[keep++] = w;
            if (lit_false(lits[0])) {
                ok = fail(make_reason(kClause, w.clause), -1);
            } else if (!assign(lits[0], make_reason(kClause, w.clause))) {
                ok = false;
            }
        }
        list.resize(keep);
        return ok;
    }

    // Calls f(var) for every variable of a reason (or conflict) set except `except`.
    template <class F>
    void for_each_reason_var(uint32_t reason, int except, F&& f) const {
        const uint32_t payload = reason_payload(reason);
        switch (reason_kind(reason)) {
        case kDecision:
            break;
        case kPeer:
            if (static_cast<int>(payload) != except) f(static_cast<int>(payload));
            break;
        case kCell: {
            const int cell = static_cast<int>(payload);
            for_each_bit(root_cand_[cell], [&](int v) {
                const int var = cell * n_ + v;
                if (var != except) f(var);
            });
            break;
        }
        case kPlace: {
            const int u = static_cast<int>(payload) / n_, v = static_cast<int>(payload) % n_;
            const int* cells = g_.unit_cells(u);
            for_each_bit(root_places_[payload], [&](int k) {
                const int var = cells[k] * n_ + v;
                if (var != except) f(var);
            });
            break;
        }
        case kPointRow:
        case kPointCol:
        case kClaim: {
            // The source's places outside the target cell's row, column or box (the target is
            // the implied variable, `except`).
            const int u = static_cast<int>(payload) / n_, v = static_cast<int>(payload) % n_;
            const int index = reason_kind(reason) == kClaim ? 2 : reason_kind(reason) == kPointRow ? 0 : 1;
            const int target_unit = cell_units_[3 * (except / n_) + index];
            const int* cells = g_.unit_cells(u);
            for_each_bit(root_places_[payload], [&](int k) {
                if (cell_units_[3 * cells[k] + index] != target_unit) f(cells[k] * n_ + v);
            });
            break;
        }
        case kHall: {
            const int* vars = &hall_arena_[payload + 1];
            const int size = hall_arena_[payload];
            for (int k = 0; k < size; ++k)
                if (vars[k] != except) f(vars[k]);
            break;
        }
        case kClause: {
            const int* lits = &arena_[payload + kHeader];
            const int size = arena_[payload];
            for (int k = 0; k < size; ++k) {
                const int var = var_of(lits[k]);
                if (var != except) f(var);
            }
            break;
        }
        }
    }

    // The literal that is false now: the negation of the variable's value.
    int false_lit_of(int var) const { return lit_of(var, value_[var] == kTrue); }

    void bump(int var) {
        activity_[var] += bump_;
        if (activity_[var] > 1e100) {
            for (double& a : activity_) a *= 1e-100;
            bump_ *= 1e-100;
        }
    }
    void decay_activities() { bump_ *= kActivityDecay; }

    // First-UIP learning: walks the trail back from the conflict until one variable of the
    // current level is left, learns the clause, backjumps and asserts it.
    void analyze_and_learn() {
        learnt_.clear();
        learnt_.push_back(0);  // the UIP's literal goes here
        int open = 0;
        const int current = level();
        auto visit = [&](int var) {
            if (seen_[var] || level_[var] == 0) return;
            seen_[var] = 1;
            bump(var);
            if (level_[var] == current) ++open;
            else learnt_.push_back(false_lit_of(var));
        };
        if (conflict_var_ >= 0) {
            visit(conflict_var_);
            for_each_reason_var(conflict_, conflict_var_, visit);
        } else {
            for_each_reason_var(conflict_, -1, visit);
        }
        int uip = -1;
        size_t index = trail_.size();
        for (;;) {
            int var;
            do var = var_of(trail_[--index]);
            while (!seen_[var]);
            seen_[var] = 0;
            if (--open == 0) {
                uip = var;
                break;
            }
            for_each_reason_var(reason_[var], var, visit);
        }
        learnt_[0] = false_lit_of(uip);
        minimise();
        lift_to_placements();
        for (size_t k = 1; k < learnt_.size(); ++k) seen_[var_of(learnt_[k])] = 0;
        for (int var : removed_) seen_[var] = 0;
        removed_.clear();
        // Backjump to the second-highest level of the clause, its literal watched second.
        int back = 0;
        size_t second = 1;
        for (size_t k = 1; k < learnt_.size(); ++k) {
            const int l = level_[var_of(learnt_[k])];
            if (l > back) {
                back = l;
                second = k;
            }
        }
        if (learnt_.size() > 1) std::swap(learnt_[1], learnt_[second]);
        cancel_until(back);
        if (learnt_.size() == 1) {
            if (!assign(learnt_[0], make_reason(kDecision, 0))) conflict_pending_ = true;
            return;
        }
        const uint32_t index_of_clause = add_clause(learnt_, true);
        ++learnt_total_;
        if (!assign(learnt_[0], make_reason(kClause, index_of_clause))) conflict_pending_ = true;
    }

    // Replaces each eliminated value of the clause (x(c, w) false) whose reason is one placement
    // (kPeer: w placed in c's cell or units) by that placement's negation, merging duplicates.
    // This is resolution with the binary clause (not x(p) or not x(c, w)); both literals have the
    // same level, so the block distance and the backjump level stay, and the clause only
    // shrinks: a placement that eliminated several of the clause's values now stands once. The
    // UIP is left as it is. (A local form of the clause shrinking of N. Feng, F. Bacchus,
    // "Clause size reduction with all-UIP learning", SAT 2020. On the 36x36 holes grids of
    // bench/results/sudoku_large.md, 24 grids x 6 seeds: learnt clauses of 290 literals on
    // average fell to about 100, the total time from 86 s to 61 s; 25x25 unchanged.)
    // After minimise(): lifting before it measured 66 s, before and after it 65 s.
    void lift_to_placements() {
        size_t keep = 1;
        for (size_t k = 1; k < learnt_.size(); ++k) {
            const int var = var_of(learnt_[k]);
            const uint32_t reason = reason_[var];
            if (value_[var] == kFalse && reason_kind(reason) == kPeer) {
                const int placement = static_cast<int>(reason_payload(reason));
                seen_[var] = 0;
                if (seen_[placement] != 1) {  // not in the clause yet
                    seen_[placement] = 1;
                    learnt_[keep++] = false_lit_of(placement);
                }
                continue;
            }
            learnt_[keep++] = learnt_[k];
        }
        learnt_.resize(keep);
    }

    // Recursive minimisation (N. Sörensson, A. Biere, "Minimizing learned clauses", SAT 2009):
    // a literal goes when every variable of its reason is in the clause, fixed at level 0, or
    // itself redundant by the same test. seen_: 1 in the clause, 2 shown redundant, 3 shown not.
    void minimise() {
        size_t keep = 1;
        for (size_t k = 1; k < learnt_.size(); ++k) {
            const int var = var_of(learnt_[k]);
            if (reason_kind(reason_[var]) != kDecision && redundant(var)) {
                removed_.push_back(var);  // its mark is cleared with the others after learning
                continue;
            }
            learnt_[keep++] = learnt_[k];
        }
        learnt_.resize(keep);
    }

    // Is every variable of var's reason in the clause or redundant? Depth-first with an explicit
    // stack; each variable is settled once per conflict (its mark is cleared after learning).
    bool redundant(int root) {
        stack_.clear();
        stack_.push_back(root);
        while (!stack_.empty()) {
            const int var = stack_.back();
            bool pending = false, failed = false;
            for_each_reason_var(reason_[var], var, [&](int other) {
                if (failed || pending) return;
                if (level_[other] == 0 || seen_[other] == 1 || seen_[other] == 2) return;
                if (seen_[other] == 3 || reason_kind(reason_[other]) == kDecision) {
                    failed = true;
                    return;
                }
                stack_.push_back(other);
                pending = true;
            });
            if (failed) {
                // var and everything still on the stack below it cannot be removed.
                for (int v : stack_) {
                    if (seen_[v] == 0) {
                        seen_[v] = 3;
                        removed_.push_back(v);
                    }
                }
                stack_.clear();
                return false;
            }
            if (pending) continue;
            stack_.pop_back();
            if (var != root && seen_[var] == 0) {
                seen_[var] = 2;
                removed_.push_back(var);
            }
        }
        return true;
    }

    uint32_t add_clause(const std::vector<int>& lits, bool learnt) {
        const uint32_t ref = static_cast<uint32_t>(arena_.size());
        int lbd = 0;
        if (learnt) {  // block distance: the number of distinct levels in the clause
            ++stamp_;
            for (int lit : lits) {
                const int l = level_[var_of(lit)];
                if (level_stamp_[l] != stamp_) {
                    level_stamp_[l] = stamp_;
                    ++lbd;
                }
            }
            learnt_refs_.push_back(ref);
            ++learnt_count_;
        }
        arena_.push_back(static_cast<int>(lits.size()));
        arena_.push_back(lbd);
        arena_.insert(arena_.end(), lits.begin(), lits.end());
        watches_[static_cast<size_t>(lits[0])].push_back(Watch{ref, lits[1]});
        watches_[static_cast<size_t>(lits[1])].push_back(Watch{ref, lits[0]});
        return ref;
    }

    // Deletes half of the learnt clauses (the highest block distances, the oldest first among
    // equals) above distance 2 that are not the reason of a current assignment; compacts the
    // arena when half of it is dead.
    void reduce_learnt() {
        std::vector<uint32_t> candidates, kept;
        for (uint32_t ref : learnt_refs_) {
            const int lbd = arena_[ref + 1];
            const int var = var_of(arena_[ref + kHeader]);
            if (lbd <= 2 || (value_[var] != kUnassigned && reason_[var] == make_reason(kClause, ref))) kept.push_back(ref);
            else candidates.push_back(ref);
        }
        std::stable_sort(candidates.begin(), candidates.end(),
                         [&](uint32_t a, uint32_t b) { return arena_[a + 1] > arena_[b + 1]; });
        const size_t drop = candidates.size() / 2;
        for (size_t k = 0; k < candidates.size(); ++k) {
            if (k < drop) {
                arena_[candidates[k] + 1] |= kDeleted;
                wasted_ += kHeader + static_cast<size_t>(arena_[candidates[k]]);
                --learnt_count_;
            } else {
                kept.push_back(candidates[k]);
            }
        }
        std::sort(kept.begin(), kept.end());
        learnt_refs_.swap(kept);
        max_learnt_ += max_learnt_ / 10;
        if (2 * wasted_ > arena_.size()) compact();
    }

    // Moves the live clauses to a fresh arena (same order), renames the clause reasons of the
    // current assignments and rebuilds the watch lists (the watched literals stay the first two).
    void compact() {
        std::vector<int> fresh;
        fresh.reserve(arena_.size() - wasted_);
        std::vector<uint32_t> old_refs, new_refs;
        for (size_t ref = 0; ref < arena_.size(); ref += kHeader + static_cast<size_t>(arena_[ref])) {
            if (arena_[ref + 1] & kDeleted) continue;
            old_refs.push_back(static_cast<uint32_t>(ref));
            new_refs.push_back(static_cast<uint32_t>(fresh.size()));
            fresh.insert(fresh.end(), arena_.begin() + static_cast<std::ptrdiff_t>(ref),
                         arena_.begin() + static_cast<std::ptrdiff_t>(ref + kHeader + static_cast<size_t>(arena_[ref])));
        }
        auto renamed = [&](uint32_t ref) {
            return new_refs[static_cast<size_t>(std::lower_bound(old_refs.begin(), old_refs.end(), ref) - old_refs.begin())];
        };
        for (int lit : trail_) {
            const int var = var_of(lit);
            if (reason_kind(reason_[var]) == kClause) reason_[var] = make_reason(kClause, renamed(reason_payload(reason_[var])));
        }
        for (uint32_t& ref : learnt_refs_) ref = renamed(ref);
        arena_.swap(fresh);
        wasted_ = 0;
        for (auto& list : watches_) list.clear();
        for (uint32_t ref : new_refs) {
            const int* lits = &arena_[ref + kHeader];
            watches_[static_cast<size_t>(lits[0])].push_back(Watch{ref, lits[1]});
            watches_[static_cast<size_t>(lits[1])].push_back(Watch{ref, lits[0]});
        }
    }

    void cancel_until(int target) {
        if (level() <= target) return;
        const size_t mark = static_cast<size_t>(trail_lim_[static_cast<size_t>(target)]);
        while (trail_.size() > mark) {
            const int lit = trail_.back();
            trail_.pop_back();
            const int var = var_of(lit);
            value_[var] = kUnassigned;
            const int cell = var / n_, v = var % n_;
            if (!negated(lit)) {
                --placed_;
                phase_[cell] = static_cast<int8_t>(v);
                if (--true_in_cell_[cell] == 0) open_[cell >> 6] |= uint64_t(1) << (cell & 63);
                continue;
            }
            cand_[cell] |= uint64_t(1) << v;
            const int* units = &cell_units_[3 * cell];
            const int* pos = &cell_pos_[3 * cell];
            for (int k = 0; k < 3; ++k) places_[units[k] * n_ + v] |= uint64_t(1) << pos[k];
        }
        trail_lim_.resize(static_cast<size_t>(target));
        if (hall_) {  // the explanations of the levels undone go; every unit was consistent at `target`
            hall_arena_.resize(hall_lim_[static_cast<size_t>(target)]);
            hall_lim_.resize(static_cast<size_t>(target));
            for (int u : dirty_units_) unit_dirty_[u] = 0;
            dirty_units_.clear();
        }
        locked_.clear();
        head_ = trail_.size();
        conflict_pending_ = false;
    }

    // The next placement: the open cell with the fewest values (ties: the largest activity
    // over its values, then at random); its value in the fullest grid met so far if still
    // possible, else the value it held last (at first a random root value), else its most
    // active value. -1 when every cell holds a value. (On 36x36 grids at 42-48 % given the
    // target value cut the time of eight instances by 2.5-8x over the last value alone:
    // bench/results/sudoku_large.md.)
    // Only the open cells are read (open_: no true value yet), in increasing order as a scan
    // of every cell would meet them, so the choice and its random ties are the same; a 49x49
    // search spent a fifth of its time skipping placed cells before.
    int choose() {
        int best = -1, best_count = 65, ties = 0;
        double best_score = -1.0;
        for (size_t word = 0; word < open_.size(); ++word) {
            for (uint64_t bits = open_[word]; bits; bits = clear_lowest_bit(bits)) {
                const int cell = static_cast<int>(word * 64) + lowest_bit_index(bits);
                const uint64_t mask = cand_[cell];
                const int count = popcount64(mask);
                if (count > best_count) continue;
                double score = 0.0;
                for_each_bit(mask, [&](int v) { score += activity_[cell * n_ + v]; });
                if (count < best_count || score > best_score) {
                    best = cell;
                    best_count = count;
                    best_score = score;
                    ties = 1;
                } else if (score == best_score && rng_->below(static_cast<uint64_t>(++ties)) == 0) {
                    best = cell;
                }
            }
        }
        if (best < 0) return -1;
        const uint64_t mask = cand_[best];
        const int target = target_phase_[best];
        if (target >= 0 && (mask >> target & 1)) return lit_of(best * n_ + target, false);
        const int saved = phase_[best];
        if (saved >= 0 && (mask >> saved & 1)) return lit_of(best * n_ + saved, false);
        int value = lowest_bit_index(mask);
        double top = -1.0;
        for_each_bit(mask, [&](int v) {
            if (activity_[best * n_ + v] > top) {
                top = activity_[best * n_ + v];
                value = v;
            }
        });
        return lit_of(best * n_ + value, false);
    }

    // One of the values of `mask` (not empty), drawn uniformly.
    int8_t random_value(uint64_t mask) {
        for (uint64_t k = rng_->below(static_cast<uint64_t>(popcount64(mask))); k; --k) mask = clear_lowest_bit(mask);
        return static_cast<int8_t>(lowest_bit_index(mask));
    }

    // The fullest grid met so far (most cells placed at a conflict): its values become the
    // preferred ones (target phases: A. Biere, M. Fleury, "Chasing target phases", 2020).
    void remember_target() {
        best_placed_ = placed_;
        for (int cell = 0; cell < cells_; ++cell) {
            const uint64_t mask = cand_[cell];
            if (has_single_bit(mask) && value_[cell * n_ + lowest_bit_index(mask)] == kTrue)
                target_phase_[cell] = static_cast<int8_t>(lowest_bit_index(mask));
        }
    }

    // A complete grid: counts it, then excludes it by the clause of its decisions' negations
    // and goes on. Returns false when the search is over (limit reached, callback said stop,
    // or no decision was made, so no other solution exists).
    bool record_solution() {
        std::vector<uint8_t> grid(static_cast<size_t>(cells_));
        for (int cell = 0; cell < cells_; ++cell) grid[cell] = static_cast<uint8_t>(lowest_bit_index(cand_[cell]) + 1);
        if (count_ == 0) first_solution_ = grid;
        ++count_;
        if (options_.on_solution && !(*options_.on_solution)(grid.data())) return false;
        if (options_.limit && count_ >= options_.limit) return false;
        if (level() == 0) return false;
        std::vector<int> block;
        for (int l = level(); l >= 1; --l) block.push_back(trail_[static_cast<size_t>(trail_lim_[l - 1])] ^ 1);
        if (block.size() == 1) {
            cancel_until(0);
            if (!assign(block[0], make_reason(kDecision, 0))) conflict_pending_ = true;
            return true;
        }
        cancel_until(level() - 1);
        const uint32_t index = add_clause(block, false);
        if (!assign(block[0], make_reason(kClause, index))) conflict_pending_ = true;
        return true;
    }

    const Geometry& g_;
    const SearchOptions& options_;
    SearchControl& control_;
    const int n_, cells_, vars_;
    const bool hall_;  // all-different consistency per unit during the search (apply_hall)
    std::vector<int> cell_units_, cell_pos_;
    std::vector<uint64_t> cand_, places_, root_cand_, root_places_;
    std::vector<uint8_t> value_;
    std::vector<int> level_;
    std::vector<uint32_t> reason_;
    std::vector<double> activity_;
    std::vector<uint8_t> seen_;
    // Per cell: the value it last held; before that, one of its root values drawn at random.
    // (The first dives and so the first target phases come from these. Starting every cell on
    // its lowest value instead made the 36x36 holes grids of bench/results/sudoku_large.md take
    // 1.3x longer in total over 24 grids x 6 seeds: 116 s against 87 s; 25x25 acs lines
    // 900-999 x 16 seeds: 22.9 s against 18.3 s.)
    std::vector<int8_t> phase_;
    std::vector<int8_t> target_phase_;  // per cell: its value in the fullest grid met (-1: none)
    int best_placed_ = 0;
    std::vector<int> trail_, trail_lim_;
    size_t head_ = 0;
    uint32_t conflict_ = 0;
    int conflict_var_ = -1;
    bool conflict_pending_ = false;  // a wipe-out met while asserting a learnt literal
    std::vector<int> arena_;
    std::vector<uint32_t> learnt_refs_;
    size_t wasted_ = 0;  // arena ints held by deleted clauses
    std::vector<uint64_t> level_stamp_;
    uint64_t stamp_ = 0;
    std::vector<std::vector<Watch>> watches_;
    std::vector<int> learnt_, removed_, levels_seen_, stack_;
    std::vector<int> locked_;  // (unit, value) keys just confined to one segment
    std::vector<uint8_t> unit_dirty_;  // hall: units whose candidates changed since apply_hall read them
    std::vector<int> dirty_units_;
    std::vector<int> hall_arena_;      // hall: explanations, [size, variables...], cut back with the levels
    std::vector<size_t> hall_lim_;     // hall: the arena's size when each level began
    uint64_t hall_calls_ = 0, hall_removals_ = 0, hall_conflicts_ = 0, slow_ticks_ = 0;
    uint64_t segment_[3][kMaxOrder] = {};  // per unit kind and position: the segment through it
    uint64_t box_column_[kMaxOrder] = {};  // per box position: the box column through it
    size_t learnt_count_ = 0, max_learnt_ = 0;
    double bump_ = 1.0;
    int placed_ = 0;
    std::vector<uint8_t> true_in_cell_;  // per cell: its values now true (more than one: a conflict)
    std::vector<uint64_t> open_;         // bit per cell: no value of it true (what choose() reads)
    uint64_t count_ = 0, conflicts_ = 0, learnt_total_ = 0, restarts_ = 0;
    Rng own_rng_;
    Rng* rng_;
    std::vector<uint8_t> first_solution_;
};

}  // namespace

bool wants_learning(const Geometry& geometry, const SearchOptions& options) {
    if (options.learning != SearchOptions::Learning::automatic) return options.learning == SearchOptions::Learning::on;
    const Rules& r = options.rules;
    return geometry.size() >= kLearningMinOrder && (options.limit == 1 || options.limit == 2) && r.exclusivity &&
           r.uniqueness && r.parity && r.intersections && !options.rng && !options.trace && !options.plain;
}

SearchOutcome solve_learning(const Geometry& geometry, const uint8_t* clues, const SearchOptions& options,
                             SearchControl& control) {
    const auto start = std::chrono::steady_clock::now();
    const uint64_t nodes_before = control.nodes();
    SearchOutcome outcome;
    Rules root_rules;
    root_rules.hall = true;
    const PropagationOutcome root = propagate_only(geometry, clues, root_rules, nullptr);
    Learner learner(geometry, options, control);
    if (!root.contradiction && learner.load(root.candidates)) learner.run();
    outcome.count = learner.count();
    outcome.first_solution = std::move(learner.first_solution());
    learner.fill_stats(outcome.stats);  // zeros when the root already contradicts
    outcome.stats.nodes = control.nodes() - nodes_before;
    outcome.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return outcome;
}

}  // namespace cassetete::sudoku
