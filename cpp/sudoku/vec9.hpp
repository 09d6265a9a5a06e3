// A second dedicated 9x9 Sudoku engine, designed for vector units (issue 28); see
// vec9_kernel.hpp for the design. It stands beside fast9 (fast9.hpp) until it wins.
//
// One source, several instruction sets: the kernel is compiled as plain C++ (scalar, every
// platform), with GCC vector extensions for the build's baseline (SSE2 on x86-64), and on
// x86-64 GCC for AVX2 and for AVX-512 (F, BW, VL). solve() runs the best variant this CPU
// supports, chosen once; CASSETETE_SIMD (scalar, baseline, avx2, avx512) forces one when the
// CPU has it. Reentrant, no global mutable state (the variant choice is a constant set once).
#pragma once
#include <cstdint>
#include <vector>

#include "common/limits.hpp"

namespace cassetete::sudoku::vec9 {

enum class Simd : int { scalar = 0, baseline = 1, avx2 = 2, avx512 = 3 };
constexpr Simd kSimdVariants[] = {Simd::scalar, Simd::baseline, Simd::avx2, Simd::avx512};

const char* simd_name(Simd simd);
bool simd_from_name(const char* name, Simd& simd);
bool simd_available(Simd simd);
std::vector<Simd> simd_variants();
Simd simd_selected();

// Called with each solution (81 values 1..9); returning false stops the search.
struct Emit {
    bool (*call)(void* context, const uint8_t* grid);
    void* context;
};

// cells: 81 values 0..9 row-major (0 = empty). Counts solutions up to `limit` (0 = no limit);
// the first one found goes to `solution` if non-null. *guesses (if non-null) receives the
// number of values tried at branch points. control->tick() is called at each tried value and
// stops the search when it returns true. Clashing clues give 0.
uint64_t solve(const uint8_t* cells, uint64_t limit, uint8_t* solution,
               SearchControl* control = nullptr, uint64_t* guesses = nullptr,
               const Emit* emit = nullptr);
// The same with a given variant; std::invalid_argument if it is not available here.
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
