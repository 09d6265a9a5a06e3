// Sudoku of any box shape r x c (N = r*c <= 64): one uint64_t candidate mask per cell and one
// position mask per (unit, value), the Sudoku lecture notes' three rules ("règles eup") plus box/line
// intersections, then branching.
//
// Rules (each switchable, each counted in SearchStats::counters):
//   exclusivity    a placed value leaves its row, column and box            (seed rule 1)
//   uniqueness     hidden single: a value with one place left in a unit goes there (seed rule 2)
//   parity         naked pair: two cells of a unit with the same two candidates remove
//                  them from the rest of the unit                            (seed rule 3)
//   intersections  locked candidates: a value confined to one box/line intersection leaves
//                  the rest of the line (pointing) or of the box (claiming)  (our addition: it
//                  pays on 16x16 and larger)
//   hall           all-different consistency per unit: every naked and hidden subset at once
//                  (large_alldiff.hpp); counted only when on. Off by default below order 36
//                  (on 25x25 it halves the nodes but costs more time than that gives back),
//                  switched on automatically from order 36 up (SearchOptions::auto_hall; on a
//                  64x64 puzzle from our generator at 61 % given it cut the search from 23,555
//                  nodes / 1.6 s to 191 nodes / 0.1 s; see bench/results/sudoku_large.md)
// Branching: the cell with fewest candidates (the Sudoku lecture notes' heuristic), ties to the cell whose units
// failed most often; when every open cell has 3+ candidates and uniqueness is on, a value with
// exactly two places in a unit is branched on instead (two branches instead of three or more).
// Searches for 1 or 2 solutions restart on a Luby schedule with randomised tie-breaks (seeded:
// SearchOptions::rng or a fixed internal seed), which removes the heavy tail of 25x25 puzzles
// near 45 % given; counts stay exact (see Engine::run in general.cpp).
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include "common/limits.hpp"
#include "common/rng.hpp"
#include "common/stats.hpp"
#include "sudoku/geometry.hpp"

namespace cassetete::sudoku {

struct Rules {
    bool exclusivity = true;
    bool uniqueness = true;
    bool parity = true;
    bool intersections = true;
    bool hall = false;  // all-different consistency (see auto_hall for orders 36 and up)
};

// One rule application recorded by explain(): a placement (value fixed in a cell) or an
// elimination (value removed from a cell).
struct TraceStep {
    enum Rule : uint8_t { exclusivity = 0, uniqueness = 1, parity = 2, intersections = 3, hall = 4 };
    enum Action : uint8_t { place = 0, eliminate = 1 };
    uint8_t rule;
    uint8_t action;
    int16_t value;  // 1..N
    int cell;       // row*N + col
    int cause;      // the cell (exclusivity) or unit (others) that caused the step
};

using SolutionCallback = std::function<bool(const uint8_t*)>;

struct SearchOptions {
    Rules rules;
    uint64_t limit = 1;           // stop after this many solutions (0 = all)
    Rng* rng = nullptr;           // random value order at branches (generation); null = in order
    std::vector<TraceStep>* trace = nullptr;  // root propagation trace (explain); null = none
    const SolutionCallback* on_solution = nullptr;  // return false to stop
    // Switch the hall rule on for orders >= kHallMinOrder when exclusivity and uniqueness are
    // on, whatever `rules.hall` says (root-propagation views such as explain() turn this off).
    bool auto_hall = true;
    // The lecture notes' plain algorithm ("Problème du Sudoku", algorithm Sudoku with
    // BouclerRègles): the rules to a fixpoint, then the first cell (row-major) with the fewest
    // candidates, its values in increasing order; no restarts, no conflict weights, no branching
    // on a value's two places, no automatic hall rule. Its node counts are the notes' tree.
    bool plain = false;
    // Conflict-driven learning (sudoku/learning.hpp) instead of the depth-first search:
    // automatic = for searches of one or two solutions (first solution, uniqueness) at orders
    // >= kLearningMinOrder with the default rules and no randomisation, trace or plain mode.
    enum class Learning : uint8_t { automatic, off, on };
    Learning learning = Learning::automatic;
};

constexpr int kHallMinOrder = 36;

struct SearchOutcome {
    uint64_t count = 0;                 // solutions found (a lower bound if stopped)
    std::vector<uint8_t> first_solution;  // N*N values, empty if none
    SearchStats stats;
};

// Validates nothing about clue duplicates (a contradictory grid simply has no solution);
// `clues` holds N*N values in 0..N (0 = empty), values > N are treated as contradictions.
SearchOutcome solve_general(const Geometry& geometry, const uint8_t* clues,
                            const SearchOptions& options, SearchControl& control);

// Root propagation only (no branching): the candidate masks after the enabled rules reach a
// fixpoint, and whether that contradicted. Used by explain() and rate().
struct PropagationOutcome {
    bool contradiction = false;
    std::vector<uint64_t> candidates;  // N*N masks, bit v-1 = value v possible
    SearchStats stats;
};
PropagationOutcome propagate_only(const Geometry& geometry, const uint8_t* clues, const Rules& rules,
                                  std::vector<TraceStep>* trace);

}  // namespace cassetete::sudoku
