#include "narrowing/solver.hpp"

#include <algorithm>
#include <chrono>
#include <limits>

namespace cassetete::narrowing {

namespace {

// Integer division rounding towards -infinity / +infinity (C++ truncates towards zero).
inline int64_t floor_div(int64_t a, int64_t b) {
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
}
inline int64_t ceil_div(int64_t a, int64_t b) {
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) == (b < 0))) ++q;
    return q;
}

}  // namespace

Solver::Solver(const Model& model, const Options& options)
    : model_(model), options_(options), lo_(model.lows()), hi_(model.highs()),
      var_stamp_(model.vars(), 0) {
    const int n = model.vars();
    std::vector<int> watch_count(n, 0);
    size_t max_vars = 0;
    for (const ConstraintSpec& spec : model.constraints()) {
        Constraint c{};
        c.kind = spec.kind;
        c.priority = kind_priority(spec.kind);
        c.var_begin = static_cast<int>(vars_.size());
        c.var_count = static_cast<int>(spec.vars.size());
        c.a = spec.a;
        c.live_slot = -1;
        c.cover_slot = -1;
        c.alldiff = -1;
        c.algorithm = spec.algorithm;
        vars_.insert(vars_.end(), spec.vars.begin(), spec.vars.end());
        if (spec.kind == Kind::klass || spec.kind == Kind::translated) {
            c.dim = spec.dim;
            c.points = spec.points;
            c.orientations = spec.orientations();
            c.offset_begin = static_cast<int>(offsets_.size());
            offsets_.insert(offsets_.end(), spec.offsets.begin(), spec.offsets.end());
            c.live_slot = static_cast<int>(slots_.size());
            slots_.push_back(c.orientations == 64 ? ~uint64_t(0) : ((uint64_t(1) << c.orientations) - 1));
        }
        if (spec.kind == Kind::placement) {
            // coordinates then cell numbers in vars_; the occupants are the other pieces' cells
            vars_.insert(vars_.end(), spec.cells.begin(), spec.cells.end());
            c.var_count += static_cast<int>(spec.cells.size());
            c.dim = spec.dim;
            c.points = spec.points;
            c.orientations = static_cast<int>(spec.offsets.size() / (spec.points * spec.dim));
            c.offset_begin = static_cast<int>(offsets_.size());
            offsets_.insert(offsets_.end(), spec.offsets.begin(), spec.offsets.end());
            c.live_slot = static_cast<int>(slots_.size());
            slots_.push_back(c.orientations == 64 ? ~uint64_t(0) : ((uint64_t(1) << c.orientations) - 1));
            int64_t step = 1;
            for (int d = 0; d < 3; ++d) {
                c.stride[d] = d < spec.dim ? step : 0;
                if (d < spec.dim) step *= spec.box[d];
            }
            // careful: per axis d and coordinate value x, the mask of the cells with that
            // coordinate (the anchors of the translations with t_d = x)
            c.axis_begin = static_cast<int>(axis_cells_.size());
            axis_cells_.resize(axis_cells_.size() + 3 * 64, 0);
            int64_t volume = 1;
            for (int d = 0; d < spec.dim; ++d) volume *= spec.box[d];
            for (int64_t cell = 0; cell < volume && cell < 64; ++cell)
                for (int d = 0; d < spec.dim; ++d) {
                    const int64_t coord = (cell / c.stride[d]) % spec.box[d];
                    axis_cells_[c.axis_begin + d * 64 + coord] |= uint64_t(1) << cell;
                }
            if (options_.careful) {
                c.cover_slot = static_cast<int>(slots_.size());
                slots_.push_back(~uint64_t(0));  // everything, until the first narrowing
            }
            c.occupant_begin = static_cast<int>(occupants_.size());
            for (int u : spec.all_cells)
                if (std::find(spec.cells.begin(), spec.cells.end(), u) == spec.cells.end()) occupants_.push_back(u);
            c.occupant_count = static_cast<int>(occupants_.size()) - c.occupant_begin;
            c.shape_begin = static_cast<int>(shapes_.size());
            for (int g = 0; g < c.orientations; ++g) {
                const int64_t* off = &spec.offsets[static_cast<size_t>(g) * spec.points * spec.dim];
                uint64_t mask = 0;
                std::vector<uint64_t> cells;
                for (int p = 0; p < spec.points; ++p) {
                    int64_t cell = 0;
                    for (int d = 0; d < spec.dim; ++d) cell += off[p * spec.dim + d] * c.stride[d];
                    mask |= uint64_t(1) << cell;
                    cells.push_back(static_cast<uint64_t>(cell));
                }
                shapes_.push_back(mask);
                shapes_.insert(shapes_.end(), cells.begin(), cells.end());
            }
        }
        if (spec.kind == Kind::all_different) {
            c.alldiff = static_cast<int>(alldiff_.size());
            alldiff_.emplace_back(c.var_count);
            // careful + incremental, at most 64 variables with values in [0, 63] (the cell
            // numbers of a box of at most 64 cells): two reversible bit masks, the positions of
            // the fixed variables and the fixed values, so a call only visits the others.
            bool small = options_.careful && options_.incremental && c.algorithm == AllDifferentAlgorithm::sort &&
                         c.var_count <= AllDifferentBounds::kDense;
            for (int v : spec.vars) small = small && model.lo(v) >= 0 && model.hi(v) < AllDifferentBounds::kDense;
            if (small) {
                c.live_slot = static_cast<int>(slots_.size());
                slots_.push_back(0);
                slots_.push_back(0);
            }
        }
        for (int k = 0; k < c.var_count; ++k) ++watch_count[vars_[c.var_begin + k]];
        max_vars = std::max(max_vars, static_cast<size_t>(c.var_count));
        constraints_.push_back(c);
    }
    if (options_.careful) {
        // The cells fixed so far (values in [0, 63]) as one reversible mask, kept up to date by
        // narrow(): a Placement reads its occupied cells from it instead of visiting the other
        // pieces' cells. Only when every Placement has the same cells (own and others': one
        // packing, as packing_model builds it).
        is_cell_.assign(n, 0);
        std::vector<int> first;
        bool same = true;
        for (const Constraint& c : constraints_) {
            if (c.kind != Kind::placement) continue;
            std::vector<int> cells(occupants_.begin() + c.occupant_begin,
                                   occupants_.begin() + c.occupant_begin + c.occupant_count);
            for (int k = 0; k < c.points; ++k) cells.push_back(vars_[c.var_begin + c.points * c.dim + k]);
            std::sort(cells.begin(), cells.end());
            if (first.empty()) first = cells;
            same = same && cells == first;
        }
        for (int u : first) same = same && model.lo(u) >= 0 && model.hi(u) < 64;
        if (same && !first.empty()) {
            for (int u : first) is_cell_[u] = 1;
            occupied_slot_ = static_cast<int>(slots_.size());
            slots_.push_back(0);
            for (int v = 0; v < n; ++v)
                if (is_cell_[v] && lo_[v] == hi_[v]) slots_[occupied_slot_] |= uint64_t(1) << lo_[v];
        }
    }
    slot_stamp_.assign(slots_.size(), 0);
    if (options_.careful) {
        // A Product x = a*y whose x appears only there and in one Sum is absorbed by that Sum.
        std::vector<int> product_of(n, -1);
        for (size_t p = 0; p < constraints_.size(); ++p)
            if (constraints_[p].kind == Kind::product && watch_count[vars_[constraints_[p].var_begin]] == 2)
                product_of[vars_[constraints_[p].var_begin]] = static_cast<int>(p);
        for (Constraint& c : constraints_) {
            if (c.kind != Kind::sum) continue;
            c.fused_begin = static_cast<int>(fused_.size());
            for (int k = 1; k < c.var_count; ++k) {
                const int p = product_of[vars_[c.var_begin + k]];
                if (p < 0 || constraints_[p].absorbed || vars_[constraints_[p].var_begin + 1] == vars_[c.var_begin + k])
                    continue;
                constraints_[p].absorbed = true;
                fused_.push_back(p);
            }
            c.fused_count = static_cast<int>(fused_.size()) - c.fused_begin;
        }
    }
    // Watch lists: each constraint on its variables; a fused Sum also on its Products' y.
    auto watched = [this](int c, auto&& visit) {
        const Constraint& con = constraints_[c];
        if (con.absorbed) return;
        for (int k = 0; k < con.var_count; ++k) visit(vars_[con.var_begin + k]);
        for (int f = 0; f < con.fused_count; ++f) visit(vars_[constraints_[fused_[con.fused_begin + f]].var_begin + 1]);
    };
    std::fill(watch_count.begin(), watch_count.end(), 0);
    for (size_t c = 0; c < constraints_.size(); ++c) watched(static_cast<int>(c), [&](int v) { ++watch_count[v]; });
    watch_begin_.assign(n + 1, 0);
    for (int v = 0; v < n; ++v) watch_begin_[v + 1] = watch_begin_[v] + watch_count[v];
    watch_.resize(watch_begin_[n]);
    std::vector<int> fill(watch_begin_.begin(), watch_begin_.end() - 1);
    for (size_t c = 0; c < constraints_.size(); ++c)
        watched(static_cast<int>(c), [&](int v) { watch_[fill[v]++] = static_cast<int>(c); });
    // Placements also wake up when another piece's cell becomes fixed (an occupied cell).
    std::vector<int> fix_count(n, 0);
    for (const Constraint& c : constraints_)
        if (c.kind == Kind::placement)
            for (int k = 0; k < c.occupant_count; ++k) ++fix_count[occupants_[c.occupant_begin + k]];
    fix_watch_begin_.assign(n + 1, 0);
    for (int v = 0; v < n; ++v) fix_watch_begin_[v + 1] = fix_watch_begin_[v] + fix_count[v];
    fix_watch_.resize(fix_watch_begin_[n]);
    std::vector<int> fix_fill(fix_watch_begin_.begin(), fix_watch_begin_.end() - 1);
    for (size_t c = 0; c < constraints_.size(); ++c)
        if (constraints_[c].kind == Kind::placement)
            for (int k = 0; k < constraints_[c].occupant_count; ++k)
                fix_watch_[fix_fill[occupants_[constraints_[c].occupant_begin + k]]++] = static_cast<int>(c);
    queued_.assign(constraints_.size(), 0);
    for (auto& q : queue_) q.reserve(constraints_.size());
    s_lo_.resize(max_vars);
    s_hi_.resize(max_vars);
    s_newlo_.resize(max_vars);
    s_newhi_.resize(max_vars);
    s_tlo_.resize(max_vars);
    s_thi_.resize(max_vars);
    s_skip_.resize(max_vars);
    s_dense_lo_.resize(max_vars);
    s_dense_hi_.resize(max_vars);
    s_dense_who_.resize(max_vars);
    branching_ = model.branching();
    model_branching_ = static_cast<int>(branching_.size());
    std::vector<char> named(n, 0);
    for (int v : branching_) named[v] = 1;
    for (int v = 0; v < n; ++v)
        if (!named[v]) branching_.push_back(v);
    // Every constraint is narrowed once at the root (absorbed Products through their Sum).
    for (size_t c = 0; c < constraints_.size(); ++c)
        if (!constraints_[c].absorbed) schedule(static_cast<int>(c));
}

