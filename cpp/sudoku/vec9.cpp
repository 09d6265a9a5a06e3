// Run-time choice among the vector 9x9 engine's instruction-set variants (see vec9.hpp).
#include "sudoku/vec9.hpp"

#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

namespace cassetete::sudoku::vec9 {

bool avx2_compiled();    // vec9_avx2.cpp
bool avx512_compiled();  // vec9_avx512.cpp

namespace {

bool cpu_has(Simd simd) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2") &&
                      __builtin_cpu_supports("popcnt");
    if (simd == Simd::avx2) return avx2;
    if (simd == Simd::avx512)
        return avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq");
#else
    (void)simd;
#endif
    return false;
}

Simd choose_variant() {
    Simd forced;
    const char* name = std::getenv("CASSETETE_SIMD");
    if (name && simd_from_name(name, forced) && simd_available(forced)) return forced;
    if (simd_available(Simd::avx512)) return Simd::avx512;
    return simd_available(Simd::avx2) ? Simd::avx2 : Simd::baseline;
}

}  // namespace

const char* simd_name(Simd simd) {
    switch (simd) {
        case Simd::scalar: return "scalar";
        case Simd::baseline: return "baseline";
        case Simd::avx2: return "avx2";
        case Simd::avx512: return "avx512";
    }
    return "unknown";
}

bool simd_from_name(const char* name, Simd& simd) {
    for (Simd s : kSimdVariants)
        if (std::strcmp(name, simd_name(s)) == 0) {
            simd = s;
            return true;
        }
    return false;
}

bool simd_available(Simd simd) {
    static const bool avx2 = avx2_compiled() && cpu_has(Simd::avx2);
    static const bool avx512 = avx512_compiled() && cpu_has(Simd::avx512);
    if (simd == Simd::avx2) return avx2;
    if (simd == Simd::avx512) return avx512;
    return true;
}

std::vector<Simd> simd_variants() {
    std::vector<Simd> out;
    for (Simd s : kSimdVariants)
        if (simd_available(s)) out.push_back(s);
    return out;
}

Simd simd_selected() {
    static const Simd selected = choose_variant();
    return selected;
}

uint64_t solve_with(Simd simd, const uint8_t* cells, uint64_t limit, uint8_t* solution,
                    SearchControl* control, uint64_t* guesses, const Emit* emit) {
    if (!simd_available(simd))
        throw std::invalid_argument(std::string("the ") + simd_name(simd) +
                                    " variant of the vector 9x9 engine is not available here");
    switch (simd) {
        case Simd::scalar: return scalar::solve(cells, limit, solution, control, guesses, emit);
        case Simd::baseline: return baseline::solve(cells, limit, solution, control, guesses, emit);
        case Simd::avx2: return avx2::solve(cells, limit, solution, control, guesses, emit);
        case Simd::avx512: return avx512::solve(cells, limit, solution, control, guesses, emit);
    }
    return 0;
}

uint64_t solve(const uint8_t* cells, uint64_t limit, uint8_t* solution, SearchControl* control,
               uint64_t* guesses, const Emit* emit) {
    return solve_with(simd_selected(), cells, limit, solution, control, guesses, emit);
}

}  // namespace cassetete::sudoku::vec9
