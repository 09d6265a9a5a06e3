#include "exactcover/bitboard.hpp"

#include <algorithm>
#include <numeric>
#include <string>
#include <utility>

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
    size_gcd_ = 0;
    for (uint64_t m : masks_) size_gcd_ = std::gcd(size_gcd_, popcount64(m));
    // Placements that wall off, against the region's border alone, an empty region no set of
    // pieces can fill are in no packing: the search tables leave them out (they stay valid
    // in prefixes, whose search then finds nothing).
    const bool prune = size_gcd_ > 1 && !shifts_.empty();
    std::vector<size_t> usable;
    for (size_t k = 0; k < masks_.size(); ++k)
        if (!prune || !bad_region(~full_ | masks_[k])) usable.push_back(k);
    // Window of up to 7 cells after the lowest empty one: on 6x10 pentominoes (2056
    // placements) windows of 0, 3, 5, 7 cells cost 276, 252, 226, 201 M instructions
    // (callgrind), the table's build 0.3-1 ms; small sets of placements (the symmetric
    // packings' searches) get a small window and a cheap build. With more than 16 pieces at
    // most 3 (the table grows as 64 * 2^window * pieces).
    int log_placements = 0;
    while ((size_t(2) << log_placements) <= usable.size()) ++log_placements;
    window_ = std::max(0, std::min(pieces_ <= 16 ? 7 : 3, log_placements - 3));
    const int patterns = 1 << window_;
    const uint64_t window_mask = static_cast<uint64_t>(patterns) - 1;
    const size_t slots = static_cast<size_t>(64) * patterns * pieces_;
    struct Usable {
        size_t first_slot;  // slot of pattern 0
        uint64_t window;    // the placement's cells in the window
        int index;
    };
    std::vector<Usable> entries;
    entries.reserve(usable.size());
    for (size_t k : usable) {
        const int low = lowest_bit_index(masks_[k]);
        entries.push_back({static_cast<size_t>(low) * patterns * pieces_ + piece_of_[k],
                           ((masks_[k] >> low) >> 1) & window_mask, static_cast<int>(k)});
    }
    table_start_.assign(slots + 1, 0);
    // A placement goes in the slots of the patterns that miss its window cells: the subsets
    // of the other window cells, enumerated directly.
    auto for_each_pattern = [&](const Usable& e, auto&& f) {
        const uint64_t free = ~e.window & window_mask;
        for (uint64_t pattern = free;; pattern = (pattern - 1) & free) {
            f(e.first_slot + pattern * pieces_);
            if (pattern == 0) break;
        }
    };
    for (const Usable& e : entries) for_each_pattern(e, [&](size_t slot) { ++table_start_[slot + 1]; });
    slot_pieces_.assign(static_cast<size_t>(64) * patterns, 0);
    for (size_t row = 0, s = 0; row < slot_pieces_.size(); ++row)
        for (int piece = 0; piece < pieces_; ++piece, ++s) {
            if (table_start_[s + 1]) slot_pieces_[row] |= uint64_t(1) << piece;
            table_start_[s + 1] += table_start_[s];
        }
    table_.assign(table_start_[slots], 0);
    table_index_.assign(table_start_[slots], 0);
    std::vector<int> fill(table_start_.begin(), table_start_.end() - 1);
    for (const Usable& e : entries)
        for_each_pattern(e, [&](size_t slot) {
            const int at = fill[slot]++;
            table_[at] = masks_[e.index];
            table_index_[at] = e.index;
        });
    // For the "fewest" search: masks grouped by piece, sorted within a piece (a placement's
    // index is found back from its piece and mask by binary search).
    piece_start_.assign(static_cast<size_t>(pieces_) + 1, 0);
    for (size_t k : usable) ++piece_start_[piece_of_[k] + 1];
    for (int p = 0; p < pieces_; ++p) piece_start_[p + 1] += piece_start_[p];
    std::vector<std::pair<uint64_t, int>> sorted(usable.size());
    std::vector<int> at(piece_start_.begin(), piece_start_.end() - 1);
    for (size_t k : usable) sorted[at[piece_of_[k]]++] = {masks_[k], static_cast<int>(k)};
    for (int p = 0; p < pieces_; ++p)
        std::sort(sorted.begin() + piece_start_[p], sorted.begin() + piece_start_[p + 1]);
    by_piece_mask_.resize(sorted.size());
    by_piece_index_.resize(sorted.size());
    for (size_t k = 0; k < sorted.size(); ++k) {
        by_piece_mask_[k] = sorted[k].first;
        by_piece_index_[k] = sorted[k].second;
    }
    table_ready_ = true;
}

