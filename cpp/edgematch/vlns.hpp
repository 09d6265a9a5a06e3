// The very large neighbourhood and the tabu search of Schaus and Deville (sections 3 and 4).
//
// One move: pick S, a set of pairwise non-adjacent free cells of one class, lift their pieces,
// weight each piece -> hole arc with (best rotation, matches with the fixed neighbours), and
// put the pieces back along a maximum-weight assignment. Because no two holes touch, each
// arc's weight is exact and the assignment is the best rearrangement of S: the move never
// loses score unless arcs are penalised by the tabu list.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <utility>
#include <vector>

#include "common/limits.hpp"
#include "common/rng.hpp"
#include "edgematch/hungarian.hpp"
#include "edgematch/local_board.hpp"
#include "edgematch/reverse_move_tabu.hpp"

namespace cassetete::edgematch {

struct TabuOptions {
    int size = 16;              // |S| wanted (fewer when the class has no room)
    double greed = 2.0;         // selection key = greed * violations + uniform(0,1); 0 = random sets
    int class_weight[5] = {1, 1, 1, 1, 1};  // chance of a class ~ weight * free cells of the class
    int tabu_cells_min = 2, tabu_cells_max = 6;    // tenure of tabu_1 (chosen positions)
    int tabu_arcs_min = 10, tabu_arcs_max = 40;    // tenure of tabu_2 (reverse moves)
    int plateau = 2000;         // iterations without a new phase best -> diversification
    int kicks = 3;              // random swap-and-rotate moves per diversification
    int restore_after = 10;     // plateaus without a new best -> restore the best board
    int restart_after = 10;     // restores without a new best of this start -> new start (0 = never)
    bool tabu = true;           // false: plain descent with the neighbourhood (figure 4)
    // Neutral walk: a board that equals the best score of the current start becomes the board
    // that intensification restores, so the search drifts along a plateau of equal scores
    // instead of always going back to the first board that reached it.
    bool neutral = false;
    // Restart by perturbation (iterated local search): when > 0, a restart takes the overall
    // best board and applies this many random swap-and-rotate moves instead of drawing a fresh
    // start, so the search keeps working near the best board found.
    int restart_kicks = 0;
    // Guided local search (Voudouris & Tsang's penalties on features; here a feature is one
    // inner join of the board). Every `penalty_every` iterations the wrong joins of highest
    // utility 1 / (1 + penalty) get one more penalty unit, and the assignment values a matched
    // join at 1 + penalty * penalty_weight / 16 joins, so joins that stay wrong for long become
    // worth fixing. Penalties are cleared when the best board is restored and at restarts.
    // The score that counts (best boards, trajectory) is never weighted.
    // Only with tabu (the plain descent of figure 4 stays unweighted). penalty_weight 0 = off;
    // 4 is the default since it lifted both 1-hour E2 runs measured
    // (bench/results/edgematch_local_goals_T3600_gls4.md).
    int penalty_weight = 4;
    int penalty_every = 200;
};

// The neighbourhood (section 3) on a board, with scratch space.
class Neighbourhood {
public:
    explicit Neighbourhood(const LocalPuzzle& lp) : lp_(lp) {}

    // Pairwise non-adjacent cells of class cls, at most `size`; cells with larger key first.
    // key[cell] is read for the class's free cells only.
    void select(int cls, int size, const std::vector<double>& key, std::vector<int>& S);

    // Rearranges S optimally. An arc (from cell, to cell) that `tabu` forbids at iteration `now`
    // gets its weight pushed down so it is only used when nothing else is possible (tabu may be
    // null). Returns the moves made (from cell, to cell), from != to, in
    // `moved`. Ties between equal scores are broken at random with rng.
    // penalty (may be null): guided local search penalty per (cell * 4 + side); a matched join
    // is then worth 1 + penalty * penalty_weight / 16 joins. max_penalty bounds the entries.
    void apply(LocalBoard& b, const std::vector<int>& S, Rng& rng, const ReverseMoveTabu* tabu, uint64_t now,
               std::vector<std::pair<int, int>>& moved, const int* penalty = nullptr, int penalty_weight = 0,
               int max_penalty = 0);

