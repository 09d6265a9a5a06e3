// Small helpers of the narrowing propagators: divisions rounding towards -infinity and
// +infinity, and the translations of an orientation that keep its points in their boxes.
#pragma once
#include <algorithm>
#include <cstdint>
#include <limits>

namespace cassetete::narrowing {

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

// Translated(g) (section 5) per coordinate d: the translations t that keep every point p of an
// orientation with offsets `off` in its box, lo[p*dim+d] - off <= t <= hi[p*dim+d] - off, as
// [tlo[d], thi[d]]. False (and the rest unset) as soon as one coordinate has none.
inline bool translation_range(const int64_t* lo, const int64_t* hi, const int64_t* off, int points, int dim,
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

}  // namespace cassetete::narrowing
