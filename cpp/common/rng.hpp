// Seeded pseudo-random numbers: xoshiro256** seeded through splitmix64.
// Every randomised engine owns one (no global state), so the same seed gives the same run.
#pragma once
#include <cstdint>

namespace cassetete {

class Rng {
public:
    explicit Rng(uint64_t seed = 0x9E3779B97F4A7C15ULL) noexcept { reseed(seed); }

    void reseed(uint64_t seed) noexcept {
        for (auto& word : state_) word = splitmix64(seed);
    }

    uint64_t next() noexcept {
        const uint64_t result = rotl(state_[1] * 5, 7) * 9;
        const uint64_t t = state_[1] << 17;
        state_[2] ^= state_[0];
        state_[3] ^= state_[1];
        state_[1] ^= state_[2];
        state_[0] ^= state_[3];
        state_[2] ^= t;
        state_[3] = rotl(state_[3], 45);
        return result;
    }

    // Uniform integer in [0, bound), bound > 0 (Lemire's multiply-shift, rejection-free bias < 2^-32).
    uint64_t below(uint64_t bound) noexcept {
        return static_cast<uint64_t>((static_cast<unsigned __int128>(next()) * bound) >> 64);
    }

    // Uniform double in [0, 1).
    double uniform() noexcept { return (next() >> 11) * 0x1.0p-53; }

    template <class RandomIt>
    void shuffle(RandomIt first, RandomIt last) noexcept {
        for (auto n = last - first; n > 1; --n) {
            auto j = static_cast<decltype(n)>(below(static_cast<uint64_t>(n)));
            auto tmp = first[n - 1];
            first[n - 1] = first[j];
            first[j] = tmp;
        }
    }

private:
    static uint64_t rotl(uint64_t x, int k) noexcept { return (x << k) | (x >> (64 - k)); }
    static uint64_t splitmix64(uint64_t& x) noexcept {
        uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    uint64_t state_[4];
};

}  // namespace cassetete