// ---------------------------------------------------------------------------- store

void Solver::save_var(int v) {
    if (var_stamp_[v] != stamp_) {
        var_stamp_[v] = stamp_;
        // field by field: building the entry on the stack and copying it stalls on a
        // store-forwarding failure (half the time of narrow() in a profile)
        TrailEntry& e = trail_.emplace_back();
        e.index = v;
        e.lo = lo_[v];
        e.hi = hi_[v];
    }
}

void Solver::set_slot(int slot, uint64_t value) {
    if (slot_stamp_[slot] != stamp_) {
        slot_stamp_[slot] = stamp_;
        TrailEntry& e = trail_.emplace_back();
        e.index = ~slot;
        e.lo = static_cast<int64_t>(slots_[slot]);
    }
    slots_[slot] = value;
}

void Solver::undo(size_t mark) {
    while (trail_.size() > mark) {
        const TrailEntry& e = trail_.back();
        if (e.index >= 0) {
            lo_[e.index] = e.lo;
            hi_[e.index] = e.hi;
        } else {
            slots_[~e.index] = static_cast<uint64_t>(e.lo);
        }
        trail_.pop_back();
    }
    // A new stamp so the next changes are saved again.
    ++stamp_;
}

// Intersect v's domain with [lo, hi]; wake the other constraints on v if it shrank.
// False if the domain became empty.
bool Solver::narrow_slow(int v, int64_t lo, int64_t hi, int by) {
    if (lo < lo_[v]) lo = lo_[v];
    if (hi > hi_[v]) hi = hi_[v];
    if (lo > hi) return false;
    save_var(v);
    ++shrinks_;
    lo_[v] = lo;
    hi_[v] = hi;
    // The narrowings are exact (apx of the constraint), so the constraint that narrowed v is
    // already at its own fixpoint: only the others are woken.
    for (int k = watch_begin_[v]; k < watch_begin_[v + 1]; ++k)
        if (watch_[k] != by) schedule(watch_[k]);
    if (lo == hi) {
        for (int k = fix_watch_begin_[v]; k < fix_watch_begin_[v + 1]; ++k) {
            // careful: a Placement none of whose feasible placements (at its last narrowing)
            // covers the newly occupied cell has nothing to narrow
            const Constraint& p = constraints_[fix_watch_[k]];
            if (p.cover_slot >= 0 && lo >= 0 && lo < 64 && !((slots_[p.cover_slot] >> lo) & 1)) continue;
            schedule(fix_watch_[k]);
        }
        if (occupied_slot_ >= 0 && is_cell_[v]) set_slot(occupied_slot_, slots_[occupied_slot_] | uint64_t(1) << lo);
    }
    return true;
}

