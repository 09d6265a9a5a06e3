// Dedicated 9x9 Sudoku solver: band-oriented bitboards. The body of every instruction-set
// variant: each fast9_<variant>.cpp defines CASSETETE_FAST9_VARIANT (the namespace) and, for the
// AVX2 variant, switches the target on before including this file once; the 9x9 engine picks the
// variant at run time (sudoku9.hpp). Which instructions a variant uses is decided below
// (CASSETETE_FAST9_USE_*): the AVX2 variant defines CASSETETE_FAST9_TARGET_AVX2 (AVX2, BMI2,
// POPCNT); the baseline follows the compiler's macros (__SSE2__ on portable x86-64, more on a
// CASSETETE_NATIVE build); the scalar fallback (CASSETETE_FAST9_SCALAR, built and tested
// everywhere) uses no intrinsics.
//
// Ideas (not code) taken from the published fast solvers:
//  * ZhouYundong's JCZSolve / champagne's and JasonLion's revisions, and Emerentius' Rust port
//    (forum.enjoysudoku.com thread "3.77us solver"): store, for each digit, the three bands as
//    27-bit words (3 rows x 9 columns); an "update" of one (digit, band) word applies the row,
//    box and box/line rules of that band at once; naked singles and the choice of a bivalue cell
//    for guessing are read with bit arithmetic across the nine digits.
//  * tdoku (T. Dillon, docs "dpll_triad_simd"): the band (triad) view of box/line interactions
//    and the counting API with a limit (0 / 1 / 2+ solutions).
// The implementation below is our own.
//
// Representation. Cell (row R, column C) lies in band b = R / 3 at position p = (R % 3) * 9 + C.
// g.c[at(d, b)] = g.c[16 * b + d] holds the positions of band b where digit d (0-based) may
// go; a placed digit keeps its own bit (so every row/column/box always shows each digit at least
// once) and loses every other digit's bit. g.u[b] holds the unsolved cells of band b. A band's nine digit words
// are contiguous and padded to 16 (the pads stay zero), so clearing a cell from every digit is
// three 128-bit operations where SSE2 is available.
//
// The band rule. Inside one band, a digit occupies one cell in each of the three rows and one
// in each of the three boxes, so the 3x3 matrix "row r has a candidate in box k" (the
// mini-rows) must contain a permutation matrix; mini-rows belonging to no such permutation are
// removed. This single table look-up performs both box/line interactions of the band
// (pointing and claiming) and detects an empty row or box. A row left with one candidate is a
// hidden single of that row; a box with one candidate reduces to that case after the look-up.
// The same rule applied to the mini-columns of each stack (run before guessing) gives the
// vertical box/line interactions, and with the band rule it finds hidden singles in columns.
// No include guard: included once per variant translation unit.
#ifndef CASSETETE_FAST9_VARIANT
#error "define CASSETETE_FAST9_VARIANT (the variant's namespace) before including fast9_kernel.hpp"
#endif

#include <cstring>

#include "common/bits.hpp"  // the AVX2 variant includes it before switching its target on
#include "sudoku/fast9.hpp"

// Which instructions this variant may use. The AVX2 variant says so itself
// (CASSETETE_FAST9_TARGET_AVX2): g++ does not define __AVX2__ and friends after
// #pragma GCC target, though the intrinsics work inside the functions it covers.
#if defined(CASSETETE_FAST9_SCALAR)
#define CASSETETE_FAST9_USE_SSE2 0
#define CASSETETE_FAST9_USE_AVX2 0
#define CASSETETE_FAST9_USE_BMI2 0
#define CASSETETE_FAST9_USE_POPCNT 0
#elif defined(CASSETETE_FAST9_TARGET_AVX2)
#define CASSETETE_FAST9_USE_SSE2 1
#define CASSETETE_FAST9_USE_AVX2 1
#define CASSETETE_FAST9_USE_BMI2 1
#define CASSETETE_FAST9_USE_POPCNT 1
#else
#if defined(__SSE2__)
#define CASSETETE_FAST9_USE_SSE2 1
#else
#define CASSETETE_FAST9_USE_SSE2 0
#endif
#if defined(__AVX2__)
#define CASSETETE_FAST9_USE_AVX2 1
#else
#define CASSETETE_FAST9_USE_AVX2 0
#endif
#if defined(__BMI2__)
#define CASSETETE_FAST9_USE_BMI2 1
#else
#define CASSETETE_FAST9_USE_BMI2 0
#endif
#if defined(__POPCNT__)
#define CASSETETE_FAST9_USE_POPCNT 1
#else
#define CASSETETE_FAST9_USE_POPCNT 0
#endif
#endif
#if CASSETETE_FAST9_USE_SSE2 || CASSETETE_FAST9_USE_AVX2 || CASSETETE_FAST9_USE_BMI2
#include <immintrin.h>
#endif

