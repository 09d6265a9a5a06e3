// fast9's variants (see fast9.hpp); the choice among them is the engine's (sudoku9.cpp).
#include "sudoku/fast9.hpp"

#include <stdexcept>
#include <string>

namespace cassetete::sudoku::fast9 {

bool avx2_compiled();  // fast9_avx2.cpp

bool available(Simd simd) {
    switch (simd) {
        case Simd::scalar:
        case Simd::baseline: return true;
        case Simd::avx2: {
            static const bool avx2 = avx2_compiled() && cpu_supports(Simd::avx2);  // set once
            return avx2;
        }
        case Simd::avx512: return false;
    }
    return false;
}

uint64_t solve_with(Simd simd, const uint8_t* cells, uint64_t limit, uint8_t* solution,
                    SearchControl* control, Stats* stats, const Emit* on_solution) {
    if (!available(simd))
        throw std::invalid_argument(std::string("the ") + simd_name(simd) +
                                    " variant of fast9 is not available on this CPU or build");
    switch (simd) {
        case Simd::scalar: return scalar::solve(cells, limit, solution, control, stats, on_solution);
        case Simd::baseline: return baseline::solve(cells, limit, solution, control, stats, on_solution);
        case Simd::avx2: return avx2::solve(cells, limit, solution, control, stats, on_solution);
        case Simd::avx512: break;
    }
    return 0;
}

}  // namespace cassetete::sudoku::fast9
