// The scalar variant of the 9x9 solver: no SIMD intrinsics at all. It is the fallback on
// CPUs without SSE2 or AVX2 paths and is tested on every machine (tests/test_sudoku_simd.py).
#define CASSETETE_FAST9_VARIANT scalar
#define CASSETETE_FAST9_SCALAR 1
#include "sudoku/fast9_kernel.hpp"
