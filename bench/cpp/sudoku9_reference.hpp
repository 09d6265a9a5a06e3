// Independent checks for the 9x9 bench drivers: a rules checker and a plain backtracking
// counter, written from the rules of Sudoku and sharing no code with cassetete::sudoku::fast9.
#pragma once
#include <cstdint>

namespace sudoku9_reference {

// The rules: each row, column and box holds 1..9 once; the clues are kept.
inline bool valid_solution(const uint8_t* puzzle, const uint8_t* s) {
    for (int i = 0; i < 81; ++i) {
        if (s[i] < 1 || s[i] > 9) return false;
        if (puzzle[i] && puzzle[i] != s[i]) return false;
    }
    for (int u = 0; u < 9; ++u) {
        unsigned row = 0, col = 0, box = 0;
        for (int k = 0; k < 9; ++k) {
            row |= 1u << s[u * 9 + k];
            col |= 1u << s[k * 9 + u];
            int r = (u / 3) * 3 + k / 3, c = (u % 3) * 3 + k % 3;
            box |= 1u << s[r * 9 + c];
        }
        if (row != 0x3FEu || col != 0x3FEu || box != 0x3FEu) return false;
    }
    return true;
}

// Independent counter: plain cell-by-cell backtracking with per-unit masks and the
// fewest-candidates cell first. Slow but simple.
struct RefCounter {
    unsigned row[9] = {}, col[9] = {}, box[9] = {};
    uint8_t g[81] = {};
    uint64_t count = 0, limit = 2;
    bool load(const uint8_t* p) {
        for (int i = 0; i < 81; ++i) {
            g[i] = p[i];
            if (!p[i]) continue;
            int r = i / 9, c = i % 9, b = (r / 3) * 3 + c / 3;
            unsigned bit = 1u << p[i];
            if ((row[r] | col[c] | box[b]) & bit) return false;
            row[r] |= bit; col[c] |= bit; box[b] |= bit;
        }
        return true;
    }
    void run() {
        int best = -1, bestn = 10;
        unsigned bestm = 0;
        for (int i = 0; i < 81; ++i) {
            if (g[i]) continue;
            int r = i / 9, c = i % 9, b = (r / 3) * 3 + c / 3;
            unsigned m = ~(row[r] | col[c] | box[b]) & 0x3FEu;
            int n = __builtin_popcount(m);
            if (n < bestn) { bestn = n; best = i; bestm = m; }
        }
        if (best < 0) { ++count; return; }
        int r = best / 9, c = best % 9, b = (r / 3) * 3 + c / 3;
        for (unsigned m = bestm; m && (limit == 0 || count < limit); m &= m - 1) {
            int v = __builtin_ctz(m);
            unsigned bit = 1u << v;
            g[best] = static_cast<uint8_t>(v);
            row[r] |= bit; col[c] |= bit; box[b] |= bit;
            run();
            row[r] &= ~bit; col[c] &= ~bit; box[b] &= ~bit;
        }
        g[best] = 0;
    }
};

}  // namespace sudoku9_reference
