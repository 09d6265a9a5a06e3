#include "shikaku/exact.hpp"

#include <algorithm>
#include <chrono>

namespace cassetete::shikaku {
namespace {

// Half-open box [r0, r1) x [c0, c1).
struct Box {
    int r0, c0, r1, c1;
};

class Engine {
public:
    Engine(const Candidates& cand, SearchControl& control, uint64_t limit, uint64_t keep)
        : cd_(cand), control_(control), limit_(limit), keep_(keep) {
        const int n = static_cast<int>(cd_.rects.size());
        const int K = cd_.clue_count();
        const int area = cd_.cell_count();
        // three allocations hold every per-candidate, per-clue and per-cell array
        ints_.assign(static_cast<size_t>(2) * K + 2 * static_cast<size_t>(area), 0);
        clue_left_ = ints_.data();
        chosen_ = clue_left_ + K;
        cell_left_ = chosen_ + K;
        cell_owner_ = cell_left_ + area;
        wide_.assign(2 * static_cast<size_t>(area), 0);
        cell_sum_ = wide_.data();
        cell_sq_ = cell_sum_ + area;
        flags_.assign(static_cast<size_t>(n) + K + area, 0);
        alive_ = flags_.data();
        in_clue_q_ = alive_ + n;
        in_cell_q_ = in_clue_q_ + K;
        std::fill(alive_, alive_ + n, uint8_t{1});
        for (int k = 0; k < K; ++k) {
            clue_left_[k] = cd_.clue_begin[k + 1] - cd_.clue_begin[k];
            chosen_[k] = -1;
        }
        for (int x = 0; x < area; ++x) cell_owner_[x] = -1;
        small_ids_ = K < 65536;
        box_.assign(K, Box{cd_.rows, cd_.cols, 0, 0});
        for (int d = 0; d < n; ++d) {
            const Rect& rc = cd_.rects[d];
            const int64_t k = cd_.owner[d];
            Box& b = box_[k];
            b.r0 = std::min(b.r0, rc.row);
            b.c0 = std::min(b.c0, rc.col);
            b.r1 = std::max(b.r1, rc.row + rc.height);
            b.c1 = std::max(b.c1, rc.col + rc.width);
            for (int r = rc.row; r < rc.row + rc.height; ++r) {
                const int base = r * cd_.cols;
                for (int c = rc.col; c < rc.col + rc.width; ++c) {
                    ++cell_left_[base + c];
                    cell_sum_[base + c] += k;
                    cell_sq_[base + c] += k * k;
                }
            }
        }
        trail_.reserve(static_cast<size_t>(n) + K);
        clue_q_.reserve(K);
        cell_q_.reserve(area);
    }

    ExactResult run() {
        ExactResult res;
        const auto t0 = std::chrono::steady_clock::now();
        bool ok = cd_.areas_match();
        if (ok) {
            for (int k = 0; k < cd_.clue_count(); ++k) enqueue_clue(k);
            for (int x = 0; x < cd_.cell_count(); ++x) {
                if (cell_left_[x] == 0) conflict_ = true;
                else if (cell_left_[x] == 1 || single_clue(x)) enqueue_cell(x);
            }
            ok = propagate();
        }
        if (ok) search();
        res.count = count_;
        res.solutions = std::move(solutions_);
        res.status = count_ > 0 ? Status::solved : control_.status(false);
        res.complete = !control_.stopped();
        res.stop = control_.reason();
        stats_.nodes = control_.nodes();
        stats_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        res.stats = stats_;
        res.stats.counters.reserve(8);
        res.stats.add("forced_clue", n_forced_clue_);
        res.stats.add("forced_cell", n_forced_cell_);
        res.stats.add("cell_one_clue", n_cell_one_clue_);
        res.stats.add("intersection", n_intersection_);
        res.stats.add("removed", n_removed_);
        res.stats.add("backtracks", n_backtracks_);
        res.stats.add("candidates", cd_.rects.size());
        return res;
    }

private:
    // Every candidate left on cell x belongs to one clue (Cauchy-Schwarz equality on clue ids).
    bool single_clue(int x) const {
        const int64_t n = cell_left_[x];
        if (n <= 0) return false;
        if (small_ids_ && n < 32768) return cell_sq_[x] * n == cell_sum_[x] * cell_sum_[x];  // < 2^62
        const __int128 lhs = static_cast<__int128>(cell_sq_[x]) * n;
        const __int128 rhs = static_cast<__int128>(cell_sum_[x]) * cell_sum_[x];
        return lhs == rhs;
    }
    void enqueue_clue(int k) {
        if (!in_clue_q_[k]) {
            in_clue_q_[k] = 1;
            clue_q_.push_back(k);
        }
    }
    void enqueue_cell(int x) {
        if (!in_cell_q_[x]) {
            in_cell_q_[x] = 1;
            cell_q_.push_back(x);
        }
    }

