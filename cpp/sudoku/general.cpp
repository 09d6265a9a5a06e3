#include "sudoku/general.hpp"

#include <chrono>

#include "common/bits.hpp"

namespace cassetete::sudoku {
namespace {

constexpr const char* kRuleNames[4] = {"exclusivity", "uniqueness", "parity", "intersections"};

// Depth-first search over copies of the candidate array, one frame per depth.
class Engine {
public:
    Engine(const Geometry& geometry, const SearchOptions& options, SearchControl& control)
        : g_(geometry), options_(options), rules_(options.rules), control_(control),
          n_(geometry.size()), cells_(geometry.cells()), full_(geometry.full_mask()) {
        queue_.reserve(cells_);
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
        const bool ok = propagate(c);
        trace_ = nullptr;  // only the root propagation is traced
        return ok;
    }

    void search(int depth) {
        if (stop_ || control_.tick()) {
            stop_ = true;
            return;
        }
        const uint64_t* c = frame(depth);
        int best = -1, best_count = 65;
        for (int cell = 0; cell < cells_; ++cell) {
            const int count = popcount64(c[cell]);
            if (count > 1 && count < best_count) {
                best_count = count;
                best = cell;
                if (count == 2) break;
            }
        }
        if (best < 0) {
            record_solution(c);
            return;
        }
        if (best_count > 2 && rules_.uniqueness) {
            int first_cell, second_cell;
            uint64_t bit;
            if (find_bilocal_value(c, first_cell, second_cell, bit)) {
                branch(depth, first_cell, bit);
                if (!stop_) branch(depth, second_cell, bit);
                return;
            }
        }
        uint64_t values = c[best];
        if (options_.rng) {
            // Shuffled value order kept per depth on the heap (small recursive frames).
            if (orders_.size() < static_cast<size_t>(depth + 1) * 64) orders_.resize(static_cast<size_t>(depth + 1) * 64);
            int k = 0;
            for_each_bit(values, [&](int b) { orders_[static_cast<size_t>(depth) * 64 + k++] = uint64_t(1) << b; });
            uint64_t* order = &orders_[static_cast<size_t>(depth) * 64];
            options_.rng->shuffle(order, order + k);
            for (int i = 0; i < k && !stop_; ++i) branch(depth, best, orders_[static_cast<size_t>(depth) * 64 + i]);
        } else {
            while (values && !stop_) {
                const uint64_t bit = lowest_bit(values);
                values ^= bit;
                branch(depth, best, bit);
            }
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

    void branch(int depth, int cell, uint64_t bit) {
        frame(depth + 1);  // grow first: frame pointers are taken after any reallocation
        const uint64_t* parent = &frames_[static_cast<size_t>(depth) * cells_];
        uint64_t* child = &frames_[static_cast<size_t>(depth + 1) * cells_];
        std::copy(parent, parent + cells_, child);
        child[cell] = bit;
        queue_.clear();
        queue_.push_back(cell);
        if (propagate(child)) search(depth + 1);
    }

    CASSETETE_NOINLINE void record_solution(const uint64_t* c) {
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

    // Removes `bits` from a cell; false if the cell is left empty. Queues new singles.
    bool eliminate(uint64_t* c, int cell, uint64_t bits, uint8_t rule, int cause) {
        const uint64_t removed = c[cell] & bits;
        if (!removed) return true;
        if (trace_) for_each_bit(removed, [&](int b) { note(rule, TraceStep::eliminate, cell, uint64_t(1) << b, cause); });
        else counters_[rule] += static_cast<uint64_t>(popcount64(removed));
        const uint64_t left = c[cell] & ~bits;
        c[cell] = left;
        if (!left) return false;
        if (has_single_bit(left)) queue_.push_back(cell);
        return true;
    }

    CASSETETE_NOINLINE bool propagate(uint64_t* c) {
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
            if (rules_.uniqueness) {
                if (!hidden_singles(c, changed)) return false;
                if (changed) continue;
            }
            if (rules_.parity) {
                if (!naked_pairs(c, changed)) return false;
                if (changed || !queue_.empty()) continue;
            }
            if (rules_.intersections) {
                if (!locked_candidates(c, changed)) return false;
                if (changed || !queue_.empty()) continue;
            }
            return true;
        }
    }

    // Seed rule 2 (unicité). Bit-sliced counting: `once` = values seen at least once in the
    // unit, `twice` = at least twice; once & ~twice are the values with a single place.
    bool hidden_singles(uint64_t* c, bool& changed) {
        for (int u = 0; u < g_.units(); ++u) {
            const int* cells = g_.unit_cells(u);
            uint64_t once = 0, twice = 0, solved = 0;
            for (int k = 0; k < n_; ++k) {
                const uint64_t m = c[cells[k]];
                twice |= once & m;
                once |= m;
                if (has_single_bit(m)) solved |= m;
            }
            if (once != full_) return false;  // some value has no place left in this unit
            uint64_t hidden = once & ~twice & ~solved;
            while (hidden) {
                const uint64_t bit = lowest_bit(hidden);
                hidden ^= bit;
                int k = 0;
                while (k < n_ && !(c[cells[k]] & bit)) ++k;
                if (k == n_) return false;  // its only cell was taken by another hidden single
                const int cell = cells[k];
                c[cell] = bit;
                note(TraceStep::uniqueness, TraceStep::place, cell, bit, u);
                queue_.push_back(cell);
                changed = true;
            }
        }
        return true;
    }

    // Seed rule 3 (parité): two cells of a unit with the same two candidates.
    bool naked_pairs(uint64_t* c, bool& changed) {
        int pair_cells[kMaxOrder];
        for (int u = 0; u < g_.units(); ++u) {
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
        }
        return true;
    }

    // Locked candidates over every box/row and box/column intersection.
    bool locked_candidates(uint64_t* c, bool& changed) {
        const int br = g_.box_rows(), bc = g_.box_cols();
        uint64_t seg[kMaxOrder], prefix[kMaxOrder + 1], suffix[kMaxOrder + 1];
        // Values of a line confined to one segment; seg[0..count) are the segment masks.
        auto confined = [&](int s) {
            return seg[s] & ~(prefix[s] | suffix[s + 1]);
        };
        auto scan = [&](int count) {
            prefix[0] = 0;
            for (int s = 0; s < count; ++s) prefix[s + 1] = prefix[s] | seg[s];
            suffix[count] = 0;
            for (int s = count - 1; s >= 0; --s) suffix[s] = suffix[s + 1] | seg[s];
        };
        for (int r = 0; r < n_; ++r) {
            // Row r cut by boxes (claiming: confined to a box -> leaves the box's other rows).
            const int count = n_ / bc;
            for (int s = 0; s < count; ++s) {
                seg[s] = 0;
                for (int j = 0; j < bc; ++j) seg[s] |= c[r * n_ + s * bc + j];
            }
            scan(count);
            for (int s = 0; s < count; ++s) {
                const uint64_t only = confined(s);
                if (!only) continue;
                const int r0 = (r / br) * br;
                for (int rr = r0; rr < r0 + br; ++rr) {
                    if (rr == r) continue;
                    for (int j = 0; j < bc; ++j) {
                        const int cell = rr * n_ + s * bc + j;
                        if (c[cell] & only) {
                            if (!eliminate(c, cell, only, TraceStep::intersections, r)) return false;
                            changed = true;
                        }
                    }
                }
            }
        }
        for (int col = 0; col < n_; ++col) {
            const int count = n_ / br;
            for (int s = 0; s < count; ++s) {
                seg[s] = 0;
                for (int i = 0; i < br; ++i) seg[s] |= c[(s * br + i) * n_ + col];
            }
            scan(count);
            for (int s = 0; s < count; ++s) {
                const uint64_t only = confined(s);
                if (!only) continue;
                const int c0 = (col / bc) * bc;
                for (int cc = c0; cc < c0 + bc; ++cc) {
                    if (cc == col) continue;
                    for (int i = 0; i < br; ++i) {
                        const int cell = (s * br + i) * n_ + cc;
                        if (c[cell] & only) {
                            if (!eliminate(c, cell, only, TraceStep::intersections, n_ + col)) return false;
                            changed = true;
                        }
                    }
                }
            }
        }
        // Boxes cut by rows and by columns (pointing: confined to a line -> leaves the line).
        const int boxes_across = n_ / bc;
        for (int b = 0; b < n_; ++b) {
            const int r0 = (b / boxes_across) * br, c0 = (b % boxes_across) * bc;
            for (int i = 0; i < br; ++i) {
                seg[i] = 0;
                for (int j = 0; j < bc; ++j) seg[i] |= c[(r0 + i) * n_ + c0 + j];
            }
            scan(br);
            for (int i = 0; i < br; ++i) {
                const uint64_t only = confined(i);
                if (!only) continue;
                for (int cc = 0; cc < n_; ++cc) {
                    if (cc >= c0 && cc < c0 + bc) continue;
                    const int cell = (r0 + i) * n_ + cc;
                    if (c[cell] & only) {
                        if (!eliminate(c, cell, only, TraceStep::intersections, 2 * n_ + b)) return false;
                        changed = true;
                    }
                }
            }
            for (int j = 0; j < bc; ++j) {
                seg[j] = 0;
                for (int i = 0; i < br; ++i) seg[j] |= c[(r0 + i) * n_ + c0 + j];
            }
            scan(bc);
            for (int j = 0; j < bc; ++j) {
                const uint64_t only = confined(j);
                if (!only) continue;
                for (int rr = 0; rr < n_; ++rr) {
                    if (rr >= r0 && rr < r0 + br) continue;
                    const int cell = rr * n_ + c0 + j;
                    if (c[cell] & only) {
                        if (!eliminate(c, cell, only, TraceStep::intersections, 2 * n_ + b)) return false;
                        changed = true;
                    }
                }
            }
        }
        return true;
    }

    // A value with exactly two places left in some unit (not yet placed there).
    CASSETETE_NOINLINE bool find_bilocal_value(const uint64_t* c, int& first, int& second, uint64_t& bit) const {
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
            if (!exactly_two) continue;
            bit = lowest_bit(exactly_two);
            first = second = -1;
            for (int k = 0; k < n_; ++k) {
                if (c[cells[k]] & bit) {
                    if (first < 0) first = cells[k];
                    else second = cells[k];
                }
            }
            return second >= 0;
        }
        return false;
    }

    const Geometry& g_;
    const SearchOptions& options_;
    const Rules rules_;
    SearchControl& control_;
    const int n_, cells_;
    const uint64_t full_;
    std::vector<uint64_t> frames_;
    std::vector<int> queue_;
    std::vector<TraceStep>* trace_ = nullptr;
    uint64_t counters_[4] = {0, 0, 0, 0};
    std::vector<uint64_t> orders_;  // per-depth shuffled values (randomised search)
    uint64_t count_ = 0;
    bool stop_ = false;
    std::vector<uint8_t> first_solution_;
};

}  // namespace

SearchOutcome solve_general(const Geometry& geometry, const uint8_t* clues, const SearchOptions& options,
                            SearchControl& control) {
    const auto start = std::chrono::steady_clock::now();
    const uint64_t nodes_before = control.nodes();
    Engine engine(geometry, options, control);
    SearchOutcome outcome;
    if (engine.load(clues, options.trace)) engine.search(0);
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
