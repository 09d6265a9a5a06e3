#include "hashi/exact.hpp"

#include "common/luby.hpp"
#include "common/rng.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

namespace cassetete::hashi {
namespace {

inline int dmin(uint8_t d) { return (d & 1) ? 0 : (d & 2) ? 1 : 2; }
inline int dmax(uint8_t d) { return (d & 4) ? 2 : (d & 2) ? 1 : 0; }
inline int dsize(uint8_t d) { return ((d >> 0) & 1) + ((d >> 1) & 1) + ((d >> 2) & 1); }
inline uint8_t range_mask(int lo, int hi) {
    uint8_t m = 0;
    for (int k = std::max(lo, 0); k <= std::min(hi, 2); ++k) m |= static_cast<uint8_t>(1u << k);
    return m;
}

struct UnionFind {
    std::vector<int> parent;
    void reset(int n) {
        parent.resize(n);
        for (int i = 0; i < n; ++i) parent[i] = i;
    }
    int find(int x) {
        while (parent[x] != x) {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        return x;
    }
    bool unite(int a, int b) {
        a = find(a);
        b = find(b);
        if (a == b) return false;
        parent[a] = b;
        return true;
    }
};

class Solver {
public:
    Solver(const Graph& g, SearchControl& control, uint64_t limit, uint64_t keep,
           const SolutionCallback* on_solution)
        : g_(g), control_(control), sink_(limit, keep, on_solution) {
        n_ = g.islands();
        m_ = static_cast<int>(g.edges.size());
        dom_.assign(m_, 7);
        queued_.assign(n_, 0);
        comp_size_.assign(n_, 0);
        comp_res_.assign(n_, 0);
        disc_.assign(n_, 0);
        low_.assign(n_, 0);
        weight_.assign(n_, 0);
        long long total = 0;
        for (int v : g.value) total += v;
        odd_ = total % 2 != 0;
        slack_ = total / 2 - n_ + 1;
        open_.assign(n_, 0);
    }

    // The root: every rule run to a fixpoint before the first decision; false on a contradiction.
    bool root_propagate() {
        for (int i = 0; i < n_; ++i) enqueue(i);
        return !odd_ && slack_ >= 0 && propagate();  // every bridge adds 2 to the value sum
    }

    // Narrows each (edge, bridges) pair of the prefix in order, propagating after each; false
    // when a value is no longer possible (the subproblem has no solution).
    void check_prefix(const std::vector<int>& prefix) const {
        if (prefix.size() % 2) throw std::invalid_argument("prefix: (edge, bridges) pairs expected, odd length");
        for (size_t k = 0; k < prefix.size(); k += 2)
            if (prefix[k] < 0 || prefix[k] >= m_ || prefix[k + 1] < 0 || prefix[k + 1] > 2)
                throw std::invalid_argument("prefix: (edge " + std::to_string(prefix[k]) + ", bridges " +
                                            std::to_string(prefix[k + 1]) + ") out of range (" +
                                            std::to_string(m_) + " edges, 0..2 bridges)");
    }

    bool replay(const std::vector<int>& prefix) {
        for (size_t k = 0; k < prefix.size(); k += 2) {
            const uint8_t value = static_cast<uint8_t>(1u << prefix[k + 1]);
            uint64_t dummy = 0;
            if (!(dom_[prefix[k]] & value) || !restrict(prefix[k], value, dummy) || !propagate()) {
                clear_queue();
                return false;
            }
        }
        return true;
    }

    // The decisions of the search (same edge choice, same value order) down to `depth` levels.
    void split_below(int depth, std::vector<int>& path, std::vector<std::vector<int>>& out) {
        const int e = choose_edge();
        if (e < 0 || depth == 0) {
            out.push_back(path);
            return;
        }
        const uint8_t d = dom_[e];
        static constexpr int order[3] = {1, 2, 0};
        for (int k : order) {
            if (!(d >> k & 1)) continue;
            const size_t mark = trail_.size();
            uint64_t dummy = 0;
            const bool ok = restrict(e, static_cast<uint8_t>(1u << k), dummy) && propagate();
            if (!ok) clear_queue();
            if (ok) {
                path.push_back(e);
                path.push_back(k);
                split_below(depth - 1, path, out);
                path.resize(path.size() - 2);
            }
            undo(mark);
        }
    }

