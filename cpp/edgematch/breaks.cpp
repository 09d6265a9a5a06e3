// Backtracking with scheduled breaks (see breaks.hpp).
#include "edgematch/breaks.hpp"

#include <algorithm>
#include <cstring>
#include <exception>
#include <limits>
#include <stdexcept>
#include <string>
#include <thread>

#include "common/rng.hpp"

namespace cassetete::edgematch {

namespace {

constexpr int kOpposite[4] = {S, W, N, E};
constexpr int kDr[4] = {-1, 0, 1, 0};
constexpr int kDc[4] = {0, 1, 0, -1};

// One candidate of a table: a placement, which of the cell's two first references it leaves
// unmatched (bit 0: the first, bit 1: the second; 0 for a matching placement), and what the
// search needs of the piece without looking it up: the colour each side asks of the neighbour
// across it, and the piece's pattern edges (for the quotas).
struct Entry {
    uint16_t out[4];  // per side: the complement of the turned piece's edge
    uint16_t piece;
    uint8_t rot;
    uint8_t miss : 2;
    uint8_t pattern : 6;
};

// The candidates of every cell of one kind (same frame sides, same placed neighbours), for
// every key (the colours the first two placed neighbours require): [start, mid) match, [mid,
// end) break one join.
struct Table {
    int refs = 0;     // 0, 1 or 2 references used as the key
    int ref0 = -1, ref1 = -1;
    std::vector<uint32_t> start, mid, end;
    std::vector<Entry> entries;
};

struct Kind {
    int rim = 0;      // bit s: side s is on the frame
    int refmask = 0;  // bit s: the neighbour on side s is placed before the cell
    bool operator==(const Kind& o) const { return rim == o.rim && refmask == o.refmask; }
};

class BreaksSearch {
public:
    BreaksSearch(const Puzzle& pz, const BreaksOptions& opt, SearchControl& control)
        : pz_(pz), opt_(opt), control_(control), rng_(opt.seed) {
        rows_ = pz.rows;
        cols_ = pz.cols;
        n_ = pz.cells();
        colors_ = pz.colors;
        result_.total = 2 * rows_ * cols_ - rows_ - cols_;
        piece_.assign(n_, -1);
        rot_.assign(n_, 0);
        used_.assign(pz.size(), 0);
        fixed_.assign(n_, 0);
        for (const Placement& f : opt.fixed) {
            piece_[f.cell] = f.piece;
            rot_[f.cell] = f.rot;
            used_[f.piece] = 1;
            fixed_[f.cell] = 1;
        }
        for (int cell : opt.order)
            if (!fixed_[cell]) free_.push_back(cell);
        nfree_ = static_cast<int>(free_.size());
        std::vector<int> pos(n_, -1);
        for (int d = 0; d < nfree_; ++d) pos[free_[d]] = d;
        pattern_count_.assign(pz.size(), 0);
        std::vector<char> is_pattern(colors_, 0);
        for (int c : opt.pattern) is_pattern[c] = 1;
        for (int p = 0; p < pz.size(); ++p)
            for (int s = 0; s < 4; ++s) pattern_count_[p] += is_pattern[pz.pieces[p][s]];
        // Cells: frame sides, neighbours, references, kinds.
        nb_.assign(n_, {-1, -1, -1, -1});
        rim_.assign(n_, 0);
        for (int cell = 0; cell < n_; ++cell) {
            int r = cell / cols_, c = cell % cols_;
            for (int s = 0; s < 4; ++s) {
                int rr = r + kDr[s], cc = c + kDc[s];
                if (rr < 0 || rr >= rows_ || cc < 0 || cc >= cols_) rim_[cell] |= 1 << s;
                else nb_[cell][s] = rr * cols_ + cc;
            }
        }
        shaped_.assign(16, {});
        for (int mask = 0; mask < 16; ++mask)
            for (int p = 0; p < pz.size(); ++p)
                for (int r = 0; r < 4; ++r) {
                    bool fits = true;
                    for (int s = 0; s < 4 && fits; ++s) fits = (pz.edge(p, r, s) == 0) == ((mask >> s & 1) != 0);
                    if (fits) shaped_[mask].push_back({0, p, r});
                }
        by_side_.clear();  // one entry per turn and side: its size does not grow with the colours
        for (int mask = 0; mask < 16; ++mask)
            for (const Option& o : shaped_[mask])
                for (int s = 0; s < 4; ++s)
                    by_side_.push_back({side_key(mask, s, pz.edge(o.piece, o.rot, s)), 4 * o.piece + o.rot});
        std::stable_sort(by_side_.begin(), by_side_.end(),  // stable: each key's turns stay in piece, turn order
                         [](const SideEntry& a, const SideEntry& b) { return a.key < b.key; });
        kind_of_.resize(nfree_);
        breakable_.resize(nfree_);
        for (int d = 0; d < nfree_; ++d) {
            int cell = free_[d], refmask = 0;
            for (int s = 0; s < 4; ++s) {
                int other = nb_[cell][s];
                if (other >= 0 && (fixed_[other] || pos[other] < d)) refmask |= 1 << s;
            }
            Kind k{rim_[cell], refmask};
            auto found = std::find(kinds_.begin(), kinds_.end(), k);
            kind_of_[d] = static_cast<int>(found - kinds_.begin());
            if (found == kinds_.end()) kinds_.push_back(k);
            int bmask = 0;
            for (int s = 0; s < 4; ++s) {
                if (!(refmask >> s & 1)) continue;
                if (!(rim_[cell] != 0 && rim_[nb_[cell][s]] != 0)) bmask |= 1 << s;  // rim joins never break
            }
            breakable_[d] = bmask;
        }
        tables_.resize(kinds_.size());
        valid_.resize(kinds_.size());
        for (size_t k = 0; k < kinds_.size(); ++k)
            for (const Option& o : shaped_[kinds_[k].rim]) {
                const int p = o.piece, r = o.rot;
                bool repeat = false;  // a turn showing the same edges as an earlier one
                for (int q = 0; q < r && !repeat; ++q) {
                    bool same = true;
                    for (int s = 0; s < 4; ++s) same = same && pz.edge(p, r, s) == pz.edge(p, q, s);
                    repeat = same;
                }
                if (!repeat) valid_[k].push_back(make_entry(p, r));
            }
        it_.assign(nfree_ + 1, 0);
        breaks_.assign(nfree_ + 1, 0);
        for (int cell = 0; cell < n_; ++cell)  // joins between two clues count from the start
            for (int s : {E, S}) {
                int other = nb_[cell][s];
                if (fixed_[cell] && other >= 0 && fixed_[other] && !joins(other, kOpposite[s], piece_[other], rot_[other]))
                    ++breaks_[0];
            }
        end_.assign(nfree_ + 1, 0);
        key_.assign(nfree_ + 1, 0);
        phase_.assign(nfree_ + 1, 0);
        cumh_.assign(nfree_ + 1, 0);
        prepare_depths();
        int widest = breaks_[0];  // no board holds more breaks than the schedule or the clues allow
        for (int a : opt.allowed) widest = std::max(widest, a);
        result_.profile_from = std::max(1, nfree_ - kProfileDepths + 1);
        result_.profile_width = widest + 1;
        result_.profile.assign(static_cast<size_t>(nfree_ - result_.profile_from + 1) * result_.profile_width, 0);
        profile_ = result_.profile.data();
        profile_from_ = result_.profile_from;
        profile_width_ = result_.profile_width;
    }

