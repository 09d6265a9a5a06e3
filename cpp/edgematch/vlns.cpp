#include "edgematch/vlns.hpp"

#include <algorithm>

namespace cassetete::edgematch {

namespace {
constexpr int64_t kScale = int64_t{1} << 20;  // one matched join; random tie-break noise stays below it
constexpr double kExcluded = -1e18;           // selection key of a cell that may not be chosen
constexpr uint64_t kNoColour = 0xFFFF;         // a 16-bit lane no colour id takes

// Bit s (0..3) set when 16-bit lane s of x is zero: the lane's high bit after adding 0x7FFF
// to its low 15 bits (no carry leaves a lane) or-ed with its own high bit says "non-zero";
// the multiply gathers the four lane flags (bits 0, 16, 32, 48) into bits 48..51.
inline unsigned zero_lanes(uint64_t x) {
    constexpr uint64_t kLow = 0x7FFF7FFF7FFF7FFFULL, kHigh = 0x8000800080008000ULL;
    constexpr uint64_t kGather = (uint64_t{1} << 48) | (uint64_t{1} << 33) | (uint64_t{1} << 18) | (uint64_t{1} << 3);
    const uint64_t zero = ~(((x & kLow) + kLow) | x) & kHigh;
    return static_cast<unsigned>(((zero >> 15) * kGather) >> 48) & 0xF;
}
}  // namespace

void Neighbourhood::select(int cls, int size, const std::vector<double>& key, std::vector<int>& S) {
    S.clear();
    const std::vector<int>& cand = lp_.movable[cls];
    // (key, cell) side by side: the sort reads contiguous memory instead of key[cell].
    order_.resize(cand.size());
    for (size_t i = 0; i < cand.size(); ++i) order_[i] = {key[cand[i]], cand[i]};
    const auto larger_key = [](const std::pair<double, int>& a, const std::pair<double, int>& b) {
        return a.first > b.first;
    };
    // Only a head of the order is usually read (|S| cells, plus those skipped as neighbours of
    // chosen ones or tabu), so sort the largest keys first and the rest only if S is not full.
    // Keys carry a random real, so the order read is that of a full sort.
    const size_t all = order_.size();
    size_t sorted = std::min(all, static_cast<size_t>(4) * static_cast<size_t>(std::max(size, 1)) + 8);
    if (sorted < all) std::nth_element(order_.begin(), order_.begin() + sorted, order_.end(), larger_key);
    std::sort(order_.begin(), order_.begin() + sorted, larger_key);
    if (mark_.size() != static_cast<size_t>(lp_.n)) mark_.assign(lp_.n, 0);
    if (++stamp_ == 0) {
        std::fill(mark_.begin(), mark_.end(), 0);
        stamp_ = 1;
    }
    for (size_t i = 0; i < all; ++i) {
        if (static_cast<int>(S.size()) >= size) break;
        if (i == sorted) {
            std::sort(order_.begin() + sorted, order_.end(), larger_key);
            sorted = all;
        }
        const int cell = order_[i].second;
        if (order_[i].first <= kExcluded) continue;
        bool free = true;
        for (int s = 0; s < 4 && free; ++s) {
            int y = lp_.nb[cell][s];
            free = y < 0 || mark_[y] != stamp_;
        }
        if (!free) continue;
        mark_[cell] = stamp_;
        S.push_back(cell);
    }
}

void Neighbourhood::apply(LocalBoard& b, const std::vector<int>& S, Rng& rng, const ReverseMoveTabu* tabu,
                          uint64_t now, std::vector<std::pair<int, int>>& moved, const int* penalty,
                          int penalty_weight, int max_penalty) {
    moved.clear();
    const int k = static_cast<int>(S.size());
    if (k == 0) return;
    pieces_.resize(k);
    for (int i = 0; i < k; ++i) {
        pieces_[i] = b.piece[S[i]];
        b.lift(S[i]);
    }
    // Colour each hole needs on each side (kNoColour: nothing matches: rim or frame colour facing).
    // The holes are pairwise non-adjacent, so every neighbour of a hole is on the board.
    w_.resize(static_cast<size_t>(k) * k);
    rot_.resize(static_cast<size_t>(k) * k);
    const int64_t noise = std::max<int64_t>(1, kScale / k);
    // One penalty unit is worth penalty_weight / 16 of a matched join.
    const int64_t penalty_unit = kScale / 16 * penalty_weight;
    // A tabu arc must lose against any non-tabu one, penalties included.
    const int64_t tabu_cost = 8 * kScale + 4 * penalty_unit * max_penalty;
    int64_t side_value[4] = {kScale, kScale, kScale, kScale};
    int64_t value_of[16];  // value of a piece whose matching sides are the bits of the index
    const auto fill_values = [&] {
        for (int mask = 0; mask < 16; ++mask)
            value_of[mask] = (mask & 1 ? side_value[0] : 0) + (mask & 2 ? side_value[1] : 0) +
                             (mask & 4 ? side_value[2] : 0) + (mask & 8 ? side_value[3] : 0);
    };
    if (!penalty) fill_values();  // the same for every hole
    for (int j = 0; j < k; ++j) {
        const int cell = S[j];
        uint64_t need = 0;  // the colours the hole needs, packed like LocalPuzzle::packed
        for (int s = 0; s < 4; ++s) {
            int y = lp_.nb[cell][s];
            int e = y < 0 ? 0 : lp_.edge[b.piece[y]][b.rot[y] * 4 + ((s + 2) & 3)];
            need |= (e == 0 ? kNoColour : static_cast<uint64_t>(lp_.pz.compl_[e])) << (16 * s);
            if (penalty) side_value[s] = kScale + penalty_unit * penalty[cell * 4 + s];
        }
        if (penalty) fill_values();
        for (int i = 0; i < k; ++i) {
            const int p = pieces_[i];
            const uint8_t allowed = lp_.allowed(p, cell);
            const int start = allowed == 0xF ? static_cast<int>(rng.below(4)) : 0;
            const uint64_t* turned = &lp_.packed[static_cast<size_t>(p) * 4];
            int64_t best = -1;
            int best_rot = 0;
            for (int t = 0; t < 4; ++t) {
                int r = (start + t) & 3;
                if (!(allowed >> r & 1)) continue;
                const int64_t m = value_of[zero_lanes(turned[r] ^ need)];
                if (m > best) {
                    best = m;
                    best_rot = r;
                }
            }
            int64_t w = best + static_cast<int64_t>(rng.below(static_cast<uint64_t>(noise)));
            // Section 4, tabu_2: a reverse move gets a very small weight.
            if (tabu && S[i] != cell && tabu->forbidden(S[i], cell, now)) w -= tabu_cost;
            w_[static_cast<size_t>(i) * k + j] = w;
            rot_[static_cast<size_t>(i) * k + j] = static_cast<int8_t>(best_rot);
        }
    }
    assign_.solve(w_.data(), k, col_);
    for (int i = 0; i < k; ++i) {
        const int j = col_[i];
        b.drop(S[j], pieces_[i], rot_[static_cast<size_t>(i) * k + j]);
        if (S[j] != S[i]) moved.emplace_back(S[i], S[j]);
    }
}

void Neighbourhood::swap_rotate(LocalBoard& b, int a, int c, Rng& rng, bool random_rot) {
    const int pa = b.piece[a], pc = b.piece[c];
    b.lift(a);
    b.lift(c);
    auto pick = [&](int cell, int p) {
        const uint8_t allowed = lp_.allowed(p, cell);
        int choice = 0, best = -1, seen = 0;
        for (int r = 0; r < 4; ++r) {
            if (!(allowed >> r & 1)) continue;
            if (random_rot) {
                if (rng.below(static_cast<uint64_t>(++seen)) == 0) choice = r;
            } else {
                int m = b.matches_at(cell, p, r);
                if (m > best) {
                    best = m;
                    choice = r;
                }
            }
        }
        return choice;
    };
    b.drop(a, pc, pick(a, pc));
    b.drop(c, pa, pick(c, pa));
}

TabuSearch::TabuSearch(const LocalPuzzle& lp, const TabuOptions& opt, uint64_t seed)
    : lp_(lp), opt_(opt), rng_(seed), board_(lp), hood_(lp), key_(lp.n, 0.0), cell_until_(lp.n, 0),
      reverse_tabu_(lp.n) {
    if (opt_.penalty_weight > 0) penalty_.assign(static_cast<size_t>(lp.n) * 4, 0);
    for (int k = 0; k < 5; ++k) {
        int w = std::max(0, opt_.class_weight[k]) * static_cast<int>(lp.movable[k].size());
        for (int i = 0; i < w; ++i) class_pick_.push_back(k);
    }
}

void TabuSearch::start(const std::vector<int>& piece, const std::vector<int>& rot) {
    board_.assign(piece, rot);
    run_best_ = board_.score;
    run_piece_ = board_.piece;
    run_rot_ = board_.rot;
    phase_best_ = board_.score;
    since_phase_ = plateaus_since_best_ = restores_since_best_ = 0;
    if (board_.score > best_.load(std::memory_order_relaxed)) {
        std::lock_guard<std::mutex> lock(mutex_);
        best_piece_ = board_.piece;
        best_rot_ = board_.rot;
        best_.store(board_.score, std::memory_order_relaxed);
    }
}

void TabuSearch::best_board(std::vector<int>& piece, std::vector<int>& rot) const {
    std::lock_guard<std::mutex> lock(mutex_);
    piece = best_piece_;
    rot = best_rot_;
}

std::vector<std::pair<double, int>> TabuSearch::trajectory() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return trajectory_;
}

