// vec9, the 9x9 kernel designed for vector units (issue 28): the body of every instruction-set
// variant. Each vec9_<variant>.cpp defines CASSETETE_VEC9_VARIANT (the namespace) and, for the
// wide variants, switches the target on before including this file once. The 9x9 engine
// (sudoku9.hpp) runs the avx512 variant; the others are built for tests and benches (vec9.hpp).
//
// Design. The state is the 243 words "band b may hold digit d in these of its 27 cells"
// (cell (R, C) at bit (R % 3) * 9 + C of band R / 3): digits 0..7 in two 16-lane vectors of
// 32-bit words (lane 4 * g + b of vector k is digit 4 * k + g, band b; lane b = 3 is padding,
// always zero), digit 8 in a 4-lane vector (lanes 0..2). Propagation is a sweep that applies
// every rule to every word at once, repeated until nothing changes, instead of a queue of
// single-word updates:
//  * cell counts across the nine digits (at least 1 / at least 2) with a bit-sliced adder and
//    two lane butterflies: an empty cell fails, a cell with one digit is decided;
//  * hidden singles in the rows of each digit (a row whose field has one bit; those of boxes and
//    columns follow from the band and stack rules one sweep later);
//  * decided cells clear their cell for the other digits and their row, box and column for
//    their own digit;
//  * the band rule: inside a band a digit fills one mini-row in each row and in each box, so
//    the 3x3 matrix of non-empty mini-rows must contain a permutation matrix; a mini-row is
//    kept only if the 2x2 minor left after removing its row and box has a matching. Written
//    with rotations of rows (shifts by 9) and of boxes (shifts by 3) of the band word, it is a
//    dozen bitwise operations for every word at once, with no table;
//  * the stack rule: the same on mini-columns (band x column-in-stack), with the rotation of
//    bands done by a lane shuffle.
//  * at each fixed point of the rules above, triads (a mini-row or mini-column holds exactly
//    three digits), then the sweeps again if they removed anything.
// The search branches on a digit's configurations in a band or a stack (the one of the six with
// the fewest summed over its digits, then its digit with the fewest), each configuration tried.
//
// Ideas (not code) from published solvers: T. Dillon, tdoku documentation, 2019 (batched
// propagation over bands with vector instructions, triads, a digit's configurations in a band
// and the guess among them); ZhouYundong's JCZSolve and its descendants (band words of 27 bits
// per digit). The implementation is our own.
//
// No include guard: included once per variant translation unit.
#ifndef CASSETETE_VEC9_VARIANT
#error "define CASSETETE_VEC9_VARIANT (the variant's namespace) before including vec9_kernel.hpp"
#endif

#include <cstdint>
#include <cstring>

#include "sudoku/vec9.hpp"

#if defined(__GNUC__) && !defined(__clang__)
// The 512-bit vectors are passed between inline functions of this file only (an anonymous
// namespace): g++'s note that their ABI differs without AVX-512 does not concern them.
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