// ---------------------------------------------------------------------------- propagation

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

// x = a*y: Y' = {y in Y : a*y in X}, X' = a*Y' (section 4, the three cases of a).
bool Solver::run_product(const Constraint& c, int id) {
    const int x = vars_[c.var_begin], y = vars_[c.var_begin + 1];
    const int64_t a = c.a;
    if (a == 0) return narrow(x, 0, 0, id);
    int64_t ylo, yhi;
    if (a > 0 && lo_[x] >= 0 && hi_[x] <= INT32_MAX && a <= INT32_MAX) {
        // the common case (cell numbers): 32-bit unsigned division, several times faster
        const uint32_t ua = static_cast<uint32_t>(a), xl = static_cast<uint32_t>(lo_[x]);
        ylo = std::max(lo_[y], static_cast<int64_t>((xl + ua - 1) / ua));
        yhi = std::min(hi_[y], static_cast<int64_t>(static_cast<uint32_t>(hi_[x]) / ua));
    } else if (a > 0) {
        ylo = std::max(lo_[y], ceil_div(lo_[x], a));
        yhi = std::min(hi_[y], floor_div(hi_[x], a));
    } else {
        ylo = std::max(lo_[y], ceil_div(hi_[x], a));
        yhi = std::min(hi_[y], floor_div(lo_[x], a));
    }
    if (ylo > yhi) return false;
    if (!narrow(y, ylo, yhi, id)) return false;
    return a > 0 ? narrow(x, a * ylo, a * yhi, id) : narrow(x, a * yhi, a * ylo, id);
}

