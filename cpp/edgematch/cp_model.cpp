#include "edgematch/cp_model.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <string>

#include "common/luby.hpp"
#include "common/rng.hpp"

namespace cassetete::edgematch {

namespace {

constexpr int kDr[4] = {-1, 0, 1, 0};
constexpr int kDc[4] = {0, 1, 0, -1};

inline int popcount64(uint64_t x) { return __builtin_popcountll(x); }
inline int lowest_bit(uint64_t x) { return __builtin_ctzll(x); }


class CpModel {
public:
    // The search state copied at every node: IO domains, colour domains, domain sizes, the
    // AllDifferent matching and which cells already removed their piece elsewhere.
    struct State {
        std::vector<uint64_t> dom;    // cells * words
        std::vector<uint64_t> col;    // cells * 4
        std::vector<int> size;        // |IO domain| per cell
        std::vector<int> match;       // cell -> piece of the AllDifferent matching (-1 none)
        std::vector<char> piece_out;  // the cell's single piece was removed from the others
    };

    CpModel(const Puzzle& pz, const CpOptions& opt, SearchControl& control, const CpSolutionHook& hook)
        : pz_(pz), opt_(opt), control_(control), hook_(hook), rng_(opt.seed), n_(pz.cells()),
          is_var_(n_, 1), queued_(n_, 0) {
        if (pz.colors > 64) throw std::invalid_argument("the CP model handles at most 64 colour ids");
        for (int cell = 0; cell < n_; ++cell)
            for (int s = 0; s < 4; ++s) {
                const int r = cell / pz.cols + kDr[s], c = cell % pz.cols + kDc[s];
                nb_[cell][s] = (r < 0 || r >= pz.rows || c < 0 || c >= pz.cols) ? -1 : r * pz.cols + c;
            }
        for (int cell : opt.relaxed) is_var_[cell] = 0;
        for (int cell = 0; cell < n_; ++cell)
            if (is_var_[cell]) vars_.push_back(cell);
        // Distinct placements (turns of a symmetric piece showing the same edges count once).
        for_each_distinct_placement(pz, [&](int p, int r) {
            pl_piece_.push_back(p);
            pl_rot_.push_back(r);
        });
        m_ = static_cast<int>(pl_piece_.size());
        words_ = (m_ + 63) / 64;
        piece_words_ = (pz.size() + 63) / 64;
        support_.assign(static_cast<size_t>(4) * pz.colors * words_, 0);
        piece_mask_.assign(static_cast<size_t>(pz.size()) * words_, 0);
        for (int i = 0; i < m_; ++i) {
            for (int s = 0; s < 4; ++s)
                support(s, pz.edge(pl_piece_[i], pl_rot_[i], s))[i >> 6] |= uint64_t{1} << (i & 63);
            piece_mask(pl_piece_[i])[i >> 6] |= uint64_t{1} << (i & 63);
        }
        compl_bit_.resize(pz.colors);
        for (int c = 0; c < pz.colors; ++c) compl_bit_[c] = uint64_t{1} << pz.compl_[c];
        tmp_.resize(words_);
    }

    uint64_t* support(int s, int c) { return &support_[(static_cast<size_t>(s) * pz_.colors + c) * words_]; }
    uint64_t* piece_mask(int p) { return &piece_mask_[static_cast<size_t>(p) * words_]; }
    static uint64_t* dom(State& st, int cell, int words) { return &st.dom[static_cast<size_t>(cell) * words]; }
    uint64_t* dom(State& st, int cell) const { return dom(st, cell, words_); }

    // Colours that may face a side whose own colour domain is `mask`.
    uint64_t facing(uint64_t mask) const {
        uint64_t out = 0;
        for (; mask; mask &= mask - 1) out |= compl_bit_[lowest_bit(mask)];
        return out;
    }

