// BitboardPacker's "fewest" rule: Algorithm X's minimum-remaining-values choice on bitboards.
// Every level keeps the masks of the placements still possible, grouped by piece, and counts
// them per cell with bit-sliced counters in the same pass that filters them from the parent's
// list; the search branches on the cell or the piece with the fewest placements.
#include <algorithm>
#include <vector>

#if defined(__GNUC__) && defined(__x86_64__)
#define CASSETETE_FEWEST_AVX2 1
#include <immintrin.h>
#endif

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

#ifdef CASSETETE_FEWEST_AVX2
namespace {

// permutevar8x32 indices that move the kept 64-bit lanes (bits of the index) to the front.
struct CompressTable {
    alignas(32) int32_t idx[16][8];
    CompressTable() {
        for (int keep = 0; keep < 16; ++keep) {
            int n = 0;
            for (int lane = 0; lane < 4; ++lane)
                if ((keep >> lane) & 1) {
                    idx[keep][2 * n] = 2 * lane;
                    idx[keep][2 * n + 1] = 2 * lane + 1;
                    ++n;
                }
            for (; n < 4; ++n) idx[keep][2 * n] = idx[keep][2 * n + 1] = 0;
        }
    }
};
const CompressTable compress_table;  // constant after static initialisation

// Add a mask of weight 1, 2, 4 or 8 to the bit-sliced counter (c1, c2, c4, c8 sticky).
inline void add_weighted(uint64_t x, int weight, uint64_t& c1, uint64_t& c2, uint64_t& c4, uint64_t& c8) {
    if (weight == 8) {
        c8 |= x;
        return;
    }
    if (weight == 1) {
        const uint64_t carry = c1 & x;
        c1 ^= x;
        x = carry;
    }
    if (weight <= 2) {
        const uint64_t carry = c2 & x;
        c2 ^= x;
        x = carry;
    }
    const uint64_t carry = c4 & x;
    c4 ^= x;
    c8 |= carry;
}

}  // namespace

// filter_level with AVX2: four masks per step, compacted with a permutation table, counted
// in four lanes of bit-sliced counters that are summed at the end.
__attribute__((target("avx2,popcnt"))) void BitboardPacker::filter_level_avx2(
    const Level& parent, uint64_t mask, uint64_t unused, uint64_t* out, Level& child) const noexcept {
    uint64_t c1 = 0, c2 = 0, c4 = 0, c8 = 0;
    __m256i v1 = _mm256_setzero_si256(), v2 = v1, v4 = v1, v8 = v1;
    const __m256i vmask = _mm256_set1_epi64x(static_cast<long long>(mask));
    const __m256i zero = _mm256_setzero_si256();
    int n = 0;
    child.data = out;
    for (int p = 0; p < pieces_; ++p) {
        child.start[p] = n;
        if (!((unused >> p) & 1)) continue;
        const uint64_t* from = parent.data + parent.start[p];
        const uint64_t* to = parent.data + parent.start[p + 1];
        for (; to - from >= 4; from += 4) {
            const __m256i m = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(from));
            const __m256i keep = _mm256_cmpeq_epi64(_mm256_and_si256(m, vmask), zero);
            const int bits = _mm256_movemask_pd(_mm256_castsi256_pd(keep));
            const __m256i perm = _mm256_load_si256(reinterpret_cast<const __m256i*>(compress_table.idx[bits]));
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + n), _mm256_permutevar8x32_epi32(m, perm));
            n += __builtin_popcount(static_cast<unsigned>(bits));
            const __m256i k = _mm256_and_si256(m, keep);
            const __m256i carry1 = _mm256_and_si256(v1, k);
            v1 = _mm256_xor_si256(v1, k);
            const __m256i carry2 = _mm256_and_si256(v2, carry1);
            v2 = _mm256_xor_si256(v2, carry1);
            const __m256i carry4 = _mm256_and_si256(v4, carry2);
            v4 = _mm256_xor_si256(v4, carry2);
            v8 = _mm256_or_si256(v8, carry4);
        }
        for (; from != to; ++from) {
            const uint64_t m = *from;
            const uint64_t keep = (m & mask) == 0;
            out[n] = m;
            n += static_cast<int>(keep);
            add_weighted(m & (0 - keep), 1, c1, c2, c4, c8);
        }
    }
    alignas(32) uint64_t lanes[4][4];
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanes[0]), v1);
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanes[1]), v2);
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanes[2]), v4);
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanes[3]), v8);
    for (int lane = 0; lane < 4; ++lane) {
        add_weighted(lanes[0][lane], 1, c1, c2, c4, c8);
        add_weighted(lanes[1][lane], 2, c1, c2, c4, c8);
        add_weighted(lanes[2][lane], 4, c1, c2, c4, c8);
        add_weighted(lanes[3][lane], 8, c1, c2, c4, c8);
    }
    child.start[pieces_] = n;
    child.c1 = c1;
    child.c2 = c2;
    child.c4 = c4;
    child.c8 = c8;
}

bool BitboardPacker::cpu_has_avx2() noexcept { return __builtin_cpu_supports("avx2"); }
#else
void BitboardPacker::filter_level_avx2(const Level& parent, uint64_t mask, uint64_t unused, uint64_t* out,
                                       Level& child) const noexcept {
    filter_level(parent, mask, unused, out, child);
}

bool BitboardPacker::cpu_has_avx2() noexcept { return false; }
#endif

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
            if (use_avx2_)
                filter_level_avx2(level, q, all_pieces_ & ~child_used, top, child);
            else
                filter_level(level, q, all_pieces_ & ~child_used, top, child);
            if (child_board != ~0ULL && dead_end(child, child_board, all_pieces_ & ~child_used)) continue;
            if (run.sink) run.path.push_back(index_of(p, q));
            search_mrv(child, child_board, child_used, run, top + child.start[pieces_] + kSlack);
            if (run.sink) run.path.pop_back();
            if (run.stop) return;
        }
    }
}

void BitboardPacker::count_fewest(uint64_t board, uint64_t used, Run& run) const {
    // Every level's list sits above its parent's in one buffer (a child holds at most its
    // parent's entries plus the kSlack scratch slots the branch-free filters write past the
    // end, and there are at most `pieces_` levels below the root).
    std::vector<uint64_t> buffer((by_piece_mask_.size() + kSlack) * static_cast<size_t>(pieces_ + 2));
    Level all;
    all.data = by_piece_mask_.data();
    for (int p = 0; p <= pieces_; ++p) all.start[p] = piece_start_[p];
    Level root;
    filter_level(all, board, all_pieces_ & ~used, buffer.data(), root);
    if (board != ~0ULL && dead_end(root, board, all_pieces_ & ~used)) return;
    search_mrv(root, board, used, run, buffer.data() + root.start[pieces_] + kSlack);
}

}  // namespace cassetete::exactcover