// A Sum with the Products of its terms, to their joint fixpoint: the Products, then the Sum,
// again while the Sum narrows a Product's x (each narrowing is exact, so a narrowing whose
// inputs did not change since its last run has nothing to do).
bool Solver::run_cell(const Constraint& c, int id) {
    int64_t xlo[8], xhi[8];
    const int* fused = &fused_[c.fused_begin];
    const int nf = std::min(c.fused_count, 8);
    for (;;) {
        for (int f = 0; f < nf; ++f) {
            const Constraint& p = constraints_[fused[f]];
            ++counters_.calls[static_cast<int>(Kind::product)];
            if (!run_product(p, id)) return false;
            const int x = vars_[p.var_begin];
            xlo[f] = lo_[x];
            xhi[f] = hi_[x];
        }
        if (!run_sum(c, id)) return false;
        bool again = false;
        for (int f = 0; f < nf; ++f) {
            const int x = vars_[constraints_[fused[f]].var_begin];
            again |= lo_[x] != xlo[f] || hi_[x] != xhi[f];
        }
        if (!again) return true;
        ++counters_.calls[static_cast<int>(Kind::sum)];
    }
}

// x = y1 + ... + yn: X' = X n [sum lo, sum hi]; Y'i = Yi n [Xlo - sum_{j!=i} hi, Xhi - sum_{j!=i} lo],
// all computed from the entry domains (each projection is exact, so one pass is the fixpoint).
bool Solver::run_sum(const Constraint& c, int id) {
    const int* v = &vars_[c.var_begin];
    const int n = c.var_count;
    int64_t sum_lo = 0, sum_hi = 0;
    for (int k = 1; k < n; ++k) {
        sum_lo += lo_[v[k]];
        sum_hi += hi_[v[k]];
    }
    const int64_t xlo = lo_[v[0]], xhi = hi_[v[0]];
    if (xhi < sum_lo || sum_hi < xlo) return false;
    for (int k = 1; k < n; ++k) {
        const int64_t ylo = lo_[v[k]], yhi = hi_[v[k]];
        if (!narrow(v[k], xlo - (sum_hi - yhi), xhi - (sum_lo - ylo), id)) return false;
    }
    return narrow(v[0], sum_lo, sum_hi, id);
}

// Translated(g) (section 5) per coordinate d: the translations t that keep every point p of an
// orientation with offsets `off` in its box, lo[p*dim+d] - off <= t <= hi[p*dim+d] - off, as
// [tlo[d], thi[d]]. False (and the rest unset) as soon as one coordinate has none.
static bool translation_range(const int64_t* lo, const int64_t* hi, const int64_t* off, int points, int dim,
                              int64_t* tlo, int64_t* thi) {
    for (int d = 0; d < dim; ++d) {
        int64_t low = std::numeric_limits<int64_t>::min(), high = std::numeric_limits<int64_t>::max();
        for (int p = 0, k = d; p < points; ++p, k += dim) {
            low = std::max(low, lo[k] - off[k]);
            high = std::min(high, hi[k] - off[k]);
        }
        tlo[d] = low;
        thi[d] = high;
        if (low > high) return false;
    }
    return true;
}

// The scratch boxes of a Class or Placement constraint over v[0..m): s_lo_/s_hi_ the current
// bounds, s_newlo_/s_newhi_ empty (the union of the feasible boxes is built into them).
void Solver::load_boxes(const int* v, int m) {
    for (int k = 0; k < m; ++k) {
        s_lo_[k] = lo_[v[k]];
        s_hi_[k] = hi_[v[k]];
        s_newlo_[k] = std::numeric_limits<int64_t>::max();
        s_newhi_[k] = std::numeric_limits<int64_t>::min();
    }
}

