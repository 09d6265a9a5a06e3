#include "edgematch/backtrack.hpp"

#include <chrono>
#include <cstring>
#include <stdexcept>
#include <string>

namespace cassetete::edgematch {

namespace {

constexpr int kDr[4] = {-1, 0, 1, 0};
constexpr int kDc[4] = {0, 1, 0, -1};

// Board state shared by the static-order and first-fail engines.
class Engine {
public:
    Engine(const Puzzle& pz, const SearchOptions& opt, SearchControl& control)
        : pz_(pz), opt_(opt), control_(control), idx_(pz, opt.shuffle, opt.seed),
          piece_(pz.cells(), -1), rot_(pz.cells(), 0), need_(4 * pz.cells(), 0),
          used_(pz.size(), 0), pneed_(4 * 4 * pz.size(), 0) {
        for (int p = 0; p < pz.size(); ++p)
            for (int r = 0; r < 4; ++r)
                for (int s = 0; s < 4; ++s) pneed_[(p * 4 + r) * 4 + s] = pz.compl_[pz.edge(p, r, s)];
        if (opt.pair_pruning && idx_.dense()) setup_pair_counts();
    }

    // Every bucket each piece's placements sit in, and the count of unused placements per bucket.
    void setup_pair_counts() {
        piece_buckets_.assign(pz_.size(), {});
        avail_.assign(idx_.buckets(), 0);
        for (uint32_t pl : idx_.placements()) {
            const int p = static_cast<int>(pl >> 2), r = static_cast<int>(pl & 3);
            int shown[4];
            for (int s = 0; s < 4; ++s) shown[s] = pz_.edge(p, r, s);
            for (unsigned m = 0; m < 16; ++m) {
                bool listed = true;  // unknown sides must face the inside (candidates.hpp)
                for (int s = 0; s < 4; ++s) listed = listed && ((m >> s & 1) || shown[s] != 0);
                if (!listed) continue;
                const size_t b = idx_.bucket(m, idx_.key_of(m, shown));
                piece_buckets_[p].push_back(b);
                ++avail_[b];
            }
        }
        pair_counts_ = true;
    }

    // False when an empty neighbour of `cell` has no unused placement left for its known faces.
    bool neighbours_can_be_filled(int cell) {
        const int r = cell / pz_.cols, c = cell % pz_.cols;
        for (int s = 0; s < 4; ++s) {
            const int y = neighbour(r, c, s);
            if (y < 0 || piece_[y] >= 0) continue;
            const int yr = y / pz_.cols, yc = y % pz_.cols;
            unsigned mask = 0;
            int need[4] = {0, 0, 0, 0};
            for (int t = 0; t < 4; ++t) {
                const int z = neighbour(yr, yc, t);
                if (z < 0) {
                    mask |= 1u << t;
                } else if (piece_[z] >= 0) {
                    mask |= 1u << t;
                    need[t] = need_[z * 4 + ((t + 2) & 3)];
                }
            }
            if (avail_[idx_.bucket(mask, idx_.key_of(mask, need))] == 0) return false;
        }
        return true;
    }

    // Places the clues; false when they contradict the rim or each other.
    bool place_fixed() {
        for (const auto& f : opt_.fixed) place(f.cell, f.piece, f.rot);
        for (const auto& f : opt_.fixed) {
            int r = f.cell / pz_.cols, c = f.cell % pz_.cols;
            for (int s = 0; s < 4; ++s) {
                int e = pz_.edge(f.piece, f.rot, s);
                int y = neighbour(r, c, s);
                if (y < 0) {
                    if (e != 0) return false;
                } else if (e == 0) {
                    return false;
                } else if (piece_[y] >= 0 && need_[y * 4 + ((s + 2) & 3)] != e) {
                    return false;
                }
            }
        }
        return true;
    }

    int neighbour(int r, int c, int s) const {
        int rr = r + kDr[s], cc = c + kDc[s];
        if (rr < 0 || rr >= pz_.rows || cc < 0 || cc >= pz_.cols) return -1;
        return rr * pz_.cols + cc;
    }

    void place(int cell, int p, int r) {
        piece_[cell] = p;
        rot_[cell] = r;
        used_[p] = 1;
        if (pair_counts_)
            for (size_t b : piece_buckets_[p]) --avail_[b];
        const int* src = &pneed_[(p * 4 + r) * 4];
        int* dst = &need_[cell * 4];
        dst[0] = src[0];
        dst[1] = src[1];
        dst[2] = src[2];
        dst[3] = src[3];
    }
    void unplace(int cell) {
        if (pair_counts_)
            for (size_t b : piece_buckets_[piece_[cell]]) ++avail_[b];
        used_[piece_[cell]] = 0;
        piece_[cell] = -1;
    }

