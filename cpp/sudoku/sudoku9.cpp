// The 9x9 engine's variants and their kernels (see sudoku9.hpp).
#include "sudoku/sudoku9.hpp"

#include <stdexcept>
#include <string>

#include "sudoku/fast9.hpp"
#include "sudoku/vec9.hpp"

namespace cassetete::sudoku::nine {

namespace {

bool runs_vec9(Simd simd) { return simd == Simd::avx512 || simd == Simd::avx2; }

bool available(Simd simd) {
    return runs_vec9(simd) ? vec9::available(simd) : fast9::available(simd);
}

}  // namespace

const char* kernel_name(Simd simd) { return runs_vec9(simd) ? "vec9" : "fast9"; }

bool simd_available(Simd simd) { return available(simd); }

std::vector<Simd> simd_variants() { return simd_filter(&available); }

Simd simd_selected() {
    static const Simd selected = simd_choose(&available);  // thread-safe initialisation, then constant
    return selected;
}

uint64_t solve_with(Simd simd, const uint8_t* cells, uint64_t limit, uint8_t* solution,
                    SearchControl* control, uint64_t* guesses, const Emit* emit) {
    if (!available(simd))
        throw std::invalid_argument(std::string("the ") + simd_name(simd) +
                                    " variant of the 9x9 engine is not available on this CPU or build");
    if (runs_vec9(simd)) return vec9::solve_with(simd, cells, limit, solution, control, guesses, emit);
    fast9::Stats stats;
    const uint64_t count = fast9::solve_with(simd, cells, limit, solution, control, &stats, emit);
    if (guesses) *guesses = stats.guesses;
    return count;
}

uint64_t solve(const uint8_t* cells, uint64_t limit, uint8_t* solution, SearchControl* control,
               uint64_t* guesses, const Emit* emit) {
    return solve_with(simd_selected(), cells, limit, solution, control, guesses, emit);
}

}  // namespace cassetete::sudoku::nine
