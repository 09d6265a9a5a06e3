#include "common/build_info.hpp"

namespace cassetete {

std::string build_info() {
    std::string info;
#if defined(__clang__)
    info += "clang " __clang_version__;
#elif defined(__GNUC__)
    info += "gcc " __VERSION__;
#else
    info += "unknown compiler";
#endif
#if defined(__AVX2__)
    info += ", compiled with AVX2";
#else
    info += ", portable (no AVX2 at compile time)";
#endif
#if defined(__BMI2__)
    info += ", BMI2";
#endif
#if defined(CASSETETE_PGO_BREAKS)
    info += ", profile-guided breaks search";  // CMake option CASSETETE_PGO
#endif
    return info;
}

}  // namespace cassetete
