// Conflict-driven learning search for Sudoku of any order (N = r*c <= 64).
//
// The puzzle is read as its Boolean model: one variable x(cell, value) per candidate left after
// root propagation, with two kinds of exactly-one constraints, one per cell (the cell holds one
// value) and one per (unit, value) (the value sits in one cell of the unit). They are never
// written as clauses: the engine keeps the same bitmasks as the general engine (a candidate mask
// per cell, a place mask per (unit, value)), and the lecture notes' rules are its propagators,
// each able to name the assignments behind what it deduces:
//   exclusivity     x(c, v) true -> x(c, w) and x(peer, v) false    reason: x(c, v)
//   single          one value left in cell c -> it is true           reason: the other values of c, false
//   hidden single   one place left for v in unit u -> it is true     reason: the other places, false
//   locked candidates  a value confined to one segment of a unit leaves the segment's other unit
//                      reason: the value's other places in the source unit, false
//   hall (rules.hall)  all-different consistency per unit (J.-C. Régin, AAAI 1994): a value
//                      leaves a cell when some other cells can only take a set of values as
//                      large as themselves that holds it
//                      reason: the values outside that set in those cells, false
// A wipe-out (a cell with no value, a value with no place, two values in a cell, a value twice
// in a unit) is explained by the same sets, and the engine learns from it as a SAT solver does
// (J. Marques-Silva, K. Sakallah, "GRASP", 1999; M. Moskewicz et al., "Chaff", 2001): the first
// unique implication point clause, minimised, each value it names as eliminated by one
// placement replaced by that placement (clauses about 3x shorter), then a backjump. Learnt
// clauses are watched by two literals, deleted by literal block distance (oldest first)
// (G. Audemard, L. Simon, "Predicting learnt clauses quality in modern SAT solvers", IJCAI
// 2009), and the search restarts on a Luby schedule with phase saving (K. Pipatsrisawat,
// A. Darwiche, SAT 2007).
//
// Branching picks a cell (fewest values left, ties to the most active variables: conflict
// activity as in VSIDS) and places a value in it: its value in the fullest grid met so far
// (target phases, A. Biere and M. Fleury, "Chasing target phases", 2020), else the value it
// last held (at first one of its root values drawn at random), else its most active; every
// decision is a placement as in the lecture notes' search.
//
// The root is the general engine's propagation with every rule, the hall rule included (level-0
// facts need no reason). Counts are exact: each solution found is excluded by a clause of its
// decisions (any other solution differs from it on some decision), and the search ends when the
// clauses leave nothing (a conflict at level 0).
#pragma once
#include <cstdint>

#include "common/limits.hpp"
#include "sudoku/general.hpp"
#include "sudoku/geometry.hpp"

namespace cassetete::sudoku {

// From this order up, searches for one or two solutions learn by default: on the 25x25 puzzles of
// Lloyd & Amos's acs files the learning engine takes 0.35 s for 200 puzzles across all bands
// against 0.66 s for the depth-first search, on 16x16 both take 0.05-0.1 s for 200 puzzles
// (bench/results/sudoku_large.md).
constexpr int kLearningMinOrder = 25;

// Does solve_puzzle() use the learning engine for these options?
bool wants_learning(const Geometry& geometry, const SearchOptions& options);

// Solves with clause learning. Uses options.limit (0 = all), options.on_solution,
// options.rng (tie-breaks; a fixed internal seed when null) and options.rules.hall (Hall sets
// during the search too); the engine's other propagators are exclusivity, the two singles and
// locked candidates whatever the rules say, and the root uses every rule.
// Statistics: nodes = decisions; counters "conflicts", "learnt", "restarts" and "fullest" (the
// most cells placed at once, met at a conflict: how close a stopped search came); with hall,
// "hall_calls" (units read), "hall_removals" and "hall_conflicts".
SearchOutcome solve_learning(const Geometry& geometry, const uint8_t* clues, const SearchOptions& options,
                             SearchControl& control);

}  // namespace cassetete::sudoku
