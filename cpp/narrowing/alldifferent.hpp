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
    // returned: no tuple of distinct integers fits the box).
    bool narrow_sort(int64_t* lo, int64_t* hi);
    bool narrow_leconte(int64_t* lo, int64_t* hi);

private:
    struct Interval {
        int64_t min, max;  // closed
        int minrank, maxrank;
    };
    void sort_bounds();
    bool filter_lower();
    bool filter_upper();
    bool leconte_lower(const int64_t* lo, const int64_t* hi, int64_t* new_lo, std::vector<int>& by_hi);

    int n_;
    std::vector<Interval> iv_;
    std::vector<int> minsorted_, maxsorted_;
    std::vector<int64_t> bounds_;
    std::vector<int> t_, h_;
    std::vector<int64_t> d_;
    int nb_ = 0;
    // leconte scratch
    std::vector<int> by_hi_, by_hi_mirror_;  // orders kept between calls
    std::vector<int64_t> starts_, neg_lo_, neg_hi_, tmp_;
};

}  // namespace cassetete::narrowing