namespace cassetete::sudoku::vec9 {
namespace CASSETETE_VEC9_VARIANT {
namespace {

#if defined(CASSETETE_VEC9_PLAIN)
// Plain C++: words in an array, every operation a loop (the scalar fallback, and the variant of
// compilers without GCC's vector extensions). V has 16 lanes, Q 4.
template <int N>
struct Vn {
    uint32_t x[N];
};
using V = Vn<16>;
using Q = Vn<4>;
inline V splat(uint32_t a) {
    V r;
    for (int i = 0; i < 16; ++i) r.x[i] = a;
    return r;
}
inline Q splatq(uint32_t a) { return Q{{a, a, a, a}}; }
#define VEC9_BINOP(op)                                                 \
    template <int N>                                                   \
    inline Vn<N> operator op(const Vn<N>& a, const Vn<N>& b) {         \
        Vn<N> r;                                                       \
        for (int i = 0; i < N; ++i) r.x[i] = a.x[i] op b.x[i];         \
        return r;                                                      \
    }                                                                  \
    template <int N>                                                   \
    inline Vn<N> operator op(const Vn<N>& a, uint32_t b) {             \
        Vn<N> r;                                                       \
        for (int i = 0; i < N; ++i) r.x[i] = a.x[i] op b;              \
        return r;                                                      \
    }
VEC9_BINOP(&)
VEC9_BINOP(|)
VEC9_BINOP(^)
VEC9_BINOP(-)
#undef VEC9_BINOP
template <int N>
inline Vn<N> operator~(const Vn<N>& a) {
    Vn<N> r;
    for (int i = 0; i < N; ++i) r.x[i] = ~a.x[i];
    return r;
}
template <int N>
inline Vn<N> operator>>(const Vn<N>& a, int k) {
    Vn<N> r;
    for (int i = 0; i < N; ++i) r.x[i] = a.x[i] >> k;
    return r;
}
template <int N>
inline Vn<N> operator<<(const Vn<N>& a, int k) {
    Vn<N> r;
    for (int i = 0; i < N; ++i) r.x[i] = a.x[i] << k;
    return r;
}
// All ones where a lane is zero.
template <int N>
inline Vn<N> eqz(const Vn<N>& a) {
    Vn<N> r;
    for (int i = 0; i < N; ++i) r.x[i] = a.x[i] ? 0u : ~0u;
    return r;
}
template <int N>
inline bool any(const Vn<N>& a) {
    uint32_t acc = 0;
    for (int i = 0; i < N; ++i) acc |= a.x[i];
    return acc != 0;
}
template <int N>
inline uint32_t lane(const Vn<N>& a, int i) { return a.x[i]; }
template <int N>
inline void set_lane(Vn<N>& a, int i, uint32_t v) { a.x[i] = v; }
template <int P0, int P1, int P2, int P3, int N>
inline Vn<N> perm_in_groups(const Vn<N>& a) {  // lane 4g+j takes lane 4g+Pj
    Vn<N> r;
    for (int g = 0; g < N / 4; ++g) {
        r.x[4 * g + 0] = a.x[4 * g + P0];
        r.x[4 * g + 1] = a.x[4 * g + P1];
        r.x[4 * g + 2] = a.x[4 * g + P2];
        r.x[4 * g + 3] = a.x[4 * g + P3];
    }
    return r;
}
template <int X>
inline V xor_lanes(const V& a) {  // lane i takes lane i ^ X
    V r;
    for (int i = 0; i < 16; ++i) r.x[i] = a.x[i ^ X];
    return r;
}
#else
// GCC vector extensions. With AVX-512, one 512-bit vector. Narrower targets hold it as parts
// of their register width (two 256-bit vectors with AVX2, four 128-bit ones otherwise), each
// operation applied to every part: a 512-bit GCC vector was split and joined through the stack
// at every shuffle there, and each load waited for the stores before it (25 % of the AVX2
// variant's time).
typedef uint32_t Q __attribute__((vector_size(16)));  // the lanes of digit 8
#if !defined(CASSETETE_VEC9_AVX512)
#if defined(CASSETETE_VEC9_AVX2)
typedef uint32_t Part __attribute__((vector_size(32)));
#else
typedef Q Part;
#endif
constexpr int kPartLanes = sizeof(Part) / 4, kParts = 16 / kPartLanes;
struct V {
    Part h[kParts];
};
// Each operation written out part by part (loops over the parts cost about 6 % with AVX2).
#if defined(CASSETETE_VEC9_AVX2)
#define VEC9_PARTS(expr) V{{expr(0), expr(1)}}
#else
#define VEC9_PARTS(expr) V{{expr(0), expr(1), expr(2), expr(3)}}
#endif
#define VEC9_PART_BINOP(op)                                                     \
    inline V operator op(const V& a, const V& b) {                              \
        auto part = [&](int i) { return a.h[i] op b.h[i]; };                    \
        return VEC9_PARTS(part);                                                \
    }                                                                           \
    inline V operator op(const V& a, uint32_t b) {                              \
        auto part = [&](int i) { return a.h[i] op b; };                         \
        return VEC9_PARTS(part);                                                \
    }
VEC9_PART_BINOP(&)
VEC9_PART_BINOP(|)
VEC9_PART_BINOP(^)
VEC9_PART_BINOP(-)
#undef VEC9_PART_BINOP
inline V operator~(const V& a) {
    auto part = [&](int i) { return ~a.h[i]; };
    return VEC9_PARTS(part);
}
inline V operator>>(const V& a, int k) {
    auto part = [&](int i) { return a.h[i] >> k; };
    return VEC9_PARTS(part);
}
inline V operator<<(const V& a, int k) {
    auto part = [&](int i) { return a.h[i] << k; };
    return VEC9_PARTS(part);
}
inline V splat(uint32_t a) {
    Part x;
    for (int j = 0; j < kPartLanes; ++j) x[j] = a;
    auto part = [&](int) { return x; };
    return VEC9_PARTS(part);
}
#else
typedef uint32_t V __attribute__((vector_size(64)));
inline V splat(uint32_t a) { return V{a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a}; }
#endif
inline Q splatq(uint32_t a) { return Q{a, a, a, a}; }
inline Q eqz(const Q& a) { return (Q)(a == 0); }
inline bool any(const Q& a) {
    uint64_t q[2];
    std::memcpy(q, &a, 16);
    return (q[0] | q[1]) != 0;
}
inline uint32_t lane(const Q& a, int i) { return a[i]; }
inline void set_lane(Q& a, int i, uint32_t v) { a[i] = v; }
template <int P0, int P1, int P2, int P3>
inline Q perm_in_groups(const Q& a) {
    return __builtin_shuffle(a, Q{P0, P1, P2, P3});
}
inline bool any(const V& a) {
#if defined(CASSETETE_VEC9_AVX512)
    const __m512i x = reinterpret_cast<__m512i>(a);
    return _mm512_test_epi32_mask(x, x) != 0;
#elif defined(CASSETETE_VEC9_AVX2)
    const __m256i o = (__m256i)(a.h[0] | a.h[1]);
    return !_mm256_testz_si256(o, o);
#else
    return any((a.h[0] | a.h[1]) | (a.h[2] | a.h[3]));
#endif
}
#if !defined(CASSETETE_VEC9_AVX512)
inline uint32_t lane(const V& a, int i) { return a.h[i / kPartLanes][i % kPartLanes]; }
inline void set_lane(V& a, int i, uint32_t v) { a.h[i / kPartLanes][i % kPartLanes] = v; }
#else
inline uint32_t lane(const V& a, int i) { return a[i]; }
inline void set_lane(V& a, int i, uint32_t v) { a[i] = v; }
#endif
#if defined(CASSETETE_VEC9_AVX512)
template <int P0, int P1, int P2, int P3>
inline V perm_in_groups(const V& a) {
    return __builtin_shuffle(a, V{P0, P1, P2, P3, 4 + P0, 4 + P1, 4 + P2, 4 + P3, 8 + P0, 8 + P1,
                                  8 + P2, 8 + P3, 12 + P0, 12 + P1, 12 + P2, 12 + P3});
}
template <int X>
inline V xor_lanes(const V& a) {
    return __builtin_shuffle(a, V{0 ^ X, 1 ^ X, 2 ^ X, 3 ^ X, 4 ^ X, 5 ^ X, 6 ^ X, 7 ^ X, 8 ^ X,
                                  9 ^ X, 10 ^ X, 11 ^ X, 12 ^ X, 13 ^ X, 14 ^ X, 15 ^ X});
}
inline V eqz(const V& a) { return (V)(a == 0); }
#elif defined(CASSETETE_VEC9_AVX2)
// AVX2: the shuffles and comparisons on each 256-bit half (lanes 0-7 and 8-15).
template <int P0, int P1, int P2, int P3>
inline V perm_in_groups(const V& a) {
    const Part m = {P0, P1, P2, P3, 4 + P0, 4 + P1, 4 + P2, 4 + P3};
    return V{{__builtin_shuffle(a.h[0], m), __builtin_shuffle(a.h[1], m)}};
}
template <int X>
inline V xor_lanes(const V& a) {
    static_assert(X == 4 || X == 8, "");
    if (X == 8) return V{{a.h[1], a.h[0]}};
    const Part m = {4, 5, 6, 7, 0, 1, 2, 3};
    return V{{__builtin_shuffle(a.h[0], m), __builtin_shuffle(a.h[1], m)}};
}
inline V eqz(const V& a) { return V{{(Part)(a.h[0] == 0), (Part)(a.h[1] == 0)}}; }
#else
// Narrower targets: the shuffles on each 128-bit part, each a pshufd, or a swap of parts.
template <int P0, int P1, int P2, int P3>
inline V perm_in_groups(const V& a) {
    V r;
    for (int i = 0; i < 4; ++i) r.h[i] = __builtin_shuffle(a.h[i], Q{P0, P1, P2, P3});
    return r;
}
template <int X>
inline V xor_lanes(const V& a) {
    static_assert(X == 4 || X == 8, "");
    V r;
    for (int i = 0; i < 4; ++i) r.h[i] = a.h[i ^ (X / 4)];
    return r;
}
inline V eqz(const V& a) {
    V r;
    for (int i = 0; i < 4; ++i) r.h[i] = (Q)(a.h[i] == 0);
    return r;
}
#endif
#endif

constexpr uint32_t kFull = 0x7FFFFFF;       // the 27 cells of a band
constexpr uint32_t kMiniRowLow = 0x1249249;  // the first cell of each of the 9 mini-rows
constexpr uint32_t kRowLow = 0x40201;        // the first cell of each row
#ifndef VEC9_TRIADS
#define VEC9_TRIADS 1
#endif

// Lane b of a group takes lane (b + 1) % 3 (next band) / (b + 2) % 3; the pad lane stays.
template <class T>
inline T next_band(const T& a) { return perm_in_groups<1, 2, 0, 3>(a); }
template <class T>
inline T prev_band(const T& a) { return perm_in_groups<2, 0, 1, 3>(a); }
// Box c of every row takes box (c + 1) % 3 / (c + 2) % 3 of the same row.
template <class T>
inline T box_rot1(const T& a) { return ((a >> 3) & 0xFC7E3Fu) | ((a << 6) & 0x70381C0u); }
template <class T>
inline T box_rot2(const T& a) { return ((a >> 6) & 0x1C0E07u) | ((a << 3) & 0x7E3F1F8u); }
// Row r takes row (r + 1) % 3 / (r + 2) % 3.
template <class T>
inline T row_rot1(const T& a) { return ((a >> 9) | (a << 18)) & kFull; }
template <class T>
inline T row_rot2(const T& a) { return ((a >> 18) | (a << 9)) & kFull; }
// Column j of each stack (9 low bits) takes column (j + 1) % 3 / (j + 2) % 3 of the stack.
template <class T>
inline T col_rot1(const T& a) { return ((a >> 1) & 0xDBu) | ((a << 2) & 0x124u); }
template <class T>
inline T col_rot2(const T& a) { return ((a >> 2) & 0x49u) | ((a << 1) & 0x1B6u); }
// Nine column flags (low bits) copied to the three rows.
template <class T>
inline T cols_to_rows(const T& a) { return a | (a << 9) | (a << 18); }

// Digits 0..7 in two 16-lane vectors, digit 8 in a 4-lane one (lanes 0..2 its bands).
struct State {
    V w[2];
    Q w8;
};

inline uint32_t word(const State& s, int d, int b) {
    return d < 8 ? lane(s.w[d >> 2], 4 * (d & 3) + b) : lane(s.w8, b);
}
inline void set_word(State& s, int d, int b, uint32_t v) {
    if (d < 8) set_lane(s.w[d >> 2], 4 * (d & 3) + b, v);
    else set_lane(s.w8, b, v);
}

// Digit 8's lanes as group 0 of a 16-lane vector (the other groups zero), and back.
#if defined(CASSETETE_VEC9_AVX512)
// In registers: through memory (a 16-byte store then a 64-byte load of the same place) the load
// waits for the store to retire, which was 13 % of the sweeps' time.
inline V widen(const Q& q) { return (V)_mm512_zextsi128_si512((__m128i)q); }
inline Q narrow(const V& v) { return (Q)_mm512_castsi512_si128((__m512i)v); }
#elif defined(CASSETETE_VEC9_AVX2)
inline V widen(const Q& q) { return V{{(Part)_mm256_zextsi128_si256((__m128i)q), Part{0, 0, 0, 0, 0, 0, 0, 0}}}; }
inline Q narrow(const V& v) { return (Q)_mm256_castsi256_si128((__m256i)v.h[0]); }
#elif !defined(CASSETETE_VEC9_PLAIN)
inline V widen(const Q& q) { return V{{q, Q{0, 0, 0, 0}, Q{0, 0, 0, 0}, Q{0, 0, 0, 0}}}; }
inline Q narrow(const V& v) { return v.h[0]; }
#else
inline V widen(const Q& q) {
    V r = splat(0);
    std::memcpy(&r, &q, sizeof q);
    return r;
}
inline Q narrow(const V& v) {
    Q r;
    std::memcpy(&r, &v, sizeof r);
    return r;
}
#endif

// The band lanes (b < 3) of every group.
inline V band_lanes() {
    V m = splat(0);
    for (int g = 0; g < 4; ++g)
        for (int b = 0; b < 3; ++b) set_lane(m, 4 * g + b, ~0u);
    return m;
}
inline Q band_lanes_q() {
    Q m = splatq(~0u);
    set_lane(m, 3, 0);
    return m;
}

// Bit-sliced counts (>= 1, >= 2) of the cells across the nine digits, per band; every group of
// the result holds the band totals.
inline void cell_counts(const State& s, V& one, V& two) {
    const V x8 = widen(s.w8);
    V o = s.w[0] | s.w[1] | x8;
    V t = (s.w[0] & s.w[1]) | (x8 & (s.w[0] | s.w[1]));
    V o2 = xor_lanes<8>(o), t2 = xor_lanes<8>(t);
    t = t | t2 | (o & o2);
    o = o | o2;
    o2 = xor_lanes<4>(o);
    t2 = xor_lanes<4>(t);
    t = t | t2 | (o & o2);
    o = o | o2;
    one = o;
    two = t;
}

// Fields with exactly one bit: x when (x & (x - 1)) == 0 (x may be zero).
template <class T>
inline T single_or_zero(const T& x) { return x & eqz(x & (x - 1u)); }

// Cells of w that are the only candidate of their digit in their row (hidden singles in boxes
// and columns follow from the band and stack rules one sweep later).
template <class T>
inline T hidden_singles(const T& w) {
    const T f0 = w & 0x1FFu, f1 = (w >> 9) & 0x1FFu, f2 = w >> 18;
    T h = single_or_zero(f0) | (single_or_zero(f1) << 9) | (single_or_zero(f2) << 18);
    return h;
}

// Row, box and column of the cells of s (one digit's decided cells), including the cells.
template <class T>
inline T peers(const T& s) {
    const T mr = (s | (s >> 1) | (s >> 2)) & kMiniRowLow;   // non-empty mini-rows
    const T rows = (mr | (mr >> 3) | (mr >> 6)) & kRowLow;   // non-empty rows
    const T boxes = (mr | (mr >> 9) | (mr >> 18)) & 0x49u;   // non-empty boxes (row 0 position)
    T cols = (s | (s >> 9) | (s >> 18)) & 0x1FFu;
    cols = cols | next_band(cols) | prev_band(cols);
    return ((rows << 9) - rows) | cols_to_rows((boxes << 3) - boxes) | cols_to_rows(cols);
}

// The band rule and the stack rule on every word.
template <class T>
inline T band_stack_rules(T w) {
    const T mr = (w | (w >> 1) | (w >> 2)) & kMiniRowLow;
    const T f = (mr << 3) - mr;  // non-empty mini-rows, filled
    const T a = box_rot1(f), b = box_rot2(f);
    w = w & f & ((row_rot1(a) & row_rot2(b)) | (row_rot1(b) & row_rot2(a)));
    const T g = (w | (w >> 9) | (w >> 18)) & 0x1FFu;  // non-empty mini-columns
    const T c1 = col_rot1(g), c2 = col_rot2(g);
    const T keep = g & ((next_band(c1) & prev_band(c2)) | (next_band(c2) & prev_band(c1)));
    return w & cols_to_rows(keep);
}

// The configurations (permutation matrices of non-empty mini-rows) a band word admits: bit 3c
// for the configuration (c, c + 1, c + 2) of boxes in rows 0, 1, 2, bit 3c + 1 for
// (c, c + 2, c + 1).
template <class T>
inline T configurations(const T& w) {
    const T mr = (w | (w >> 1) | (w >> 2)) & kMiniRowLow;
    const T f = (mr << 3) - mr;
    const T a = box_rot1(f), b = box_rot2(f);
    const T ev = f & row_rot1(a) & row_rot2(b) & 0x49u;
    const T od = f & row_rot1(b) & row_rot2(a) & 0x49u;
    return ev | (od << 1);
}

// The configurations of a digit in each stack (permutation matrices of non-empty mini-columns:
// band x column-in-stack), read in lane 0 of each group (band 0's lane; the other band lanes
// hold the same permutations rotated): bit 3t + j for the configuration (j, j + 1, j + 2) of
// columns of stack t in bands 0, 1, 2, bit 9 + 3t + j for (j, j + 2, j + 1).
template <class T>
inline T stack_configurations(const T& w) {
    const T g = (w | (w >> 9) | (w >> 18)) & 0x1FFu;
    const T c1 = col_rot1(g), c2 = col_rot2(g);
    const T ev = g & next_band(c1) & prev_band(c2);
    const T od = g & next_band(c2) & prev_band(c1);
    return ev | (od << 9);
}

// Bit-sliced counts (>= 1 .. >= 4) across the nine digits, per band; every group holds the
// totals.
struct Count4 {
    V c1, c2, c3, c4;
};
inline void add4(Count4& c, const V& x) {
    c.c4 = c.c4 | (c.c3 & x);
    c.c3 = c.c3 | (c.c2 & x);
    c.c2 = c.c2 | (c.c1 & x);
    c.c1 = c.c1 | x;
}
inline Count4 merge4(const Count4& a, const Count4& b) {
    Count4 r;
    r.c1 = a.c1 | b.c1;
    r.c2 = a.c2 | b.c2 | (a.c1 & b.c1);
    r.c3 = a.c3 | b.c3 | (a.c2 & b.c1) | (a.c1 & b.c2);
    r.c4 = a.c4 | b.c4 | (a.c3 & b.c1) | (a.c2 & b.c2) | (a.c1 & b.c3);
    return r;
}
template <int X>
inline Count4 shuffled(const Count4& a) {
    return Count4{xor_lanes<X>(a.c1), xor_lanes<X>(a.c2), xor_lanes<X>(a.c3), xor_lanes<X>(a.c4)};
}
inline Count4 count4(const V* x) {
    Count4 c{x[0], splat(0), splat(0), splat(0)};
    add4(c, x[1]);
    add4(c, x[2]);
    c = merge4(c, shuffled<8>(c));
    return merge4(c, shuffled<4>(c));
}

// Triads (T. Dillon, tdoku documentation, 2019: the three cells of a mini-row, or of a
// mini-column, hold exactly three digits). A digit is possible in a mini-row when one of its
// cells may hold it, forced when the mini-row is the only one of its row or of its box for that
// digit. Fewer than three possible or more than three forced digits fail; three forced digits
// remove the others from the mini-row; exactly three possible digits are all forced, which
// removes each from the other mini-rows of its row and of its box. The same on mini-columns.
inline bool triads(State& s, const V& band_flags) {
    V mr[3], fh[3], g[3], fv[3];
    for (int k = 0; k < 2; ++k) {
        const V w = s.w[k];
        mr[k] = (w | (w >> 1) | (w >> 2)) & kMiniRowLow;
        fh[k] = mr[k] & (~(box_rot1(mr[k]) | box_rot2(mr[k])) | ~(row_rot1(mr[k]) | row_rot2(mr[k])));
        g[k] = (w | (w >> 9) | (w >> 18)) & 0x1FFu;
        fv[k] = g[k] & (~(col_rot1(g[k]) | col_rot2(g[k])) | ~(next_band(g[k]) | prev_band(g[k])));
    }
    const Q w8 = s.w8;
    const Q mr8 = (w8 | (w8 >> 1) | (w8 >> 2)) & kMiniRowLow;
    const Q fh8 = mr8 & (~(box_rot1(mr8) | box_rot2(mr8)) | ~(row_rot1(mr8) | row_rot2(mr8)));
    const Q g8 = (w8 | (w8 >> 9) | (w8 >> 18)) & 0x1FFu;
    const Q fv8 = g8 & (~(col_rot1(g8) | col_rot2(g8)) | ~(next_band(g8) | prev_band(g8)));
    mr[2] = widen(mr8);
    fh[2] = widen(fh8);
    g[2] = widen(g8);
    fv[2] = widen(fv8);
    const Count4 ph = count4(mr), cfh = count4(fh), pv = count4(g), cfv = count4(fv);
    if (any(((~ph.c3 & kMiniRowLow) | cfh.c4 | (~pv.c3 & 0x1FFu) | cfv.c4) & band_flags)) return false;
    const V full_h = cfh.c3, three_h = ph.c3 & ~ph.c4;
    const V full_v = cfv.c3, three_v = pv.c3 & ~pv.c4;
    for (int k = 0; k < 2; ++k) {
        const V nh = mr[k] & three_h;
        const V rh = (full_h & ~fh[k]) | box_rot1(nh) | box_rot2(nh) | row_rot1(nh) | row_rot2(nh);
        const V nv = g[k] & three_v;
        const V rv = (full_v & ~fv[k]) | col_rot1(nv) | col_rot2(nv) | next_band(nv) | prev_band(nv);
        s.w[k] = s.w[k] & ~((rh << 3) - rh) & ~cols_to_rows(rv);
    }
    const Q nh = mr8 & narrow(three_h);
    const Q rh = (narrow(full_h) & ~fh8) | box_rot1(nh) | box_rot2(nh) | row_rot1(nh) | row_rot2(nh);
    const Q nv = g8 & narrow(three_v);
    const Q rv = (narrow(full_v) & ~fv8) | col_rot1(nv) | col_rot2(nv) | next_band(nv) | prev_band(nv);
    s.w8 = w8 & ~((rh << 3) - rh) & ~cols_to_rows(rv);
    return true;
}

// Sweeps to a fixed point. False on a contradiction.
inline bool propagate(State& s) {
    const V valid = band_lanes();
    const Q valid8 = band_lanes_q();
    for (;;) {
        V one, two;
        cell_counts(s, one, two);
        if (any((one ^ kFull) & valid)) return false;  // a cell without candidates
        const V naked = one & ~two;
        const Q naked8 = narrow(naked);
        V dec[2];
        for (int k = 0; k < 2; ++k) dec[k] = s.w[k] & (naked | hidden_singles(s.w[k]));
        const Q dec8 = s.w8 & (naked8 | hidden_singles(s.w8));
        V d = dec[0] | dec[1] | widen(dec8);
        d = d | xor_lanes<8>(d);
        d = d | xor_lanes<4>(d);
        const Q d8 = narrow(d);
        const State before = s;
        for (int k = 0; k < 2; ++k) {
            V w = s.w[k] & (~d | dec[k]);
            w = w & (~peers(dec[k]) | dec[k]);
            s.w[k] = band_stack_rules(w);
        }
        {
            Q w = s.w8 & (~d8 | dec8);
            w = w & (~peers(dec8) | dec8);
            s.w8 = band_stack_rules(w);
        }
        const V empty = (eqz(s.w[0]) | eqz(s.w[1])) & valid;
        if (any(empty) || any(eqz(s.w8) & valid8)) return false;
        const V changed = (s.w[0] ^ before.w[0]) | (s.w[1] ^ before.w[1]);
        if (any(changed) || any(s.w8 ^ before.w8)) continue;
#if VEC9_TRIADS
        // At the fixed point of the cheaper rules, the triads once; again if they removed any.
        if (!triads(s, valid)) return false;
        const V moved = (s.w[0] ^ before.w[0]) | (s.w[1] ^ before.w[1]);
        if (any(moved) || any(s.w8 ^ before.w8)) continue;
#endif
        return true;
    }
}

// All cells decided (each holds one digit): is every digit once in every row, column, box?
// (Two cells can be decided for one digit in the same unit in one sweep; the sweeps then keep
// both, so a full grid is checked here before it counts.)
inline bool full_grid_valid(const State& s) {
    for (int d = 0; d < 9; ++d) {
        uint32_t cols = 0;
        for (int b = 0; b < 3; ++b) {
            const uint32_t w = word(s, d, b);
            for (int r = 0; r < 3; ++r) {
                const uint32_t f = (w >> (9 * r)) & 0x1FF;
                if (f == 0 || (f & (f - 1))) return false;
            }
            for (int c = 0; c < 3; ++c)
                if (!(w & (0x1C0E07u << (3 * c)))) return false;
            cols |= (w | (w >> 9) | (w >> 18)) & 0x1FF;
        }
        if (cols != 0x1FF) return false;
    }
    return true;
}

struct Search {
    uint64_t limit;
    uint64_t count = 0;
    uint64_t guesses = 0;
    uint8_t* solution;
    SearchControl* control;
    const Emit* emit;
    bool stop = false;