namespace cassetete::sudoku::fast9::CASSETETE_FAST9_VARIANT {
namespace {

constexpr uint32_t kBand = 0x7FFFFFFu;  // 27 cells of a band

struct Tables {
    uint16_t row[512];      // 9 cells of a row -> bits 0..2: box k holds a candidate;
                            //   bits 3..11: the row itself when it has exactly one cell
    uint16_t keep[512];     // mini-row matrix (bit 3r+k) -> union of its permutation matrices
    uint32_t expand[512];   // mini-row matrix -> the band's cells in those mini-rows
    uint32_t peers[27];     // same row or box inside the band, excluding the cell
    uint32_t column[27];    // the three band cells of the cell's column
};

constexpr Tables make_tables() {
    Tables t{};
    for (int x = 0; x < 512; ++x) {
        int s = 0;
        for (int k = 0; k < 3; ++k)
            if (x & (7 << (3 * k))) s |= 1 << k;
        const bool one = x != 0 && (x & (x - 1)) == 0;
        t.row[x] = static_cast<uint16_t>(s | (one ? x << 3 : 0));
    }
    const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (int m = 0; m < 512; ++m) {
        int u = 0;
        for (int q = 0; q < 6; ++q) {
            int pm = (1 << perms[q][0]) | (1 << (3 + perms[q][1])) | (1 << (6 + perms[q][2]));
            if ((m & pm) == pm) u |= pm;
        }
        t.keep[m] = static_cast<uint16_t>(u);
        uint32_t e = 0;
        for (int r = 0; r < 3; ++r)
            for (int k = 0; k < 3; ++k)
                if (m & (1 << (3 * r + k))) e |= 7u << (9 * r + 3 * k);
        t.expand[m] = e;
    }
    for (int p = 0; p < 27; ++p) {
        int r = p / 9, c = p % 9, k = c / 3;
        uint32_t row = 0x1FFu << (9 * r);
        uint32_t box = (7u | 7u << 9 | 7u << 18) << (3 * k);
        t.peers[p] = (row | box) & ~(1u << p);
        t.column[p] = (1u | 1u << 9 | 1u << 18) << c;
    }
    return t;
}

constexpr Tables kT = make_tables();

constexpr bool kStackRule = true;       // apply the stack (column/box) rule before guessing
constexpr int kMaxBivalue = 8;          // bivalue cells scored when choosing a guess
constexpr int kNext[3] = {1, 2, 0};     // the other bands: kNext[b], kNext[kNext[b]]

constexpr int at(int d, int b) { return 16 * b + d; }

inline int ctz32(uint32_t x) { return __builtin_ctz(x); }
inline int ctz64(uint64_t x) { return __builtin_ctzll(x); }
// Bit count: the popcnt instruction in the AVX2 variant, the branch-free count elsewhere.
inline int popcount64(uint64_t x) {
#if CASSETETE_FAST9_USE_POPCNT
    return __builtin_popcountll(x);
#else
    return cassetete::popcount64_portable(x);
#endif
}

struct alignas(16) Grid {
    uint32_t c[48];  // c[at(d, b)] = c[16 * b + d]; words 16 * b + 9..15 are zero padding
    uint32_t u[4];   // unsolved cells per band
    uint32_t dirty;  // digits whose words changed since the stack rule last looked at them
};


class Solver {
public:
    Solver(uint64_t limit, uint8_t* solution, SearchControl* control, const Emit* emit)
        : limit_(limit), solution_(solution), control_(control), emit_(emit) {}

    uint64_t count = 0;
    Stats st;