    void kill(int d) {
        alive_[d] = 0;
        trail_.push_back(d);
        ++n_removed_;
        const int k = cd_.owner[d];
        --clue_left_[k];
        if (chosen_[k] < 0) {
            if (clue_left_[k] == 0) conflict_ = true;
            else enqueue_clue(k);
        }
        const Rect& rc = cd_.rects[d];
        const int cols = cd_.cols;
        for (int r = rc.row; r < rc.row + rc.height; ++r) {
            for (int c = rc.col; c < rc.col + rc.width; ++c) {
                const int x = r * cols + c;
                const bool was_single = single_clue(x);
                --cell_left_[x];
                cell_sum_[x] -= k;
                cell_sq_[x] -= static_cast<int64_t>(k) * k;
                if (cell_owner_[x] >= 0) continue;
                if (cell_left_[x] == 0) conflict_ = true;
                else if (cell_left_[x] == 1 || (!was_single && single_clue(x))) enqueue_cell(x);
            }
        }
    }

    void revive(int d) {
        alive_[d] = 1;
        const int k = cd_.owner[d];
        ++clue_left_[k];
        const Rect& rc = cd_.rects[d];
        const int cols = cd_.cols;
        for (int r = rc.row; r < rc.row + rc.height; ++r) {
            for (int c = rc.col; c < rc.col + rc.width; ++c) {
                const int x = r * cols + c;
                ++cell_left_[x];
                cell_sum_[x] += k;
                cell_sq_[x] += static_cast<int64_t>(k) * k;
            }
        }
    }

    void choose(int d) {
        const int k = cd_.owner[d];
        chosen_[k] = d;
        trail_.push_back(-(d + 1));
        const Rect& rc = cd_.rects[d];
        const int cols = cd_.cols;
        for (int r = rc.row; r < rc.row + rc.height; ++r)
            for (int c = rc.col; c < rc.col + rc.width; ++c) cell_owner_[r * cols + c] = k;
        for (int e = cd_.clue_begin[k]; e < cd_.clue_begin[k + 1]; ++e)
            if (e != d && alive_[e]) kill(e);
        kill_overlapping(Box{rc.row, rc.col, rc.row + rc.height, rc.col + rc.width}, k);
    }

    static bool overlaps(const Rect& a, const Box& b) {
        return a.row < b.r1 && b.r0 < a.row + a.height && a.col < b.c1 && b.c0 < a.col + a.width;
    }
    static bool overlaps(const Box& a, const Box& b) {
        return a.r0 < b.r1 && b.r0 < a.r1 && a.c0 < b.c1 && b.c0 < a.c1;
    }

    // Removes the live candidates of unfinished clues other than `keep` that overlap `area`.
    bool kill_overlapping(const Box& area, int keep) {
        bool any = false;
        for (int j = 0; j < cd_.clue_count(); ++j) {
            if (j == keep || chosen_[j] >= 0 || !overlaps(box_[j], area)) continue;
            for (int e = cd_.clue_begin[j]; e < cd_.clue_begin[j + 1]; ++e) {
                if (alive_[e] && overlaps(cd_.rects[e], area)) {
                    kill(e);
                    any = true;
                }
            }
        }
        return any;
    }

    void undo(size_t mark) {
        const int cols = cd_.cols;
        while (trail_.size() > mark) {
            const int t = trail_.back();
            trail_.pop_back();
            if (t >= 0) {
                revive(t);
            } else {
                const int d = -t - 1;
                const int k = cd_.owner[d];
                chosen_[k] = -1;
                const Rect& rc = cd_.rects[d];
                for (int r = rc.row; r < rc.row + rc.height; ++r)
                    for (int c = rc.col; c < rc.col + rc.width; ++c) cell_owner_[r * cols + c] = -1;
            }
        }
    }

    // The live candidate covering cell x (called when exactly one is left).
    int find_alive_on(int x) const {
        const int r = x / cd_.cols, c = x % cd_.cols;
        for (int j = 0; j < cd_.clue_count(); ++j) {
            const Box& b = box_[j];
            if (chosen_[j] >= 0 || r < b.r0 || r >= b.r1 || c < b.c0 || c >= b.c1) continue;
            for (int e = cd_.clue_begin[j]; e < cd_.clue_begin[j + 1]; ++e)
                if (alive_[e] && cd_.rects[e].contains(r, c)) return e;
        }
        return -1;
    }

    void clear_queues() {
        for (int k : clue_q_) in_clue_q_[k] = 0;
        for (int x : cell_q_) in_cell_q_[x] = 0;
        clue_q_.clear();
        cell_q_.clear();
    }

