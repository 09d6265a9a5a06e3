// An exact cover problem: items 0..primary-1 must be covered exactly once, items
// primary..primary+secondary-1 at most once; options are sets of items (Knuth, TAOCP 7.2.2.1).
// The matrix is stored row by row (compressed sparse rows) and never changes once built.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace cassetete::exactcover {

// Bad input (item out of range, an item twice in one option, ...). The Python glue turns it
// into cassetete.PuzzleError.
struct ProblemError : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

class Problem {
public:
    Problem(int primary, int secondary) : primary_(primary), secondary_(secondary) {
        if (primary < 0 || secondary < 0)
            throw ProblemError("item counts must be >= 0 (primary=" + std::to_string(primary) +
                               ", secondary=" + std::to_string(secondary) + ")");
        option_start_.push_back(0);
        seen_.assign(static_cast<size_t>(primary + secondary), -1);
    }

    // Append one option; returns its index. Throws ProblemError on bad items.
    int add_option(const std::vector<int>& items) {
        const int index = options();
        if (items.empty())
            throw ProblemError("option " + std::to_string(index) + " is empty");
        for (int item : items) {
            if (item < 0 || item >= items_count())
                throw ProblemError("option " + std::to_string(index) + ": item " +
                                   std::to_string(item) + " out of range 0.." +
                                   std::to_string(items_count() - 1));
            if (seen_[item] == index)
                throw ProblemError("option " + std::to_string(index) + " covers item " +
                                   std::to_string(item) + " twice");
            seen_[item] = index;
        }
        bool has_primary = false;
        for (int item : items) has_primary |= item < primary_;
        if (!has_primary)
            throw ProblemError("option " + std::to_string(index) + " has no primary item");
        items_.insert(items_.end(), items.begin(), items.end());
        option_start_.push_back(static_cast<int>(items_.size()));
        return index;
    }

    int primary() const noexcept { return primary_; }
    int secondary() const noexcept { return secondary_; }
    int items_count() const noexcept { return primary_ + secondary_; }
    int options() const noexcept { return static_cast<int>(option_start_.size()) - 1; }
    int nodes() const noexcept { return static_cast<int>(items_.size()); }
    // Items of option o: item_data()[option_begin(o) .. option_begin(o+1)).
    int option_begin(int o) const noexcept { return option_start_[o]; }
    const std::vector<int>& item_data() const noexcept { return items_; }

private:
    int primary_;
    int secondary_;
    std::vector<int> option_start_;
    std::vector<int> items_;
    std::vector<int> seen_;  // seen_[item] = last option that mentioned it (duplicate check)
};

}  // namespace cassetete::exactcover
