// Dedicated 9x9 Sudoku solver (fast path).
//
// A band-oriented bitboard solver: for each digit and each band (three rows) one 27-bit word
// holds the cells where the digit may still go. See fast9.cpp for the design notes and credits.
#pragma once
#include <cstdint>
#include <functional>
#include "common/limits.hpp"

namespace cassetete::sudoku::fast9 {

struct Stats {
    uint64_t guesses = 0;            // branching nodes (each tried value at a guess counts 1)
    uint64_t naked_singles = 0;      // cells fixed because one candidate was left (exclusivity)
    uint64_t hidden_singles = 0;     // values fixed because only one place was left in a unit (uniqueness)
    uint64_t locked_candidates = 0;  // box/line intersection eliminations (band updates that removed candidates)
};
// Notes on the counters: hidden singles are found as rows left with one place after the band
// rule, which also covers boxes and (with the stack rule) columns; locked_candidates counts the
// band or stack updates that removed at least one candidate, not the candidates removed.
// *stats is overwritten (not accumulated) by each call.

// cells: 81 values in 0..9 row-major (0 = empty); callers guarantee values <= 9.
// Counts solutions, stopping as soon as `limit` are found (limit 0 means no limit).
// If `solution` is non-null the first solution found is written there (81 values 1..9).
// If `on_solution` is non-null it is called with each solution found (81 values); if it returns
// false the search stops (the count includes that solution).
// If `control` is non-null, control->tick() is called at each guess (each tried value) and the
// search stops as soon as it returns true (then the returned count is a lower bound; the caller
// reads control->reason()).
// Inconsistent input (e.g. duplicate clues in a unit) returns 0. Reentrant and thread-safe (no
// global mutable state), allocation-free in the hot path.
uint64_t solve(const uint8_t* cells, uint64_t limit, uint8_t* solution,
               SearchControl* control = nullptr, Stats* stats = nullptr,
               const std::function<bool(const uint8_t*)>* on_solution = nullptr);

}  // namespace cassetete::sudoku::fast9