    // Mask and key of an empty cell from the rim and its placed neighbours.
    CandidateIndex::Range range_at(int cell) const {
        int r = cell / pz_.cols, c = cell % pz_.cols;
        unsigned mask = 0;
        int need[4] = {0, 0, 0, 0};
        for (int s = 0; s < 4; ++s) {
            int y = neighbour(r, c, s);
            if (y < 0) {
                mask |= 1u << s;
            } else if (piece_[y] >= 0) {
                mask |= 1u << s;
                need[s] = need_[y * 4 + ((s + 2) & 3)];
            }
        }
        return idx_.lookup(mask, idx_.key_of(mask, need));
    }

    void record() {
        ++solutions_;
        if (solutions_ == 1) {
            best_piece_ = piece_;
            best_rot_ = rot_;
        }
        if (opt_.on_solution && !(*opt_.on_solution)(piece_, rot_)) caller_stopped_ = true;
    }
    bool enough() const {
        return !opt_.count || caller_stopped_ || (opt_.limit != 0 && solutions_ >= opt_.limit);
    }

    // Static order, dense tables, no pair counts, no partial boards: the hot loop of counting and
    // solving. The same search as run_static, with the per-cell work resolved before the search:
    // each cell's key is a fixed sum of four products (absent terms read a zero slot), its table
    // is a direct pointer, and the board arrays are held in local pointers (stores through the
    // char array of used pieces would otherwise make the compiler reload every vector's data
    // pointer). Nodes are counted locally and handed to the SearchControl in batches that end
    // exactly on the node limit, so counts, limits and statistics are those of run_static.
    void run_static_fast() {
        struct Step {
            int cell;
            const uint32_t* off;
            int src[4];
            uint32_t mult[4];
        };
        const int zero_slot = 4 * pz_.cells();  // need_ has one extra entry that stays 0
        std::vector<Step> steps;
        std::vector<char> known(pz_.cells(), 0);
        for (const auto& f : opt_.fixed) known[f.cell] = 1;
        for (int cell : opt_.order) {
            if (known[cell]) continue;
            Step st{cell, nullptr, {zero_slot, zero_slot, zero_slot, zero_slot}, {0, 0, 0, 0}};
            const int r = cell / pz_.cols, c = cell % pz_.cols;
            unsigned mask = 0;
            int nterms = 0;
            uint64_t mult = 1;
            for (int s = 0; s < 4; ++s) {
                const int y = neighbour(r, c, s);
                if (y < 0 || known[y]) {
                    mask |= 1u << s;
                    if (y >= 0) {
                        st.src[nterms] = y * 4 + ((s + 2) & 3);
                        st.mult[nterms] = static_cast<uint32_t>(mult);
                        ++nterms;
                    }
                    mult *= idx_.radix();
                }
            }
            st.off = idx_.mask_offsets(mask);
            known[cell] = 1;
            steps.push_back(st);
        }
        const int n = static_cast<int>(steps.size());
        if (n == 0) {
            record();
            return;
        }
        need_.push_back(0);  // the zero slot
        const uint32_t* const entries = idx_.entries();
        int* const need = need_.data();
        int* const piece = piece_.data();
        int* const rot = rot_.data();
        char* const used = used_.data();
        const int* const pneed = pneed_.data();
        const Step* const step = steps.data();
        std::vector<const uint32_t*> cur_v(n), end_v(n);
        const uint32_t** const cur = cur_v.data();
        const uint32_t** const end = end_v.data();

        // Nodes are counted in batches; `left` is what remains of the current batch.
        const uint64_t node_limit = control_.limits().node_limit;
        auto next_batch = [&]() -> uint64_t {
            const uint64_t done = control_.nodes();
            const uint64_t to_limit = node_limit > done ? node_limit - done : 0;  // then one more
            return to_limit < 1023 ? to_limit + 1 : 1024;
        };
        uint64_t batch = next_batch(), left = batch;

        auto setup = [&](int d) {
            const Step& st = step[d];
            const uint64_t key = static_cast<uint64_t>(need[st.src[0]]) * st.mult[0] +
                                 static_cast<uint64_t>(need[st.src[1]]) * st.mult[1] +
                                 static_cast<uint64_t>(need[st.src[2]]) * st.mult[2] +
                                 static_cast<uint64_t>(need[st.src[3]]) * st.mult[3];
            cur[d] = entries + st.off[key];
            end[d] = entries + st.off[key + 1];
        };
        const int last = n - 1;
        int d = 0;
        setup(0);
        for (;;) {
            if (cur[d] == end[d]) {
                if (d == 0) break;
                --d;
                const int cell = step[d].cell;
                used[piece[cell]] = 0;
                piece[cell] = -1;
                continue;
            }
            const uint32_t pl = *cur[d]++;
            const int p = static_cast<int>(pl >> 2);
            if (used[p]) continue;
            if (--left == 0) {
                if (control_.tick(batch)) {
                    batch = 0;
                    stopped_ = true;
                    break;
                }
                batch = left = next_batch();
            }
            const int cell = step[d].cell;
            piece[cell] = p;
            rot[cell] = static_cast<int>(pl & 3);
            used[p] = 1;
            std::memcpy(need + 4 * cell, pneed + 4 * pl, 4 * sizeof(int));
            if (d == last) {
                record();
                used[p] = 0;
                piece[cell] = -1;
                if (enough()) {
                    done_early_ = true;
                    break;
                }
                continue;
            }
            ++d;
            setup(d);
        }
        control_.add_nodes(batch - left);
        need_.pop_back();
        // Leave the board as the clues alone.
        for (int k = 0; k <= d && k < n; ++k)
            if (piece_[step[k].cell] >= 0) unplace(step[k].cell);
    }