    // Sets up the clues; false if two clues clash.
    bool init(const uint8_t* cells, Grid& g, uint64_t& todo) {
        std::memset(g.c, 0, sizeof g.c);
        for (int d = 0; d < 9; ++d)
            for (int b = 0; b < 3; ++b) g.c[at(d, b)] = kBand;
        for (int b = 0; b < 3; ++b) g.u[b] = kBand;
        g.u[3] = 0;
        g.dirty = 0x1FFu;
        for (int i = 0; i < 81; ++i) {
            int v = cells[i];
            if (v == 0) continue;
            int d = v - 1, b = i / 27, p = i % 27;
            if (!((g.c[at(d, b)] >> p) & 1u)) return false;
            place(g, todo, d, b, p);
        }
        return true;
    }

    void search(Grid& g, uint64_t todo) {
        int gb = -1, gp = 0;
        if (!propagate(g, todo, gb, gp)) return;
        if (gb < 0) {
            found(g);
            return;
        }
        // The candidates of the chosen cell, lowest digit first.
        int digits[9], n = 0;
        for (int d = 0; d < 9; ++d)
            if ((g.c[at(d, gb)] >> gp) & 1u) digits[n++] = d;
        for (int j = 0; j < n; ++j) {
            ++st.guesses;
            if (control_ && control_->tick()) {
                stop_ = true;
                return;
            }
            uint64_t t = 0;
            if (j + 1 < n) {
                Grid g2 = g;
                place(g2, t, digits[j], gb, gp);
                search(g2, t);
            } else {
                place(g, t, digits[j], gb, gp);
                search(g, t);
            }
            if (stop_) return;
        }
    }

private:
    uint64_t limit_;
    uint8_t* solution_;
    SearchControl* control_;
    const Emit* emit_;
    bool stop_ = false;

    // Puts digit d in cell p of band b: clears d from the cell's row, box and column, and the
    // other digits from the cell; words that change are queued in `todo`.
    static inline void place(Grid& g, uint64_t& todo, int d, int b, int p) {
        const uint32_t bit = 1u << p;
        g.u[b] &= ~bit;
        const int i = at(d, b);
        uint32_t v = g.c[i] & ~kT.peers[p];
        todo |= static_cast<uint64_t>(v != g.c[i]) << i;
        g.c[i] = v;
        const uint32_t col = kT.column[p];
        const int j1 = at(d, kNext[b]), j2 = at(d, kNext[kNext[b]]);
        const uint32_t w1 = g.c[j1] & ~col, w2 = g.c[j2] & ~col;
        todo |= static_cast<uint64_t>(w1 != g.c[j1]) << j1 | static_cast<uint64_t>(w2 != g.c[j2]) << j2;
        g.c[j1] = w1;
        g.c[j2] = w2;
        // Clear the cell from all nine digits (branch-free), then give d its bit back.
        uint32_t changed = 0;
        uint32_t* row = g.c + 16 * b;
#if CASSETETE_FAST9_USE_AVX2
        const __m256i bv = _mm256_set1_epi32(static_cast<int>(bit));
        for (int q = 0; q < 2; ++q) {
            __m256i* ptr = reinterpret_cast<__m256i*>(row) + q;
            const __m256i w = _mm256_loadu_si256(ptr);
            const __m256i had = _mm256_cmpeq_epi32(_mm256_and_si256(w, bv), bv);
            changed |= static_cast<uint32_t>(_mm256_movemask_ps(_mm256_castsi256_ps(had))) << (8 * q);
            _mm256_storeu_si256(ptr, _mm256_andnot_si256(bv, w));
        }
#elif CASSETETE_FAST9_USE_SSE2
        const __m128i bv = _mm_set1_epi32(static_cast<int>(bit));
        for (int q = 0; q < 3; ++q) {
            __m128i* ptr = reinterpret_cast<__m128i*>(row) + q;
            const __m128i w = _mm_load_si128(ptr);
            const __m128i had = _mm_cmpeq_epi32(_mm_and_si128(w, bv), bv);
            changed |= static_cast<uint32_t>(_mm_movemask_ps(_mm_castsi128_ps(had))) << (4 * q);
            _mm_store_si128(ptr, _mm_andnot_si128(bv, w));
        }
#else
        for (int d2 = 0; d2 < 9; ++d2) {
            const uint32_t w = row[d2];
            changed |= ((w >> p) & 1u) << d2;
            row[d2] = w & ~bit;
        }
#endif
        row[d] |= bit;
        todo |= static_cast<uint64_t>(changed & ~(1u << d)) << (16 * b);
    }

