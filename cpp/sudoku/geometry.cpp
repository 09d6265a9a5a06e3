#include "sudoku/geometry.hpp"

#include <stdexcept>

#include "common/bits.hpp"

namespace cassetete::sudoku {

Geometry::Geometry(int box_rows, int box_cols) : box_rows_(box_rows), box_cols_(box_cols) {
    if (box_rows < 1 || box_cols < 1 || box_rows * box_cols > kMaxOrder)
        throw std::invalid_argument("box shape must have 1 <= rows*cols <= 64");
    n_ = box_rows * box_cols;
    full_ = low_mask(n_);
    const int cells = n_ * n_;
    unit_cells_.resize(static_cast<size_t>(3 * n_) * n_);
    box_index_.resize(cells);
    // Boxes are numbered in reading order; a box is box_rows rows by box_cols columns, so there
    // are n/box_cols boxes across and n/box_rows boxes down.
    const int boxes_across = n_ / box_cols_;
    std::vector<int> filled(3 * n_, 0);
    for (int cell = 0; cell < cells; ++cell) {
        const int r = cell / n_, c = cell % n_;
        const int b = (r / box_rows_) * boxes_across + c / box_cols_;
        box_index_[cell] = b;
        const int units[3] = {r, n_ + c, 2 * n_ + b};
        for (int u : units) unit_cells_[static_cast<size_t>(u) * n_ + filled[u]++] = cell;
    }
    peer_start_.resize(cells + 1);
    std::vector<char> seen(cells, 0);
    for (int cell = 0; cell < cells; ++cell) {
        peer_start_[cell] = static_cast<int>(peers_.size());
        const int units[3] = {row_unit(cell), col_unit(cell), box_unit(cell)};
        for (int u : units) {
            for (int k = 0; k < n_; ++k) {
                const int other = unit_cells(u)[k];
                if (other != cell && !seen[other]) {
                    seen[other] = 1;
                    peers_.push_back(other);
                }
            }
        }
        for (int p = peer_start_[cell]; p < static_cast<int>(peers_.size()); ++p) seen[peers_[p]] = 0;
    }
    peer_start_[cells] = static_cast<int>(peers_.size());
}

}  // namespace cassetete::sudoku