    // Static order, iterative. collect_depth >= 0: record partial boards at that depth instead.
    void run_static(int collect_depth, std::vector<std::vector<Placement>>* collected) {
        struct Step {
            int cell;
            unsigned mask;
            int nterms;
            int src[4];
            uint64_t mult[4];
        };
        std::vector<Step> steps;
        std::vector<char> known(pz_.cells(), 0);
        for (const auto& f : opt_.fixed) known[f.cell] = 1;
        for (int cell : opt_.order) {
            if (known[cell]) continue;
            Step st{cell, 0, 0, {0, 0, 0, 0}, {0, 0, 0, 0}};
            int r = cell / pz_.cols, c = cell % pz_.cols;
            uint64_t mult = 1;
            for (int s = 0; s < 4; ++s) {
                int y = neighbour(r, c, s);
                if (y < 0 || known[y]) {
                    st.mask |= 1u << s;
                    if (y >= 0) {
                        st.src[st.nterms] = y * 4 + ((s + 2) & 3);
                        st.mult[st.nterms] = mult;
                        ++st.nterms;
                    }
                    mult *= idx_.radix();
                }
            }
            known[cell] = 1;
            steps.push_back(st);
        }
        const int n = static_cast<int>(steps.size());
        if (n == 0 || collect_depth == 0) {
            if (collected) collected->push_back(current());
            else record();
            return;
        }
        std::vector<const uint32_t*> cur(n), end(n);
        auto setup = [&](int d) {
            const Step& st = steps[d];
            uint64_t key = 0;
            for (int j = 0; j < st.nterms; ++j) key += static_cast<uint64_t>(need_[st.src[j]]) * st.mult[j];
            auto rg = idx_.lookup(st.mask, key);
            cur[d] = rg.begin;
            end[d] = rg.end;
        };
        const int last = collect_depth > 0 && collect_depth < n ? collect_depth - 1 : n - 1;
        int d = 0;
        setup(0);
        for (;;) {
            if (cur[d] == end[d]) {
                if (d == 0) break;
                --d;
                unplace(steps[d].cell);
                continue;
            }
            const uint32_t pl = *cur[d]++;
            const int p = static_cast<int>(pl >> 2);
            if (used_[p]) continue;
            if (control_.tick()) {
                stopped_ = true;
                break;
            }
            place(steps[d].cell, p, static_cast<int>(pl & 3));
            if (pair_counts_ && d != last && !neighbours_can_be_filled(steps[d].cell)) {
                ++pair_cuts_;
                unplace(steps[d].cell);
                continue;
            }
            if (d == last) {
                if (collected) collected->push_back(current());
                else record();
                unplace(steps[d].cell);
                if (!collected && enough()) {
                    done_early_ = true;
                    break;
                }
                continue;
            }
            ++d;
            setup(d);
        }
        // Leave the board as the clues alone.
        for (int k = 0; k <= d && k < n; ++k)
            if (piece_[steps[k].cell] >= 0) unplace(steps[k].cell);
    }

    // First-fail: always branch on the empty cell with the fewest usable placements.
    void run_first_fail(int remaining) {
        if (remaining == 0) {
            record();
            if (enough()) done_early_ = true;
            return;
        }
        int best = -1;
        size_t best_count = ~size_t{0};
        CandidateIndex::Range best_range{nullptr, nullptr};
        for (int cell = 0; cell < pz_.cells(); ++cell) {
            if (piece_[cell] >= 0) continue;
            auto rg = range_at(cell);
            size_t count = 0;
            for (const uint32_t* it = rg.begin; it != rg.end && count < best_count; ++it)
                count += !used_[*it >> 2];
            if (count < best_count) {
                best_count = count;
                best = cell;
                best_range = rg;
                if (count == 0) return;
            }
        }
        for (const uint32_t* it = best_range.begin; it != best_range.end; ++it) {
            const int p = static_cast<int>(*it >> 2);
            if (used_[p]) continue;
            if (control_.tick()) {
                stopped_ = true;
                return;
            }
            place(best, p, static_cast<int>(*it & 3));
            run_first_fail(remaining - 1);
            unplace(best);
            if (stopped_ || done_early_) return;
        }
    }

