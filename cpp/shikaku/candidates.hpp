// Shikaku puzzles and their candidate rectangles.
//
// A puzzle is a rows x cols grid of ints, row-major, 0 = empty cell, v > 0 = a clue asking for a
// rectangle of area v that contains that cell. Clues are numbered in row-major order.
// A candidate for clue k is an axis-aligned rectangle inside the grid, of area v_k, containing
// the cell of clue k and no other clue cell (the sets R_k of the ILP model, restricted to the
// rectangles a solution can use).
#pragma once
#include <cstdint>
#include <vector>

namespace cassetete::shikaku {

struct Rect {
    int row = 0, col = 0, height = 0, width = 0;
    bool contains(int r, int c) const noexcept {
        return r >= row && r < row + height && c >= col && c < col + width;
    }
};

struct Candidates {
    int rows = 0, cols = 0;
    std::vector<int> clue_cell;   // cell index (row * cols + col) of clue k
    std::vector<int> clue_value;  // area asked by clue k
    std::vector<Rect> rects;      // every candidate, grouped by clue
    std::vector<int> owner;       // clue of each candidate
    std::vector<int> clue_begin;  // candidates of clue k: [clue_begin[k], clue_begin[k+1])
    uint64_t total_area = 0;      // sum of the candidates' areas (work of one propagation pass)

    int clue_count() const noexcept { return static_cast<int>(clue_cell.size()); }
    int cell_count() const noexcept { return rows * cols; }
    // Sum of the clue values equals the grid area (necessary for a solution).
    bool areas_match() const noexcept;
};

// Builds the candidates. Throws std::invalid_argument (message says where) for a bad grid:
// non-positive size, negative clue, clue larger than the grid, or a candidate set too large
// (more than `max_candidates` rectangles, or areas summing to more than `max_total_area`).
Candidates build_candidates(int rows, int cols, const std::vector<int>& grid,
                            uint64_t max_candidates = 20000000ULL, uint64_t max_total_area = 2000000000ULL);

}  // namespace cassetete::shikaku
