// Instruction-set variants chosen at run time, shared by every engine compiled several times
// (cpp/sudoku/sudoku9.hpp today): the names, the CPU-feature detection and the environment
// override, in one place.
//
// An engine compiles its kernel once per variant it supports (a file per variant, the faster
// ones under `#pragma GCC target`), asks cpu_supports() which of them this CPU can run, and
// picks one with simd_choose(): the variant CASSETETE_SIMD names when it can run it, else the
// best it can run. Plain C++17, no Python headers, no mutable global state (the CPU's features
// and the environment are read once, then constant).
#pragma once
#include <vector>

namespace cassetete {

// Worst to best. baseline = what the build targets without extra flags (SSE2 on x86-64, NEON
// or plain code elsewhere); avx2 = AVX2 with BMI1/BMI2, POPCNT, LZCNT; avx512 = avx2 plus
// AVX-512 F, BW, VL, DQ.
enum class Simd : int { scalar = 0, baseline = 1, avx2 = 2, avx512 = 3 };
constexpr Simd kSimdAll[] = {Simd::scalar, Simd::baseline, Simd::avx2, Simd::avx512};

// "scalar", "baseline", "avx2" or "avx512".
const char* simd_name(Simd simd);
// The variant of that name; false for an unknown name.
bool simd_from_name(const char* name, Simd& simd);
// Whether this CPU (and its operating system) can run the variant's instructions; scalar and
// baseline always. Says nothing about what a given engine compiled.
bool cpu_supports(Simd simd);
// The variant CASSETETE_SIMD names, read once; false when it is unset or names no variant.
bool simd_requested(Simd& simd);
// The variants for which available() is true, worst to best.
std::vector<Simd> simd_filter(bool (*available)(Simd));
// An engine's choice: the variant CASSETETE_SIMD names if available() accepts it, else the
// best variant available() accepts (baseline at worst: every engine must offer it).
Simd simd_choose(bool (*available)(Simd));

}  // namespace cassetete
