#include "shikaku/candidates.hpp"

#include <stdexcept>
#include <string>

namespace cassetete::shikaku {

bool Candidates::areas_match() const noexcept {
    int64_t total = 0;
    for (int v : clue_value) total += v;
    return total == static_cast<int64_t>(rows) * cols;
}

Candidates build_candidates(int rows, int cols, const std::vector<int>& grid, uint64_t max_candidates,
                            uint64_t max_total_area) {
    if (rows <= 0 || cols <= 0) throw std::invalid_argument("grid size must be positive");
    if (static_cast<int64_t>(rows) * cols > 50000000LL) throw std::invalid_argument("grid too large");
    const int area = rows * cols;
    if (static_cast<int>(grid.size()) != area) throw std::invalid_argument("grid has the wrong number of cells");
    Candidates out;
    out.rows = rows;
    out.cols = cols;
    int n_clues = 0;
    for (int x = 0; x < area; ++x) n_clues += grid[x] > 0 ? 1 : 0;
    out.clue_cell.reserve(n_clues);
    out.clue_value.reserve(n_clues);
    for (int x = 0; x < area; ++x) {
        const int v = grid[x];
        if (v < 0 || v > area) {
            throw std::invalid_argument("clue " + std::to_string(v) + " at row " + std::to_string(x / cols + 1) +
                                        ", column " + std::to_string(x % cols + 1) +
                                        (v < 0 ? " is negative" : " is larger than the grid area"));
        }
        if (v > 0) {
            out.clue_cell.push_back(x);
            out.clue_value.push_back(v);
        }
    }
    // prefix[(r)*(cols+1)+c] = number of clue cells in rows < r, columns < c
    const int pc = cols + 1;
    std::vector<int> prefix(static_cast<size_t>(rows + 1) * pc, 0);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            prefix[(r + 1) * pc + c + 1] = prefix[r * pc + c + 1] + prefix[(r + 1) * pc + c] - prefix[r * pc + c] +
                                           (grid[r * cols + c] > 0 ? 1 : 0);
    auto clues_in = [&](int r, int c, int h, int w) {
        return prefix[(r + h) * pc + c + w] - prefix[r * pc + c + w] - prefix[(r + h) * pc + c] + prefix[r * pc + c];
    };
    const int K = out.clue_count();
    out.clue_begin.reserve(K + 1);
    out.clue_begin.assign(1, 0);
    out.rects.reserve(static_cast<size_t>(K) * 6);
    out.owner.reserve(static_cast<size_t>(K) * 6);
    uint64_t entries = 0;
    for (int k = 0; k < K; ++k) {
        const int v = out.clue_value[k];
        const int cr = out.clue_cell[k] / cols, cc = out.clue_cell[k] % cols;
        for (int h = 1; h <= v && h <= rows; ++h) {
            if (v % h) continue;
            const int w = v / h;
            if (w > cols) continue;
            for (int r = cr - h + 1; r <= cr; ++r) {
                if (r < 0 || r + h > rows) continue;
                for (int c = cc - w + 1; c <= cc; ++c) {
                    if (c < 0 || c + w > cols) continue;
                    if (clues_in(r, c, h, w) != 1) continue;
                    out.rects.push_back(Rect{r, c, h, w});
                    out.owner.push_back(k);
                    entries += static_cast<uint64_t>(v);
                    if (entries > max_total_area || out.rects.size() > max_candidates)
                        throw std::invalid_argument("too many candidate rectangles (clue at row " +
                                                    std::to_string(cr + 1) + ", column " + std::to_string(cc + 1) +
                                                    ")");
                }
            }
        }
        out.clue_begin.push_back(static_cast<int>(out.rects.size()));
    }
    out.total_area = entries;
    return out;
}

}  // namespace cassetete::shikaku
