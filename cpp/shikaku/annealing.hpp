// Simulated annealing for Shikaku of Rafaralahy, "Résolution des jeux Shikaku et
// Hashiwokakero par programmation linéaire en nombres entiers", section 1.3.
//
// State: one candidate rectangle per clue. Neighbour: the same state with one clue's rectangle
// replaced by another of its candidates. Energy (3): sum over cells of (number of chosen
// rectangles covering the cell)^2; when the clue areas sum to the grid area, the state is a
// solution exactly when the energy equals rows * cols. A worse neighbour is accepted with
// probability exp(-(E_k - E) / T); T is multiplied by `cooling` after every step. The best state
// seen is returned.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "common/limits.hpp"
#include "common/stats.hpp"
#include "shikaku/candidates.hpp"

namespace cassetete::shikaku {

struct AnnealParams {
    uint64_t iterations = 1000000;  // k_max
    double t0 = 2.0;                // initial temperature
    double cooling = 0.99999;       // lambda < 1
    uint64_t seed = 0;
};

struct AnnealResult {
    Status status = Status::limit;  // solved when the best state is a solution
    std::vector<Rect> best;         // one rect per clue (empty if a clue has no candidate)
    int64_t best_energy = 0;
    int64_t target_energy = 0;      // rows * cols
    // (iteration, best energy) at the start and after every improvement of the best state
    std::vector<std::pair<uint64_t, int64_t>> trajectory;
    SearchStats stats;
};

AnnealResult anneal(const Candidates& cand, const AnnealParams& params, SearchControl& control);

}  // namespace cassetete::shikaku