    // The band rule for word i (see the header comment) and the rows' hidden singles.
    inline bool update(Grid& g, uint64_t& todo, int i) {
        const uint32_t a = g.c[i];
#if CASSETETE_FAST9_USE_BMI2
        // bit 3r + k: row r has a candidate in box k (one instruction instead of three look-ups)
        const uint32_t m = _pext_u32(a | a >> 1 | a >> 2, 0x01249249u);
#else
        const uint32_t r0 = kT.row[a & 0x1FFu], r1 = kT.row[(a >> 9) & 0x1FFu], r2 = kT.row[a >> 18];
        const uint32_t m = (r0 & 7u) | (r1 & 7u) << 3 | (r2 & 7u) << 6;
#endif
        const uint32_t keep = kT.keep[m];
        if (!keep) return false;
        const uint32_t na = a & kT.expand[keep];
        uint32_t single;
        if (na == a) {
#if CASSETETE_FAST9_USE_BMI2
            single = (kT.row[a & 0x1FFu] >> 3) | (kT.row[(a >> 9) & 0x1FFu] >> 3) << 9 |
                     (kT.row[a >> 18] >> 3) << 18;
#else
            single = (r0 >> 3) | (r1 >> 3) << 9 | (r2 >> 3) << 18;
#endif
        } else {  // box/line eliminations: the rows may have become singles
            ++st.locked_candidates;
            g.c[i] = na;
            single = (kT.row[na & 0x1FFu] >> 3) | (kT.row[(na >> 9) & 0x1FFu] >> 3) << 9 |
                     (kT.row[na >> 18] >> 3) << 18;
        }
        const int b = i >> 4;
        single &= g.u[b];
        if (single) {
            const int d = i & 15;
            do {
                const int p = ctz32(single);
                single &= single - 1;
                ++st.hidden_singles;
                place(g, todo, d, b, p);
            } while (single);
        }
        return true;
    }

