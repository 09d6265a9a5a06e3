#include "exactcover/bitboard.hpp"

#include <string>

#include "common/bits.hpp"
#include "exactcover/problem.hpp"

namespace cassetete::exactcover {

BitboardPacker::BitboardPacker(uint64_t full, int pieces) : full_(full), pieces_(pieces) {
    if (pieces < 0 || pieces > 64)
        throw ProblemError("bitboard packer: 0..64 pieces, got " + std::to_string(pieces));
    all_pieces_ = pieces == 64 ? ~0ULL : ((1ULL << pieces) - 1);
}

int BitboardPacker::add(int piece, uint64_t mask) {
    if (piece < 0 || piece >= pieces_)
        throw ProblemError("placement " + std::to_string(masks_.size()) + ": piece " +
                           std::to_string(piece) + " out of range");
    if (mask == 0 || (mask & ~full_) != 0)
        throw ProblemError("placement " + std::to_string(masks_.size()) +
                           " is empty or leaves the region");
    piece_of_.push_back(piece);
    masks_.push_back(mask);
    table_ready_ = false;
    return static_cast<int>(masks_.size()) - 1;
}

void BitboardPacker::finish() {
    const size_t slots = static_cast<size_t>(64) * pieces_;
    table_start_.assign(slots + 1, 0);
    for (size_t k = 0; k < masks_.size(); ++k)
        ++table_start_[static_cast<size_t>(lowest_bit_index(masks_[k])) * pieces_ + piece_of_[k] + 1];
    for (size_t s = 0; s < slots; ++s) table_start_[s + 1] += table_start_[s];
    table_.assign(masks_.size(), 0);
    table_index_.assign(masks_.size(), 0);
    std::vector<int> fill(table_start_.begin(), table_start_.end() - 1);
    for (size_t k = 0; k < masks_.size(); ++k) {
        const int slot = fill[static_cast<size_t>(lowest_bit_index(masks_[k])) * pieces_ + piece_of_[k]]++;
        table_[slot] = masks_[k];
        table_index_[slot] = static_cast<int>(k);
    }
    table_ready_ = true;
}

void BitboardPacker::set_neighbours(const std::vector<int>& shifts, const std::vector<uint64_t>& masks) {
    if (shifts.size() != masks.size()) throw ProblemError("set_neighbours: shifts and masks differ in length");
    for (int s : shifts)
        if (s == 0 || s <= -64 || s >= 64) throw ProblemError("set_neighbours: shift out of range");
    shifts_ = shifts;
    nb_masks_ = masks;
}

bool BitboardPacker::has_dead_cell(uint64_t board) const noexcept {
    const uint64_t empty = ~board;
    uint64_t near = 0;  // empty cells with an empty neighbour
    for (size_t d = 0; d < shifts_.size(); ++d) {
        const int s = shifts_[d];
        near |= (s > 0 ? (empty >> s) : (empty << -s)) & nb_masks_[d];
    }
    return (empty & ~near) != 0;
}

void BitboardPacker::search(uint64_t board, uint64_t used, Run& run) const {
    if (board == ~0ULL) {  // every cell filled (cells outside the region start filled)
        if (used != all_pieces_) return;
        if (run.sink) run.sink->insert(run.sink->end(), run.path.begin(), run.path.end());
        if (++run.found == run.limit) run.stop = true;
        return;
    }
    const int cell = lowest_bit_index(~board);
    const int* starts = table_start_.data() + static_cast<size_t>(cell) * pieces_;
    for (uint64_t avail = all_pieces_ & ~used; avail; avail &= avail - 1) {
        const int piece = lowest_bit_index(avail);
        for (int k = starts[piece], end = starts[piece + 1]; k < end; ++k) {
            const uint64_t mask = table_[k];
            if (mask & board) continue;
            if (!shifts_.empty() && has_dead_cell(board | mask)) continue;
            ++run.nodes;
            if (run.control->tick()) {
                run.stop = true;
                return;
            }
            if (run.sink) run.path.push_back(table_index_[k]);
            search(board | mask, used | (1ULL << piece), run);
            if (run.sink) run.path.pop_back();
            if (run.stop) return;
        }
    }
}

BitboardPacker::Live* BitboardPacker::filter_count(const Live* from, const Live* to, uint64_t mask, int piece,
                                                   uint64_t unused, Live* out, Counts& counts) const noexcept {
    uint64_t c1 = 0, c2 = 0, c4 = 0, c8 = 0;
    for (uint64_t avail = unused; avail; avail &= avail - 1) counts.piece[lowest_bit_index(avail)] = 0;
    for (const Live* e = from; e != to; ++e) {
        const uint64_t m = e->mask;
        if ((m & mask) | static_cast<uint64_t>(e->piece == piece)) continue;
        *out++ = *e;
        ++counts.piece[e->piece];
        const uint64_t carry1 = c1 & m;
        c1 ^= m;
        const uint64_t carry2 = c2 & carry1;
        c2 ^= carry1;
        const uint64_t carry4 = c4 & carry2;
        c4 ^= carry2;
        c8 |= carry4;
    }
    counts.c1 = c1;
    counts.c2 = c2;
    counts.c4 = c4;
    counts.c8 = c8;
    return out;
}

bool BitboardPacker::dead_end(const Counts& counts, uint64_t board, uint64_t unused) noexcept {
    if (~board & ~(counts.c1 | counts.c2 | counts.c4 | counts.c8)) return true;  // a cell nothing covers
    for (uint64_t avail = unused; avail; avail &= avail - 1)
        if (counts.piece[lowest_bit_index(avail)] == 0) return true;  // a piece that fits nowhere
    return false;
}

void BitboardPacker::search_mrv(const Live* begin, const Live* end, const Counts& counts, uint64_t board,
                                uint64_t used, Run& run, Live* top) const {
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
        const uint64_t c1 = counts.c1, c2 = counts.c2, c4 = counts.c4, low = empty & ~counts.c8;
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
            const int piece = lowest_bit_index(avail);
            if (counts.piece[piece] < best) {
                best = counts.piece[piece];
                best_piece = piece;
            }
        }
    if (best_cell < 0 && best_piece < 0) best_cell = lowest_bit_index(empty);
    const uint64_t cell_bit = best_piece >= 0 ? 0 : (1ULL << best_cell);
    Counts child_counts;
    for (const Live* q = begin; q != end; ++q) {
        if (best_piece >= 0 ? q->piece != best_piece : !(q->mask & cell_bit)) continue;
        ++run.nodes;
        if (run.control->tick()) {
            run.stop = true;
            return;
        }
        const uint64_t child_board = board | q->mask;
        const uint64_t child_used = used | (1ULL << q->piece);
        Live* child_end = filter_count(begin, end, q->mask, q->piece, all_pieces_ & ~child_used, top, child_counts);
        if (child_board != ~0ULL && dead_end(child_counts, child_board, all_pieces_ & ~child_used)) continue;
        if (run.sink) run.path.push_back(q->index);
        search_mrv(top, child_end, child_counts, child_board, child_used, run, child_end);
        if (run.sink) run.path.pop_back();
        if (run.stop) return;
    }
}

