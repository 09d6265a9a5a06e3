// Simulated annealing for Hashiwokakero of Rafaralahy, "Résolution des jeux Shikaku et
// Hashiwokakero par programmation linéaire en nombres entiers", section 2.3.
//
// State: a number of bridges (0, 1 or 2) per potential edge. Neighbour: add an edge, remove an
// edge or change the multiplicity of an edge, with probabilities that depend on the share of
// edges in use (few edges -> adding is likely). Energy (10):
//     f(E) = C(V, E) + DeltaW(V, E)^2 - |E|,
// C = pairs of crossing edges both in use, DeltaW = sum over islands of (value - bridges)^2,
// |E| = edges in use. Metropolis acceptance exp(-(f' - f) / T), geometric cooling T *= lambda,
// restart from the best state when the temperature is spent. The run stops at the first state
// with C = 0, DeltaW = 0 that is connected (a solution), or at the limits.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "common/limits.hpp"
#include "common/stats.hpp"
#include "hashi/graph.hpp"

namespace cassetete::hashi {

struct AnnealingOptions {
    double initial_temperature = 2.0;
    double final_temperature = 0.02;
    uint64_t steps_per_round = 0;  // iterations from hot to cold; 0 = 2000 x edges
    uint64_t seed = 0;
};

struct AnnealingResult {
    Status status = Status::limit;
    std::vector<uint8_t> bridges;  // best state without crossings (a solution when status == solved)
    double best_energy = 0;         // the energy of `bridges`
    // (iteration, best energy) at the start and after every improvement of the best state
    std::vector<std::pair<uint64_t, double>> trajectory;
    SearchStats stats;
};

// Iterations are counted as nodes in `control`; without limits the caller must give a node limit.
AnnealingResult solve_annealing(const Graph& graph, SearchControl& control,
                                const AnnealingOptions& options);

}  // namespace cassetete::hashi
