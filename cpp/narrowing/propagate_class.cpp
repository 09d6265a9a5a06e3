// The Class and Translated propagators (Gilleta, section 5), and the scratch boxes they
// share with Placement.
#include "narrowing/solver.hpp"
#include "narrowing/arith.hpp"

#include <algorithm>
#include <limits>

namespace cassetete::narrowing {

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

}  // namespace cassetete::narrowing