    bool propagate() {
        while (!conflict_ && (!cell_q_.empty() || !clue_q_.empty())) {
            if (!cell_q_.empty()) {
                const int x = cell_q_.back();
                cell_q_.pop_back();
                in_cell_q_[x] = 0;
                if (cell_owner_[x] >= 0) continue;
                if (cell_left_[x] == 0) {
                    conflict_ = true;
                    break;
                }
                if (cell_left_[x] == 1) {
                    const int e = find_alive_on(x);
                    if (e < 0) {  // cannot happen: the one live candidate belongs to an open clue
                        conflict_ = true;
                        break;
                    }
                    ++n_forced_cell_;
                    choose(e);
                } else if (single_clue(x)) {
                    const int k = static_cast<int>(cell_sum_[x] / cell_left_[x]);
                    const int r0 = x / cd_.cols, c0 = x % cd_.cols;
                    bool any = false;
                    for (int e = cd_.clue_begin[k]; e < cd_.clue_begin[k + 1] && !conflict_; ++e) {
                        if (alive_[e] && !cd_.rects[e].contains(r0, c0)) {
                            kill(e);
                            any = true;
                        }
                    }
                    if (any) ++n_cell_one_clue_;
                }
            } else {
                const int k = clue_q_.back();
                clue_q_.pop_back();
                in_clue_q_[k] = 0;
                if (chosen_[k] >= 0) continue;
                if (clue_left_[k] == 0) {
                    conflict_ = true;
                    break;
                }
                int r0 = 0, c0 = 0, r1 = cd_.rows, c1 = cd_.cols, last = -1;
                for (int e = cd_.clue_begin[k]; e < cd_.clue_begin[k + 1]; ++e) {
                    if (!alive_[e]) continue;
                    const Rect& rc = cd_.rects[e];
                    r0 = std::max(r0, rc.row);
                    c0 = std::max(c0, rc.col);
                    r1 = std::min(r1, rc.row + rc.height);
                    c1 = std::min(c1, rc.col + rc.width);
                    last = e;
                }
                if (clue_left_[k] == 1) {
                    ++n_forced_clue_;
                    choose(last);
                    continue;
                }
                const bool any = r0 < r1 && c0 < c1 && kill_overlapping(Box{r0, c0, r1, c1}, k);
                if (any) ++n_intersection_;
            }
        }
        if (conflict_) {
            clear_queues();
            conflict_ = false;
            return false;
        }
        return true;
    }

    // Returns true when the search must stop (limit reached or enough solutions).
    bool search() {
        if (control_.tick()) return true;
        int best = -1, best_left = 0;
        for (int k = 0; k < cd_.clue_count(); ++k) {
            if (chosen_[k] >= 0) continue;
            if (best < 0 || clue_left_[k] < best_left) {
                best = k;
                best_left = clue_left_[k];
                if (best_left <= 2) break;
            }
        }
        if (best < 0) {
            ++count_;
            if (solutions_.size() < keep_) {
                std::vector<Rect> sol;
                sol.reserve(cd_.clue_count());
                for (int k = 0; k < cd_.clue_count(); ++k) sol.push_back(cd_.rects[chosen_[k]]);
                solutions_.push_back(std::move(sol));
            }
            return count_ >= limit_;
        }
        std::vector<int> options;
        options.reserve(best_left);
        for (int e = cd_.clue_begin[best]; e < cd_.clue_begin[best + 1]; ++e)
            if (alive_[e]) options.push_back(e);
        for (int e : options) {
            const size_t mark = trail_.size();
            choose(e);
            bool stop = false;
            if (propagate()) stop = search();
            else ++n_backtracks_;
            undo(mark);
            if (stop) return true;
        }
        return false;
    }

    const Candidates& cd_;
    SearchControl& control_;
    uint64_t limit_, keep_;
    std::vector<Box> box_;  // bounding box of every candidate of each clue
    bool small_ids_ = true;  // clue numbers < 2^16: the single-clue test fits in int64
    std::vector<int> ints_;
    std::vector<int64_t> wide_;
    std::vector<uint8_t> flags_;
    uint8_t *alive_, *in_clue_q_, *in_cell_q_;
    int *clue_left_, *chosen_, *cell_left_, *cell_owner_;
    int64_t *cell_sum_, *cell_sq_;
    std::vector<int> trail_;
    std::vector<int> clue_q_, cell_q_;
    bool conflict_ = false;
    uint64_t count_ = 0;
    std::vector<std::vector<Rect>> solutions_;
    SearchStats stats_;
    uint64_t n_forced_clue_ = 0, n_forced_cell_ = 0, n_cell_one_clue_ = 0, n_intersection_ = 0;
    uint64_t n_removed_ = 0, n_backtracks_ = 0;
};

}  // namespace

ExactResult solve_exact(const Candidates& cand, SearchControl& control, uint64_t limit, uint64_t keep) {
    if (limit == 0) limit = 1;
    Engine engine(cand, control, limit, keep);
    return engine.run();
}

}  // namespace cassetete::shikaku
