// Bit helpers shared by every engine: popcount, lowest set bit, iteration over set bits.
#pragma once

// Keeps a function out of its callers (used to keep deep recursive frames small).
#if defined(__GNUC__) || defined(__clang__)
#define CASSETETE_NOINLINE __attribute__((noinline))
#elif defined(_MSC_VER)
#define CASSETETE_NOINLINE __declspec(noinline)
#else
#define CASSETETE_NOINLINE
#endif
#include <cstdint>

namespace cassetete {

// Branch-free bit count (bit-slicing by halves, a multiply to add the bytes).
inline int popcount64_portable(uint64_t x) noexcept {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
}

// Bit count. Without the popcnt instruction (portable x86-64 build) the compiler's builtin is a
// library call; the branch-free count is faster there.
inline int popcount64(uint64_t x) noexcept {
#if defined(__POPCNT__) || !defined(__x86_64__)
    return __builtin_popcountll(x);
#else
    return popcount64_portable(x);
#endif
}
inline int lowest_bit_index(uint64_t x) noexcept { return __builtin_ctzll(x); }  // x != 0
inline uint64_t lowest_bit(uint64_t x) noexcept { return x & (~x + 1); }
inline uint64_t clear_lowest_bit(uint64_t x) noexcept { return x & (x - 1); }
inline bool has_single_bit(uint64_t x) noexcept { return x && !(x & (x - 1)); }

// Mask of the n lowest bits, n in [0, 64].
inline uint64_t low_mask(int n) noexcept { return n >= 64 ? ~uint64_t(0) : (uint64_t(1) << n) - 1; }

// Calls f(index) for every set bit of x, lowest first.
template <class F>
inline void for_each_bit(uint64_t x, F&& f) {
    while (x) {
        f(lowest_bit_index(x));
        x = clear_lowest_bit(x);
    }
}

}  // namespace cassetete
