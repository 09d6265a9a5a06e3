// Search statistics: node count, time, and named per-rule counters.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace cassetete {

struct SearchStats {
    uint64_t nodes = 0;
    double seconds = 0.0;
    // (rule name, count) pairs in a fixed order chosen by each engine.
    std::vector<std::pair<std::string, uint64_t>> counters;

    void add(const std::string& name, uint64_t value) {
        for (auto& entry : counters) {
            if (entry.first == name) {
                entry.second += value;
                return;
            }
        }
        counters.emplace_back(name, value);
    }

    void merge(const SearchStats& other) {
        nodes += other.nodes;
        seconds += other.seconds;
        for (const auto& entry : other.counters) add(entry.first, entry.second);
    }
};

}  // namespace cassetete