// Class(f) (section 5): for each orientation g (its points in lexicographic order), Translated(g)
// allows the translations t with X_i.lo - g_i <= t <= X_i.hi - g_i for every point i; its box is
// g + [max(X.lo - g), min(X.hi - g)]. The narrowed box is the union of the orientations' boxes.
bool Solver::run_class(const Constraint& c, int id) {
    const int* v = &vars_[c.var_begin];
    const int m = c.var_count, dim = c.dim, points = c.points;
    load_boxes(v, m);
    int64_t* lo = s_lo_.data();
    int64_t* hi = s_hi_.data();
    int64_t* newlo = s_newlo_.data();
    int64_t* newhi = s_newhi_.data();
    const uint64_t live_before = options_.incremental
                                     ? slots_[c.live_slot]
                                     : (c.orientations == 64 ? ~uint64_t(0) : ((uint64_t(1) << c.orientations) - 1));
    uint64_t live = live_before;
    int64_t tlo[8], thi[8];  // translation range per coordinate (dim <= 8 checked below)
    for (uint64_t rest = live_before; rest; rest &= rest - 1) {
        const int g = __builtin_ctzll(rest);
        const int64_t* off = &offsets_[c.offset_begin + static_cast<size_t>(g) * m];
        bool possible = translation_range(lo, hi, off, points, dim, tlo, thi);
        if (!possible) {
            live &= ~(uint64_t(1) << g);
            continue;
        }
        for (int p = 0, k = 0; p < points; ++p) {
            for (int d = 0; d < dim; ++d, ++k) {
                newlo[k] = std::min(newlo[k], off[k] + tlo[d]);
                newhi[k] = std::max(newhi[k], off[k] + thi[d]);
            }
        }
    }
    if (live == 0) return false;
    if (options_.incremental && live != live_before) set_slot(c.live_slot, live);
    for (int k = 0; k < m; ++k)
        if (!narrow(v[k], newlo[k], newhi[k], id)) return false;
    return true;
}

// Placement: for each live orientation g, the translations t allowed by the coordinates' boxes
// (as Translated(g)) and by the cell numbers' bounds (cell_i = cell of g_i + shift(t)) are
// enumerated; those whose cells are free (no other piece's point fixed there) are the feasible
// placements. The new box is the union of the feasible placements' points and cell numbers.
bool Solver::run_placement(const Constraint& c, int id) {
    const int* v = &vars_[c.var_begin];
    const int dim = c.dim, points = c.points, ncoord = points * dim, m = c.var_count;
    uint64_t occupied = 0;
    if (occupied_slot_ >= 0) {
        // every fixed cell but this piece's own (a clash between them fails in AllDifferent)
        occupied = slots_[occupied_slot_];
        for (int p = 0; p < points; ++p) {
            const int u = v[points * dim + p];
            if (lo_[u] == hi_[u]) occupied &= ~(uint64_t(1) << lo_[u]);
        }
    } else {
        for (int k = 0; k < c.occupant_count; ++k) {
            const int u = occupants_[c.occupant_begin + k];
            if (lo_[u] == hi_[u]) occupied |= uint64_t(1) << lo_[u];
        }
    }
    load_boxes(v, m);
    int64_t* lo = s_lo_.data();
    int64_t* hi = s_hi_.data();
    int64_t* newlo = s_newlo_.data();
    int64_t* newhi = s_newhi_.data();
    const uint64_t live_before = slots_[c.live_slot];
    uint64_t live = live_before;
    const size_t shape_block = 1 + static_cast<size_t>(points);
    const uint64_t* axis = options_.careful ? &axis_cells_[c.axis_begin] : nullptr;
    uint64_t cover = 0;  // the cells of the feasible placements (bit path only)
    for (uint64_t rest = live_before; rest; rest &= rest - 1) {
        const int g = __builtin_ctzll(rest);
        const int64_t* off = &offsets_[c.offset_begin + static_cast<size_t>(g) * ncoord];
        const uint64_t* shape = &shapes_[c.shape_begin + g * shape_block];
        int64_t tlo[3] = {0, 0, 0}, thi[3] = {0, 0, 0};
        bool possible = translation_range(lo, hi, off, points, dim, tlo, thi);
        int64_t slo = std::numeric_limits<int64_t>::min(), shi = std::numeric_limits<int64_t>::max();
        for (int p = 0; p < points && possible; ++p) {
            const int64_t base = static_cast<int64_t>(shape[1 + p]);
            slo = std::max(slo, lo[ncoord + p] - base);
            shi = std::min(shi, hi[ncoord + p] - base);
            possible = slo <= shi;
        }
        int64_t flo[3] = {0, 0, 0}, fhi[3] = {0, 0, 0}, fslo = 0, fshi = -1;
        bool found = false;
        bool bits = axis != nullptr;  // the bit path needs translations inside [0, 63]
        for (int d = 0; d < dim && bits && possible; ++d) bits = tlo[d] >= 0 && thi[d] < 64;
        if (possible && bits) {
            // The anchors (cell of the translation) as bits: inside the translation box, inside
            // the shift range, and with every cell of the shape free.
            uint64_t anchors = ~uint64_t(0);
            for (int d = 0; d < dim; ++d) {
                uint64_t range = 0;
                for (int64_t x = tlo[d]; x <= thi[d]; ++x) range |= axis[d * 64 + x];
                anchors &= range;
            }
            if (slo > 0) anchors &= slo >= 64 ? 0 : ~uint64_t(0) << slo;
            if (shi < 63) anchors &= shi < 0 ? 0 : ~uint64_t(0) >> (63 - shi);
            for (int p = 0; p < points && anchors; ++p) anchors &= ~(occupied >> shape[1 + p]);
            if (anchors) {
                for (int p = 0; p < points; ++p) cover |= anchors << shape[1 + p];  // (all ones stays)
                found = true;
                fslo = __builtin_ctzll(anchors);
                fshi = 63 - __builtin_clzll(anchors);
                for (int d = 0; d < dim; ++d) {
                    int64_t x = tlo[d], y = thi[d];
                    while (!(anchors & axis[d * 64 + x])) ++x;
                    while (!(anchors & axis[d * 64 + y])) --y;
                    flo[d] = x;
                    fhi[d] = y;
                }
            }
        } else if (possible) {
            cover = ~uint64_t(0);  // not tracked on this path: wake on every fixed cell
            for (int64_t tz = tlo[2]; tz <= thi[2]; ++tz) {
                for (int64_t ty = tlo[1]; ty <= thi[1]; ++ty) {
                    for (int64_t tx = tlo[0]; tx <= thi[0]; ++tx) {
                        const int64_t shift = tx * c.stride[0] + ty * c.stride[1] + tz * c.stride[2];
                        if (shift < slo || shift > shi || ((shape[0] << shift) & occupied)) continue;
                        const int64_t t[3] = {tx, ty, tz};
                        if (!found) {
                            found = true;
                            for (int d = 0; d < 3; ++d) flo[d] = fhi[d] = t[d];
                            fslo = fshi = shift;
                        } else {
                            for (int d = 0; d < 3; ++d) {
                                flo[d] = std::min(flo[d], t[d]);
                                fhi[d] = std::max(fhi[d], t[d]);
                            }
                            fslo = std::min(fslo, shift);
                            fshi = std::max(fshi, shift);
                        }
                    }
                }
            }
        }
        if (!found) {
            live &= ~(uint64_t(1) << g);
            continue;
        }
        for (int p = 0, k = 0; p < points; ++p) {
            for (int d = 0; d < dim; ++d, ++k) {
                newlo[k] = std::min(newlo[k], off[k] + flo[d]);
                newhi[k] = std::max(newhi[k], off[k] + fhi[d]);
            }
            const int64_t base = static_cast<int64_t>(shape[1 + p]);
            newlo[ncoord + p] = std::min(newlo[ncoord + p], base + fslo);
            newhi[ncoord + p] = std::max(newhi[ncoord + p], base + fshi);
        }
    }
    if (live == 0) return false;
    if (live != live_before) set_slot(c.live_slot, live);
    if (c.cover_slot >= 0 && cover != slots_[c.cover_slot]) set_slot(c.cover_slot, cover);
    for (int k = 0; k < m; ++k)
        if (!narrow(v[k], newlo[k], newhi[k], id)) return false;
    return true;
}

