// The AVX2 variant of the 9x9 solver (x86-64, GCC): AVX2 for clearing a cell from the nine
// digit words, BMI2 (pext) for a band word's mini-row matrix, POPCNT for bit counts. The
// target is switched on for this file's own functions only, after every header it shares
// with the rest of the library, so no AVX2 code can leak into inline functions the linker
// might keep for other files. fast9.cpp runs it only on CPUs that have these instructions.
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "common/bits.hpp"
#include "common/limits.hpp"
#include "sudoku/fast9.hpp"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#include <immintrin.h>
#pragma GCC push_options
#pragma GCC target("avx2,bmi,bmi2,popcnt,lzcnt")
#define CASSETETE_FAST9_VARIANT avx2
#define CASSETETE_FAST9_TARGET_AVX2 1
#include "sudoku/fast9_kernel.hpp"
#pragma GCC pop_options
namespace cassetete::sudoku::fast9 {
bool avx2_compiled() { return true; }
}  // namespace cassetete::sudoku::fast9
#else
namespace cassetete::sudoku::fast9 {
bool avx2_compiled() { return false; }
namespace avx2 {
uint64_t solve(const uint8_t*, uint64_t, uint8_t*, SearchControl*, Stats*, const Emit*) { return 0; }
}  // namespace avx2
}  // namespace cassetete::sudoku::fast9
#endif
