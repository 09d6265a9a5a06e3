// vec9's variants (see vec9.hpp); the choice among the engine's variants is sudoku9.cpp's.
#include "sudoku/vec9.hpp"

#include <stdexcept>
#include <string>

namespace cassetete::sudoku::vec9 {

bool avx2_compiled();    // vec9_avx2.cpp
bool avx512_compiled();  // vec9_avx512.cpp

bool available(Simd simd) {
    static const bool avx2 = avx2_compiled() && cpu_supports(Simd::avx2);  // set once
    static const bool avx512 = avx512_compiled() && cpu_supports(Simd::avx512);
    if (simd == Simd::avx2) return avx2;
    if (simd == Simd::avx512) return avx512;
    return true;
}

uint64_t solve_with(Simd simd, const uint8_t* cells, uint64_t limit, uint8_t* solution,
                    SearchControl* control, uint64_t* guesses, const Emit* emit) {
    if (!available(simd))
        throw std::invalid_argument(std::string("the ") + simd_name(simd) +
                                    " variant of vec9 is not available on this CPU or build");
    switch (simd) {
        case Simd::scalar: return scalar::solve(cells, limit, solution, control, guesses, emit);
        case Simd::baseline: return baseline::solve(cells, limit, solution, control, guesses, emit);
        case Simd::avx2: return avx2::solve(cells, limit, solution, control, guesses, emit);
        case Simd::avx512: return avx512::solve(cells, limit, solution, control, guesses, emit);
    }
    return 0;
}

}  // namespace cassetete::sudoku::vec9