void BitboardPacker::count(const std::vector<int>& prefix, Run& run) const {
    if (!table_ready_) throw ProblemError("bitboard packer: finish() before count()");
    uint64_t board = ~full_;  // cells outside the region count as filled
    uint64_t used = 0;
    for (int k : prefix) {
        if (k < 0 || k >= placements())
            throw ProblemError("prefix placement " + std::to_string(k) + " out of range");
        const uint64_t piece_bit = 1ULL << piece_of_[k];
        if ((board & masks_[k]) || (used & piece_bit))
            throw ProblemError("prefix placement " + std::to_string(k) + " clashes with an earlier one");
        board |= masks_[k];
        used |= piece_bit;
    }
    run.path.assign(prefix.begin(), prefix.end());
    run.stop = run.control->stopped();
    if (run.stop) return;
    if (!min_remaining_) {
        search(board, used, run);
        return;
    }
    // Every level's list sits above its parent's in one buffer (a child holds at most its
    // parent's entries, and there are at most `pieces_` levels).
    std::vector<Live> all;
    all.reserve(masks_.size());
    for (int k = 0; k < placements(); ++k) all.push_back(Live{masks_[k], piece_of_[k], k});
    std::vector<Live> live(masks_.size() * static_cast<size_t>(pieces_ + 2) + 1);
    Counts counts;
    Live* end = filter_count(all.data(), all.data() + all.size(), board, -1, all_pieces_ & ~used, live.data(), counts);
    // filter_count drops placements of `piece`; drop the prefix's pieces here.
    Live* kept = live.data();
    for (Live* e = live.data(); e != end; ++e)
        if (!(used & (1ULL << e->piece))) *kept++ = *e;
    end = filter_count(live.data(), kept, 0, -1, all_pieces_ & ~used, live.data(), counts);
    if (board != ~0ULL && dead_end(counts, board, all_pieces_ & ~used)) return;
    search_mrv(live.data(), end, counts, board, used, run, end);
}

}  // namespace cassetete::exactcover