// AllDifferent. With `incremental`, the fixed variables leave the call and their values leave
// the value line: every other interval is renumbered over the free values (value v -> v minus
// the fixed values below it), narrowed among the unfixed variables only, and mapped back. A
// fixed value is a Hall interval of size one, so this reaches the same box, on fewer variables.
bool Solver::run_all_different(const Constraint& c, int id) {
    const int* v = &vars_[c.var_begin];
    const int n = c.var_count;
    int64_t* lo = s_lo_.data();
    int64_t* hi = s_hi_.data();
    AllDifferentBounds& ad = alldiff_[c.alldiff];
    const bool sort = c.algorithm == AllDifferentAlgorithm::sort;
    if (c.live_slot >= 0) return run_all_different_masks(c, id);
    if (options_.careful && sort && n <= AllDifferentBounds::kDense) {
        bool done = false;
        const bool ok = run_all_different_dense(c, id, done);
        if (done) return ok;
    }
    if (!options_.incremental) {
        for (int k = 0; k < n; ++k) {
            lo[k] = lo_[v[k]];
            hi[k] = hi_[v[k]];
        }
        if (!(sort ? ad.narrow_sort(lo, hi) : ad.narrow_leconte(lo, hi))) return false;
        for (int k = 0; k < n; ++k)
            if (!narrow(v[k], lo[k], hi[k], id)) return false;
        return true;
    }
    unsigned char* skip = s_skip_.data();
    int64_t base = std::numeric_limits<int64_t>::max(), top = std::numeric_limits<int64_t>::min();
    int nfixed = 0;
    for (int k = 0; k < n; ++k) {
        const int64_t l = lo_[v[k]], h = hi_[v[k]];
        skip[k] = l == h;
        nfixed += l == h;
        base = std::min(base, l);
        top = std::max(top, h);
    }
    if (nfixed == n) {
        // all fixed: distinct or not (the narrowing of the last change may not have seen it)
        for (int k = 0; k < n; ++k) lo[k] = lo_[v[k]];
        std::sort(lo, lo + n);
        return std::adjacent_find(lo, lo + n) == lo + n;
    }
    if (nfixed == 0) {
        for (int k = 0; k < n; ++k) {
            lo[k] = lo_[v[k]];
            hi[k] = hi_[v[k]];
        }
        if (!(sort ? ad.narrow_sort(lo, hi) : ad.narrow_leconte(lo, hi))) return false;
        for (int k = 0; k < n; ++k)
            if (!narrow(v[k], lo[k], hi[k], id)) return false;
        return true;
    }
    // below[x - base] = how many fixed values are < x, for x in [base, top + 1]; free[r] = the
    // free value of rank r. Values spread wider than a few times n use sorted lists instead.
    const int64_t span = top - base + 2;
    if (span <= 8 * static_cast<int64_t>(n) + 64) {
        s_below_.assign(static_cast<size_t>(span), 0);
        for (int k = 0; k < n; ++k) {
            if (!skip[k]) continue;
            int32_t& mark = s_below_[static_cast<size_t>(lo_[v[k]] - base)];
            if (mark) return false;  // two variables fixed to one value
            mark = 1;
        }
        s_free_.clear();
        int32_t count = 0;
        for (int64_t x = 0; x < span; ++x) {
            const int32_t is_fixed = s_below_[x];
            s_below_[x] = count;
            count += is_fixed;
            if (!is_fixed) s_free_.push_back(base + x);
        }
        for (int k = 0; k < n; ++k) {
            if (skip[k]) continue;
            const int64_t l = lo_[v[k]] - base, h = hi_[v[k]] - base;
            lo[k] = l - s_below_[l];          // rank of the first free value >= l
            hi[k] = h - s_below_[h + 1];      // rank of the last free value <= h
            if (lo[k] > hi[k]) return false;  // only fixed values left in the interval
        }
        if (!(sort ? ad.narrow_sort(lo, hi, skip) : ad.narrow_leconte(lo, hi, skip))) return false;
        for (int k = 0; k < n; ++k)
            if (!skip[k] && !narrow(v[k], s_free_[lo[k]], s_free_[hi[k]], id)) return false;
        return true;
    }
    int64_t* fixed = s_newlo_.data();
    int j = 0;
    for (int k = 0; k < n; ++k)
        if (skip[k]) fixed[j++] = lo_[v[k]];
    std::sort(fixed, fixed + nfixed);
    if (std::adjacent_find(fixed, fixed + nfixed) != fixed + nfixed) return false;
    // below(x): how many fixed values are < x.
    auto below = [fixed, nfixed](int64_t x) {
        return static_cast<int64_t>(std::lower_bound(fixed, fixed + nfixed, x) - fixed);
    };
    for (int k = 0; k < n; ++k) {
        if (skip[k]) continue;
        const int64_t l = lo_[v[k]], h = hi_[v[k]];
        lo[k] = l - below(l);
        hi[k] = h - below(h + 1);
        if (lo[k] > hi[k]) return false;
    }
    if (!(sort ? ad.narrow_sort(lo, hi, skip) : ad.narrow_leconte(lo, hi, skip))) return false;
    // rank r -> the free value f = r + j, j = the first index with fixed[j] - j > r
    int64_t* key = s_newhi_.data();
    for (int i = 0; i < nfixed; ++i) key[i] = fixed[i] - i;
    auto value_of = [key, nfixed](int64_t r) {
        return r + static_cast<int64_t>(std::upper_bound(key, key + nfixed, r) - key);
    };
    for (int k = 0; k < n; ++k) {
        if (skip[k]) continue;
        if (!narrow(v[k], value_of(lo[k]), value_of(hi[k]), id)) return false;
    }
    return true;
}

