// The avx512 variant of the vector 9x9 engine (x86-64, GCC): the kernel's vector extensions
// compiled for AVX-512 (F, BW, VL, DQ). The target is switched on after every shared header, for this file's own
// functions only; vec9.cpp runs this variant only on CPUs that have these instructions.
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "common/limits.hpp"
#include "sudoku/vec9.hpp"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#include <immintrin.h>
#pragma GCC push_options
#pragma GCC target("avx512f,avx512bw,avx512vl,avx512dq,avx2,bmi,bmi2,popcnt,lzcnt")
#define CASSETETE_VEC9_AVX512 1
#define CASSETETE_VEC9_VARIANT avx512
#include "sudoku/vec9_kernel.hpp"
#pragma GCC pop_options
namespace cassetete::sudoku::vec9 {
bool avx512_compiled() { return true; }
}  // namespace cassetete::sudoku::vec9
#else
namespace cassetete::sudoku::vec9 {
bool avx512_compiled() { return false; }
namespace avx512 {
uint64_t solve(const uint8_t*, uint64_t, uint8_t*, SearchControl*, uint64_t*, const Emit*) { return 0; }
}  // namespace avx512
}  // namespace cassetete::sudoku::vec9
#endif