    // The root state: rim and inner-join frame rules, clues; false when already infeasible.
    bool initial_state(State& st) {
        st.dom.assign(static_cast<size_t>(n_) * words_, 0);
        st.col.assign(static_cast<size_t>(n_) * 4, 0);
        st.size.assign(n_, 0);
        st.match.assign(n_, -1);
        st.piece_out.assign(n_, 0);
        std::vector<int> clue_piece(n_, -1), clue_rot(n_, 0);
        for (const auto& f : opt_.fixed) {
            clue_piece[f.cell] = f.piece;
            clue_rot[f.cell] = f.rot;
        }
        for (int cell : vars_) {
            uint64_t* d = dom(st, cell);
            for (int i = 0; i < m_; ++i) {
                bool ok = true;
                for (int s = 0; s < 4 && ok; ++s) {
                    const int e = pz_.edge(pl_piece_[i], pl_rot_[i], s);
                    ok = nb_[cell][s] < 0 ? e == 0 : e != 0;
                }
                if (ok && clue_piece[cell] >= 0) {
                    ok = pl_piece_[i] == clue_piece[cell];
                    for (int s = 0; s < 4 && ok; ++s)
                        ok = pz_.edge(pl_piece_[i], pl_rot_[i], s) == pz_.edge(clue_piece[cell], clue_rot[cell], s);
                }
                if (ok) d[i >> 6] |= uint64_t{1} << (i & 63);
            }
            for (int s = 0; s < 4; ++s)
                for (int c = 0; c < pz_.colors; ++c)
                    if (intersects(d, support(s, c))) st.col[cell * 4 + s] |= uint64_t{1} << c;
            st.size[cell] = -1;  // forces a full revision
        }
        queue_.clear();
        for (int cell : vars_) push(cell);
        return propagate(st);
    }

    bool intersects(const uint64_t* a, const uint64_t* b) const {
        for (int w = 0; w < words_; ++w)
            if (a[w] & b[w]) return true;
        return false;
    }

    void push(int cell) {
        if (!queued_[cell]) {
            queued_[cell] = 1;
            queue_.push_back(cell);
        }
    }

    // Element + join constraints of one cell, then the forward AllDifferent rule.
    bool revise(State& st, int x) {
        uint64_t* d = dom(st, x);
        for (int s = 0; s < 4; ++s) {
            const int y = nb_[x][s];
            if (y < 0 || !is_var_[y]) continue;
            const uint64_t allowed = facing(st.col[y * 4 + ((s + 2) & 3)]);
            uint64_t& mine = st.col[x * 4 + s];
            if ((mine & ~allowed) == 0) continue;
            std::fill(tmp_.begin(), tmp_.end(), 0);
            for (uint64_t m = mine & allowed; m; m &= m - 1) {
                const uint64_t* sup = support(s, lowest_bit(m));
                for (int w = 0; w < words_; ++w) tmp_[w] |= sup[w];
            }
            for (int w = 0; w < words_; ++w) d[w] &= tmp_[w];
            mine &= allowed;
        }
        int count = 0;
        for (int w = 0; w < words_; ++w) count += popcount64(d[w]);
        if (count == 0) return false;
        if (count != st.size[x]) {
            st.size[x] = count;
            for (int s = 0; s < 4; ++s) {
                uint64_t& mine = st.col[x * 4 + s];
                uint64_t kept = 0;
                for (uint64_t m = mine; m; m &= m - 1)
                    if (intersects(d, support(s, lowest_bit(m)))) kept |= m & (~m + 1);
                if (kept != mine) {
                    mine = kept;
                    const int y = nb_[x][s];
                    if (y >= 0 && is_var_[y]) push(y);
                }
            }
        }
        if (!st.piece_out[x]) {
            int first = -1;
            for (int w = 0; w < words_ && first < 0; ++w)
                if (d[w]) first = w * 64 + lowest_bit(d[w]);
            const int p = pl_piece_[first];
            const uint64_t* pm = piece_mask(p);
            bool single = true;
            for (int w = 0; w < words_ && single; ++w) single = (d[w] & ~pm[w]) == 0;
            if (single) {
                st.piece_out[x] = 1;
                for (int z : vars_) {
                    if (z == x) continue;
                    uint64_t* dz = dom(st, z);
                    if (!intersects(dz, pm)) continue;
                    for (int w = 0; w < words_; ++w) dz[w] &= ~pm[w];
                    push(z);
                }
            }
        }
        return true;
    }

    bool propagate(State& st) {
        for (;;) {
            while (!queue_.empty()) {
                const int x = queue_.back();
                queue_.pop_back();
                queued_[x] = 0;
                if (!revise(st, x)) {
                    for (int c : queue_) queued_[c] = 0;
                    queue_.clear();
                    return false;
                }
            }
            if (opt_.alldifferent == AllDifferent::forward) return true;
            if (!alldifferent(st)) return false;
            if (queue_.empty()) return true;
        }
    }

