#include "shikaku/exact.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <string>

namespace cassetete::shikaku {
namespace {

// Half-open box [r0, r1) x [c0, c1).
struct Box {
    int r0, c0, r1, c1;
};

class Engine {
public:
    Engine(const Candidates& cand, SearchControl& control, uint64_t limit, uint64_t keep,
           const SolutionCallback* on_solution)
        : cd_(cand), control_(control), sink_(limit, keep, on_solution) {
        const int n = static_cast<int>(cd_.rects.size());
        const int K = cd_.clue_count();
        const int area = cd_.cell_count();
        // three allocations hold every per-candidate, per-clue and per-cell array
        ints_.assign(static_cast<size_t>(4) * K + 2 * static_cast<size_t>(area), 0);
        clue_left_ = ints_.data();
        chosen_ = clue_left_ + K;
        open_ = chosen_ + K;
        open_pos_ = open_ + K;
        cell_left_ = open_pos_ + K;
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
        for (int k = 0; k < K; ++k) open_[k] = open_pos_[k] = k;
        open_count_ = K;
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
        build_buckets();
        trail_.reserve(static_cast<size_t>(n) + K);
        clue_q_.reserve(K);
        cell_q_.reserve(area);
    }

    // The root: every rule run to a fixpoint before the first branching; false on a contradiction.
    bool root_propagate() {
        if (!cd_.areas_match()) return false;
        for (int k = 0; k < cd_.clue_count(); ++k) enqueue_clue(k);
        for (int x = 0; x < cd_.cell_count(); ++x) {
            if (cell_left_[x] == 0) conflict_ = true;
            else if (cell_left_[x] == 1 || single_clue(x)) enqueue_cell(x);
        }
        return propagate();
    }

    // Chooses the prefix's candidates in order, propagating after each; false when one of them
    // is no longer possible (the subproblem has no solution).
    void check_prefix(const std::vector<int>& prefix) const {
        const int n = static_cast<int>(cd_.rects.size());
        for (int d : prefix)
            if (d < 0 || d >= n)
                throw std::invalid_argument("prefix: candidate " + std::to_string(d) + " out of range (0.." +
                                            std::to_string(n - 1) + ")");
    }

    bool replay(const std::vector<int>& prefix) {
        for (int d : prefix) {
            if (!alive_[d] || chosen_[cd_.owner[d]] >= 0) return false;
            choose(d);
            if (!propagate()) return false;
        }
        return true;
    }

    ExactResult run(const std::vector<int>* prefix) {
        const auto t0 = std::chrono::steady_clock::now();
        if (enter_below(*this, prefix)) search();
        return sink_.finish(control_, t0, {{"forced_clue", n_forced_clue_}, {"forced_cell", n_forced_cell_},
                                           {"cell_one_clue", n_cell_one_clue_}, {"intersection", n_intersection_},
                                           {"removed", n_removed_}, {"backtracks", n_backtracks_},
                                           {"candidates", cd_.rects.size()}});
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
        // remove k from the open clues (swap with the last open one; undo just grows the count back)
        const int pos = open_pos_[k], last = open_[open_count_ - 1];
        open_[pos] = last;
        open_pos_[last] = pos;
        open_[open_count_ - 1] = k;
        open_pos_[k] = open_count_ - 1;
        --open_count_;
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
        for_clues_near(area, [&](int j) {
            if (j == keep || chosen_[j] >= 0 || !overlaps(box_[j], area)) return false;
            for (int e = cd_.clue_begin[j]; e < cd_.clue_begin[j + 1]; ++e) {
                if (alive_[e] && overlaps(cd_.rects[e], area)) {
                    kill(e);
                    any = true;
                }
            }
            return false;
        });
        return any;
    }

