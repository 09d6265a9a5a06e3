// The 9x9 Sudoku engine: one entry point over two kernels, chosen by instruction set.
//
// fast9 (fast9_kernel.hpp) updates one (digit, band) word at a time; vec9 (vec9_kernel.hpp,
// issue 28) keeps all 27 words in vector registers and applies every rule to every word at
// once. Measured side by side (bench/results/sudoku9_dpll.md, "vec9 becomes the default" and
// the third round), vec9 wins with AVX-512 and, since digit 8's vector stopped going through
// memory, with AVX2 (0.78-0.94 of fast9's time); fast9 wins in the scalar and baseline (SSE2)
// builds. So the engine's variants are scalar and baseline (fast9's kernel) and avx2 and avx512
// (vec9's); solve() runs the best one this CPU has, chosen once (cpp/common/simd.hpp), or the
// one CASSETETE_SIMD names when the CPU has it. Reentrant, no mutable global state.
#pragma once
#include <cstdint>
#include <vector>

#include "common/limits.hpp"
#include "common/simd.hpp"

namespace cassetete::sudoku::nine {

// Called with each solution (81 values 1..9); returning false stops the search. A plain
// function pointer and its context rather than a std::function, so that no std::function code
// is instantiated under a vector target (an inline copy compiled for AVX2 or AVX-512 could
// otherwise be the one the linker keeps for the whole library).
struct Emit {
    bool (*call)(void* context, const uint8_t* grid);
    void* context;
};

// The kernel that runs a variant: "fast9" (scalar, baseline) or "vec9" (avx2, avx512).
const char* kernel_name(Simd simd);
// Compiled in and supported by this CPU.
bool simd_available(Simd simd);
// The variants simd_available() accepts, worst to best.
std::vector<Simd> simd_variants();
// The variant solve() runs: CASSETETE_SIMD if it names an available variant, else the best.
Simd simd_selected();

// cells: 81 values 0..9 row-major (0 = empty); callers guarantee values <= 9. Counts
// solutions up to `limit` (0 = no limit); the first one found goes to `solution` if non-null.
// *guesses (if non-null) receives the number of values tried at branch points. If `emit` is
// non-null it is called with each solution found; returning false stops the search (the count
// includes that solution). control->tick() is called at each tried value and stops the search
// when it returns true (the count is then a lower bound). Clashing clues give 0.
uint64_t solve(const uint8_t* cells, uint64_t limit, uint8_t* solution,
               SearchControl* control = nullptr, uint64_t* guesses = nullptr,
               const Emit* emit = nullptr);
// The same with a given variant; std::invalid_argument if it is not available here.
uint64_t solve_with(Simd simd, const uint8_t* cells, uint64_t limit, uint8_t* solution,
                    SearchControl* control = nullptr, uint64_t* guesses = nullptr,
                    const Emit* emit = nullptr);

}  // namespace cassetete::sudoku::nine
