// vec9: the 9x9 engine's kernel for the AVX-512 variant (sudoku9.hpp), designed for vector
// units (issue 28); see vec9_kernel.hpp for the design.
//
// One source, several instruction sets: the kernel is compiled as plain C++ (scalar, every
// platform), with GCC vector extensions for the build's baseline (SSE2 on x86-64), and on
// x86-64 GCC for AVX2 and for AVX-512 (F, BW, VL, DQ). The engine runs only the avx512 variant
// (the others lose to fast9 on the same instruction set, bench/results/sudoku9_dpll.md); they
// stay compiled so that the kernel's logic is tested on every machine (the scalar variant
// everywhere) and measured by bench/cpp/sudoku9_vec_bench.cpp. Reentrant, no global mutable state.
#pragma once
#include <cstdint>

#include "common/limits.hpp"
#include "common/simd.hpp"
#include "sudoku/sudoku9.hpp"

namespace cassetete::sudoku::vec9 {

using nine::Emit;

// Compiled in and supported by this CPU.
bool available(Simd simd);

// cells: 81 values 0..9 row-major (0 = empty). Counts solutions up to `limit` (0 = no limit);
// the first one found goes to `solution` if non-null. *guesses (if non-null) receives the
// number of values tried at branch points. control->tick() is called at each tried value and
// stops the search when it returns true. Clashing clues give 0. std::invalid_argument if the
// variant is not available here.
uint64_t solve_with(Simd simd, const uint8_t* cells, uint64_t limit, uint8_t* solution,
                    SearchControl* control = nullptr, uint64_t* guesses = nullptr,
                    const Emit* emit = nullptr);

#define CASSETETE_VEC9_DECLARE(variant)                                                          \
    namespace variant {                                                                          \
    uint64_t solve(const uint8_t* cells, uint64_t limit, uint8_t* solution, SearchControl* control, \
                   uint64_t* guesses, const Emit* emit);                                         \
    }
CASSETETE_VEC9_DECLARE(scalar)
CASSETETE_VEC9_DECLARE(baseline)
CASSETETE_VEC9_DECLARE(avx2)
CASSETETE_VEC9_DECLARE(avx512)
#undef CASSETETE_VEC9_DECLARE

}  // namespace cassetete::sudoku::vec9