// AllDifferent by sorting on a value line of at most 64 values [base, base + 63], as bit masks:
// with `incremental`, the fixed values leave the line (the rank of a value among the free ones
// comes from a table of one sweep) and the fixed variables leave the call. Used when the masks
// of run_all_different_masks are not set up (values outside [0, 63] at creation, or not
// incremental). `done` is false when the values spread wider (the general code then runs).
bool Solver::run_all_different_dense(const Constraint& c, int id, bool& done) {
    const int* v = &vars_[c.var_begin];
    const int n = c.var_count;
    int64_t base = lo_[v[0]], top = hi_[v[0]];
    for (int k = 1; k < n; ++k) {
        base = std::min(base, lo_[v[k]]);
        top = std::max(top, hi_[v[k]]);
    }
    if (top - base >= AllDifferentBounds::kDense) return true;  // done stays false
    done = true;
    const int span = static_cast<int>(top - base) + 1;
    const uint64_t line = span == 64 ? ~uint64_t(0) : (uint64_t(1) << span) - 1;
    int* dlo = s_dense_lo_.data();
    int* dhi = s_dense_hi_.data();
    int* who = s_dense_who_.data();
    int u = 0;
    if (!options_.incremental) {
        for (int k = 0; k < n; ++k) {
            dlo[k] = static_cast<int>(lo_[v[k]] - base);
            dhi[k] = static_cast<int>(hi_[v[k]] - base);
        }
        if (!AllDifferentBounds::narrow_dense(n, span, dlo, dhi)) return false;
        for (int k = 0; k < n; ++k)
            if (!narrow(v[k], base + dlo[k], base + dhi[k], id)) return false;
        return true;
    }
    uint64_t fixed = 0;
    for (int k = 0; k < n; ++k) {
        if (lo_[v[k]] != hi_[v[k]]) continue;
        const uint64_t bit = uint64_t(1) << (lo_[v[k]] - base);
        if (fixed & bit) return false;  // two variables fixed to one value
        fixed |= bit;
    }
    const uint64_t free = line & ~fixed;
    // below[x]: how many free values are < x; value_of[r]: the free value of rank r
    int below[AllDifferentBounds::kDense + 1];
    int value_of[AllDifferentBounds::kDense];
    int values = 0;
    for (int x = 0; x < span; ++x) {
        below[x] = values;
        if ((free >> x) & 1) value_of[values++] = x;
    }
    below[span] = values;
    for (int k = 0; k < n; ++k) {
        const int64_t l = lo_[v[k]] - base, h = hi_[v[k]] - base;
        if (l == h) continue;
        // rank among the free values of the first free value >= l and of the last one <= h
        const int rl = below[l];
        const int rh = below[h + 1] - 1;
        if (rl > rh) return false;  // only fixed values left in the interval
        dlo[u] = rl;
        dhi[u] = rh;
        who[u++] = k;
    }
    if (u == 0) return true;
    if (!AllDifferentBounds::narrow_dense(u, values, dlo, dhi)) return false;
    for (int q = 0; q < u; ++q)
        if (!narrow(v[who[q]], base + value_of[dlo[q]], base + value_of[dhi[q]], id)) return false;
    return true;
}

