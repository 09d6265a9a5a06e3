// The scalar variant of the vector 9x9 engine: plain C++ loops, no vector types, built and
// tested everywhere.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-tree-vectorize")
#endif
#define CASSETETE_VEC9_VARIANT scalar
#define CASSETETE_VEC9_PLAIN 1
#include "sudoku/vec9_kernel.hpp"
