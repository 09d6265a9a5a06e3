// What the core library was compiled with (reported by `cassetete._core.build_info()`).
#pragma once
#include <string>

namespace cassetete {

// e.g. "gcc 12.2.0, portable x86-64" or "gcc 12.2.0, -march=native (avx2 bmi2)".
std::string build_info();

}  // namespace cassetete
