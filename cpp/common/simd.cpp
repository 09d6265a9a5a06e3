// Run-time CPU features and the CASSETETE_SIMD override (see simd.hpp).
#include "common/simd.hpp"

#include <cstdlib>
#include <cstring>
#include <string>

namespace cassetete {

namespace {

struct Features {
    bool avx2 = false;
    bool avx512 = false;
};

Features detect() {
    Features f;
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    f.avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
             __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
    f.avx512 = f.avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq");
#endif
    return f;
}

const Features& features() {
    static const Features f = detect();  // thread-safe initialisation, then constant
    return f;
}

struct Request {
    bool set = false;
    Simd simd = Simd::baseline;
};

Request read_request() {
    Request r;
    const char* name = std::getenv("CASSETETE_SIMD");
    if (name) r.set = simd_from_name(name, r.simd);
    return r;
}

}  // namespace

const char* simd_name(Simd simd) {
    switch (simd) {
        case Simd::scalar: return "scalar";
        case Simd::baseline: return "baseline";
        case Simd::avx2: return "avx2";
        case Simd::avx512: return "avx512";
    }
    return "unknown";
}

bool simd_from_name(const char* name, Simd& simd) {
    for (Simd s : kSimdAll)
        if (std::strcmp(name, simd_name(s)) == 0) {
            simd = s;
            return true;
        }
    return false;
}

bool cpu_supports(Simd simd) {
    switch (simd) {
        case Simd::scalar:
        case Simd::baseline: return true;
        case Simd::avx2: return features().avx2;
        case Simd::avx512: return features().avx512;
    }
    return false;
}

bool simd_requested(Simd& simd) {
    static const Request r = read_request();
    if (r.set) simd = r.simd;
    return r.set;
}

std::vector<Simd> simd_filter(bool (*available)(Simd)) {
    std::vector<Simd> out;
    for (Simd s : kSimdAll)
        if (available(s)) out.push_back(s);
    return out;
}

Simd simd_choose(bool (*available)(Simd)) {
    Simd requested;
    if (simd_requested(requested) && available(requested)) return requested;
    Simd best = Simd::baseline;
    for (Simd s : kSimdAll)
        if (available(s)) best = s;
    return best;
}

}  // namespace cassetete