void TabuSearch::note_best(double seconds) {
    std::lock_guard<std::mutex> lock(mutex_);
    best_piece_ = board_.piece;
    best_rot_ = board_.rot;
    best_.store(board_.score, std::memory_order_relaxed);
    trajectory_.emplace_back(seconds, board_.score);
}

void TabuSearch::diversify() {
    // Section 4: a few random swap-and-rotate moves.
    ++diversifications_;
    kick(opt_.kicks);
}

void TabuSearch::kick(int moves) {
    for (int t = 0; t < moves; ++t) {
        int cls = class_pick_[rng_.below(class_pick_.size())];
        const auto& cells = lp_.movable[cls];
        if (cells.size() < 2) continue;
        int a = cells[rng_.below(cells.size())], c = cells[rng_.below(cells.size())];
        if (a != c) hood_.swap_rotate(board_, a, c, rng_, true);
    }
}

void TabuSearch::clear_penalties() {
    std::fill(penalty_.begin(), penalty_.end(), 0);
    max_penalty_ = 0;
}

void TabuSearch::penalise() {
    // Guided local search: among the wrong inner joins, those with the largest utility
    // 1 / (1 + penalty), i.e. the smallest penalty, get one more unit (both cells' sides).
    int lowest = -1;
    for (int pass = 0; pass < 2; ++pass) {
        for (int cell = 0; cell < lp_.n; ++cell) {
            for (int s = 1; s <= 2; ++s) {  // east and south: each join once
                const int y = lp_.nb[cell][s];
                if (y < 0) continue;
                const int a = lp_.edge[board_.piece[cell]][board_.rot[cell] * 4 + s];
                const int b = lp_.edge[board_.piece[y]][board_.rot[y] * 4 + ((s + 2) & 3)];
                if (lp_.match(a, b)) continue;
                const int pen = penalty_[cell * 4 + s];
                if (pass == 0) {
                    if (lowest < 0 || pen < lowest) lowest = pen;
                } else if (pen == lowest) {
                    const int o = y * 4 + ((s + 2) & 3);
                    penalty_[cell * 4 + s] = penalty_[o] = pen + 1;
                    max_penalty_ = std::max(max_penalty_, pen + 1);
                }
            }
        }
        if (lowest < 0) return;
    }
}

