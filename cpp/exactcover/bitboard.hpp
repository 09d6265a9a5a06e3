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
    // neighbour in the region. With the neighbours known, the search tables also leave out
    // the placements that wall off a region of a size no set of pieces fills (not a multiple
    // of the gcd of the piece sizes), and the "fewest" rule prunes such regions at every node.
    void set_neighbours(const std::vector<int>& shifts, const std::vector<uint64_t>& masks);

    // Choose the branching like Algorithm X instead of "lowest empty cell": at every node the
    // placements still possible are filtered into a list and counted per cell (bit-sliced
    // counters on the board) and per piece, and the search branches on the cell or the piece
    // with the fewest. Much better in 3-D, where the lowest empty cell is a poor choice.
    void set_min_remaining(bool on) { min_remaining_ = on; }

    // Let the "fewest" rule use AVX2 when the CPU has it (the default); off = portable code.
    void set_simd(bool on) { use_avx2_ = on && cpu_has_avx2(); }

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
    // The "lowest empty cell" search, compiled for each number of lattice directions the
    // dead-cell test unrolls (0 = no test, 2 = plane in the box layout, 4 in 2-D, 6 in 3-D,
    // -1 = any, in a loop) and for
    // whether solutions are recorded.
    template <int Dirs, bool Record>
    void search(uint64_t board, uint64_t used, Run& run) const;
    template <int Dirs>
    bool has_dead_cell(uint64_t board) const noexcept;
    // The "fewest" search (bitboard_fewest.cpp). A level's live placements: their masks,
    // grouped by piece (piece p's in data[start[p] .. start[p+1]), so a piece's count is its
    // block's length), and how many cover each cell, bit-sliced: c1 + 2 c2 + 4 c4, c8 sticky
    // for 8 or more.
    struct Level {
        const uint64_t* data;
        int start[65];
        uint64_t c1, c2, c4, c8;
    };
    void count_fewest(uint64_t board, uint64_t used, Run& run) const;
    // The placements of `parent` that miss `mask` and use a piece of `unused`, written at
    // `out`, with their counts.
    void filter_level(const Level& parent, uint64_t mask, uint64_t unused, uint64_t* out, Level& child) const noexcept;
    // The same with AVX2 (chosen at run time when the CPU has it; the build stays portable).
    void filter_level_avx2(const Level& parent, uint64_t mask, uint64_t unused, uint64_t* out,
                           Level& child) const noexcept;
    static bool cpu_has_avx2() noexcept;
    static constexpr int kSlack = 4;  // slots a filter may write past a list's end
    // Whether an empty cell or an unused piece is left without a placement.
    bool dead_end(const Level& level, uint64_t board, uint64_t unused) const noexcept;
    void search_mrv(const Level& level, uint64_t board, uint64_t used, Run& run, uint64_t* top) const;
    int index_of(int piece, uint64_t mask) const noexcept;
    // Whether some connected region of empty cells has a size that no set of pieces can fill
    // (not a multiple of the gcd of the piece sizes); needs set_neighbours().
    bool bad_region(uint64_t board) const noexcept;

    uint64_t full_;
    int pieces_;
    uint64_t all_pieces_;
    std::vector<int> piece_of_;
    std::vector<uint64_t> masks_;
    // table_start_[((cell << window_) | pattern) * pieces_ + piece] .. [+1]: placements of piece
    // whose lowest cell is `cell` and that miss the filled cells among the `window_` cells
    // after it (`pattern`, read off the board): most clashes are there, on the frontier, so
    // the search tries far fewer placements that clash.
    int window_ = 0;
    std::vector<int> table_start_;
    std::vector<uint64_t> slot_pieces_;  // [(cell << window_) | pattern]: pieces with a placement there
    std::vector<uint64_t> table_;
    std::vector<int> table_index_;  // placement index of each table_ entry
    bool table_ready_ = false;
    bool min_remaining_ = false;
    std::vector<int> shifts_;
    std::vector<uint64_t> nb_masks_;
    // The same directions branch-free: the neighbour of a cell in direction d is
    // ((empty >> nb_right_[d]) << nb_left_[d]) (one of the two shifts is 0).
    int nb_right_[8] = {}, nb_left_[8] = {};
    uint64_t nb_mask_[8] = {};
    // A plane in the box layout (directions +1, -1, +step, -step, where a shift by `step`
    // meets only true neighbours: the cells beyond the region are filled): the dead-cell test
    // needs two masks and two shifts by a constant, kept apart (Dirs = 2 in search()).
    bool planar_ = false;
    int planar_step_ = 0;
    std::vector<int> piece_start_;         // piece p's placements: [piece_start_[p], piece_start_[p+1])
    std::vector<uint64_t> by_piece_mask_;  // sorted within each piece
    std::vector<int> by_piece_index_;
    int size_gcd_ = 1;  // gcd of the placements' sizes
    bool use_avx2_ = cpu_has_avx2();
};

}  // namespace cassetete::exactcover
