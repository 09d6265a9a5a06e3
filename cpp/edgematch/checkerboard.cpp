#include "edgematch/checkerboard.hpp"

#include <chrono>
#include <stdexcept>
#include <string>

#include "edgematch/candidates.hpp"

namespace cassetete::edgematch {

namespace {

constexpr int kDr[4] = {-1, 0, 1, 0};
constexpr int kDc[4] = {0, 1, 0, -1};

class Checkerboard {
public:
    Checkerboard(const Puzzle& pz, const CheckerboardOptions& opt, SearchControl& control)
        : pz_(pz), opt_(opt), control_(control), idx_(pz), n_(pz.cells()), piece_(n_, -1), rot_(n_, 0),
          used_(pz.size(), 0), fixed_(n_, 0), white_index_(n_, -1), owner_(pz.size(), -1),
          seen_(pz.size(), 0), taken_(pz.size(), 0) {
        for (int cell = 0; cell < n_; ++cell)
            for (int s = 0; s < 4; ++s) nb_[cell][s] = neighbour(cell, s);
    }

    // Places the clues and sets up the black order and the white cells; false when the clues
    // contradict the rim or each other.
    bool setup() {
        for (const auto& f : opt_.fixed) {
            piece_[f.cell] = f.piece;
            rot_[f.cell] = f.rot;
            used_[f.piece] = 1;
            fixed_[f.cell] = 1;
        }
        for (const auto& f : opt_.fixed)
            for (int s = 0; s < 4; ++s) {
                const int e = pz_.edge(f.piece, f.rot, s), y = nb_[f.cell][s];
                if (y < 0 ? e != 0 : e == 0) return false;
                if (y >= 0 && fixed_[y] && pz_.edge(piece_[y], rot_[y], (s + 2) & 3) != pz_.compl_[e]) return false;
            }
        std::vector<int> order = opt_.order;
        if (order.empty())
            for (int cell = 0; cell < n_; ++cell) order.push_back(cell);
        for (int cell : order) {
            if (fixed_[cell]) continue;
            const int r = cell / pz_.cols, c = cell % pz_.cols;
            if (((r + c) & 1) == opt_.parity) {
                black_.push_back(cell);
                unsigned mask = 0;
                int need[4] = {0, 0, 0, 0};
                for (int s = 0; s < 4; ++s) {
                    const int y = nb_[cell][s];
                    if (y < 0) mask |= 1u << s;
                    else if (fixed_[y]) {
                        mask |= 1u << s;
                        need[s] = required(y, s);
                    }
                }
                black_range_.push_back(idx_.lookup(mask, idx_.key_of(mask, need)));
            } else {
                white_index_[cell] = static_cast<int>(white_.size());
                white_.push_back(cell);
            }
        }
        match_.assign(white_.size(), -1);
        white_range_.assign(white_.size(), CandidateIndex::Range{nullptr, nullptr});
        for (size_t w = 0; w < white_.size(); ++w) refresh(static_cast<int>(w));
        return repair();
    }

    // The colour a cell's side s must show to face the placed cell y across that side.
    int required(int y, int s) const { return pz_.compl_[pz_.edge(piece_[y], rot_[y], (s + 2) & 3)]; }

    int neighbour(int cell, int s) const {
        const int r = cell / pz_.cols + kDr[s], c = cell % pz_.cols + kDc[s];
        if (r < 0 || r >= pz_.rows || c < 0 || c >= pz_.cols) return -1;
        return r * pz_.cols + c;
    }

    // The placements a white cell still allows: rim sides show the frame, placed sides match.
    void refresh(int w) {
        const int cell = white_[w];
        unsigned mask = 0;
        int need[4] = {0, 0, 0, 0};
        for (int s = 0; s < 4; ++s) {
            const int y = nb_[cell][s];
            if (y < 0) mask |= 1u << s;
            else if (piece_[y] >= 0) {
                mask |= 1u << s;
                need[s] = required(y, s);
            }
        }
        white_range_[w] = idx_.lookup(mask, idx_.key_of(mask, need));
    }

    bool fits(int w, int p) const {
        for (const uint32_t* it = white_range_[w].begin; it != white_range_[w].end; ++it)
            if (static_cast<int>(*it >> 2) == p) return true;
        return false;
    }

    void unmatch(int w) {
        owner_[match_[w]] = -1;
        match_[w] = -1;
    }

    // Kuhn's augmenting path from white cell w over the unused pieces it allows.
    bool augment(int w) {
        for (const uint32_t* it = white_range_[w].begin; it != white_range_[w].end; ++it) {
            const int p = static_cast<int>(*it >> 2);
            if (used_[p] || seen_[p] == stamp_) continue;
            seen_[p] = stamp_;
            if (owner_[p] < 0 || augment(owner_[p])) {
                owner_[p] = w;
                match_[w] = p;
                return true;
            }
        }
        return false;
    }

    // Matches every unmatched white cell; false when one cannot be (Hall's condition fails).
    bool repair() {
        for (size_t w = 0; w < white_.size(); ++w) {
            if (match_[w] >= 0) continue;
            ++stamp_;
            if (!augment(static_cast<int>(w))) return false;
        }
        return true;
    }