    void write(const State& s, uint8_t* out) const {
        for (int d = 0; d < 9; ++d)
            for (int b = 0; b < 3; ++b) {
                uint32_t w = word(s, d, b);
                while (w) {
                    const int p = __builtin_ctz(w);
                    w &= w - 1;
                    out[27 * b + p] = static_cast<uint8_t>(d + 1);
                }
            }
    }

    void leaf(const State& s) {
        if (!full_grid_valid(s)) return;
        ++count;
        if (count == 1 && solution) write(s, solution);
        if (emit) {
            uint8_t grid[81];
            write(s, grid);
            if (!emit->call(emit->context, grid)) stop = true;
        }
        if (limit && count >= limit) stop = true;
    }

    // One value or configuration tried from a branch point; false when the search must stop.
    bool try_child(State& child) {
        ++guesses;
        if (control && control->tick()) {
            stop = true;
            return false;
        }
        if (propagate(child)) run(child);
        return true;
    }

    // The digit with the fewest configurations (more than one) among conf[16 * k + 4 * g + lane]
    // (digit 4 * k + g) restricted to `mask`: a band's (lane b, all bits) or a stack's (lane 0,
    // the stack's bits).
    static int digit_with_fewest(const uint32_t* conf, int lane_index, uint32_t mask) {
        int best = -1, fewest = 7;
        for (int d = 0; d < 9; ++d) {
            const int n = __builtin_popcount(conf[16 * (d >> 2) + 4 * (d & 3) + lane_index] & mask);
            if (n > 1 && n < fewest) {
                fewest = n;
                best = d;
            }
        }
        return best;
    }

