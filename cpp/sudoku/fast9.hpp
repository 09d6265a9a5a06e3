// fast9: the 9x9 engine's kernel for the scalar, baseline and AVX2 variants (sudoku9.hpp).
//
// A band-oriented bitboard solver: for each digit and each band (three rows) one 27-bit word
// holds the cells where the digit may still go. See fast9_kernel.hpp for the design notes and
// credits. The same kernel is compiled as a scalar fallback (fast9_scalar.cpp), a baseline
// variant (SSE2 on x86-64, which every x86-64 CPU has; fast9_baseline.cpp) and, on x86-64 with
// GCC, an AVX2 variant (AVX2, BMI2, POPCNT; fast9_avx2.cpp). Callers go through the engine
// (nine::solve); solve_with() runs a given variant (tests, benches).
#pragma once
#include <cstdint>

#include "common/limits.hpp"
#include "common/simd.hpp"
#include "sudoku/sudoku9.hpp"

namespace cassetete::sudoku::fast9 {

struct Stats {
    uint64_t guesses = 0;            // branching nodes (each tried value at a guess counts 1)
    uint64_t naked_singles = 0;      // cells fixed because one candidate was left (exclusivity)
    uint64_t hidden_singles = 0;     // values fixed because only one place was left in a unit (uniqueness)
    uint64_t locked_candidates = 0;  // box/line intersection eliminations (band updates that removed candidates)
};
// Notes on the counters: hidden singles are found as rows left with one place after the band
// rule, which also covers boxes and (with the stack rule) columns; locked_candidates counts the
// band or stack updates that removed at least one candidate, not the candidates removed.
// *stats is overwritten (not accumulated) by each call. The engine reports only the guesses.

using nine::Emit;

// Compiled in and supported by this CPU: scalar, baseline, avx2 (x86-64 GCC builds); never avx512.
bool available(Simd simd);

// cells: 81 values in 0..9 row-major (0 = empty); callers guarantee values <= 9.
// Counts solutions, stopping as soon as `limit` are found (limit 0 means no limit).
// If `solution` is non-null the first solution found is written there (81 values 1..9).
// If `on_solution` is non-null it is called with each solution found (81 values); if it returns
// false the search stops (the count includes that solution).
// If `control` is non-null, control->tick() is called at each guess (each tried value) and the
// search stops as soon as it returns true (then the returned count is a lower bound; the caller
// reads control->reason()).
// Inconsistent input (e.g. duplicate clues in a unit) returns 0. Reentrant and thread-safe (no
// global mutable state), allocation-free in the hot path. std::invalid_argument if the variant
// is not available here.
uint64_t solve_with(Simd simd, const uint8_t* cells, uint64_t limit, uint8_t* solution,
                    SearchControl* control = nullptr, Stats* stats = nullptr,
                    const Emit* on_solution = nullptr);

// One entry point per compiled variant (fast9_<variant>.cpp).
#define CASSETETE_FAST9_DECLARE(variant)                                                        \
    namespace variant {                                                                         \
    uint64_t solve(const uint8_t* cells, uint64_t limit, uint8_t* solution, SearchControl* control, \
                   Stats* stats, const Emit* on_solution);                                      \
    }
CASSETETE_FAST9_DECLARE(scalar)
CASSETETE_FAST9_DECLARE(baseline)
CASSETETE_FAST9_DECLARE(avx2)
#undef CASSETETE_FAST9_DECLARE

}  // namespace cassetete::sudoku::fast9