    static constexpr int kProfileDepths = 64;  // the depths counted in result_.profile

    BreaksResult run() {
        build_tables();
        restart_t0_ = control_.elapsed();
        if (nfree_ == 0) {
            record_full(breaks_[0]);
            result_.exhausted = true;
        } else {
            search();
        }
        result_.nodes = control_.nodes();
        result_.stop = control_.reason();
        if (result_.piece.empty() && deep_from_ >= 0 &&
            static_cast<double>(nfree_ - deep_from_) * pz_.size() <= 5e7) {
            // no complete board yet: complete the deepest partial board (its own node budget)
            // Two passes: empty every free cell first, then put the deepest board's pieces back.
            // (In one pass, a piece of the deepest board still lying deeper in the stopped
            // search's stack was marked used, then unmarked when its old cell was emptied, and
            // the completion placed it twice.)
            for (int d = 0; d < nfree_; ++d) {
                const int cell = free_[d];
                if (piece_[cell] >= 0) used_[piece_[cell]] = 0;
                piece_[cell] = -1;
            }
            for (int d = 0; d < deep_from_; ++d) {
                const int cell = free_[d];
                piece_[cell] = deep_piece_[cell];
                rot_[cell] = deep_rot_[cell];
                used_[piece_[cell]] = 1;
            }
            breaks_[deep_from_] = result_.best_depth_breaks;
            complete(deep_from_, true);
        }
        if (!result_.piece.empty() && score(pz_, result_.piece.data(), result_.rot.data()) != result_.score)
            throw std::logic_error("breaks search: a board's score differs from its count of breaks");
        return std::move(result_);
    }

private:
    // --- tables -------------------------------------------------------------------------------
    void build_tables() {
        std::vector<int> order_key(pz_.size());
        for (int p = 0; p < pz_.size(); ++p) order_key[p] = static_cast<int>(rng_.below(1u << 30));
        // Candidate order: more pattern edges first (the search ends a list at the first entry
        // with too few for the quota), then the seeded random key, then the turn.
        auto before = [&](const Entry& a, const Entry& b) {
            int ha = pattern_count_[a.piece], hb = pattern_count_[b.piece];
            if (ha != hb) return ha > hb;
            if (order_key[a.piece] != order_key[b.piece]) return order_key[a.piece] < order_key[b.piece];
            return a.rot < b.rot;
        };
        for (size_t k = 0; k < kinds_.size(); ++k) {
            std::vector<Entry> valid = valid_[k];
            std::sort(valid.begin(), valid.end(), before);
            Table& t = tables_[k];
            t = Table{};
            for (int s = 0; s < 4; ++s)
                if (kinds_[k].refmask >> s & 1) {
                    if (t.refs == 0) t.ref0 = s;
                    else if (t.refs == 1) t.ref1 = s;
                    if (t.refs < 2) ++t.refs;
                }
            const int keys = t.refs == 2 ? colors_ * colors_ : t.refs == 1 ? colors_ : 1;
            std::vector<std::vector<Entry>> match(keys), miss(keys);
            for (const Entry& e : valid) {
                if (t.refs == 0) {
                    match[0].push_back(e);
                } else if (t.refs == 1) {
                    int e0 = pz_.edge(e.piece, e.rot, t.ref0);
                    for (int c = 1; c < colors_; ++c) (c == e0 ? match[c] : miss[c]).push_back(with_miss(e, c == e0 ? 0 : 1));
                } else {
                    int e0 = pz_.edge(e.piece, e.rot, t.ref0), e1 = pz_.edge(e.piece, e.rot, t.ref1);
                    match[e0 * colors_ + e1].push_back(e);
                    for (int c = 1; c < colors_; ++c) {
                        if (c != e1) miss[e0 * colors_ + c].push_back(with_miss(e, 2));
                        if (c != e0) miss[c * colors_ + e1].push_back(with_miss(e, 1));
                    }
                }
            }
            t.start.resize(keys);
            t.mid.resize(keys);
            t.end.resize(keys);
            for (int key = 0; key < keys; ++key) {
                t.start[key] = static_cast<uint32_t>(t.entries.size());
                t.entries.insert(t.entries.end(), match[key].begin(), match[key].end());
                t.mid[key] = static_cast<uint32_t>(t.entries.size());
                std::stable_sort(miss[key].begin(), miss[key].end(), before);
                t.entries.insert(t.entries.end(), miss[key].begin(), miss[key].end());
                t.end[key] = static_cast<uint32_t>(t.entries.size());
            }
        }
        tab_.resize(nfree_);
        frozen_ = 0;
        for (int d = 0; d < nfree_; ++d) tab_[d] = &tables_[kind_of_[d]];
    }

