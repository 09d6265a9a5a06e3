// The shape of a Sudoku of box r x c (N = r*c values, N*N cells): its 3N units (rows, columns,
// boxes) and each cell's peers. Built once per shape and shared read-only by searches.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace cassetete::sudoku {

constexpr int kMaxOrder = 64;  // N <= 64: one candidate mask is one uint64_t

class Geometry {
public:
    // Throws std::invalid_argument unless 1 <= box_rows, box_cols and box_rows*box_cols <= 64.
    Geometry(int box_rows, int box_cols);

    int box_rows() const noexcept { return box_rows_; }
    int box_cols() const noexcept { return box_cols_; }
    int size() const noexcept { return n_; }            // N
    int cells() const noexcept { return n_ * n_; }     // N*N
    int units() const noexcept { return 3 * n_; }      // rows [0,N), columns [N,2N), boxes [2N,3N)

    // The N cells of unit u.
    const int* unit_cells(int u) const noexcept { return &unit_cells_[static_cast<std::size_t>(u) * n_]; }
    // Row, column and box units of a cell.
    int row_unit(int cell) const noexcept { return cell / n_; }
    int col_unit(int cell) const noexcept { return n_ + cell % n_; }
    int box_unit(int cell) const noexcept { return 2 * n_ + box_index_[cell]; }
    int box_index(int cell) const noexcept { return box_index_[cell]; }
    // The distinct cells sharing a unit with `cell` (3N - 2 - r - c of them... computed exactly).
    const int* peers_begin(int cell) const noexcept { return &peers_[peer_start_[cell]]; }
    const int* peers_end(int cell) const noexcept { return &peers_[peer_start_[cell + 1]]; }
    uint64_t full_mask() const noexcept { return full_; }

private:
    int box_rows_, box_cols_, n_;
    uint64_t full_;
    std::vector<int> unit_cells_;
    std::vector<int> box_index_;
    std::vector<int> peers_;
    std::vector<int> peer_start_;
};

}  // namespace cassetete::sudoku
