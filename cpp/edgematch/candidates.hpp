// Candidate tables: for every set of known sides (a 4-bit mask, bit s = side s known) and every
// tuple of required colours on those sides, the list of (piece, rotation) placements whose
// known sides show exactly those colours and whose unknown sides are all non-frame (colour != 0).
// Colour 0 on a known side means "this side is on the board's rim". So one lookup gives the
// placements allowed at a cell from its placed neighbours and the rim, with frame and inner
// pieces kept apart. Entries are packed as piece << 2 | rot. Rotations that give the same
// edges as a smaller rotation of the same piece (symmetric pieces) are listed once.
//
// Dense tables (one offset per possible key) are used while C^4 stays small; beyond that a hash
// map per mask. Reused by the local-search engines (issue 5): build once per puzzle, read-only.
#pragma once
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "edgematch/puzzle.hpp"

namespace cassetete::edgematch {

class CandidateIndex {
public:
    // shuffle: list the placements of each bucket in a seeded random order (else piece order).
    explicit CandidateIndex(const Puzzle& pz, bool shuffle = false, uint64_t seed = 0);

    // Key of a tuple of required colours: sum over known sides (in side order) of colour * radix^j.
    uint64_t radix() const { return radix_; }

    struct Range {
        const uint32_t* begin;
        const uint32_t* end;
        size_t size() const { return static_cast<size_t>(end - begin); }
    };

    Range lookup(unsigned mask, uint64_t key) const {
        if (dense_) {
            const uint32_t* off = &offsets_[base_[mask] + key];
            return {entries_.data() + off[0], entries_.data() + off[1]};
        }
        auto it = hashed_[mask].find(key);
        if (it == hashed_[mask].end()) return {nullptr, nullptr};
        return {entries_.data() + it->second.first, entries_.data() + it->second.second};
    }

    // Key for a cell given required colours need[s] (ignored where the mask bit is clear).
    uint64_t key_of(unsigned mask, const int need[4]) const {
        uint64_t key = 0, mult = 1;
        for (int s = 0; s < 4; ++s)
            if (mask & (1u << s)) {
                key += static_cast<uint64_t>(need[s]) * mult;
                mult *= radix_;
            }
        return key;
    }

    // All distinct placements (piece << 2 | rot) of every piece.
    const std::vector<uint32_t>& placements() const { return placements_; }

    // Dense tables only: a number for each (mask, key) bucket, below buckets(); used to keep
    // per-bucket counts of unused placements (the pair counts of corner filling).
    bool dense() const { return dense_; }
    size_t buckets() const { return offsets_.size(); }
    size_t bucket(unsigned mask, uint64_t key) const { return base_[mask] + key; }
    // Dense tables only: the offsets of one mask (bucket key spans entries()[off[key]] up to
    // entries()[off[key + 1]]), for engines that resolve the mask once per cell.
    const uint32_t* mask_offsets(unsigned mask) const { return offsets_.data() + base_[mask]; }
    const uint32_t* entries() const { return entries_.data(); }

private:
    bool dense_ = true;
    uint64_t radix_ = 1;
    std::vector<uint32_t> entries_;
    std::vector<uint32_t> offsets_;  // dense: per mask, (radix^popcount + 1) offsets
    uint64_t base_[16] = {};
    std::vector<std::unordered_map<uint64_t, std::pair<uint32_t, uint32_t>>> hashed_;
    std::vector<uint32_t> placements_;
};

}  // namespace cassetete::edgematch