    // --- AllDifferent beyond forward checking ------------------------------------------------
    bool augment(int x) {
        for (int p : pieces_of_[x]) {
            if (seen_[p] == stamp_) continue;
            seen_[p] = stamp_;
            if (owner_[p] < 0 || augment(owner_[p])) {
                owner_[p] = x;
                match_[x] = p;
                return true;
            }
        }
        return false;
    }

    void tarjan(int v) {
        index_[v] = low_[v] = next_index_++;
        stack_.push_back(v);
        on_stack_[v] = 1;
        for (int w : graph_[v]) {
            if (index_[w] < 0) {
                tarjan(w);
                low_[v] = std::min(low_[v], low_[w]);
            } else if (on_stack_[w]) {
                low_[v] = std::min(low_[v], index_[w]);
            }
        }
        if (low_[v] == index_[v]) {
            for (;;) {
                const int w = stack_.back();
                stack_.pop_back();
                on_stack_[w] = 0;
                component_[w] = v;
                if (w == v) break;
            }
        }
    }

    // Hall check by a maximum matching (kept in the state); with "gac", Régin's filtering.
    // Pruned cells are queued for another round of the local constraints.
    bool alldifferent(State& st) {
        pieces_of_.resize(n_);  // the lists keep their capacity from call to call
        for (int x : vars_) {
            const uint64_t* d = dom(st, x);
            auto& list = pieces_of_[x];
            list.clear();
            for (int w = 0; w < words_; ++w)
                for (uint64_t m = d[w]; m; m &= m - 1) {
                    const int p = pl_piece_[w * 64 + lowest_bit(m)];
                    if (list.empty() || list.back() != p) list.push_back(p);
                }
        }
        match_ = st.match;
        owner_.assign(pz_.size(), -1);
        for (int x : vars_) {
            const int p = match_[x];
            if (p < 0) continue;
            if (owner_[p] >= 0 || !std::binary_search(pieces_of_[x].begin(), pieces_of_[x].end(), p)) {
                match_[x] = -1;
                continue;
            }
            owner_[p] = x;
        }
        if (seen_.empty()) seen_.assign(pz_.size(), 0);
        for (int x : vars_) {
            if (match_[x] >= 0) continue;
            ++stamp_;
            if (!augment(x)) {
                ++hall_failures_;
                return false;
            }
        }
        st.match = match_;
        if (opt_.alldifferent != AllDifferent::gac) return true;

        // Régin: cell x -> cell y when x can take y's matched piece. A non-matching pair (x, p)
        // lies in a maximum matching iff p is free, or y = owner(p) can reach a cell that can
        // take a free piece, or x and y share a strongly connected component.
        graph_.resize(n_);
        reverse_.resize(n_);
        for (int x : vars_) {
            graph_[x].clear();
            reverse_[x].clear();
        }
        std::vector<char>& reaches_free = reaches_free_;
        reaches_free.assign(n_, 0);
        std::vector<int>& frontier = frontier_;
        frontier.clear();
        for (int x : vars_)
            for (int p : pieces_of_[x]) {
                if (p == match_[x]) continue;
                if (owner_[p] < 0) {
                    if (!reaches_free[x]) {
                        reaches_free[x] = 1;
                        frontier.push_back(x);
                    }
                } else {
                    graph_[x].push_back(owner_[p]);
                    reverse_[owner_[p]].push_back(x);
                }
            }
        while (!frontier.empty()) {
            const int y = frontier.back();
            frontier.pop_back();
            for (int x : reverse_[y])
                if (!reaches_free[x]) {
                    reaches_free[x] = 1;
                    frontier.push_back(x);
                }
        }
        index_.assign(n_, -1);
        low_.assign(n_, 0);
        on_stack_.assign(n_, 0);
        component_.assign(n_, -1);
        next_index_ = 0;
        for (int x : vars_)
            if (index_[x] < 0) tarjan(x);
        for (int x : vars_) {
            uint64_t* d = dom(st, x);
            bool pruned = false;
            for (int p : pieces_of_[x]) {
                if (p == match_[x]) continue;
                const int y = owner_[p];
                if (y < 0 || reaches_free[y] || component_[x] == component_[y]) continue;
                const uint64_t* pm = piece_mask(p);
                for (int w = 0; w < words_; ++w) d[w] &= ~pm[w];
                pruned = true;
                ++gac_prunes_;
            }
            if (pruned) push(x);
        }
        return true;
    }

