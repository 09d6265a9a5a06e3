// The Sudoku entry points used by the bindings: one puzzle (choosing the engine), a batch on
// threads. The 9x9 engine (sudoku9.hpp) is used whenever the puzzle is 9x9 with the default
// rules and no trace or randomisation is asked for; every other case goes to the general engine.
#pragma once
#include <cstdint>
#include <vector>

#include "common/limits.hpp"
#include "sudoku/general.hpp"

namespace cassetete::sudoku {

SearchOutcome solve_puzzle(const Geometry& geometry, const uint8_t* clues, const SearchOptions& options,
                           SearchControl& control);

constexpr int64_t kInvalidPuzzle = -2;  // a batch count: the clues repeat a value in a unit

// True when two clues repeat a value in a row, column or box (values must be <= N).
bool clues_clash(const Geometry& geometry, const uint8_t* clues);

struct BatchOutcome {
    std::vector<uint8_t> solutions;  // count x cells, zeros where no solution was found
    std::vector<int64_t> counts;     // solutions found, capped at `limit`; -1 if stopped early;
                                     // kInvalidPuzzle (not searched) if the clues clash
    uint64_t nodes = 0;
};

// Solves `count` puzzles of `geometry.cells()` values each on `workers` threads (-1 = all).
// `poll` (may be null) is called from the calling thread between puzzles and every few thousand
// nodes; when it returns true every worker stops and the unfinished counts stay -1.
BatchOutcome solve_batch(const Geometry& geometry, const uint8_t* puzzles, size_t count, uint64_t limit,
                         const Rules& rules, int workers, SearchLimits per_puzzle,
                         const SearchControl::PollHook& poll);

}  // namespace cassetete::sudoku