    ExactResult run(const std::vector<int>* prefix) {
        auto start = std::chrono::steady_clock::now();
        if (enter_below(*this, prefix)) {
            if (sink_.limit() == 1 && !prefix) {
                // Restarts on the Luby sequence (Luby, Sinclair, Zuckerman 1993) times 64
                // failures keep the learned weights; runs grow without bound, so the search
                // stays complete. When the first run fails 64 times the puzzle is hard: probe
                // at the root once (removes every value that fails on propagation alone), then
                // start the sequence again from clean weights.
                bool probed = false;
                for (uint64_t run = 1;; ++run) {
                    budget_ = n_fail_ + 64 * luby(run);
                    restarted_ = false;
                    search();
                    if (!restarted_ || control_.stopped()) break;
                    ++n_restart_;
                    if (!probed) {
                        probed = true;
                        std::fill(weight_.begin(), weight_.end(), 0);
                        if (!probe()) break;  // no value left: unsatisfiable
                        run = 0;
                        continue;
                    }
                    noise_ = 0.6;  // after the probed run, break ties at random (fixed seed)
                }
            } else {
                search();
            }
        }
        return sink_.finish(control_, start, {{"degree", n_degree_}, {"crossing", n_crossing_},
                                              {"isolation", n_isolation_}, {"bridge", n_bridge_}, {"failures", n_fail_},
                                              {"restarts", n_restart_}, {"probing", n_probe_}});
    }

private:
    void enqueue(int i) {
        if (!queued_[i]) {
            queued_[i] = 1;
            queue_.push_back(i);
        }
    }

    // Narrow edge e to dom & mask; false on a wipe-out.
    bool restrict(int e, uint8_t mask, uint64_t& counter) {
        uint8_t old = dom_[e];
        uint8_t nd = old & mask;
        if (nd == old) return true;
        if (nd == 0) return false;
        ++counter;
        trail_.emplace_back(e, old);
        dom_[e] = nd;
        if (dmin(nd) > dmin(old)) min_raised_ = true;
        if (nd == 1) edge_removed_ = true;
        enqueue(g_.edges[e].a);
        enqueue(g_.edges[e].b);
        if (dmin(nd) >= 1 && dmin(old) == 0) {
            for (int f : g_.crossings[e])
                if (!restrict(f, 1, n_crossing_)) return false;
        }
        return true;
    }

    bool island_rule(int i) {
        const auto& inc = g_.island_edges[i];
        int v = g_.value[i];
        int smin = 0, smax = 0;
        for (int e : inc) {
            smin += dmin(dom_[e]);
            smax += dmax(dom_[e]);
        }
        if (smin > v || smax < v) return false;
        for (int e : inc) {
            int lo = v - (smax - dmax(dom_[e]));
            int hi = v - (smin - dmin(dom_[e]));
            if (!restrict(e, range_mask(lo, hi), n_degree_)) return false;
        }
        return true;
    }

    bool local_fixpoint() {
        while (!queue_.empty()) {
            int i = queue_.back();
            queue_.pop_back();
            queued_[i] = 0;
            if (!island_rule(i)) {
                weight_[i] += 1;
                clear_queue();
                return false;
            }
        }
        return true;
    }

    void clear_queue() {
        for (int i : queue_) queued_[i] = 0;
        queue_.clear();
    }

    // Isolation rule on the components of sure bridges; returns false on a contradiction.
    //
    // Slack rule (same pass): in a connected answer with B = (sum of values) / 2 bridges on
    // N islands, (double edges) + (independent cycles) = B - N + 1 =: K, since the distinct
    // edges number B - doubles and a connected graph has edges - N + 1 independent cycles.
    // Both terms only grow as sure bridges are added, so the sure graph's doubles + cycles
    // must stay <= K, and a value that would push them past K is removed.
    bool isolation_rule(bool& changed) {
        uf_.reset(n_);
        long long used = 0;  // doubles + cycles of the sure graph
        for (int e = 0; e < m_; ++e) {
            int lo = dmin(dom_[e]);
            if (lo >= 1 && !uf_.unite(g_.edges[e].a, g_.edges[e].b)) ++used;
            if (lo == 2) ++used;
        }
        if (used > slack_) return false;
        std::fill(comp_size_.begin(), comp_size_.end(), 0);
        std::fill(comp_res_.begin(), comp_res_.end(), 0);
        for (int i = 0; i < n_; ++i) {
            int r = uf_.find(i);
            comp_size_[r] += 1;
            comp_res_[r] += g_.value[i];
        }
        for (int e = 0; e < m_; ++e) comp_res_[uf_.find(g_.edges[e].a)] -= 2 * dmin(dom_[e]);
        for (int i = 0; i < n_; ++i)
            if (uf_.find(i) == i && comp_res_[i] == 0 && comp_size_[i] < n_) return false;
        for (int e = 0; e < m_; ++e) {
            uint8_t d = dom_[e];
            if (dsize(d) < 2) continue;
            int ca = uf_.find(g_.edges[e].a), cb = uf_.find(g_.edges[e].b);
            int res = ca == cb ? comp_res_[ca] : comp_res_[ca] + comp_res_[cb];
            int size = ca == cb ? comp_size_[ca] : comp_size_[ca] + comp_size_[cb];
            int lo = dmin(d);
            uint8_t mask = 7;
            for (int k = lo + 1; k <= 2; ++k) {
                if (!(d >> k & 1)) continue;
                if (size < n_ && res - 2 * (k - lo) == 0) mask &= static_cast<uint8_t>(~(1u << k));
                int cost = (k == 2 ? 1 : 0) + (lo == 0 && ca == cb ? 1 : 0);
                if (used + cost > slack_) mask &= static_cast<uint8_t>(~(1u << k));
            }
            if (mask != 7) {
                if (!restrict(e, mask, n_isolation_)) return false;
                changed = true;
            }
        }
        return true;
    }

