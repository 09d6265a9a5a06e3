// The baseline variant of the vector 9x9 engine: GCC vector extensions lowered to what the
// build targets (SSE2 on portable x86-64); plain C++ for other compilers.
#define CASSETETE_VEC9_VARIANT baseline
#if !(defined(__GNUC__) && !defined(__clang__))
#define CASSETETE_VEC9_PLAIN 1
#endif
#include "sudoku/vec9_kernel.hpp"