    // Spatial index: the grid is cut into kBucket x kBucket blocks; each block lists the clues
    // whose candidate bounding box meets it.
    static constexpr int kBucket = 8;
    void build_buckets() {
        use_buckets_ = cd_.clue_count() > 64;  // a plain scan is cheaper for small puzzles
        if (!use_buckets_) return;
        bucket_rows_ = (cd_.rows + kBucket - 1) / kBucket;
        bucket_cols_ = (cd_.cols + kBucket - 1) / kBucket;
        const int nb = bucket_rows_ * bucket_cols_;
        bucket_begin_.assign(nb + 1, 0);
        auto each_bucket = [&](const Box& b, auto&& fn) {
            if (b.r0 >= b.r1 || b.c0 >= b.c1) return;
            for (int br = b.r0 / kBucket; br <= (b.r1 - 1) / kBucket; ++br)
                for (int bc = b.c0 / kBucket; bc <= (b.c1 - 1) / kBucket; ++bc) fn(br * bucket_cols_ + bc);
        };
        const int K = cd_.clue_count();
        for (int j = 0; j < K; ++j) each_bucket(box_[j], [&](int q) { ++bucket_begin_[q + 1]; });
        for (int q = 0; q < nb; ++q) bucket_begin_[q + 1] += bucket_begin_[q];
        bucket_list_.resize(bucket_begin_[nb]);
        std::vector<int> fill(bucket_begin_.begin(), bucket_begin_.end() - 1);
        for (int j = 0; j < K; ++j) each_bucket(box_[j], [&](int q) { bucket_list_[fill[q]++] = j; });
        stamp_.assign(K, 0);
    }

    // Calls fn(j) once for every clue j whose bounding box may meet `area` (at least every open
    // one; fn checks); stops when fn returns true. fn must not place clues (choose).
    template <class Fn>
    void for_clues_near(const Box& area, Fn&& fn) {
        if (area.r0 >= area.r1 || area.c0 >= area.c1) return;
        if (!use_buckets_) {  // only open clues matter to the callers, and fn never places one
            for (int i = 0; i < open_count_; ++i)
                if (fn(open_[i])) return;
            return;
        }
        if (++stamp_now_ == 0) {  // wrapped around: clear the marks
            std::fill(stamp_.begin(), stamp_.end(), 0u);
            stamp_now_ = 1;
        }
        for (int br = area.r0 / kBucket; br <= (area.r1 - 1) / kBucket; ++br) {
            for (int bc = area.c0 / kBucket; bc <= (area.c1 - 1) / kBucket; ++bc) {
                const int q = br * bucket_cols_ + bc;
                for (int i = bucket_begin_[q]; i < bucket_begin_[q + 1]; ++i) {
                    const int j = bucket_list_[i];
                    if (stamp_[j] == stamp_now_) continue;
                    stamp_[j] = stamp_now_;
                    if (fn(j)) return;
                }
            }
        }
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
                ++open_count_;  // k sits at open_[open_count_ - 1] again (choices undo in LIFO order)
                const Rect& rc = cd_.rects[d];
                for (int r = rc.row; r < rc.row + rc.height; ++r)
                    for (int c = rc.col; c < rc.col + rc.width; ++c) cell_owner_[r * cols + c] = -1;
            }
        }
    }

    // The live candidate covering cell x (called when exactly one is left).
    int find_alive_on(int x) {
        const int r = x / cd_.cols, c = x % cd_.cols;
        int found = -1;
        for_clues_near(Box{r, c, r + 1, c + 1}, [&](int j) {
            const Box& b = box_[j];
            if (chosen_[j] >= 0 || r < b.r0 || r >= b.r1 || c < b.c0 || c >= b.c1) return false;
            for (int e = cd_.clue_begin[j]; e < cd_.clue_begin[j + 1]; ++e) {
                if (alive_[e] && cd_.rects[e].contains(r, c)) {
                    found = e;
                    return true;
                }
            }
            return false;
        });
        return found;
    }

    void clear_queues() {
        for (int k : clue_q_) in_clue_q_[k] = 0;
        for (int x : cell_q_) in_cell_q_[x] = 0;
        clue_q_.clear();
        cell_q_.clear();
    }

