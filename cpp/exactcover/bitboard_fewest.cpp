// BitboardPacker's "fewest" rule: Algorithm X's minimum-remaining-values choice on bitboards.
// Every level keeps the masks of the placements still possible, grouped by piece, and counts
// them per cell with bit-sliced counters in the same pass that filters them from the parent's
// list; the search branches on the cell or the piece with the fewest placements.
#include <algorithm>
#include <vector>

#include "common/bits.hpp"
#include "exactcover/bitboard.hpp"

namespace cassetete::exactcover {

void BitboardPacker::filter_level(const Level& parent, uint64_t mask, uint64_t unused, uint64_t* out,
                                  Level& child) const noexcept {
    uint64_t c1 = 0, c2 = 0, c4 = 0, c8 = 0;
    int n = 0;
    child.data = out;
    for (int p = 0; p < pieces_; ++p) {
        child.start[p] = n;
        if (!((unused >> p) & 1)) continue;
        const uint64_t* from = parent.data + parent.start[p];
        const uint64_t* to = parent.data + parent.start[p + 1];
        // Branch-free (whether a placement survives is hard to predict): every mask is
        // written, the output advances past the kept ones only, a dropped one counts as empty.
        // Two at a time: a carry-save adder folds both into c1 with one carry into c2.
        for (; to - from >= 2; from += 2) {
            const uint64_t ma = from[0], mb = from[1];
            const uint64_t keep_a = (ma & mask) == 0, keep_b = (mb & mask) == 0;
            out[n] = ma;
            n += static_cast<int>(keep_a);
            out[n] = mb;
            n += static_cast<int>(keep_b);
            const uint64_t a = ma & (0 - keep_a), b = mb & (0 - keep_b);
            const uint64_t u = c1 ^ a;
            const uint64_t carry1 = (c1 & a) | (u & b);
            c1 = u ^ b;
            const uint64_t carry2 = c2 & carry1;
            c2 ^= carry1;
            const uint64_t carry4 = c4 & carry2;
            c4 ^= carry2;
            c8 |= carry4;
        }
        if (from != to) {
            const uint64_t m = *from;
            const uint64_t keep = (m & mask) == 0;
            out[n] = m;
            n += static_cast<int>(keep);
            const uint64_t k = m & (0 - keep);
            const uint64_t carry1 = c1 & k;
            c1 ^= k;
            const uint64_t carry2 = c2 & carry1;
            c2 ^= carry1;
            const uint64_t carry4 = c4 & carry2;
            c4 ^= carry2;
            c8 |= carry4;
        }
    }
    child.start[pieces_] = n;
    child.c1 = c1;
    child.c2 = c2;
    child.c4 = c4;
    child.c8 = c8;
}

bool BitboardPacker::dead_end(const Level& level, uint64_t board, uint64_t unused) const noexcept {
    if (~board & ~(level.c1 | level.c2 | level.c4 | level.c8)) return true;  // a cell nothing covers
    for (uint64_t avail = unused; avail; avail &= avail - 1) {
        const int p = lowest_bit_index(avail);
        if (level.start[p + 1] == level.start[p]) return true;  // a piece that fits nowhere
    }
    return false;
}

bool BitboardPacker::bad_region(uint64_t board) const noexcept {
    uint64_t rest = ~board;
    while (rest) {
        uint64_t region = rest & (0 - rest);  // grow the region of the lowest empty cell
        for (;;) {
            uint64_t grown = region;
            for (size_t d = 0; d < shifts_.size(); ++d) {
                const int s = shifts_[d];
                grown |= (s > 0 ? (region & nb_masks_[d]) << s : (region & nb_masks_[d]) >> -s);
            }
            grown &= rest;
            if (grown == region) break;
            region = grown;
        }
        if (popcount64(region) % size_gcd_ != 0) return true;
        rest &= ~region;
    }
    return false;
}

int BitboardPacker::index_of(int piece, uint64_t mask) const noexcept {
    const auto first = by_piece_mask_.begin() + piece_start_[piece];
    const auto last = by_piece_mask_.begin() + piece_start_[piece + 1];
    return by_piece_index_[static_cast<size_t>(std::lower_bound(first, last, mask) - by_piece_mask_.begin())];
}

void BitboardPacker::search_mrv(const Level& level, uint64_t board, uint64_t used, Run& run, uint64_t* top) const {
    if (board == ~0ULL) {
        if (used != all_pieces_) return;
        if (run.sink) run.sink->insert(run.sink->end(), run.path.begin(), run.path.end());
        if (++run.found == run.limit) run.stop = true;
        return;
    }
    const uint64_t empty = ~board;
    const uint64_t unused = all_pieces_ & ~used;
    // The cell with the fewest placements (1..7; 8+ only if nothing smaller), then a piece
    // with fewer still. The caller made sure no count is 0.
    int best_cell = -1;
    int best = 1 << 30;
    {
        const uint64_t c1 = level.c1, c2 = level.c2, c4 = level.c4, low = empty & ~level.c8;
        const uint64_t by_value[8] = {0,
                                      low & c1 & ~c2 & ~c4,
                                      low & ~c1 & c2 & ~c4,
                                      low & c1 & c2 & ~c4,
                                      low & ~c1 & ~c2 & c4,
                                      low & c1 & ~c2 & c4,
                                      low & ~c1 & c2 & c4,
                                      low & c1 & c2 & c4};
        for (int value = 1; value < 8; ++value)
            if (by_value[value]) {
                best_cell = lowest_bit_index(by_value[value]);
                best = value;
                break;
            }
    }
    int best_piece = -1;
    if (best > 1)
        for (uint64_t avail = unused; avail; avail &= avail - 1) {
            const int p = lowest_bit_index(avail);
            const int n = level.start[p + 1] - level.start[p];
            if (n <= best) {
                best = n;
                best_piece = p;
            }
        }
    if (best_cell < 0 && best_piece < 0) best_cell = lowest_bit_index(empty);
    const uint64_t cell_bit = best_piece >= 0 ? ~0ULL : (1ULL << best_cell);
    const bool region_check = size_gcd_ > 1 && !shifts_.empty();
    Level child;
    for (int p = 0; p < pieces_; ++p) {
        if (!((unused >> p) & 1) || (best_piece >= 0 && p != best_piece)) continue;
        const uint64_t child_used = used | (1ULL << p);
        for (int k = level.start[p]; k < level.start[p + 1]; ++k) {
            const uint64_t q = level.data[k];
            if (!(q & cell_bit)) continue;
            ++run.nodes;
            if (run.control->tick()) {
                run.stop = true;
                return;
            }
            const uint64_t child_board = board | q;
            if (region_check && bad_region(child_board)) continue;
            filter_level(level, q, all_pieces_ & ~child_used, top, child);
            if (child_board != ~0ULL && dead_end(child, child_board, all_pieces_ & ~child_used)) continue;
            if (run.sink) run.path.push_back(index_of(p, q));
            search_mrv(child, child_board, child_used, run, top + child.start[pieces_] + 1);
            if (run.sink) run.path.pop_back();
            if (run.stop) return;
        }
    }
}

void BitboardPacker::count_fewest(uint64_t board, uint64_t used, Run& run) const {
    // Every level's list sits above its parent's in one buffer (a child holds at most its
    // parent's entries plus the one scratch slot the branch-free filter writes past the end,
    // and there are at most `pieces_` levels below the root).
    std::vector<uint64_t> buffer((by_piece_mask_.size() + 1) * static_cast<size_t>(pieces_ + 2));
    Level all;
    all.data = by_piece_mask_.data();
    for (int p = 0; p <= pieces_; ++p) all.start[p] = piece_start_[p];
    Level root;
    filter_level(all, board, all_pieces_ & ~used, buffer.data(), root);
    if (board != ~0ULL && dead_end(root, board, all_pieces_ & ~used)) return;
    search_mrv(root, board, used, run, buffer.data() + root.start[pieces_] + 1);
}

}  // namespace cassetete::exactcover
