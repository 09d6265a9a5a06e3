// The Solver's set-up: the model compiled into constraints, watch lists, fused Sums and
// placement tables (see solver.hpp).
#include "narrowing/solver.hpp"

#include <algorithm>

namespace cassetete::narrowing {

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
            c.cells_mode = spec.cells_mode;
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
        if (c.kind == Kind::placement) placements_.push_back(static_cast<int>(constraints_.size()));
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

}  // namespace cassetete::narrowing
