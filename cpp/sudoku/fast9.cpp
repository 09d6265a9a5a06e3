// Run-time choice among the 9x9 solver's instruction-set variants (see fast9.hpp).
#include "sudoku/fast9.hpp"

#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace cassetete::sudoku::fast9 {

bool avx2_compiled();  // fast9_avx2.cpp

namespace {

bool cpu_has_avx2() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2") &&
           __builtin_cpu_supports("popcnt");
#else
    return false;
#endif
}

Simd choose_variant() {
    Simd forced;
    const char* name = std::getenv("CASSETETE_SIMD");
    if (name && simd_from_name(name, forced) && simd_available(forced)) return forced;
    return simd_available(Simd::avx2) ? Simd::avx2 : Simd::baseline;
}

bool call_function(void* context, const uint8_t* grid) {
    return (*static_cast<const std::function<bool(const uint8_t*)>*>(context))(grid);
}

}  // namespace

const char* simd_name(Simd simd) {
    switch (simd) {
        case Simd::scalar: return "scalar";
        case Simd::baseline: return "baseline";
        case Simd::avx2: return "avx2";
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
    if (simd != Simd::avx2) return true;
    static const bool avx2 = avx2_compiled() && cpu_has_avx2();  // set once, read-only after
    return avx2;
}

std::vector<Simd> simd_variants() {
    std::vector<Simd> out;
    for (Simd s : kSimdVariants)
        if (simd_available(s)) out.push_back(s);
    return out;
}

Simd simd_selected() {
    static const Simd selected = choose_variant();  // thread-safe initialisation, then constant
    return selected;
}

uint64_t solve_with(Simd simd, const uint8_t* cells, uint64_t limit, uint8_t* solution,
                    SearchControl* control, Stats* stats,
                    const std::function<bool(const uint8_t*)>* on_solution) {
    if (!simd_available(simd))
        throw std::invalid_argument(std::string("the ") + simd_name(simd) +
                                    " variant of the 9x9 solver is not available on this CPU or build");
    Emit emit{&call_function, const_cast<std::function<bool(const uint8_t*)>*>(on_solution)};
    const Emit* e = on_solution ? &emit : nullptr;
    switch (simd) {
        case Simd::scalar: return scalar::solve(cells, limit, solution, control, stats, e);
        case Simd::baseline: return baseline::solve(cells, limit, solution, control, stats, e);
        case Simd::avx2: return avx2::solve(cells, limit, solution, control, stats, e);
    }
    return 0;
}

uint64_t solve(const uint8_t* cells, uint64_t limit, uint8_t* solution, SearchControl* control,
               Stats* stats, const std::function<bool(const uint8_t*)>* on_solution) {
    return solve_with(simd_selected(), cells, limit, solution, control, stats, on_solution);
}

}  // namespace cassetete::sudoku::fast9
