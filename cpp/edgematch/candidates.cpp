#include "edgematch/candidates.hpp"

#include <algorithm>

#include "common/rng.hpp"

namespace cassetete::edgematch {

CandidateIndex::CandidateIndex(const Puzzle& pz, bool shuffle, uint64_t seed) {
    const uint64_t C = static_cast<uint64_t>(pz.colors);
    dense_ = C * C * C * C <= (uint64_t{1} << 22);
    radix_ = dense_ ? C : (uint64_t{1} << 16);

    for_each_distinct_placement(pz, [&](int p, int r) {
        placements_.push_back(static_cast<uint32_t>(p) << 2 | static_cast<uint32_t>(r));
    });

    if (shuffle) {
        Rng rng(seed);
        rng.shuffle(placements_.begin(), placements_.end());
    }

    // Bucket every placement under every mask (counting sort by (mask, key)).
    std::vector<std::pair<uint64_t, uint32_t>> items;  // (global key, placement)
    std::vector<uint64_t> sizes(16);
    uint64_t total = 0;
    for (unsigned m = 0; m < 16; ++m) {
        uint64_t n = 1;
        for (int s = 0; s < 4; ++s)
            if (m & (1u << s)) n *= radix_;
        sizes[m] = n;
        if (dense_) {
            base_[m] = total + m;  // each mask owns n + 1 offsets
            total += n;
        }
    }
    if (!dense_) hashed_.resize(16);

    for (unsigned m = 0; m < 16; ++m) {
        items.clear();
        for (uint32_t pl : placements_) {
            int p = static_cast<int>(pl >> 2), r = static_cast<int>(pl & 3);
            int need[4];
            bool ok = true;
            for (int s = 0; s < 4; ++s) {
                need[s] = pz.edge(p, r, s);
                if (!(m & (1u << s)) && need[s] == 0) ok = false;  // unknown sides face the inside
            }
            if (ok) items.emplace_back(key_of(m, need), pl);
        }
        std::stable_sort(items.begin(), items.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
        const uint32_t start = static_cast<uint32_t>(entries_.size());
        for (const auto& it : items) entries_.push_back(it.second);
        if (dense_) {
            offsets_.resize(base_[m] + sizes[m] + 1, start + static_cast<uint32_t>(items.size()));
            size_t j = 0;
            for (uint64_t key = 0; key <= sizes[m]; ++key) {
                while (j < items.size() && items[j].first < key) ++j;
                offsets_[base_[m] + key] = start + static_cast<uint32_t>(j);
            }
        } else {
            size_t j = 0;
            while (j < items.size()) {
                size_t k = j;
                while (k < items.size() && items[k].first == items[j].first) ++k;
                hashed_[m][items[j].first] = {start + static_cast<uint32_t>(j), start + static_cast<uint32_t>(k)};
                j = k;
            }
        }
    }
}

}  // namespace cassetete::edgematch