// The values are in [0, 63] and the fixed variables and values are kept in two reversible bit
// masks (slots live_slot and live_slot + 1): only the variables not fixed before are visited.
bool Solver::run_all_different_masks(const Constraint& c, int id) {
    const int* v = &vars_[c.var_begin];
    const int n = c.var_count;
    const uint64_t all = n == 64 ? ~uint64_t(0) : (uint64_t(1) << n) - 1;
    const uint64_t fixed_pos_before = slots_[c.live_slot];
    uint64_t fixed_pos = fixed_pos_before, fixed = slots_[c.live_slot + 1];
    int64_t top = 0;
    for (uint64_t rest = all & ~fixed_pos_before; rest; rest &= rest - 1) {
        const int k = __builtin_ctzll(rest);
        const int64_t l = lo_[v[k]], h = hi_[v[k]];
        if (l == h) {
            const uint64_t bit = uint64_t(1) << l;
            if (fixed & bit) return false;  // two variables fixed to one value
            fixed |= bit;
            fixed_pos |= uint64_t(1) << k;
        } else if (h > top) {
            top = h;
        }
    }
    if (fixed_pos != fixed_pos_before) {
        set_slot(c.live_slot, fixed_pos);
        set_slot(c.live_slot + 1, fixed);
    }
    const uint64_t unfixed = all & ~fixed_pos;
    if (!unfixed) return true;
    const int span = static_cast<int>(top) + 1;
    const uint64_t line = span == 64 ? ~uint64_t(0) : (uint64_t(1) << span) - 1;
    const uint64_t free = line & ~fixed;
    // below[x]: how many free values are < x; value_of[r]: the free value of rank r
    int below[AllDifferentBounds::kDense + 1];
    int value_of[AllDifferentBounds::kDense];
    int values = 0;
    for (int x = 0; x < span; ++x) {  // branch-free: the free bits are unpredictable
        below[x] = values;
        value_of[values] = x;
        values += static_cast<int>((free >> x) & 1);
    }
    below[span] = values;
    int* dlo = s_dense_lo_.data();
    int* dhi = s_dense_hi_.data();
    int* who = s_dense_who_.data();
    int u = 0;
    for (uint64_t rest = unfixed; rest; rest &= rest - 1) {
        const int k = __builtin_ctzll(rest);
        const int rl = below[lo_[v[k]]], rh = below[hi_[v[k]] + 1] - 1;
        if (rl > rh) return false;  // only fixed values left in the interval
        dlo[u] = rl;
        dhi[u] = rh;
        who[u++] = k;
    }
    if (!AllDifferentBounds::narrow_dense(u, values, dlo, dhi)) return false;
    for (int q = 0; q < u; ++q)
        if (!narrow(v[who[q]], value_of[dlo[q]], value_of[dhi[q]], id)) return false;
    return true;
}

// ---------------------------------------------------------------------------- search

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
        stack_.push_back({v, lo_[v], hi_[v], trail_.size(), false});
        new_node();
        if (narrow(v, lo_[v], lo_[v], -1) && propagate()) continue;
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
    const int64_t lo = lo_[v], hi = hi_[v];
    const Decision sides[2] = {{v, lo, lo}, {v, lo + 1, hi}};
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