void TabuSearch::run(SearchControl& control, uint64_t max_iterations, double elapsed0) {
    const int total = [&] {
        int t = 0;
        for (int d : lp_.deg) t += d;
        return t / 2;
    }();
    if (trajectory_.empty()) note_best(elapsed0);
    if (class_pick_.empty()) return;
    while (board_.score < total) {
        if (max_iterations && iterations_ >= max_iterations) break;
        if (control.tick()) break;
        const uint64_t it = ++iterations_;
        const int cls = class_pick_[rng_.below(class_pick_.size())];
        // Section 4: the most violated positions first (random ties), none from tabu_1.
        for (int cell : lp_.movable[cls]) {
            double key = opt_.greed * board_.violations(cell) + rng_.uniform();
            if (opt_.tabu && cell_until_[cell] > it) key = kExcluded;
            key_[cell] = key;
        }
        hood_.select(cls, opt_.size, key_, S_);
        const bool guided = opt_.penalty_weight > 0 && opt_.tabu;  // tabu=false: the plain VLNS of figure 4
        hood_.apply(board_, S_, rng_, opt_.tabu ? &reverse_tabu_ : nullptr, it, moved_,
                    guided ? penalty_.data() : nullptr, opt_.penalty_weight, max_penalty_);
        if (guided && opt_.penalty_every > 0 && it % static_cast<uint64_t>(opt_.penalty_every) == 0) penalise();
        if (board_.score > run_best_) {
            run_best_ = board_.score;
            run_piece_ = board_.piece;
            run_rot_ = board_.rot;
            plateaus_since_best_ = restores_since_best_ = 0;
            if (board_.score > best_.load(std::memory_order_relaxed)) note_best(elapsed0 + control.elapsed());
        } else if (opt_.neutral && board_.score == run_best_ && !moved_.empty()) {
            run_piece_ = board_.piece;
            run_rot_ = board_.rot;
        }
        if (!opt_.tabu) continue;
        const int64_t span1 = int64_t{opt_.tabu_cells_max} - opt_.tabu_cells_min + 1;  // no int overflow
        const int64_t span2 = int64_t{opt_.tabu_arcs_max} - opt_.tabu_arcs_min + 1;
        for (int cell : S_)
            cell_until_[cell] = it + opt_.tabu_cells_min + (span1 > 0 ? rng_.below(static_cast<uint64_t>(span1)) : 0);
        for (const auto& mv : moved_)
            reverse_tabu_.forbid(mv.second, mv.first,
                                 it + opt_.tabu_arcs_min + (span2 > 0 ? rng_.below(static_cast<uint64_t>(span2)) : 0),
                                 it);
        // Plateau detection, diversification, intensification (Algorithm 1).
        if (board_.score > phase_best_) {
            phase_best_ = board_.score;
            since_phase_ = 0;
        } else if (++since_phase_ >= opt_.plateau) {
            if (++plateaus_since_best_ >= opt_.restore_after) {
                plateaus_since_best_ = 0;
                if (opt_.restart_after > 0 && (reinit_ || opt_.restart_kicks > 0) &&
                    ++restores_since_best_ >= opt_.restart_after) {
                    std::vector<int> piece, rot;
                    if (opt_.restart_kicks > 0) {
                        best_board(piece, rot);
                        board_.assign(piece, rot);
                        kick(opt_.restart_kicks);
                        piece = board_.piece;
                        rot = board_.rot;
                    } else {
                        reinit_(rng_, piece, rot);
                    }
                    std::fill(cell_until_.begin(), cell_until_.end(), 0);
                    reverse_tabu_.clear();
                    clear_penalties();
                    start(piece, rot);
                    ++restarts_;
                    if (board_.score > best_.load(std::memory_order_relaxed)) note_best(elapsed0 + control.elapsed());
                } else {
                    board_.assign(run_piece_, run_rot_);  // intensification
                    clear_penalties();
                    ++restores_;
                }
            } else {
                diversify();
            }
            phase_best_ = board_.score;
            since_phase_ = 0;
        }
    }
}

}  // namespace cassetete::edgematch