    // Cut edges of the possible graph must carry a bridge; the possible graph must be connected.
    bool bridge_rule(bool& changed) {
        // adjacency via island_edges, filtered on dmax > 0; iterative Tarjan.
        std::fill(disc_.begin(), disc_.end(), 0);
        int timer = 0;
        stack_.clear();
        cut_edges_.clear();
        stack_.push_back({0, -1, 0});
        disc_[0] = low_[0] = ++timer;
        int visited = 1;
        while (!stack_.empty()) {
            Frame& f = stack_.back();
            const auto& inc = g_.island_edges[f.node];
            if (f.next < static_cast<int>(inc.size())) {
                int e = inc[f.next++];
                if (e == f.via || dmax(dom_[e]) == 0) continue;
                int other = g_.edges[e].a == f.node ? g_.edges[e].b : g_.edges[e].a;
                if (disc_[other]) {
                    low_[f.node] = std::min(low_[f.node], disc_[other]);
                } else {
                    disc_[other] = low_[other] = ++timer;
                    ++visited;
                    stack_.push_back({other, e, 0});
                }
            } else {
                int node = f.node, via = f.via;
                stack_.pop_back();
                if (!stack_.empty()) {
                    int parent = stack_.back().node;
                    low_[parent] = std::min(low_[parent], low_[node]);
                    if (low_[node] > disc_[parent]) cut_edges_.push_back(via);
                }
            }
        }
        if (visited < n_) return false;
        for (int e : cut_edges_) {
            if (dmin(dom_[e]) == 0) {
                if (!restrict(e, 6, n_bridge_)) return false;
                changed = true;
            }
        }
        return true;
    }

    // The isolation and slack rules read only the minima of the domains, the bridge rule only
    // the graph of possible edges (plus minima it raises itself): each global rule is skipped
    // when nothing it reads has changed since it last ran to a fixpoint.
    bool propagate() {
        for (;;) {
            if (!local_fixpoint()) return false;
            bool changed = false;
            if (min_raised_) {
                min_raised_ = false;
                if (!isolation_rule(changed)) {
                    clear_queue();
                    return false;
                }
                if (changed) continue;
            }
            if (edge_removed_) {
                edge_removed_ = false;
                if (!bridge_rule(changed)) {
                    clear_queue();
                    return false;
                }
            }
            if (!changed && !min_raised_ && !edge_removed_ && queue_.empty()) return true;
        }
    }

    // Back to an earlier state. Every mark is taken at a propagation fixpoint (the root after
    // propagate(), or a node whose propagate() succeeded), so no rule has work pending there.
    void undo(size_t mark) {
        while (trail_.size() > mark) {
            dom_[trail_.back().first] = trail_.back().second;
            trail_.pop_back();
        }
        min_raised_ = edge_removed_ = false;
    }

