// The careful Sum: a Sum narrowed with the Products of its terms to their joint fixpoint
// (Gilleta, section 8, "careful implementation").
#include "narrowing/solver.hpp"

#include <algorithm>

namespace cassetete::narrowing {

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

}  // namespace cassetete::narrowing