    // --- search ------------------------------------------------------------------------------
    int assigned(const State& st) const {
        int k = 0;
        for (int x : vars_) k += st.size[x] == 1;
        return k;
    }

    void read_board(State& st, std::vector<int>& piece, std::vector<int>& rot) {
        piece.assign(n_, -1);
        rot.assign(n_, 0);
        for (int x : vars_) {
            if (st.size[x] != 1) continue;
            const uint64_t* d = dom(st, x);
            for (int w = 0; w < words_; ++w)
                if (d[w]) {
                    const int i = w * 64 + lowest_bit(d[w]);
                    piece[x] = pl_piece_[i];
                    rot[x] = pl_rot_[i];
                    break;
                }
        }
    }

    // First fail with random ties: the open cell with the smallest IO domain (-1: all assigned).
    int choose_cell(const State& st) {
        int best = -1, best_size = 1 << 30, ties = 0;
        for (int x : vars_) {
            const int sz = st.size[x];
            if (sz <= 1) continue;
            if (sz < best_size) {
                best_size = sz;
                best = x;
                ties = 1;
            } else if (sz == best_size && opt_.randomize && rng_.below(static_cast<uint64_t>(++ties)) == 0) {
                best = x;
            }
        }
        return best;
    }

    int choose_value(State& st, int x) {
        const uint64_t* d = dom(st, x);
        int k = opt_.randomize ? static_cast<int>(rng_.below(static_cast<uint64_t>(st.size[x]))) : 0;
        for (int w = 0; w < words_; ++w) {
            const int c = popcount64(d[w]);
            if (k >= c) {
                k -= c;
                continue;
            }
            uint64_t m = d[w];
            for (; k > 0; --k) m &= m - 1;
            return w * 64 + lowest_bit(m);
        }
        return -1;
    }

    void note_depth(State& st) {
        const int k = assigned(st);
        if (k > deepest_) {
            deepest_ = k;
            read_board(st, deep_piece_, deep_rot_);
        }
    }

    // Depth-first binary search below states_[depth] (already propagated).
    // Returns true when the whole search must end (enough solutions, a limit, a restart).
    bool dfs(size_t depth) {
        State& st = states_[depth];  // states_ is sized once: references stay valid
        note_depth(st);
        for (;;) {
            const int x = choose_cell(st);
            if (x < 0) {
                ++solutions_;
                std::vector<int> piece, rot;
                read_board(st, piece, rot);
                if (solutions_ == 1) {
                    first_piece_ = piece;
                    first_rot_ = rot;
                }
                const bool stop_now = hook_ && hook_(piece, rot);
                if (stop_now || !opt_.count || (opt_.limit && solutions_ >= opt_.limit)) {
                    done_early_ = true;
                    return true;
                }
                return false;
            }
            // A node here costs microseconds (state copy, propagation): poll the limits and
            // Ctrl-C every 64 nodes rather than at the engines' default interval.
            if (control_.tick() || ((control_.nodes() & 63) == 0 && control_.poll())) {
                stopped_ = true;
                return true;
            }
            const int v = choose_value(st, x);
            State& child = states_[depth + 1];
            child = st;
            uint64_t* dc = dom(child, x);
            std::fill(dc, dc + words_, 0);
            dc[v >> 6] = uint64_t{1} << (v & 63);
            push(x);
            if (propagate(child)) {
                if (dfs(depth + 1)) return true;
            } else if (failed()) {
                return true;
            }
            uint64_t* d = dom(st, x);
            d[v >> 6] &= ~(uint64_t{1} << (v & 63));
            push(x);
            if (!propagate(st)) {
                failed();
                return false;
            }
            note_depth(st);
        }
    }

    // Counts a failure; true when a restart is due.
    bool failed() {
        ++failures_;
        if (restart_limit_ && failures_ - failures_at_restart_ >= restart_limit_) {
            restart_due_ = true;
            return true;
        }
        return false;
    }