    // s: propagated, consistent.
    void run(State& s) {
        int band = -1;
        uint32_t bit = 0;
        uint32_t words[48];  // words[16 * k + 4 * g + b]: digit 4 * k + g, band b
        std::memcpy(words, &s.w[0], 64);
        std::memcpy(words + 16, &s.w[1], 64);
        std::memcpy(words + 32, &s.w8, 16);
        // Branch as tdoku does (T. Dillon, tdoku documentation, 2019): among the three bands and
        // the three stacks, the one with the fewest configurations summed over its digits, then
        // its digit with the fewest (more than one); each configuration is tried. The
        // configurations of all 27 words are computed with vector operations, then counted.
        // (Adding the stacks cut the tries by 8-17 % on the hard sets; issue 28.)
        {
            uint32_t conf[48];
            const V c0 = configurations(s.w[0]), c1 = configurations(s.w[1]);
            const Q c8 = configurations(s.w8);
            std::memcpy(conf, &c0, 64);
            std::memcpy(conf + 16, &c1, 64);
            std::memcpy(conf + 32, &c8, 16);
            int best_band = -1, best_sum = 1 << 30;
            for (int b = 0; b < 3; ++b) {
                int sum = 0;
                for (int d = 0; d < 9; ++d) sum += __builtin_popcount(conf[16 * (d >> 2) + 4 * (d & 3) + b]);
                if (sum > 9 && sum < best_sum) {
                    best_sum = sum;
                    best_band = b;
                }
            }
            // The stacks: a stack's configurations are read in lane 0 of each digit's group (18
            // bits), three digits packed per 64-bit word for the counts.
            uint32_t sconf[48];
            int best_stack = -1;
            {
                const V s0 = stack_configurations(s.w[0]), s1 = stack_configurations(s.w[1]);
                const Q s8 = stack_configurations(s.w8);
                std::memcpy(sconf, &s0, 64);
                std::memcpy(sconf + 16, &s1, 64);
                std::memcpy(sconf + 32, &s8, 16);
                const uint64_t p0 = sconf[0] | (uint64_t{sconf[4]} << 18) | (uint64_t{sconf[8]} << 36);
                const uint64_t p1 = sconf[12] | (uint64_t{sconf[16]} << 18) | (uint64_t{sconf[20]} << 36);
                const uint64_t p2 = sconf[24] | (uint64_t{sconf[28]} << 18) | (uint64_t{sconf[32]} << 36);
                for (int t = 0; t < 3; ++t) {
                    const uint64_t m = ((7u << (3 * t)) | (7u << (9 + 3 * t))) * 0x1000040001ull;
                    const int sum = __builtin_popcountll(p0 & m) + __builtin_popcountll(p1 & m) + __builtin_popcountll(p2 & m);
                    if (sum > 9 && sum < best_sum) {
                        best_sum = sum;
                        best_stack = t;
                    }
                }
            }
            if (best_stack >= 0) {
                const int t = best_stack;
                const uint32_t m = (7u << (3 * t)) | (7u << (9 + 3 * t));
                const int bd = digit_with_fewest(sconf, 0, m);
                const uint32_t* wd = words + 16 * (bd >> 2) + 4 * (bd & 3);
                const uint32_t stack_cells = cols_to_rows(7u << (3 * t));
                for (uint32_t cf = sconf[16 * (bd >> 2) + 4 * (bd & 3)] & m; cf && !stop; cf &= cf - 1) {
                    const int bitpos = __builtin_ctz(cf), j = bitpos % 3;
                    const bool odd = bitpos >= 9;
                    const int col[3] = {j, odd ? (j + 2) % 3 : (j + 1) % 3, odd ? (j + 1) % 3 : (j + 2) % 3};
                    State c2 = s;
                    for (int b = 0; b < 3; ++b)
                        set_word(c2, bd, b, wd[b] & (~stack_cells | cols_to_rows(1u << (3 * t + col[b]))));
                    if (!try_child(c2)) return;
                }
                return;
            }
            if (best_band >= 0) {
                const int bd = digit_with_fewest(conf, best_band, ~0u);
                const uint32_t w = words[16 * (bd >> 2) + 4 * (bd & 3) + best_band];
                for (uint32_t cf = conf[16 * (bd >> 2) + 4 * (bd & 3) + best_band]; cf && !stop; cf &= cf - 1) {
                    const int bitpos = __builtin_ctz(cf), c = bitpos / 3;
                    const int r1 = bitpos % 3 == 0 ? (c + 1) % 3 : (c + 2) % 3;
                    const int r2 = bitpos % 3 == 0 ? (c + 2) % 3 : (c + 1) % 3;
                    const uint32_t mask = (7u << (3 * c)) | (7u << (9 + 3 * r1)) | (7u << (18 + 3 * r2));
                    State c2 = s;
                    set_word(c2, bd, best_band, w & mask);
                    if (!try_child(c2)) return;
                }
                return;
            }
        }
        // Every digit has one configuration left in every band and every stack: its mini-row
        // and its mini-column in each box meet in one cell, so at a fixed point every cell is
        // decided and this is a leaf (on 70,000 puzzles of the four sets no node reached here
        // with an open cell). A cell with two or more candidates is still branched on, should
        // one ever remain, rather than dropped.
        V one, two;
        cell_counts(s, one, two);
        for (int b = 0; b < 3; ++b)
            if (const uint32_t m = lane(two, b)) {
                band = b;
                bit = m & (0u - m);
                break;
            }
        if (band < 0) {
            leaf(s);
            return;
        }
        int digits[9], n = 0;
        for (int d = 0; d < 9; ++d)
            if (words[16 * (d >> 2) + 4 * (d & 3) + band] & bit) digits[n++] = d;
        for (int i = 0; i < n && !stop; ++i) {
            const int d = digits[i];
            State c = s;
            for (int e = 0; e < 9; ++e)
                if (e != d) set_word(c, e, band, words[16 * (e >> 2) + 4 * (e & 3) + band] & ~bit);
            if (!try_child(c)) return;
        }
    }
};

}  // namespace

uint64_t solve(const uint8_t* cells, uint64_t limit, uint8_t* solution, SearchControl* control,
               uint64_t* guesses, const Emit* emit) {
    if (guesses) *guesses = 0;
    // One pass over the clues: clues that clash are refused here (the sweeps only catch them at
    // full grids), and each band's clue cells and each digit's are collected as bit masks, so
    // that the 27 words are written once (inserting lanes one clue at a time cost 14 % of a
    // 17-clue puzzle's time).
    uint32_t clue_cells[3] = {0, 0, 0}, digit_cells[9][3] = {};
    {
        uint16_t rows[9] = {0}, cols[9] = {0}, boxes[9] = {0};
        for (int i = 0; i < 81; ++i) {
            const int v = cells[i];
            if (!v) continue;
            if (v > 9) return 0;
            const uint16_t m = static_cast<uint16_t>(1u << v);
            const int r = i / 9, c = i % 9, x = (r / 3) * 3 + c / 3;
            if ((rows[r] | cols[c] | boxes[x]) & m) return 0;
            rows[r] |= m;
            cols[c] |= m;
            boxes[x] |= m;
            const uint32_t bit = 1u << (i % 27);
            clue_cells[i / 27] |= bit;
            digit_cells[v - 1][i / 27] |= bit;
        }
    }
    uint32_t words[48] = {};  // words[16 * k + 4 * g + b]: digit 4 * k + g, band b
    for (int d = 0; d < 9; ++d)
        for (int b = 0; b < 3; ++b) words[16 * (d >> 2) + 4 * (d & 3) + b] = (kFull & ~clue_cells[b]) | digit_cells[d][b];
    State s;
    std::memcpy(&s.w[0], words, 64);
    std::memcpy(&s.w[1], words + 16, 64);
    std::memcpy(&s.w8, words + 32, 16);
    Search search{limit, 0, 0, solution, control, emit, false};
    if (propagate(s)) search.run(s);
    if (guesses) *guesses = search.guesses;
    return search.count;
}

}  // namespace CASSETETE_VEC9_VARIANT
}  // namespace cassetete::sudoku::vec9
