// Luby's universal restart sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ... (i >= 1), shared by the
// engines that restart (M. Luby, A. Sinclair, D. Zuckerman, "Optimal speedup of Las Vegas
// algorithms", 1993).
#pragma once
#include <cstdint>

namespace cassetete {

inline uint64_t luby(uint64_t i) noexcept {
    for (;;) {
        uint64_t k = 1;
        while ((uint64_t(1) << k) - 1 < i) ++k;
        if ((uint64_t(1) << k) - 1 == i) return uint64_t(1) << (k - 1);
        i -= (uint64_t(1) << (k - 1)) - 1;
    }
}

}  // namespace cassetete