    void run() {
        states_.resize(vars_.size() + 2);  // one state per depth; a left branch assigns one cell
        if (!initial_state(states_[0])) return;
        root_ = states_[0];
        const bool restarts = opt_.restart_base > 0 && !opt_.count;
        for (uint64_t round = 1;; ++round) {
            restart_limit_ = restarts ? opt_.restart_base * luby(round) : 0;
            failures_at_restart_ = failures_;
            restart_due_ = false;
            states_[0] = root_;
            dfs(0);
            if (!restart_due_ || stopped_ || done_early_) break;
            ++restarts_;
        }
    }

    const Puzzle& pz_;
    const CpOptions& opt_;
    SearchControl& control_;
    const CpSolutionHook& hook_;
    Rng rng_;
    int n_, m_ = 0, words_ = 0, piece_words_ = 0;
    std::vector<std::array<int, 4>> nb_{static_cast<size_t>(pz_.cells())};
    std::vector<char> is_var_, queued_;
    std::vector<int> vars_, queue_;
    std::vector<int> pl_piece_, pl_rot_;
    std::vector<uint64_t> support_, piece_mask_, compl_bit_, tmp_;
    std::vector<State> states_;
    State root_;
    // AllDifferent work space
    std::vector<std::vector<int>> pieces_of_, graph_, reverse_;
    std::vector<char> reaches_free_;
    std::vector<int> frontier_;
    std::vector<int> match_, owner_, index_, low_, component_, stack_;
    std::vector<char> on_stack_;
    std::vector<uint64_t> seen_;
    uint64_t stamp_ = 0;
    int next_index_ = 0;
    // results
    uint64_t solutions_ = 0, failures_ = 0, restarts_ = 0, hall_failures_ = 0, gac_prunes_ = 0;
    uint64_t restart_limit_ = 0, failures_at_restart_ = 0;
    bool stopped_ = false, done_early_ = false, restart_due_ = false;
    int deepest_ = -1;
    std::vector<int> first_piece_, first_rot_, deep_piece_, deep_rot_;
};

}  // namespace

CpResult cp_search(const Puzzle& pz, const CpOptions& opt, SearchControl& control, const CpSolutionHook& on_solution) {
    SearchOptions check;
    check.fixed = opt.fixed;
    for (int cell = 0; cell < pz.cells(); ++cell) check.order.push_back(cell);
    validate_options(pz, check);
    std::vector<char> relaxed(pz.cells(), 0), clue(pz.cells(), 0);
    for (const auto& f : opt.fixed) clue[f.cell] = 1;
    for (int cell : opt.relaxed) {
        if (cell < 0 || cell >= pz.cells()) throw std::invalid_argument("relaxed cell " + std::to_string(cell) + " is off the board");
        if (relaxed[cell]) throw std::invalid_argument("relaxed cell " + std::to_string(cell) + " is listed twice");
        if (clue[cell]) throw std::invalid_argument("relaxed cell " + std::to_string(cell) + " holds a clue");
        relaxed[cell] = 1;
    }
    for (int cell : opt.relaxed) {
        const int r = cell / pz.cols, c = cell % pz.cols;
        if ((c + 1 < pz.cols && relaxed[cell + 1]) || (r + 1 < pz.rows && relaxed[cell + pz.cols]))
            throw std::invalid_argument("relaxed cells must be pairwise non-adjacent (cell " + std::to_string(cell) + ")");
    }
    const auto t0 = std::chrono::steady_clock::now();
    CpModel model(pz, opt, control, on_solution);
    model.run();
    CpResult res;
    finish_search(res, control, model.solutions_, model.stopped_ || model.done_early_, t0);
    if (!model.first_piece_.empty()) res.solutions.push_back({model.first_piece_, model.first_rot_});
    res.deep_piece = model.deep_piece_;
    res.deep_rot = model.deep_rot_;
    res.cells = static_cast<int>(model.vars_.size() - opt.fixed.size());
    res.depth = std::max(0, model.deepest_ - static_cast<int>(opt.fixed.size()));
    res.stats.add("failures", model.failures_);
    res.stats.add("restarts", model.restarts_);
    res.stats.add("hall_failures", model.hall_failures_);
    res.stats.add("gac_prunes", model.gac_prunes_);
    res.stats.add("solutions", res.count);
    finish_status(res, control, model.stopped_);
    return res;
}

}  // namespace cassetete::edgematch