    Entry make_entry(int p, int r) const {
        Entry e{};
        for (int s = 0; s < 4; ++s) e.out[s] = static_cast<uint16_t>(pz_.compl_[pz_.edge(p, r, s)]);
        e.piece = static_cast<uint16_t>(p);
        e.rot = static_cast<uint8_t>(r);
        e.miss = 0;
        e.pattern = static_cast<uint8_t>(pattern_count_[p]);
        return e;
    }

    static Entry with_miss(Entry e, int miss) {
        e.miss = static_cast<uint8_t>(miss);
        return e;
    }

    // What the search reads at each depth, resolved once: where the key's two colours and the
    // extra neighbours' colours are found in need_ (the colour each placed cell asks of the
    // neighbour across each side), which key misses may break, the schedule and the quota.
    void prepare_depths() {
        need_.assign(4 * static_cast<size_t>(n_) + 1, 0);  // the last slot stays 0: "no reference"
        const int none = 4 * n_;
        for (int cell = 0; cell < n_; ++cell)
            if (fixed_[cell]) write_need(cell, make_entry(piece_[cell], rot_[cell]));
        depth_.resize(nfree_);
        for (int d = 0; d < nfree_; ++d) {
            const Kind& k = kinds_[kind_of_[d]];
            const int cell = free_[d];
            Depth& x = depth_[d];
            x.cell = cell;
            x.allowed = d < static_cast<int>(opt_.allowed.size()) ? opt_.allowed[d] : 0;
            x.quota = opt_.quota.empty() ? 0 : opt_.quota[d];
            x.off0 = x.off1 = none;
            x.mul0 = 1;
            int refs = 0;
            for (int s = 0; s < 4; ++s) {
                if (!(k.refmask >> s & 1)) continue;
                const int off = 4 * nb_[cell][s] + kOpposite[s];
                if (refs == 0) x.off0 = off;
                else if (refs == 1) x.off1 = off;
                if (refs < 2) {
                    if (breakable_[d] >> s & 1) x.missok |= static_cast<uint8_t>(1 << refs);
                } else {
                    x.xoff[x.extras] = off;
                    x.xside[x.extras] = s;
                    x.xbreak[x.extras] = static_cast<uint8_t>(breakable_[d] >> s & 1);
                    ++x.extras;
                }
                ++refs;
            }
            if (refs >= 2) x.mul0 = colors_;
            x.canbreak = (breakable_[d] & k.refmask) != 0;
        }
    }