    void place_black(int cell, uint32_t entry) {
        const int p = static_cast<int>(entry >> 2);
        piece_[cell] = p;
        rot_[cell] = static_cast<int>(entry & 3);
        used_[p] = 1;
        if (owner_[p] >= 0) unmatch(owner_[p]);
        for (int s = 0; s < 4; ++s) {
            const int y = nb_[cell][s];
            if (y < 0 || white_index_[y] < 0) continue;
            const int w = white_index_[y];
            refresh(w);
            if (match_[w] >= 0 && !fits(w, match_[w])) unmatch(w);
        }
    }

    // Undoing a placement only adds matching edges, so the current matching stays valid.
    void lift_black(int cell) {
        used_[piece_[cell]] = 0;
        piece_[cell] = -1;
        for (int s = 0; s < 4; ++s) {
            const int y = nb_[cell][s];
            if (y >= 0 && white_index_[y] >= 0) refresh(white_index_[y]);
        }
    }

    void record() {
        ++solutions_;
        if (solutions_ == 1) {
            first_piece_ = piece_;
            first_rot_ = rot_;
        }
    }
    bool enough() const { return !opt_.count || (opt_.limit != 0 && solutions_ >= opt_.limit); }

    // Every perfect matching of the white cells (all their neighbours are placed).
    void complete(size_t w) {
        if (w == white_.size()) {
            record();
            if (enough()) done_early_ = true;
            return;
        }
        const int cell = white_[w];
        for (const uint32_t* it = white_range_[w].begin; it != white_range_[w].end; ++it) {
            const int p = static_cast<int>(*it >> 2);
            if (used_[p] || taken_[p]) continue;
            ++completion_nodes_;
            if (control_.tick()) {
                stopped_ = true;
                return;
            }
            taken_[p] = 1;
            piece_[cell] = p;
            rot_[cell] = static_cast<int>(*it & 3);
            complete(w + 1);
            taken_[p] = 0;
            piece_[cell] = -1;
            if (stopped_ || done_early_) return;
        }
    }

    // The solution read off the current perfect matching.
    void record_matching() {
        for (size_t w = 0; w < white_.size(); ++w) {
            const int cell = white_[w];
            for (const uint32_t* it = white_range_[w].begin; it != white_range_[w].end; ++it)
                if (static_cast<int>(*it >> 2) == match_[w]) {
                    piece_[cell] = match_[w];
                    rot_[cell] = static_cast<int>(*it & 3);
                    break;
                }
        }
        record();
        for (int cell : white_) piece_[cell] = -1;
        done_early_ = true;
    }

    void search(size_t d) {
        if (d == black_.size()) {
            ++leaves_;
            if (opt_.count) complete(0);
            else record_matching();
            return;
        }
        const int cell = black_[d];
        const auto range = black_range_[d];
        for (const uint32_t* it = range.begin; it != range.end; ++it) {
            const int p = static_cast<int>(*it >> 2);
            if (used_[p]) continue;
            if (control_.tick()) {
                stopped_ = true;
                return;
            }
            ++black_nodes_;
            place_black(cell, *it);
            if (repair()) search(d + 1);
            else ++cuts_;
            lift_black(cell);
            if (stopped_ || done_early_) return;
        }
    }

    const Puzzle& pz_;
    const CheckerboardOptions& opt_;
    SearchControl& control_;
    CandidateIndex idx_;
    int n_;
    std::vector<std::array<int, 4>> nb_{static_cast<size_t>(pz_.cells())};
    std::vector<int> piece_, rot_;
    std::vector<char> used_, fixed_;
    std::vector<int> black_, white_, white_index_;
    std::vector<CandidateIndex::Range> black_range_, white_range_;
    std::vector<int> match_, owner_;
    std::vector<uint64_t> seen_;
    uint64_t stamp_ = 0;
    std::vector<char> taken_;
    uint64_t solutions_ = 0, leaves_ = 0, cuts_ = 0, black_nodes_ = 0, completion_nodes_ = 0;
    bool stopped_ = false, done_early_ = false;
    std::vector<int> first_piece_, first_rot_;
};

}  // namespace

CheckerboardResult checkerboard_search(const Puzzle& pz, const CheckerboardOptions& opt, SearchControl& control) {
    SearchOptions check;
    check.fixed = opt.fixed;
    check.order = opt.order;
    if (check.order.empty())
        for (int cell = 0; cell < pz.cells(); ++cell) check.order.push_back(cell);
    validate_options(pz, check);  // clues, and the order lists every cell once
    if (opt.parity != 0 && opt.parity != 1) throw std::invalid_argument("parity must be 0 or 1");
    const auto t0 = std::chrono::steady_clock::now();
    Checkerboard engine(pz, opt, control);
    CheckerboardResult res;
    if (engine.setup()) engine.search(0);
    else ++engine.cuts_;
    finish_search(res, control, engine.solutions_, engine.stopped_ || engine.done_early_, t0);
    if (!engine.first_piece_.empty()) res.solutions.push_back({engine.first_piece_, engine.first_rot_});
    res.stats.add("black_placements", engine.black_nodes_);
    res.stats.add("matching_cuts", engine.cuts_);
    res.stats.add("leaves", engine.leaves_);
    res.stats.add("completion_placements", engine.completion_nodes_);
    res.stats.add("solutions", res.count);
    finish_status(res, control, engine.stopped_);
    return res;
}

}  // namespace cassetete::edgematch