    // Runs the rules to a fixed point. Returns false on a contradiction; otherwise gb/gp give
    // the cell to branch on (gb = -1 when the grid is solved).
    bool propagate(Grid& g, uint64_t todo, int& gb, int& gp) {
        for (;;) {
            uint64_t seen = 0;
            while (todo) {
                seen |= todo;
                const int i = ctz64(todo);
                todo &= todo - 1;
                if (!update(g, todo, i)) return false;
            }
            g.dirty |= static_cast<uint32_t>(seen | seen >> 16 | seen >> 32) & 0x1FFu;
            if ((g.u[0] | g.u[1] | g.u[2]) == 0) {
                gb = -1;
                return true;
            }
            // Count candidates per cell (saturating at 3) across the nine digits.
            uint32_t one[3] = {0, 0, 0}, two[3] = {0, 0, 0}, three[3] = {0, 0, 0};
            for (int d = 0; d < 9; ++d) {
                for (int b = 0; b < 3; ++b) {
                    const uint32_t a = g.c[at(d, b)];
                    three[b] |= two[b] & a;
                    two[b] |= one[b] & a;
                    one[b] |= a;
                }
            }
            bool any = false;
            for (int b = 0; b < 3; ++b) {
                if (g.u[b] & ~one[b]) return false;  // a cell without candidates
                const uint32_t s = one[b] & ~two[b] & g.u[b];
                if (!s) continue;
                any = true;
                for (int d = 0; d < 9; ++d) {
                    uint32_t t = s & g.c[at(d, b)];
                    while (t) {
                        const int p = ctz32(t);
                        t &= t - 1;
                        if (!((g.c[at(d, b)] >> p) & 1u)) return false;
                        ++st.naked_singles;
                        place(g, todo, d, b, p);
                    }
                }
            }
            if (any) continue;
            // The band rule turned ninety degrees: in each stack a digit takes one column of
            // each box, one box of each column (mini-columns must form a permutation).
            if (kStackRule) {
                for (uint32_t dd = g.dirty; dd; dd &= dd - 1) {
                    const int d = ctz32(dd);
                    uint32_t mc[3], allowed[3] = {0, 0, 0};
                    for (int b = 0; b < 3; ++b) {
                        const uint32_t a = g.c[at(d, b)];
                        mc[b] = (a | a >> 9 | a >> 18) & 0x1FFu;
                    }
                    for (int k = 0; k < 9; k += 3) {
                        const uint32_t m = ((mc[0] >> k) & 7u) | ((mc[1] >> k) & 7u) << 3 |
                                           ((mc[2] >> k) & 7u) << 6;
                        const uint32_t keep = kT.keep[m];
                        if (!keep) return false;
                        allowed[0] |= (keep & 7u) << k;
                        allowed[1] |= ((keep >> 3) & 7u) << k;
                        allowed[2] |= ((keep >> 6) & 7u) << k;
                    }
                    for (int b = 0; b < 3; ++b) {
                        const int i = at(d, b);
                        const uint32_t na =
                            g.c[i] & (allowed[b] | allowed[b] << 9 | allowed[b] << 18);
                        if (na != g.c[i]) {
                            g.c[i] = na;
                            todo |= uint64_t{1} << i;
                            ++st.locked_candidates;
                        }
                    }
                }
                g.dirty = 0;
                if (todo) continue;
            }
            // Branch on a bivalue cell: among the first kMaxBivalue found, the one whose two
            // digits have the most candidates among the cell's peers (the guess that removes
            // the most). Else, a cell with the fewest candidates.
            {
                int bestscore = -1, seen = 0;
                for (int b = 0; b < 3 && seen < kMaxBivalue; ++b) {
                    for (uint32_t bi = two[b] & ~three[b] & g.u[b]; bi; bi &= bi - 1) {
                        const int p = ctz32(bi);
                        int sc = 0;
                        for (int d = 0; d < 9; ++d) {
                            const uint32_t a = g.c[at(d, b)];
                            if ((a >> p) & 1u) {
                                const uint32_t col = (g.c[at(d, kNext[b])] | g.c[at(d, kNext[kNext[b]])]) &
                                                     kT.column[p];
                                sc += popcount64(uint64_t{a & kT.peers[p]} | uint64_t{col} << 32);
                            }
                        }
                        if (sc > bestscore) {
                            bestscore = sc;
                            gb = b;
                            gp = p;
                        }
                        if (++seen >= kMaxBivalue) break;
                    }
                }
                if (bestscore >= 0) return true;
            }
            int best = 10;
            for (int b = 0; b < 3; ++b) {
                for (uint32_t u = g.u[b]; u; u &= u - 1) {
                    const int p = ctz32(u);
                    int n = 0;
                    for (int d = 0; d < 9; ++d) n += (g.c[at(d, b)] >> p) & 1u;
                    if (n < best) {
                        best = n;
                        gb = b;
                        gp = p;
                    }
                }
            }
            return true;
        }
    }

    void found(const Grid& g) {
        ++count;
        const bool want_grid = (solution_ && count == 1) || emit_;
        if (want_grid) {
            uint8_t out[81];
            for (int d = 0; d < 9; ++d) {
                for (int b = 0; b < 3; ++b) {
                    for (uint32_t x = g.c[at(d, b)]; x; x &= x - 1)
                        out[27 * b + ctz32(x)] = static_cast<uint8_t>(d + 1);
                }
            }
            if (solution_ && count == 1) std::memcpy(solution_, out, 81);
            if (emit_ && !emit_->call(emit_->context, out)) stop_ = true;
        }
        if (limit_ && count >= limit_) stop_ = true;
    }
};

}  // namespace

uint64_t solve(const uint8_t* cells, uint64_t limit, uint8_t* solution, SearchControl* control,
               Stats* stats, const Emit* on_solution) {
    Solver s(limit, solution, control, on_solution);
    Grid g;
    uint64_t todo = 0;
    if (s.init(cells, g, todo)) s.search(g, todo);
    if (stats) *stats = s.st;
    return s.count;
}

}  // namespace cassetete::sudoku::fast9::CASSETETE_FAST9_VARIANT