    // memcpy of a constant 8 bytes is one move; std::copy between the two arrays compiled to a
    // call of memmove through the PLT at every placement (3 % of the search's time in perf).
    void write_need(int cell, const Entry& e) { std::memcpy(&need_[4 * static_cast<size_t>(cell)], e.out, sizeof e.out); }

    // The colour the placed neighbour on side s of cell requires.
    int required(int cell, int s) const {
        int other = nb_[cell][s];
        return pz_.compl_[pz_.edge(piece_[other], rot_[other], kOpposite[s])];
    }

    bool joins(int cell, int s, int p, int r) const { return pz_.edge(p, r, s) == required(cell, s); }

    // Breaks the board may hold once depth d's cell is placed: the schedule, and once a
    // complete board is known, fewer than it has.
    int cap(int d) const { return std::min(depth_[d].allowed, tight_); }

    void enter(int d) {
        const Table& t = *tab_[d];
        Depth& x = depth_[d];
        const int key = need_[x.off0] * x.mul0 + need_[x.off1];
        for (int j = 0; j < x.extras; ++j) x.xwant[j] = static_cast<uint16_t>(pz_.compl_[need_[x.xoff[j]]]);
        key_[d] = key;
        it_[d] = t.start[key];
        end_[d] = t.mid[key];
        phase_[d] = 0;
    }

    // --- the search -------------------------------------------------------------------------
    void search() {
        int d = 0;
        enter(0);
        rec_depth_ = -1;
        for (;;) {
            const Table& t = *tab_[d];
            const Depth& x = depth_[d];
            const Entry* entries = t.entries.data();
            const char* used = used_.data();
            const int breaks = breaks_[d], capacity = cap(d), need_h = x.quota - cumh_[d];
            uint32_t i = it_[d], end = end_[d];
            bool placed = false;
            for (;;) {
                for (; i < end; ++i) {
                    const Entry& e = entries[i];
                    if (e.pattern < need_h) {  // sorted by pattern edges: none of the rest has enough
                        i = end;
                        break;
                    }
                    if (used[e.piece]) continue;
                    int miss = 0;
                    if (e.miss) {
                        if (!(x.missok & e.miss)) continue;
                        miss = 1;
                    }
                    bool ok = true;
                    for (int j = 0; j < x.extras; ++j)
                        if (e.out[x.xside[j]] != x.xwant[j]) {
                            ok = ok && x.xbreak[j];
                            ++miss;
                        }
                    if (!ok || miss > 1 || (miss && breaks + miss > capacity)) continue;
                    piece_[x.cell] = e.piece;
                    rot_[x.cell] = e.rot;
                    used_[e.piece] = 1;
                    write_need(x.cell, e);
                    breaks_[d + 1] = breaks + miss;
                    cumh_[d + 1] = cumh_[d] + e.pattern;
                    placed = true;
                    ++i;
                    break;
                }
                if (placed || phase_[d] != 0 || !x.canbreak || breaks >= capacity) break;
                phase_[d] = 1;  // every matching candidate tried: now those that break one join
                end = t.end[key_[d]];
            }
            it_[d] = i;
            end_[d] = end;
            if (placed) {
                if (control_.tick()) return;
                ++d;
                if (d >= profile_from_) ++profile_[(d - profile_from_) * profile_width_ + breaks_[d]];
                if (d == nfree_) {
                    record_full(breaks_[d]);
                    if (result_.score == result_.total) return;
                    --d;
                    back_up(d);
                    continue;
                }
                if (d > rec_depth_ || (d == rec_depth_ && breaks_[d] < rec_breaks_)) record_partial(d);
                else if (nfree_ - d <= opt_.complete_tail && breaks_[d] < result_.total - result_.score - 1)
                    complete(d, false);
                if (control_.stopped()) return;
                enter(d);
                if ((control_.nodes() & 4095) == 0 && restart_due()) {
                    restart(d);
                    d = 0;
                    enter(0);
                }
                if ((control_.nodes() & kFilterEvery) == 0) refresh_filter(d);
                continue;
            }
            // every candidate tried: back up
            if (d == 0) {
                result_.exhausted = true;
                return;
            }
            --d;
            back_up(d);
        }
    }

