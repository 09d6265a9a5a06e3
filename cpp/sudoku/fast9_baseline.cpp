// The baseline variant of the 9x9 solver: whatever the build targets (SSE2 on portable x86-64,
// everything on a CASSETETE_NATIVE=ON build).
#define CASSETETE_FAST9_VARIANT baseline
#include "sudoku/fast9_kernel.hpp"