void BitboardPacker::set_neighbours(const std::vector<int>& shifts, const std::vector<uint64_t>& masks) {
    if (shifts.size() != masks.size()) throw ProblemError("set_neighbours: shifts and masks differ in length");
    for (int s : shifts)
        if (s == 0 || s <= -64 || s >= 64) throw ProblemError("set_neighbours: shift out of range");
    shifts_ = shifts;
    nb_masks_ = masks;
    for (size_t d = 0; d < shifts.size() && d < 8; ++d) {
        nb_right_[d] = shifts[d] > 0 ? shifts[d] : 0;
        nb_left_[d] = shifts[d] < 0 ? -shifts[d] : 0;
        nb_mask_[d] = masks[d];
    }
    // The plane test applies when the shifts are +1, -1, +step, -step and every region cell
    // `step` bits away from a region cell is its lattice neighbour (no mask needed there).
    planar_ = shifts.size() == 4 && shifts[0] == 1 && shifts[1] == -1 && shifts[2] > 1 && shifts[3] == -shifts[2];
    if (planar_) {
        planar_step_ = shifts[2];
        const uint64_t up = (full_ >> planar_step_) & full_;  // cells whose +step bit is a region cell
        const uint64_t down = (full_ << planar_step_) & full_;
        planar_ = (up & ~masks[2]) == 0 && (down & ~masks[3]) == 0;
    }
    if (table_ready_) finish();  // the tables leave out placements the neighbours rule out
}

template <int Dirs>
bool BitboardPacker::has_dead_cell(uint64_t board) const noexcept {
    const uint64_t empty = ~board;
    uint64_t near = 0;  // empty cells with an empty neighbour
    if constexpr (Dirs == 2) {
        const int step = planar_step_;
        near = ((empty >> 1) & nb_mask_[0]) | ((empty << 1) & nb_mask_[1]) | (empty >> step) | (empty << step);
    } else if constexpr (Dirs >= 0) {
        for (int d = 0; d < Dirs; ++d) near |= ((empty >> nb_right_[d]) << nb_left_[d]) & nb_mask_[d];
    } else {
        for (size_t d = 0; d < shifts_.size(); ++d) {
            const int s = shifts_[d];
            near |= (s > 0 ? (empty >> s) : (empty << -s)) & nb_masks_[d];
        }
    }
    return (empty & ~near) != 0;
}

template <int Dirs, bool Record>
void BitboardPacker::search(uint64_t board, uint64_t used, Run& run) const {
    const int cell = lowest_bit_index(~board);
    const uint64_t pattern = ((board >> cell) >> 1) & ((uint64_t(1) << window_) - 1);
    const size_t row = (static_cast<size_t>(cell) << window_) | pattern;
    const int* starts = table_start_.data() + row * pieces_;
    for (uint64_t avail = slot_pieces_[row] & ~used; avail; avail &= avail - 1) {
        const int piece = lowest_bit_index(avail);
        const uint64_t now_used = used | (1ULL << piece);
        for (int k = starts[piece], end = starts[piece + 1]; k < end; ++k) {
            const uint64_t mask = table_[k];
            if (mask & board) continue;
            const uint64_t next = board | mask;
            if (next == ~0ULL) {  // every cell filled (cells outside the region start filled)
                ++run.nodes;
                if (run.control->tick()) {
                    run.stop = true;
                    return;
                }
                if (now_used != all_pieces_) continue;
                if constexpr (Record) {
                    run.path.push_back(table_index_[k]);
                    run.sink->insert(run.sink->end(), run.path.begin(), run.path.end());
                    run.path.pop_back();
                }
                if (++run.found == run.limit) {
                    run.stop = true;
                    return;
                }
                continue;
            }
            if (Dirs != 0 && has_dead_cell<Dirs>(next)) continue;
            ++run.nodes;
            if (run.control->tick()) {
                run.stop = true;
                return;
            }
            if constexpr (Record) run.path.push_back(table_index_[k]);
            search<Dirs, Record>(next, now_used, run);
            if constexpr (Record) run.path.pop_back();
            if (run.stop) return;
        }
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
        if (board == ~0ULL) {  // the prefix fills the region
            if (used == all_pieces_) {
                if (run.sink) run.sink->insert(run.sink->end(), run.path.begin(), run.path.end());
                if (++run.found == run.limit) run.stop = true;
            }
            return;
        }
        const int dirs = static_cast<int>(shifts_.size());
        const bool record = run.sink != nullptr;
        if (dirs == 0) record ? search<0, true>(board, used, run) : search<0, false>(board, used, run);
        else if (planar_) record ? search<2, true>(board, used, run) : search<2, false>(board, used, run);
        else if (dirs == 4) record ? search<4, true>(board, used, run) : search<4, false>(board, used, run);
        else if (dirs == 6) record ? search<6, true>(board, used, run) : search<6, false>(board, used, run);
        else record ? search<-1, true>(board, used, run) : search<-1, false>(board, used, run);
        return;
    }
    count_fewest(board, used, run);
}

}  // namespace cassetete::exactcover
