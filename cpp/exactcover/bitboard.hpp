// A packing counter on 64-bit boards, for regions of at most 64 cells and at most 64 pieces.
//
// Each placement is a piece number and a mask of cells. The search always fills the lowest
// empty cell (bit order chosen by the caller: along the region's shortest axis first, so the
// lowest empty cell sits on a short frontier and is nearly always the most constrained one), and
// tries, for every unused piece, the placements whose lowest cell is that one; they come from a
// table indexed by (cell, piece). One node per placement put on the board.
#pragma once
#include <cstdint>
#include <vector>

#include "common/limits.hpp"

namespace cassetete::exactcover {

class BitboardPacker {
public:
    // full: the region's cells; pieces: how many pieces (each used exactly once).
    BitboardPacker(uint64_t full, int pieces);

    // Add a placement; returns its index. Throws ProblemError when it is empty, leaves the
    // region, or names a piece out of range.
    int add(int piece, uint64_t mask);

    // Enable dead-cell pruning: a placement that leaves an empty cell with no empty neighbour
    // is skipped (valid when every piece has 2 cells or more). For each lattice direction,
    // `shift` is the bit distance to the neighbour and `mask` the cells that have that
    // neighbour in the region.
    void set_neighbours(const std::vector<int>& shifts, const std::vector<uint64_t>& masks);

    // Choose the branching like Algorithm X instead of "lowest empty cell": at every node the
    // placements still possible are filtered into a list and counted per cell (bit-sliced
    // counters on the board) and per piece, and the search branches on the cell or the piece
    // with the fewest. Much better in 3-D, where the lowest empty cell is a poor choice.
    void set_min_remaining(bool on) { min_remaining_ = on; }

    // Build the lookup table; call once after the last add() and before count().
    void finish();

    struct Run {
        SearchControl* control;
        uint64_t limit;  // 0 = none
        uint64_t found = 0;
        uint64_t nodes = 0;
        bool stop = false;
        // When set, every packing found is appended as its placement indices (prefix first).
        std::vector<int>* sink = nullptr;
        std::vector<int> path;
    };

    // Count packings that contain the placements of `prefix` (indices from add()), stopping
    // at run.limit. Throws ProblemError if the prefix overlaps itself. Thread-safe once
    // finish() has run (each thread with its own Run).
    void count(const std::vector<int>& prefix, Run& run) const;

    int placements() const noexcept { return static_cast<int>(masks_.size()); }

private:
    void search(uint64_t board, uint64_t used, Run& run) const;
    bool has_dead_cell(uint64_t board) const noexcept;
    // One live placement of the "fewest" search: its cells, piece and index, stored
    // contiguously so that filtering a list streams through memory.
    struct Live {
        uint64_t mask;
        int piece;
        int index;
    };
    // How many live placements cover each cell (bit-sliced: c1 + 2 c2 + 4 c4, c8 sticky for
    // 8 or more) and use each piece.
    struct Counts {
        uint64_t c1, c2, c4, c8;
        int piece[64];
    };
    // Filter `from..to` into `out` (placements that miss `mask` and use another piece than
    // `piece`) and count the survivors; returns the end of the new list.
    Live* filter_count(const Live* from, const Live* to, uint64_t mask, int piece, uint64_t unused,
                       Live* out, Counts& counts) const noexcept;
    // Whether the counts leave an empty cell or an unused piece without a placement.
    static bool dead_end(const Counts& counts, uint64_t board, uint64_t unused) noexcept;
    void search_mrv(const Live* begin, const Live* end, const Counts& counts, uint64_t board,
                    uint64_t used, Run& run, Live* top) const;

    uint64_t full_;
    int pieces_;
    uint64_t all_pieces_;
    std::vector<int> piece_of_;
    std::vector<uint64_t> masks_;
    // table_start_[cell * pieces_ + piece] .. [+1]: placements of piece whose lowest cell is cell
    std::vector<int> table_start_;
    std::vector<uint64_t> table_;
    std::vector<int> table_index_;  // placement index of each table_ entry
    bool table_ready_ = false;
    bool min_remaining_ = false;
    std::vector<int> shifts_;
    std::vector<uint64_t> nb_masks_;
};

}  // namespace cassetete::exactcover
