// Bounds narrowing of AllDifferent ("EntiersDistincts" in Gilleta, "Résolution du puzzle
// tridimensionnel des pentaminos", section 4): given intervals X1..Xn, the smallest box
// X'1 x ... x X'n with the same pairwise-distinct integer tuples. For interval domains this is
// bounds consistency, characterised by Hall intervals: an interval H holding the domains of
// exactly |H| variables is used up by them, so every other variable's bounds leave H, and an
// interval holding more than |H| domains means no solution.
//
// Two algorithms with the same fixpoint:
//  - narrow_sort: O(n log n) (O(n) on nearly sorted input, since the orders of the previous call
//    are kept and insertion-sorted), the union-find algorithm of López-Ortiz, Quimper, Tromp and
//    van Beek, "A fast and simple algorithm for bounds consistency of the alldifferent
//    constraint" (IJCAI 2003), which reaches Puget's (1998) bounds consistency; the paper
//    suggests the sorting constraint of Bleuzen-Guernalec and Colmerauer (1997) for this step.
//  - narrow_leconte: O(n^2) per pass: every Hall interval [a, b] of the current box is found by
//    one sweep per left end a, in the spirit of Leconte (1996), the paper's algorithm; passes
//    repeat until nothing changes.
#pragma once
#include <cstdint>
#include <vector>

namespace cassetete::narrowing {

class AllDifferentBounds {
public:
    explicit AllDifferentBounds(int n);

    // lo[i], hi[i]: the intervals on entry, the narrowed ones on exit (unspecified when false is
    // returned: no tuple of distinct integers fits the box). Variables with skip[i] set take no
    // part (skip may be null); the others must be distinct from each other only.
    bool narrow_sort(int64_t* lo, int64_t* hi, const unsigned char* skip = nullptr);
    bool narrow_leconte(int64_t* lo, int64_t* hi, const unsigned char* skip = nullptr);

    // The same bounds consistency as narrow_sort for small value lines: n <= kDense intervals
    // [lo[i], hi[i]] inside [0, values), values <= kDense. The bounds are found by marking the
    // ends on the value line, the intervals sorted by counting; O(n + values), no allocation,
    // no state. lo, hi: narrowed in place (unspecified when false is returned).
    static constexpr int kDense = 64;
    static bool narrow_dense(int n, int values, int* lo, int* hi);

private:
    static bool bit_passes(int n, int nb, const int* bound, const int* by_max, const int* by_min,
                           const int* min_rank, const int* max_rank, int* lo, int* hi);

public:

private:
    struct Interval {
        int64_t min, max;  // closed
        int minrank, maxrank;
    };
    void sort_active(std::vector<int>& all, std::vector<int>& active, const unsigned char* skip, bool by_min);
    void counting_sort(std::vector<int>& out, const unsigned char* skip, int64_t low, int64_t high, bool by_min);
    void sort_bounds();
    bool filter_lower();
    bool filter_upper();
    bool leconte_lower(const int64_t* lo, const int64_t* hi, int64_t* new_lo, std::vector<int>& by_hi);

    int n_;
    std::vector<Interval> iv_;
    // Orders of all the variables, kept between calls (nearly right next time), and the orders of
    // the variables taking part in the current call.
    std::vector<int> min_order_, max_order_, minsorted_, maxsorted_;
    int u_ = 0;  // variables taking part
    std::vector<int> bucket_;
    std::vector<int64_t> bounds_;
    std::vector<int> t_, h_;
    std::vector<int64_t> d_;
    int nb_ = 0;
    // leconte scratch
    std::vector<int> by_hi_, by_hi_mirror_;  // orders kept between calls
    std::vector<int64_t> starts_, neg_lo_, neg_hi_, tmp_, packed_lo_, packed_hi_;
    std::vector<int> packed_;
};

}  // namespace cassetete::narrowing
