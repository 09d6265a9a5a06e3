// Generalised arc consistency for one Sudoku unit (an all-different constraint over N cells
// and N values, so every value is used exactly once: a perfect matching of cells to values).
//
// A value v stays possible in cell x iff the edge (x, v) belongs to some perfect matching of
// the cell/value bipartite graph. With a perfect matching M at hand this holds iff (x, v) is in
// M or x and the cell matched to v lie in the same strongly connected component of the graph
// "x -> y when the value matched to y is a candidate of x" (J.-C. Régin, "A filtering
// algorithm for constraints of difference in CSPs", AAAI 1994; the permutation case, where
// no value is left free). On Sudoku this is every naked and hidden subset (Hall set) of the
// unit at once. Everything is done on 64-bit masks, so N <= 64.
#pragma once
#include <cstdint>

namespace cassetete::sudoku {

// dom[k] is the candidate mask of the unit's k-th open cell (bit v = value v+1), n cells, and
// `values` the values still to place (n of them). Writes into keep[k] the candidates that
// belong to some perfect matching; returns false when there is none (the unit cannot be
// completed). Cells already holding one value are left out by the caller.
bool alldiff_filter(const uint64_t* dom, int n, uint64_t values, uint64_t* keep);

// What justifies the filter, for an engine that explains its deductions (sudoku/learning.cpp).
struct AlldiffWitness {
    int value_cell[64];   // success: the perfect matching found, value -> cell index
    uint64_t fail_cells;  // failure: cells (bit k = dom[k]) whose candidates all lie in
    uint64_t fail_values; // fail_values, which has fewer values than fail_cells has cells
};

// alldiff_filter, also filling `witness`. After a success, hall_closure(dom, witness, v, values)
// gives the values reachable from v: the cells matched to them can take no other value, so they
// form a Hall set and every value of the closure is out of every other cell.
bool alldiff_filter(const uint64_t* dom, int n, uint64_t values, uint64_t* keep, AlldiffWitness& witness);

// The smallest set of values that holds v and, with each value, every candidate of the cell
// matched to it (witness of a successful alldiff_filter on the same dom and values).
uint64_t hall_closure(const uint64_t* dom, const AlldiffWitness& witness, int v, uint64_t values);

}  // namespace cassetete::sudoku
