// Backtracking with scheduled breaks for edge-matching puzzles (the method of the Eternity II
// record holders since 2008: Verhaard, then Joshua Blackwood).
//
// Cells are filled in one fixed scan order. A placement may leave one of its joins with the
// placed neighbours unmatched (a "break") only while the breaks on the board stay within the
// schedule: allowed[d] is the number of breaks the board may hold once d + 1 free cells are
// placed. Joins along the rim (between two frame cells) never break. Optional quotas: pattern
// edges (edges of the chosen colours) placed so far must reach quota[d] after d + 1 free cells,
// which pushes the hard colours to the start of the scan. Candidates are tried matching first,
// then breaking; inside each group pieces with more pattern edges first, ties in a seeded
// random order that a restart draws anew.
//
// The result is the best complete board: found by the search itself (every cell placed; its
// score is then the joins minus its breaks, and the schedule is tightened so that only better
// boards are looked for), or by completing a partial board that reached a new depth record
// (the free cells left filled by a small branch and bound with any number of breaks).
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "common/limits.hpp"
#include "edgematch/backtrack.hpp"
#include "edgematch/puzzle.hpp"

namespace cassetete::edgematch {

struct BreaksOptions {
    std::vector<int> order;          // a permutation of all cells; fixed cells are skipped
    std::vector<Placement> fixed;    // clue placements
    std::vector<int> allowed;        // per free cell in scan order: breaks allowed once it is placed
    std::vector<int> quota;          // per free cell in scan order: pattern edges needed (empty = none)
    std::vector<int> pattern;        // colour ids whose edges count toward the quotas
    uint64_t seed = 0;
    double restart_seconds = 0;      // a fresh candidate order every so many seconds (0 = never)
    uint64_t restart_nodes = 0;      // ... or every so many placements (0 = never)
    uint64_t complete_nodes = 20000; // node budget of each completion of a partial board
    int complete_from = 0;           // complete partial records from this many free cells placed
    int complete_tail = 0;           // ... and every partial board with at most this many free cells left
};

struct BreaksResult {
    std::vector<int> piece, rot;     // best complete board (empty when none was made)
    int score = -1;                  // its matched joins
    int total = 0;                   // the puzzle's inner joins
    int best_depth = 0;              // most free cells placed at once
    int best_depth_breaks = 0;       // breaks on that deepest partial board
    int full_boards = 0;             // complete boards reached by the search itself
    int completions = 0;             // partial boards completed by branch and bound
    int restarts = 0;
    int filters = 0;                 // times the candidate lists were copied without settled pieces
    bool exhausted = false;          // the whole tree (under the schedule) was searched
    uint64_t nodes = 0;
    // Placements of the search (completions left out) on the last depths of the scan, by the
    // breaks on the board: profile[(d - profile_from) * profile_width + b] counts the boards of
    // d free cells placed holding b breaks, d from profile_from to the last free cell. Which
    // schedule makes more deep boards with few breaks per second is read from it.
    std::vector<uint64_t> profile;
    int profile_from = 0, profile_width = 0;
    std::vector<std::pair<double, int>> trajectory;  // (seconds, best complete score)
    StopReason stop = StopReason::none;
};

// Throws std::invalid_argument naming the first problem.
void validate_breaks_options(const Puzzle& pz, const BreaksOptions& opt);

// One search (one worker) under `control`.
BreaksResult breaks_search(const Puzzle& pz, const BreaksOptions& opt, SearchControl& control);

// `workers` independent searches (seeds seed, seed + 1, ...) on threads, worker 0 on the calling
// thread under `control` (which may carry a poll hook); the others share `limits` (node limit
// split between the workers) and stop when `token` is cancelled, which happens as soon as worker 0
// stops early for any reason but its own time limit. One result per worker.
std::vector<BreaksResult> breaks_search_workers(const Puzzle& pz, const BreaksOptions& opt, int workers,
                                                SearchLimits limits, CancellationToken& token,
                                                SearchControl::PollHook hook);

}  // namespace cassetete::edgematch