    // The search takes back its piece at depth d.
    void back_up(int d) {
        unplace(d);
        if (d < low_water_) low_water_ = d;
        if (d < frozen_) unfilter();
    }

    // --- candidate lists without the pieces of a settled start of the board -----------------
    // Deep in the scan most candidates of a list are pieces already placed, each read and
    // skipped. Like libblackwood's adaptive filter (lists copied without the pieces of the
    // levels that have not changed for a while), every kFilterEvery + 1 placements the depths
    // that no back-up has reached since the last look are frozen: the lists of the deeper
    // depths are copied without their pieces, in the same order, so the search makes exactly
    // the same placements, reading fewer entries. Backing up into the frozen depths drops the
    // copies.
    static constexpr uint64_t kFilterEvery = (1u << 20) - 1;
    static constexpr int kFilterStep = 4;  // refilter only when this many more depths settled

    void unfilter() {
        for (int d = frozen_; d < nfree_; ++d) tab_[d] = &tables_[kind_of_[d]];
        frozen_ = 0;
    }

    void refresh_filter(int d) {
        const int settled = std::min(low_water_, d);
        low_water_ = nfree_;
        if (settled < frozen_ + kFilterStep) return;
        // Active depths reading the copies go back to positions in the full lists first (an
        // entry the copies left out is a placed piece, which the full list would skip anyway).
        if (frozen_ > 0)
            for (int j = frozen_; j <= d; ++j) {
                const int k = kind_of_[j];
                const Table& full = tables_[k];
                const uint32_t range_end = phase_[j] ? full.end[key_[j]] : full.mid[key_[j]];
                it_[j] = it_[j] == end_[j] ? range_end : origin_[k][it_[j]];
                end_[j] = range_end;
                tab_[j] = &full;
            }
        // New copies of the full lists without the pieces of the depths before `settled`.
        filtered_.resize(tables_.size());
        origin_.resize(tables_.size());
        remap_.resize(tables_.size());
        drop_.assign(pz_.size(), 0);
        for (int j = 0; j < settled; ++j) drop_[piece_[free_[j]]] = 1;
        for (size_t k = 0; k < tables_.size(); ++k) {
            const Table& full = tables_[k];
            Table& copy = filtered_[k];
            std::vector<uint32_t>& remap = remap_[k];
            std::vector<uint32_t>& origin = origin_[k];
            remap.resize(full.entries.size() + 1);
            copy.entries.clear();
            origin.clear();
            for (size_t i = 0; i < full.entries.size(); ++i) {
                remap[i] = static_cast<uint32_t>(copy.entries.size());
                if (drop_[full.entries[i].piece]) continue;
                copy.entries.push_back(full.entries[i]);
                origin.push_back(static_cast<uint32_t>(i));
            }
            remap[full.entries.size()] = static_cast<uint32_t>(copy.entries.size());
            copy.start.resize(full.start.size());
            copy.mid.resize(full.mid.size());
            copy.end.resize(full.end.size());
            for (size_t key = 0; key < full.start.size(); ++key) {
                copy.start[key] = remap[full.start[key]];
                copy.mid[key] = remap[full.mid[key]];
                copy.end[key] = remap[full.end[key]];
            }
        }
        for (int j = settled; j <= d; ++j) {  // active depths: same next candidate, same range end
            const std::vector<uint32_t>& remap = remap_[kind_of_[j]];
            it_[j] = remap[it_[j]];
            end_[j] = remap[end_[j]];
        }
        for (int j = settled; j < nfree_; ++j) tab_[j] = &filtered_[kind_of_[j]];
        frozen_ = settled;
        ++result_.filters;
    }

