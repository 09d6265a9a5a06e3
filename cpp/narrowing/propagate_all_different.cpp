// The AllDifferent propagator on the solver's store: the general bounds narrowing
// (narrowing/alldifferent.cpp) with the fixed variables and values left out, and its
// 64-value dense and bit-mask forms.
#include "narrowing/solver.hpp"

#include <algorithm>
#include <limits>

namespace cassetete::narrowing {

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

}  // namespace cassetete::narrowing