    // Failed-value probing at the root (singleton consistency, Debruyne and Bessiere 1997):
    // try each value of each open edge, propagate, undo; a value whose propagation fails is
    // removed for good. Repeated until nothing changes. Returns false when the puzzle has no
    // solution; a stop request (time, nodes, Ctrl-C: one tick per trial) ends it early with the
    // removals made so far, all of them sound.
    bool probe() {
        for (bool changed = true; changed;) {
            changed = false;
            for (int e = 0; e < m_; ++e) {
                for (int k = 0; k <= 2; ++k) {
                    if (dsize(dom_[e]) < 2 || !(dom_[e] >> k & 1)) continue;
                    if (control_.tick()) return true;
                    size_t mark = trail_.size();
                    uint64_t dummy = 0;
                    bool ok = restrict(e, static_cast<uint8_t>(1u << k), dummy) && propagate();
                    if (!ok) clear_queue();
                    undo(mark);
                    if (ok) continue;
                    ++n_probe_;
                    changed = true;
                    if (!restrict(e, static_cast<uint8_t>(7u & ~(1u << k)), dummy) || !propagate()) {
                        clear_queue();
                        return false;
                    }
                }
            }
        }
        return true;
    }

    // Smallest domain first; among equal domains the edge whose islands failed most often
    // (weighted degree, Boussemart et al. 2004), then the fewest open edges around it.
    int choose_edge() {
        std::fill(open_.begin(), open_.end(), 0);
        for (int e = 0; e < m_; ++e) {
            if (dsize(dom_[e]) > 1) {
                ++open_[g_.edges[e].a];
                ++open_[g_.edges[e].b];
            }
        }
        int best = -1;
        double best_score = 1e300;
        for (int e = 0; e < m_; ++e) {
            uint8_t d = dom_[e];
            int s = dsize(d);
            if (s < 2) continue;
            int a = g_.edges[e].a, b = g_.edges[e].b;
            int ua = open_[a], ub = open_[b];
            double score = (s * 16 + std::min(ua, ub) * 4 + std::max(ua, ub) / 2) /
                           (1.0 + static_cast<double>(weight_[a] + weight_[b]));
            if (noise_ > 0) score *= 1.0 + noise_ * rng_.uniform();
            if (score < best_score) {
                best_score = score;
                best = e;
            }
        }
        return best;
    }

    // Returns true when the search must stop (limit reached or enough solutions).
    bool search() {
        if (control_.tick()) return true;
        int e = choose_edge();
        if (e < 0) {
            return sink_.record([this] {
                std::vector<uint8_t> sol(m_);
                for (int k = 0; k < m_; ++k) sol[k] = static_cast<uint8_t>(dmin(dom_[k]));
                return sol;
            });
        }
        uint8_t d = dom_[e];
        static constexpr int order[3] = {1, 2, 0};  // connect first, singles before doubles
        for (int k : order) {
            if (!(d >> k & 1)) continue;
            size_t mark = trail_.size();
            uint64_t dummy = 0;
            bool ok = restrict(e, static_cast<uint8_t>(1u << k), dummy) && propagate();
            if (!ok) {
                clear_queue();
                ++n_fail_;
            }
            if (n_fail_ >= budget_) {
                undo(mark);
                restarted_ = true;
                return true;
            }
            bool stop = ok && search();
            undo(mark);
            if (stop) return true;
            if (control_.stopped()) return true;
        }
        return false;
    }

    struct Frame {
        int node, via, next;
    };

    const Graph& g_;
    SearchControl& control_;
    SolutionSink<std::vector<uint8_t>> sink_;
    int n_ = 0, m_ = 0;
    std::vector<uint8_t> dom_;
    std::vector<std::pair<int, uint8_t>> trail_;
    std::vector<int> queue_;
    std::vector<char> queued_;
    UnionFind uf_;
    std::vector<int> comp_size_, comp_res_, disc_, low_, cut_edges_;
    std::vector<Frame> stack_;
    std::vector<uint64_t> weight_;
    std::vector<int> open_;
    long long slack_ = 0;
    bool odd_ = false;
    uint64_t budget_ = UINT64_MAX, n_restart_ = 0;
    bool restarted_ = false;
    double noise_ = 0.0;
    Rng rng_{0x4A5C1ULL};
    uint64_t n_degree_ = 0, n_crossing_ = 0, n_isolation_ = 0, n_bridge_ = 0, n_fail_ = 0;
    uint64_t n_probe_ = 0;
    bool min_raised_ = true, edge_removed_ = true;  // work pending for the global rules
};

}  // namespace

}  // namespace cassetete::hashi

// The frame's entry points (cpp/common/exact_frame.hpp), run by this solver.
template <> struct cassetete::ExactEngine<cassetete::hashi::Graph> { using type = cassetete::hashi::Solver; };
template struct cassetete::ExactSearch<cassetete::hashi::Graph, std::vector<uint8_t>>;