    void unplace(int d) {
        int cell = free_[d];
        used_[piece_[cell]] = 0;
        piece_[cell] = -1;
    }

    bool restart_due() const {
        if (opt_.restart_nodes && control_.nodes() - restart_nodes0_ >= opt_.restart_nodes) return true;
        return opt_.restart_seconds > 0 && control_.elapsed() - restart_t0_ >= opt_.restart_seconds;
    }

    void restart(int d) {
        for (int i = 0; i < d; ++i) unplace(i);
        low_water_ = 0;
        ++result_.restarts;
        restart_nodes0_ = control_.nodes();
        restart_t0_ = control_.elapsed();
        rec_depth_ = -1;
        build_tables();
    }

    void improve(int score) {
        result_.score = score;
        tight_ = result_.total - score - 1;
        result_.piece = piece_;
        result_.rot = rot_;
        result_.trajectory.emplace_back(control_.elapsed(), score);
    }

    void record_full(int breaks) {
        ++result_.full_boards;
        if (result_.total - breaks > result_.score) improve(result_.total - breaks);
    }

    void record_partial(int d) {
        rec_depth_ = d;
        rec_breaks_ = breaks_[d];
        if (d > result_.best_depth || (d == result_.best_depth && breaks_[d] < result_.best_depth_breaks)) {
            result_.best_depth = d;
            result_.best_depth_breaks = breaks_[d];
            if (result_.piece.empty()) {  // kept for a last completion should no board be made
                deep_from_ = d;
                deep_piece_ = piece_;
                deep_rot_ = rot_;
            }
        }
        if (d >= opt_.complete_from && nfree_ - d <= 512 && breaks_[d] < result_.total - result_.score)
            complete(d, false);
    }

    // --- completion of a partial board: branch and bound over the cells left -----------------
    struct Option {
        int miss, piece, rot;
    };

    // The options of a cell of the completion that break at most max_miss joins against the
    // placed neighbours: unused pieces in every turn that fits the cell's frame sides, fewest
    // breaks first, ties in piece then turn order. The completion's bound only tightens, so the
    // options left out would be cut anyway. An option breaking at most max_miss of k placed
    // joins matches one of any max_miss + 1 of them: when max_miss < k, only the turns showing
    // the asked colour on one of those sides (by_side_) are looked at, not every turn.
    void options_at(int cell, int max_miss, std::vector<Option>& out) {
        int want[4];  // the colour each placed neighbour asks for, or -1
        int placed_sides[4], placed = 0;
        for (int s = 0; s < 4; ++s) {
            const int other = nb_[cell][s];
            want[s] = other >= 0 && piece_[other] >= 0 ? required(cell, s) : -1;
            if (want[s] >= 0) placed_sides[placed++] = s;
        }
        int count[5] = {0, 0, 0, 0, 0};
        unsorted_.clear();
        auto consider = [&](int p, int r) {
            if (used_[p]) return;
            int miss = 0;
            for (int s = 0; s < 4; ++s) miss += want[s] >= 0 && pz_.edge(p, r, s) != want[s];
            if (miss > max_miss) return;
            unsorted_.push_back({miss, p, r});
            ++count[miss];
        };
        const int mask = rim_[cell];
        if (max_miss >= placed) {
            for (const Option& o : shaped_[mask]) consider(o.piece, o.rot);
        } else {
            turns_.clear();
            for (int j = 0; j <= max_miss; ++j) {
                const int s = placed_sides[j];
                const uint64_t key = side_key(mask, s, want[s]);
                auto at = std::lower_bound(by_side_.begin(), by_side_.end(), key,
                                           [](const SideEntry& e, uint64_t k) { return e.key < k; });
                for (; at != by_side_.end() && at->key == key; ++at) turns_.push_back(at->code);
            }
            if (max_miss > 0) {  // several lists: piece then turn order, each turn once
                std::sort(turns_.begin(), turns_.end());
                turns_.erase(std::unique(turns_.begin(), turns_.end()), turns_.end());
            }
            for (int code : turns_) consider(code >> 2, code & 3);
        }
        int at[5];
        for (int m = 0, sum = 0; m < 5; ++m) {
            at[m] = sum;
            sum += count[m];
        }
        out.resize(unsorted_.size());
        for (const Option& o : unsorted_) out[at[o.miss]++] = o;
    }