    bool propagate() {
        if (control_.stopped()) conflict_ = true;
        uint32_t steps = 0;
        while (!conflict_ && (!cell_q_.empty() || !clue_q_.empty())) {
            // long propagations (huge grids) still honour the time limit and Ctrl-C
            if ((++steps & 1023u) == 0 && control_.poll()) {
                conflict_ = true;
                break;
            }
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

    // The open clue with the fewest candidates left (MRV), or -1 when every clue is placed.
    int pick_clue() const {
        int best = -1, best_left = 0;
        for (int i = 0; i < open_count_; ++i) {
            const int k = open_[i];
            if (best < 0 || clue_left_[k] < best_left) {
                best = k;
                best_left = clue_left_[k];
                if (best_left <= 2) break;
            }
        }
        return best;
    }

    // Records the current full placement; returns true when enough solutions were found.
    bool record_solution() {
        return sink_.record([this] {
            std::vector<Rect> sol;
            sol.reserve(cd_.clue_count());
            for (int k = 0; k < cd_.clue_count(); ++k) sol.push_back(cd_.rects[chosen_[k]]);
            return sol;
        });
    }

public:
    // The branchings of the search (same clue, same candidates) down to `depth` levels.
    void split_below(int depth, std::vector<int>& path, std::vector<std::vector<int>>& out) {
        const int clue = pick_clue();
        if (clue < 0 || depth == 0) {
            out.push_back(path);
            return;
        }
        std::vector<int> options;
        for (int e = cd_.clue_begin[clue]; e < cd_.clue_begin[clue + 1]; ++e)
            if (alive_[e]) options.push_back(e);
        for (int e : options) {
            const size_t mark = trail_.size();
            choose(e);
            if (propagate()) {
                path.push_back(e);
                split_below(depth - 1, path, out);
                path.pop_back();
            }
            undo(mark);
        }
    }

private:
    struct Frame {
        std::vector<int> options;  // live candidates of the branching clue
        size_t next = 0;           // next option to try
        size_t mark = 0;           // trail size before the option being tried
    };

    void push_frame(std::vector<Frame>& stack, int clue) {
        Frame frame;
        frame.options.reserve(clue_left_[clue]);
        for (int e = cd_.clue_begin[clue]; e < cd_.clue_begin[clue + 1]; ++e)
            if (alive_[e]) frame.options.push_back(e);
        stack.push_back(std::move(frame));
    }

    // Depth-first search with an explicit stack (no recursion, so no stack overflow on deep
    // trees). Returns true when it stopped early (limit reached or enough solutions).
    bool search() {
        if (control_.tick()) return true;
        const int root = pick_clue();
        if (root < 0) return record_solution();
        std::vector<Frame> stack;
        push_frame(stack, root);
        while (!stack.empty()) {
            Frame& frame = stack.back();
            if (frame.next > 0) undo(frame.mark);  // take back the previous option
            if (frame.next == frame.options.size()) {
                stack.pop_back();
                continue;
            }
            const int e = frame.options[frame.next++];
            frame.mark = trail_.size();
            choose(e);
            if (!propagate()) {
                ++n_backtracks_;
                continue;
            }
            if (control_.tick()) return true;
            // nodes of big puzzles are costly: check the clock more often than the default poll
            if ((control_.nodes() & 255u) == 0 && control_.poll()) return true;
            const int clue = pick_clue();
            if (clue < 0) {
                if (record_solution()) return true;
                continue;
            }
            push_frame(stack, clue);  // `frame` is not used after this point
        }
        return false;
    }

    const Candidates& cd_;
    SearchControl& control_;
    SolutionSink<std::vector<Rect>> sink_;
    std::vector<Box> box_;  // bounding box of every candidate of each clue
    bool small_ids_ = true;  // clue numbers < 2^16: the single-clue test fits in int64
    int *open_, *open_pos_;  // clues not placed yet: open_[0 .. open_count_), and where each sits
    bool use_buckets_ = false;
    int bucket_rows_ = 0, bucket_cols_ = 0;
    std::vector<int> bucket_begin_, bucket_list_;
    std::vector<uint32_t> stamp_;
    uint32_t stamp_now_ = 0;
    int open_count_ = 0;
    std::vector<int> ints_;
    std::vector<int64_t> wide_;
    std::vector<uint8_t> flags_;
    uint8_t *alive_, *in_clue_q_, *in_cell_q_;
    int *clue_left_, *chosen_, *cell_left_, *cell_owner_;
    int64_t *cell_sum_, *cell_sq_;
    std::vector<int> trail_;
    std::vector<int> clue_q_, cell_q_;
    bool conflict_ = false;
    uint64_t n_forced_clue_ = 0, n_forced_cell_ = 0, n_cell_one_clue_ = 0, n_intersection_ = 0;
    uint64_t n_removed_ = 0, n_backtracks_ = 0;
};

}  // namespace

}  // namespace cassetete::shikaku

// The frame's entry points (cpp/common/exact_frame.hpp), run by this engine.
template <> struct cassetete::ExactEngine<cassetete::shikaku::Candidates> { using type = cassetete::shikaku::Engine; };
template struct cassetete::ExactSearch<cassetete::shikaku::Candidates, std::vector<cassetete::shikaku::Rect>>;
