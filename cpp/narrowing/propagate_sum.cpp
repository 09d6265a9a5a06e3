// The Sum propagator, x = y1 + ... + yn (Gilleta, section 4).
#include "narrowing/solver.hpp"

namespace cassetete::narrowing {

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

}  // namespace cassetete::narrowing