    // final: the search is over (no control ticks, only the node budget).
    void complete(int from, bool final) {
        ++result_.completions;
        const int levels = nfree_ - from;
        std::vector<std::vector<Option>> options(levels);
        std::vector<size_t> next(levels, 0);
        std::vector<int> miss(levels + 1, 0);
        miss[0] = breaks_[from];
        uint64_t budget = opt_.complete_nodes;
        // The most breaks an option at a level may add and still beat the best board.
        auto max_miss = [&](int level) {
            return result_.score < 0 ? 4 : std::min(4, result_.total - result_.score - miss[level] - 1);
        };
        int level = 0;
        options_at(free_[from], max_miss(0), options[0]);
        for (;;) {
            const int bound = result_.score >= 0 ? result_.total - result_.score : std::numeric_limits<int>::max();
            bool down = false;
            while (next[level] < options[level].size()) {
                const Option o = options[level][next[level]++];
                if (miss[level] + o.miss >= bound) {
                    next[level] = options[level].size();  // sorted: the rest are no better
                    break;
                }
                if (budget == 0 || (!final && control_.tick())) {
                    next[level] = options[level].size();
                    budget = 0;
                    break;
                }
                --budget;
                const int cell = free_[from + level];
                piece_[cell] = o.piece;
                rot_[cell] = o.rot;
                used_[o.piece] = 1;
                miss[level + 1] = miss[level] + o.miss;
                down = true;
                break;
            }
            if (down) {
                if (level + 1 == levels) {
                    improve(result_.total - miss[level + 1]);
                    unplace(from + level);
                } else {
                    ++level;
                    next[level] = 0;
                    options_at(free_[from + level], max_miss(level), options[level]);
                }
                continue;
            }
            if (level == 0) break;
            --level;
            unplace(from + level);
        }
    }

