// The Product propagator, x = a*y (Gilleta, section 4).
#include "narrowing/solver.hpp"
#include "narrowing/arith.hpp"

#include <algorithm>

namespace cassetete::narrowing {

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

}  // namespace cassetete::narrowing