    // The small move: swap the pieces of two free cells of the same class, each turned to its
    // best rotation there (random rotation among the allowed ones when random_rot).
    void swap_rotate(LocalBoard& b, int a, int c, Rng& rng, bool random_rot);

private:
    const LocalPuzzle& lp_;
    std::vector<std::pair<double, int>> order_;  // (selection key, cell)
    std::vector<int> mark_, pieces_, col_;
    std::vector<int64_t> w_;
    std::vector<int8_t> rot_;
    Assignment assign_;
    int stamp_ = 0;
};

// Algorithm 1 of Schaus and Deville as a resumable state: run() continues where the last call stopped.
// best_score()/best_board() may be read from another thread while run() works.
class TabuSearch {
public:
    TabuSearch(const LocalPuzzle& lp, const TabuOptions& opt, uint64_t seed);

    // Starts from this board (piece, rot per cell); checked by the caller.
    void start(const std::vector<int>& piece, const std::vector<int>& rot);

    // A new starting board for restarts (section 4: the search terminates after a number of
    // intensifications; we then start again from a fresh initialisation, keeping the best).
    using Reinit = std::function<void(Rng& rng, std::vector<int>& piece, std::vector<int>& rot)>;
    void set_reinit(Reinit reinit) { reinit_ = std::move(reinit); }

    // Runs until control stops, `max_iterations` total iterations (0 = none) or a perfect board.
    // elapsed0 = seconds already spent (trajectory times continue from it).
    void run(SearchControl& control, uint64_t max_iterations, double elapsed0);

    int score() const { return board_.score; }
    int best_score() const { return best_.load(std::memory_order_relaxed); }
    void best_board(std::vector<int>& piece, std::vector<int>& rot) const;
    const LocalBoard& board() const { return board_; }
    uint64_t iterations() const { return iterations_; }
    uint64_t diversifications() const { return diversifications_; }
    uint64_t restores() const { return restores_; }
    uint64_t restarts() const { return restarts_; }
    // Entries of the reverse-move tabu list (linear in the board: at most cells * (tenure + 1)).
    size_t tabu_entries() const { return reverse_tabu_.entries(); }
    // (seconds, best score) at each improvement of the best.
    std::vector<std::pair<double, int>> trajectory() const;

private:
    void note_best(double seconds);
    void diversify();
    void kick(int moves);
    void penalise();
    void clear_penalties();

    const LocalPuzzle& lp_;
    TabuOptions opt_;
    Rng rng_;
    LocalBoard board_;
    Neighbourhood hood_;
    std::vector<double> key_;
    std::vector<int> S_;
    std::vector<std::pair<int, int>> moved_;
    std::vector<uint64_t> cell_until_;  // tabu_1: cell chosen -> free again at this iteration
    ReverseMoveTabu reverse_tabu_;      // tabu_2: reverse moves forbidden until
    std::vector<int> class_pick_;       // classes with free cells, repeated by weight
    std::vector<int> penalty_;          // guided local search: penalty per (cell * 4 + side)
    int max_penalty_ = 0;
    uint64_t iterations_ = 0, diversifications_ = 0, restores_ = 0, restarts_ = 0;
    int phase_best_ = -1, since_phase_ = 0, plateaus_since_best_ = 0, restores_since_best_ = 0;
    // Best board of the current start (restored by intensification); the overall best below.
    int run_best_ = -1;
    std::vector<int> run_piece_, run_rot_;
    Reinit reinit_;

    mutable std::mutex mutex_;
    std::atomic<int> best_{-1};
    std::vector<int> best_piece_, best_rot_;
    std::vector<std::pair<double, int>> trajectory_;
};

}  // namespace cassetete::edgematch