    const Puzzle& pz_;
    const BreaksOptions& opt_;
    SearchControl& control_;
    Rng rng_;
    int rows_ = 0, cols_ = 0, n_ = 0, colors_ = 0, nfree_ = 0;
    std::vector<int> piece_, rot_, free_, pattern_count_, rim_, kind_of_, breakable_;
    std::vector<char> used_, fixed_;
    std::vector<std::array<int, 4>> nb_;
    std::vector<Kind> kinds_;
    std::vector<std::vector<Entry>> valid_;
    std::vector<std::vector<Option>> shaped_;  // per frame mask: the turns of pieces that fit it
    // The fitting turns by (frame mask, side, colour shown there), as 4 * piece + turn, sorted
    // by that key: options_at reads one key's run.
    struct SideEntry {
        uint64_t key;
        int code;
    };
    std::vector<SideEntry> by_side_;
    uint64_t side_key(int mask, int side, int colour) const {
        return (static_cast<uint64_t>(mask * 4 + side) << 32) | static_cast<uint32_t>(colour);
    }
    std::vector<Option> unsorted_;             // options_at's scratch
    std::vector<int> turns_;                   // options_at's scratch
    std::vector<Table> tables_;
    std::vector<const Table*> tab_;         // per depth: the lists it reads (full or filtered)
    std::vector<Table> filtered_;           // per kind: the lists without the frozen depths' pieces
    std::vector<std::vector<uint32_t>> origin_, remap_;  // copy -> full and full -> copy positions
    std::vector<char> drop_;
    int frozen_ = 0, low_water_ = 0;         // depths < frozen_ read the full lists
    std::vector<uint32_t> it_, end_;
    std::vector<int> key_, phase_, breaks_, cumh_;
    // Per free cell in scan order (see prepare_depths).
    struct Depth {
        int cell = 0, allowed = 0, quota = 0;
        int off0 = 0, off1 = 0, mul0 = 1;  // key = need_[off0] * mul0 + need_[off1]
        int extras = 0;                    // placed neighbours beyond the key's two
        int xoff[2] = {0, 0}, xside[2] = {0, 0};
        uint16_t xwant[2] = {0, 0};        // the edge each extra neighbour asks for (set on entry)
        uint8_t xbreak[2] = {0, 0};        // whether that join may break
        uint8_t missok = 0;                // bit j: the key's j-th reference may break
        bool canbreak = false;
    };
    std::vector<Depth> depth_;
    std::vector<uint16_t> need_;  // 4 per cell + one 0: the colour a placed cell asks across each side
    int tight_ = std::numeric_limits<int>::max();
    int rec_depth_ = -1, rec_breaks_ = 0, deep_from_ = -1;
    std::vector<int> deep_piece_, deep_rot_;
    uint64_t restart_nodes0_ = 0;
    double restart_t0_ = 0;
    BreaksResult result_;
    uint64_t* profile_ = nullptr;  // result_.profile's counts
    int profile_from_ = 0, profile_width_ = 0;
};

}  // namespace

void validate_breaks_options(const Puzzle& pz, const BreaksOptions& opt) {
    pz.validate();
    if (pz.size() > 65535) throw std::invalid_argument("the breaks search takes at most 65535 pieces");
    const int n = pz.cells();
    if (static_cast<int>(opt.order.size()) != n) throw std::invalid_argument("the order must list every cell once");
    std::vector<char> seen(n, 0);
    for (int cell : opt.order) {
        if (cell < 0 || cell >= n || seen[cell]) throw std::invalid_argument("the order must list every cell once");
        seen[cell] = 1;
    }
    std::vector<char> cell_fixed(n, 0), piece_fixed(pz.size(), 0);
    for (const Placement& f : opt.fixed) {
        if (f.cell < 0 || f.cell >= n || f.piece < 0 || f.piece >= pz.size() || f.rot < 0 || f.rot > 3)
            throw std::invalid_argument("a clue is out of range");
        if (cell_fixed[f.cell] || piece_fixed[f.piece]) throw std::invalid_argument("two clues share a cell or a piece");
        cell_fixed[f.cell] = piece_fixed[f.piece] = 1;
    }
    const size_t free = static_cast<size_t>(n) - opt.fixed.size();
    if (opt.allowed.size() != free)
        throw std::invalid_argument("the break schedule needs one entry per free cell (" + std::to_string(free) + ")");
    for (int a : opt.allowed)
        if (a < 0) throw std::invalid_argument("the break schedule has a negative entry");
    if (!opt.quota.empty() && opt.quota.size() != free)
        throw std::invalid_argument("the quotas need one entry per free cell (" + std::to_string(free) + ")");
    for (int c : opt.pattern)
        if (c < 0 || c >= pz.colors) throw std::invalid_argument("a pattern colour is out of range");
    if (opt.restart_seconds < 0 || opt.restart_seconds != opt.restart_seconds)
        throw std::invalid_argument("restart seconds must be >= 0");
    if (opt.complete_tail < 0) throw std::invalid_argument("complete_tail must be >= 0");
    if (opt.complete_from < 0) throw std::invalid_argument("complete_from must be >= 0");
}

BreaksResult breaks_search(const Puzzle& pz, const BreaksOptions& opt, SearchControl& control) {
    BreaksSearch search(pz, opt, control);
    return search.run();
}

std::vector<BreaksResult> breaks_search_workers(const Puzzle& pz, const BreaksOptions& opt, int workers,
                                                SearchLimits limits, CancellationToken& token,
                                                SearchControl::PollHook hook) {
    if (workers < 1) workers = 1;
    std::vector<BreaksResult> results(workers);
    std::vector<std::exception_ptr> errors(workers);
    const uint64_t total_nodes = limits.node_limit;
    auto limits_of = [&](int w) {
        SearchLimits l = limits;
        if (total_nodes != std::numeric_limits<uint64_t>::max())
            l.node_limit = total_nodes / workers + (static_cast<uint64_t>(w) < total_nodes % workers ? 1 : 0);
        return l;
    };
    auto work = [&](int w, SearchControl& control) {
        try {
            BreaksOptions own = opt;
            own.seed = opt.seed + static_cast<uint64_t>(w);
            results[w] = breaks_search(pz, own, control);
            if (results[w].score == results[w].total) token.cancel();  // solved: the others stop
        } catch (...) {
            errors[w] = std::current_exception();
            token.cancel();
        }
    };
    std::vector<std::thread> threads;
    for (int w = 1; w < workers; ++w)
        threads.emplace_back([&, w]() {
            SearchControl control(limits_of(w), &token);
            work(w, control);
        });
    {
        SearchControl control(limits_of(0), &token, std::move(hook));
        work(0, control);
        if (control.reason() == StopReason::interrupted) token.cancel();
    }
    for (auto& t : threads) t.join();
    for (auto& e : errors)
        if (e) std::rethrow_exception(e);
    return results;
}

}  // namespace cassetete::edgematch
