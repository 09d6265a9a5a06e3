#include "shikaku/annealing.hpp"

#include <chrono>
#include <cmath>

#include "common/rng.hpp"

namespace cassetete::shikaku {

AnnealResult anneal(const Candidates& cd, const AnnealParams& params, SearchControl& control) {
    AnnealResult res;
    const auto start = std::chrono::steady_clock::now();
    const int K = cd.clue_count();
    const int cols = cd.cols;
    res.target_energy = static_cast<int64_t>(cd.rows) * cd.cols;
    for (int k = 0; k < K; ++k) {
        if (cd.clue_begin[k + 1] == cd.clue_begin[k]) {
            res.status = Status::unsatisfiable;  // a clue without any rectangle: no solution
            return res;
        }
    }
    if (!cd.areas_match()) {
        res.status = Status::unsatisfiable;
        return res;
    }
    Rng rng(params.seed);
    std::vector<int> state(K), best(K);
    std::vector<int> cover(cd.cell_count(), 0);
    std::vector<int> movable;
    int64_t energy = 0;
    auto add = [&](int d, int delta) {
        const Rect& rc = cd.rects[d];
        int64_t change = 0;
        for (int r = rc.row; r < rc.row + rc.height; ++r) {
            for (int c = rc.col; c < rc.col + rc.width; ++c) {
                int& v = cover[r * cols + c];
                change += delta > 0 ? 2 * v + 1 : -2 * v + 1;
                v += delta;
            }
        }
        return change;
    };
    for (int k = 0; k < K; ++k) {
        const int n = cd.clue_begin[k + 1] - cd.clue_begin[k];
        state[k] = cd.clue_begin[k] + static_cast<int>(rng.below(n));
        energy += add(state[k], +1);
        if (n > 1) movable.push_back(k);
    }
    // energy now counts sum v^2 over the covered cells; uncovered cells add 0.
    best = state;
    int64_t best_energy = energy;
    double t = params.t0;
    uint64_t accepted = 0, worse_accepted = 0, improvements = 0, steps = 0;
    res.trajectory.emplace_back(0, best_energy);
    while (best_energy > res.target_energy && steps < params.iterations && !movable.empty()) {
        if (control.tick()) break;
        ++steps;
        const int k = movable[rng.below(movable.size())];
        const int n = cd.clue_begin[k + 1] - cd.clue_begin[k];
        int next = cd.clue_begin[k] + static_cast<int>(rng.below(n - 1));
        if (next >= state[k]) ++next;
        const int old = state[k];
        const int64_t delta = add(old, -1) + add(next, +1);
        bool accept = delta < 0;
        if (!accept && t > 0) {
            accept = rng.uniform() < std::exp(-static_cast<double>(delta) / t);
            if (accept && delta > 0) ++worse_accepted;
        }
        if (accept) {
            ++accepted;
            state[k] = next;
            energy += delta;
            if (energy < best_energy) {
                best_energy = energy;
                best = state;
                ++improvements;
                res.trajectory.emplace_back(steps, best_energy);
            }
        } else {
            add(next, -1);
            add(old, +1);
        }
        t *= params.cooling;
    }
    res.best.reserve(K);
    for (int d : best) res.best.push_back(cd.rects[d]);
    res.best_energy = best_energy;
    res.status = best_energy == res.target_energy ? Status::solved : control.status(false);
    if (res.status == Status::unsatisfiable) res.status = Status::limit;  // annealing proves nothing
    res.stats.nodes = control.nodes();
    res.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    res.stats.add("iterations", steps);
    res.stats.add("accepted", accepted);
    res.stats.add("worse_accepted", worse_accepted);
    res.stats.add("improvements", improvements);
    return res;
}

}  // namespace cassetete::shikaku
