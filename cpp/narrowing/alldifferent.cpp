#include "narrowing/alldifferent.hpp"

#include <algorithm>
#include <limits>

namespace cassetete::narrowing {

AllDifferentBounds::AllDifferentBounds(int n)
    : n_(n), iv_(n), min_order_(n), max_order_(n), minsorted_(n), maxsorted_(n), bounds_(2 * n + 2), t_(2 * n + 2),
      h_(2 * n + 2), d_(2 * n + 2), by_hi_(n), by_hi_mirror_(n), neg_lo_(n), neg_hi_(n), tmp_(n), packed_lo_(n),
      packed_hi_(n), packed_(n) {
    for (int i = 0; i < n; ++i) min_order_[i] = max_order_[i] = by_hi_[i] = by_hi_mirror_[i] = i;
}

namespace {

// Insertion sort: the orders of the previous call are nearly right, so this is about O(n).
template <class Less>
void insertion_sort(std::vector<int>& order, Less less) {
    for (size_t i = 1; i < order.size(); ++i) {
        const int item = order[i];
        size_t j = i;
        while (j > 0 && less(item, order[j - 1])) {
            order[j] = order[j - 1];
            --j;
        }
        order[j] = item;
    }
}

// Union-find style path helpers over rank arrays (t and h of López-Ortiz et al.).
inline int path_max(const std::vector<int>& t, int i) {
    while (t[i] > i) i = t[i];
    return i;
}
inline int path_min(const std::vector<int>& t, int i) {
    while (t[i] < i) i = t[i];
    return i;
}
inline void path_set(std::vector<int>& t, int start, int end, int to) {
    int k, l = start;
    while ((k = l) != end) {
        l = t[k];
        t[k] = to;
    }
}

}  // namespace

// The sorted, deduplicated list of all mins and maxes+1 (half-open ends), with sentinels;
// every interval learns the ranks of its ends in it.
void AllDifferentBounds::sort_bounds() {
    int64_t min = iv_[minsorted_[0]].min;
    int64_t max = iv_[maxsorted_[0]].max + 1;
    int64_t last = min - 2;
    int nb = 0;
    bounds_[0] = last;
    int i = 0, j = 0;
    for (;;) {
        if (i < u_ && min <= max) {
            if (min != last) bounds_[++nb] = last = min;
            iv_[minsorted_[i]].minrank = nb;
            if (++i < u_) min = iv_[minsorted_[i]].min;
        } else {
            if (max != last) bounds_[++nb] = last = max;
            iv_[maxsorted_[j]].maxrank = nb;
            if (++j == u_) break;
            max = iv_[maxsorted_[j]].max + 1;
        }
    }
    nb_ = nb;
    bounds_[nb + 1] = bounds_[nb] + 2;
}

// Raise the mins past the Hall intervals, visiting the intervals by increasing max. t links
// each bound to the next bound with free capacity d, h links the bounds inside Hall intervals
// to their right end.
bool AllDifferentBounds::filter_lower() {
    for (int i = 1; i <= nb_ + 1; ++i) {
        t_[i] = h_[i] = i - 1;
        d_[i] = bounds_[i] - bounds_[i - 1];
    }
    for (int i = 0; i < u_; ++i) {
        Interval& v = iv_[maxsorted_[i]];
        const int x = v.minrank, y = v.maxrank;
        int z = path_max(t_, x + 1);
        const int j = t_[z];
        if (--d_[z] == 0) {
            t_[z] = z + 1;
            z = path_max(t_, t_[z]);
            t_[z] = j;
        }
        path_set(t_, x + 1, z, z);
        if (d_[z] < bounds_[z] - bounds_[y]) return false;  // more intervals than values
        if (h_[x] > x) {
            const int w = path_max(h_, h_[x]);
            v.min = bounds_[w];
            path_set(h_, x, w, w);
        }
        if (d_[z] == bounds_[z] - bounds_[y]) {  // [bounds[j], bounds[y]) is a Hall interval
            path_set(h_, h_[y], j - 1, y);
            h_[y] = j - 1;
        }
    }
    return true;
}

// The mirror image: lower the maxes, visiting the intervals by decreasing min.
bool AllDifferentBounds::filter_upper() {
    for (int i = 0; i <= nb_; ++i) {
        t_[i] = h_[i] = i + 1;
        d_[i] = bounds_[i + 1] - bounds_[i];
    }
    for (int i = u_ - 1; i >= 0; --i) {
        Interval& v = iv_[minsorted_[i]];
        const int x = v.maxrank, y = v.minrank;
        int z = path_min(t_, x - 1);
        const int j = t_[z];
        if (--d_[z] == 0) {
            t_[z] = z - 1;
            z = path_min(t_, t_[z]);
            t_[z] = j;
        }
        path_set(t_, x - 1, z, z);
        if (d_[z] < bounds_[y] - bounds_[z]) return false;
        if (h_[x] < x) {
            const int w = path_min(h_, h_[x]);
            v.max = bounds_[w] - 1;
            path_set(h_, x, w, w);
        }
        if (d_[z] == bounds_[y] - bounds_[z]) {
            path_set(h_, h_[y], j + 1, y);
            h_[y] = j + 1;
        }
    }
    return true;
}

// The active variables in the kept order of all of them, insertion-sorted; the sorted order is
// written back into the active variables' slots so the next call starts nearly sorted.
void AllDifferentBounds::sort_active(std::vector<int>& all, std::vector<int>& active, const unsigned char* skip,
                                     bool by_min) {
    active.clear();
    for (int v : all)
        if (!skip || !skip[v]) active.push_back(v);
    if (by_min) insertion_sort(active, [this](int a, int b) { return iv_[a].min < iv_[b].min; });
    else insertion_sort(active, [this](int a, int b) { return iv_[a].max < iv_[b].max; });
    size_t k = 0;
    for (int& v : all)
        if (!skip || !skip[v]) v = active[k++];
}

void AllDifferentBounds::counting_sort(std::vector<int>& out, const unsigned char* skip, int64_t low, int64_t high,
                                       bool by_min) {
    bucket_.assign(static_cast<size_t>(high - low + 2), 0);
    for (int i = 0; i < n_; ++i)
        if (!skip || !skip[i]) ++bucket_[static_cast<size_t>((by_min ? iv_[i].min : iv_[i].max) - low) + 1];
    for (size_t k = 1; k < bucket_.size(); ++k) bucket_[k] += bucket_[k - 1];
    out.resize(u_);
    for (int i = 0; i < n_; ++i)
        if (!skip || !skip[i]) out[bucket_[static_cast<size_t>((by_min ? iv_[i].min : iv_[i].max) - low)]++] = i;
}

bool AllDifferentBounds::narrow_sort(int64_t* lo, int64_t* hi, const unsigned char* skip) {
    u_ = 0;
    for (int i = 0; i < n_; ++i) {
        if (skip && skip[i]) continue;
        iv_[i].min = lo[i];
        iv_[i].max = hi[i];
        ++u_;
    }
    if (u_ == 0) return true;
    int64_t low = std::numeric_limits<int64_t>::max(), high = std::numeric_limits<int64_t>::min();
    for (int i = 0; i < n_; ++i) {
        if (skip && skip[i]) continue;
        low = std::min(low, iv_[i].min);
        high = std::max(high, iv_[i].max);
    }
    if (high - low <= 4 * static_cast<int64_t>(u_) + 16) {
        // Few distinct values (a permutation, after the fixed values left): counting sorts.
        counting_sort(minsorted_, skip, low, high, true);
        counting_sort(maxsorted_, skip, low, high, false);
    } else {
        sort_active(min_order_, minsorted_, skip, true);
        sort_active(max_order_, maxsorted_, skip, false);
    }
    sort_bounds();
    if (!filter_lower()) return false;
    if (!filter_upper()) return false;
    for (int i = 0; i < n_; ++i) {
        if (skip && skip[i]) continue;
        lo[i] = iv_[i].min;
        hi[i] = iv_[i].max;
    }
    return true;
}

// One pass raising the mins: for every left end a (a distinct min), sweep the intervals with
// min >= a by increasing max, counting those inside [a, b]. A count above b - a + 1 is a
// failure; a count equal to it makes [a, b] a Hall interval, and every later interval (max > b)
// whose min lies in [a, b] must start after b.
bool AllDifferentBounds::leconte_lower(const int64_t* lo, const int64_t* hi, int64_t* new_lo,
                                       std::vector<int>& by_hi) {
    insertion_sort(by_hi, [hi](int a, int b) { return hi[a] < hi[b]; });
    starts_.assign(lo, lo + n_);
    std::sort(starts_.begin(), starts_.end());
    starts_.erase(std::unique(starts_.begin(), starts_.end()), starts_.end());
    for (int i = 0; i < n_; ++i) new_lo[i] = lo[i];
    for (int64_t a : starts_) {
        int64_t count = 0;
        bool hall = false;
        int64_t hall_end = 0;
        int k = 0;
        while (k < n_) {
            const int64_t b = hi[by_hi[k]];
            int g = k;
            for (; g < n_ && hi[by_hi[g]] == b; ++g) {
                const int v = by_hi[g];
                if (lo[v] < a) continue;
                if (hall && lo[v] <= hall_end && new_lo[v] <= hall_end) new_lo[v] = hall_end + 1;
                ++count;
            }
            k = g;
            if (b < a) continue;
            if (count > b - a + 1) return false;
            if (count == b - a + 1) {
                hall = true;
                hall_end = b;
            }
        }
    }
    return true;
}

bool AllDifferentBounds::narrow_leconte(int64_t* lo, int64_t* hi, const unsigned char* skip) {
    if (skip) {
        // Narrow the active variables, packed at the front of scratch arrays.
        packed_.clear();
        for (int i = 0; i < n_; ++i)
            if (!skip[i]) packed_.push_back(i);
        const int u = static_cast<int>(packed_.size());
        for (int k = 0; k < u; ++k) {
            packed_lo_[k] = lo[packed_[k]];
            packed_hi_[k] = hi[packed_[k]];
        }
        AllDifferentBounds sub(u);  // O(n) setup, small beside the O(n^2) passes
        if (!sub.narrow_leconte(packed_lo_.data(), packed_hi_.data())) return false;
        for (int k = 0; k < u; ++k) {
            lo[packed_[k]] = packed_lo_[k];
            hi[packed_[k]] = packed_hi_[k];
        }
        return true;
    }
    if (n_ == 0) return true;
    for (;;) {
        bool changed = false;
        if (!leconte_lower(lo, hi, tmp_.data(), by_hi_)) return false;
        for (int i = 0; i < n_; ++i) {
            if (tmp_[i] != lo[i]) {
                changed = true;
                lo[i] = tmp_[i];
                if (lo[i] > hi[i]) return false;
            }
        }
        // Upper bounds: the same pass on the mirrored intervals [-hi, -lo].
        for (int i = 0; i < n_; ++i) {
            neg_lo_[i] = -hi[i];
            neg_hi_[i] = -lo[i];
        }
        if (!leconte_lower(neg_lo_.data(), neg_hi_.data(), tmp_.data(), by_hi_mirror_)) return false;
        for (int i = 0; i < n_; ++i) {
            if (-tmp_[i] != hi[i]) {
                changed = true;
                hi[i] = -tmp_[i];
                if (lo[i] > hi[i]) return false;
            }
        }
        if (!changed) return true;
    }
}

namespace {

inline uint64_t bit(int r) { return uint64_t(1) << r; }
// the first set bit at or above r / the last set bit at or below r (one exists)
inline int first_from(uint64_t mask, int r) { return __builtin_ctzll(mask & (~uint64_t(0) << r)); }
inline int last_upto(uint64_t mask, int r) {
    return 63 - __builtin_clzll(mask & (r >= 63 ? ~uint64_t(0) : (uint64_t(1) << (r + 1)) - 1));
}
// the bits lo..hi
inline uint64_t span_bits(int lo, int hi) {
    return (hi >= 63 ? ~uint64_t(0) : (uint64_t(1) << (hi + 1)) - 1) & (~uint64_t(0) << lo);
}

}  // namespace

// The two passes of López-Ortiz et al. when the ranks 0 .. nb + 1 fit in 64 bits: their
// union-find trees only answer "the nearest rank with capacity left, above or below" and "the
// nearest rank outside every Hall interval found so far", which are one bit scan each on the
// masks of those ranks (no pointer chasing, no unpredictable loops).
bool AllDifferentBounds::bit_passes(int n, int nb, const int* bound, const int* by_max, const int* by_min,
                                    const int* min_rank, const int* max_rank, int* lo, int* hi) {
    int d[kDense + 3];
    // Raise the mins: rank r (1 .. nb + 1) holds the values [bound[r - 1], bound[r]); rank 0 is
    // the left sentinel (always "with capacity").
    uint64_t live = span_bits(0, nb + 1), hall = 0;
    for (int r = 1; r <= nb + 1; ++r) d[r] = bound[r] - bound[r - 1];
    for (int k = 0; k < n; ++k) {
        const int i = by_max[k];
        const int x = min_rank[i], y = max_rank[i];
        int z = first_from(live, x + 1);
        const int j = last_upto(live, z - 1);
        if (--d[z] == 0) {
            live &= ~bit(z);
            z = first_from(live, z + 1);
        }
        if (d[z] < bound[z] - bound[y]) return false;  // more intervals than values
        if (hall & bit(x)) lo[i] = bound[first_from(~hall, x)];
        if (d[z] == bound[z] - bound[y]) hall |= span_bits(j, y - 1);  // a Hall interval
    }
    // Lower the maxes: the mirror image; rank r (0 .. nb) holds [bound[r], bound[r + 1]), rank
    // nb + 1 is the right sentinel.
    live = span_bits(0, nb + 1);
    hall = 0;
    for (int r = 0; r <= nb; ++r) d[r] = bound[r + 1] - bound[r];
    for (int k = n - 1; k >= 0; --k) {
        const int i = by_min[k];
        const int x = max_rank[i], y = min_rank[i];
        int z = last_upto(live, x - 1);
        const int j = first_from(live, z + 1);
        if (--d[z] == 0) {
            live &= ~bit(z);
            z = last_upto(live, z - 1);
        }
        if (d[z] < bound[y] - bound[z]) return false;
        if (hall & bit(x)) hi[i] = bound[last_upto(~hall, x)] - 1;
        if (d[z] == bound[y] - bound[z]) hall |= span_bits(y + 1, j);
    }
    return true;
}

// López-Ortiz et al. (2003), as narrow_sort, with the bounds found by marking the ends on the
// value line instead of sorting them, and the intervals sorted by counting.
bool AllDifferentBounds::narrow_dense(int n, int values, int* lo, int* hi) {
    if (n == 0) return true;
    constexpr int kRanks = kDense + 3;
    int bound[kRanks], t[kRanks], h[kRanks], d[kRanks];
    int by_max[kDense], by_min[kDense], hi_bucket[kDense + 1], lo_bucket[kDense + 1];
    int min_rank[kDense], max_rank[kDense], rank_of[kDense + 1];
    // The bounds: the distinct mins and maxes + 1, numbered from 1 in increasing order, found by
    // marking them on the value line; sentinels around.
    bool is_end[kDense + 1] = {};
    for (int i = 0; i < n; ++i) is_end[lo[i]] = is_end[hi[i] + 1] = true;
    int nb = 0;
    for (int x = 0; x <= values; ++x) {  // branch-free
        bound[nb + 1] = x;
        rank_of[x] = nb + 1;
        nb += is_end[x];
    }
    bound[0] = bound[1] - 2;
    bound[nb + 1] = bound[nb] + 2;
    for (int i = 0; i < n; ++i) {
        min_rank[i] = rank_of[lo[i]];
        max_rank[i] = rank_of[hi[i] + 1];
    }
    // counting sorts by max and by min
    for (int v = 0; v <= values; ++v) hi_bucket[v] = lo_bucket[v] = 0;
    for (int i = 0; i < n; ++i) {
        ++hi_bucket[hi[i]];
        ++lo_bucket[lo[i]];
    }
    for (int v = 0, hs = 0, ls = 0; v <= values; ++v) {
        const int hc = hi_bucket[v], lc = lo_bucket[v];
        hi_bucket[v] = hs;
        lo_bucket[v] = ls;
        hs += hc;
        ls += lc;
    }
    for (int i = 0; i < n; ++i) {
        by_max[hi_bucket[hi[i]]++] = i;
        by_min[lo_bucket[lo[i]]++] = i;
    }
    if (nb + 1 < 64) return bit_passes(n, nb, bound, by_max, by_min, min_rank, max_rank, lo, hi);
    auto path_max = [](const int* a, int i) { while (a[i] > i) i = a[i]; return i; };
    auto path_min = [](const int* a, int i) { while (a[i] < i) i = a[i]; return i; };
    auto path_set = [](int* a, int start, int end, int to) {
        int k, l = start;
        while ((k = l) != end) { l = a[k]; a[k] = to; }
    };
    // Raise the mins (intervals by increasing max).
    for (int r = 1; r <= nb + 1; ++r) {
        t[r] = h[r] = r - 1;
        d[r] = bound[r] - bound[r - 1];
    }
    for (int k = 0; k < n; ++k) {
        const int i = by_max[k];
        const int x = min_rank[i], y = max_rank[i];
        int z = path_max(t, x + 1);
        const int j = t[z];
        if (--d[z] == 0) {
            t[z] = z + 1;
            z = path_max(t, t[z]);
            t[z] = j;
        }
        path_set(t, x + 1, z, z);
        if (d[z] < bound[z] - bound[y]) return false;
        if (h[x] > x) {
            const int w = path_max(h, h[x]);
            lo[i] = bound[w];
            path_set(h, x, w, w);
        }
        if (d[z] == bound[z] - bound[y]) {
            path_set(h, h[y], j - 1, y);
            h[y] = j - 1;
        }
    }
    // Lower the maxes (intervals by decreasing min): the mirror image, on the mins of the entry
    // (as narrow_sort: the two passes are independent).
    for (int r = 0; r <= nb; ++r) {
        t[r] = h[r] = r + 1;
        d[r] = bound[r + 1] - bound[r];
    }
    for (int k = n - 1; k >= 0; --k) {
        const int i = by_min[k];
        const int x = max_rank[i], y = min_rank[i];
        int z = path_min(t, x - 1);
        const int j = t[z];
        if (--d[z] == 0) {
            t[z] = z - 1;
            z = path_min(t, t[z]);
            t[z] = j;
        }
        path_set(t, x - 1, z, z);
        if (d[z] < bound[y] - bound[z]) return false;
        if (h[x] < x) {
            const int w = path_min(h, h[x]);
            hi[i] = bound[w] - 1;
            path_set(h, x, w, w);
        }
        if (d[z] == bound[y] - bound[z]) {
            path_set(h, h[y], j + 1, y);
            h[y] = j + 1;
        }
    }
    return true;
}

}  // namespace cassetete::narrowing