    std::vector<Placement> current() const {
        std::vector<Placement> out;
        for (int cell = 0; cell < pz_.cells(); ++cell)
            if (piece_[cell] >= 0) out.push_back({cell, piece_[cell], rot_[cell]});
        return out;
    }

    int free_cells() const { return pz_.cells() - static_cast<int>(opt_.fixed.size()); }

    const Puzzle& pz_;
    const SearchOptions& opt_;
    SearchControl& control_;
    CandidateIndex idx_;
    std::vector<int> piece_, rot_, need_;
    std::vector<char> used_;
    std::vector<int> pneed_;
    uint64_t solutions_ = 0;
    bool pair_counts_ = false;
    std::vector<std::vector<size_t>> piece_buckets_;
    std::vector<int> avail_;
    uint64_t pair_cuts_ = 0;
    bool stopped_ = false;
    bool done_early_ = false;
    bool caller_stopped_ = false;  // the solution callback asked to stop
    std::vector<int> best_piece_, best_rot_;
};

}  // namespace

void validate_options(const Puzzle& pz, const SearchOptions& opt) {
    pz.validate();
    std::vector<char> seen(pz.cells(), 0);
    if (static_cast<int>(opt.order.size()) != pz.cells())
        throw std::invalid_argument("the cell order must list every cell once");
    for (int cell : opt.order) {
        if (cell < 0 || cell >= pz.cells() || seen[cell])
            throw std::invalid_argument("the cell order must list every cell once (cell " +
                                        std::to_string(cell) + ")");
        seen[cell] = 1;
    }
    std::vector<char> cell_fixed(pz.cells(), 0), piece_fixed(pz.size(), 0);
    for (const auto& f : opt.fixed) {
        if (f.cell < 0 || f.cell >= pz.cells())
            throw std::invalid_argument("fixed cell " + std::to_string(f.cell) + " is off the board");
        if (f.piece < 0 || f.piece >= pz.size())
            throw std::invalid_argument("fixed piece " + std::to_string(f.piece) + " does not exist");
        if (f.rot < 0 || f.rot > 3)
            throw std::invalid_argument("fixed piece " + std::to_string(f.piece) + " has rotation " +
                                        std::to_string(f.rot) + " (expected 0..3)");
        if (cell_fixed[f.cell])
            throw std::invalid_argument("cell " + std::to_string(f.cell) + " is fixed twice");
        if (piece_fixed[f.piece])
            throw std::invalid_argument("piece " + std::to_string(f.piece) + " is fixed twice");
        cell_fixed[f.cell] = 1;
        piece_fixed[f.piece] = 1;
    }
}

ExactResult backtrack(const Puzzle& pz, const SearchOptions& opt, SearchControl& control) {
    validate_options(pz, opt);
    auto t0 = std::chrono::steady_clock::now();
    Engine engine(pz, opt, control);
    ExactResult res;
    if (engine.place_fixed()) {
        if (opt.first_fail) engine.run_first_fail(engine.free_cells());
        else if (engine.idx_.dense() && !engine.pair_counts_) engine.run_static_fast();
        else engine.run_static(-1, nullptr);
    }
    finish_search(res, control, engine.solutions_, engine.stopped_ || engine.caller_stopped_, t0);
    if (!engine.best_piece_.empty()) res.solutions.push_back({engine.best_piece_, engine.best_rot_});
    res.stats.add("placements", control.nodes());
    res.stats.add("solutions", res.count);
    res.stats.add("table_placements", engine.idx_.placements().size());
    if (opt.pair_pruning) res.stats.add("pair_cuts", engine.pair_cuts_);
    finish_status(res, control, engine.stopped_);
    return res;
}

std::vector<std::vector<Placement>> split(const Puzzle& pz, const SearchOptions& opt, int depth) {
    validate_options(pz, opt);
    if (depth < 0) throw std::invalid_argument("split depth must be >= 0");
    SearchControl control;
    Engine engine(pz, opt, control);
    std::vector<std::vector<Placement>> out;
    if (!engine.place_fixed()) return out;
    engine.run_static(depth, &out);
    return out;
}

}  // namespace cassetete::edgematch
