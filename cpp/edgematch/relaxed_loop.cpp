#include "edgematch/relaxed_loop.hpp"

#include <cstdint>
#include <vector>

#include "edgematch/hungarian.hpp"

namespace cassetete::edgematch {

namespace {
constexpr int kDr[4] = {-1, 0, 1, 0};
constexpr int kDc[4] = {0, 1, 0, -1};
constexpr int64_t kOffRim = -1000;  // a turn that puts a frame edge inside or an inner edge on the rim
}  // namespace

int fill_relaxed_cells(const Puzzle& pz, std::vector<int>& piece, std::vector<int>& rot) {
    std::vector<int> holes, spare;
    std::vector<char> used(pz.size(), 0);
    for (int cell = 0; cell < pz.cells(); ++cell) {
        if (piece[cell] < 0) holes.push_back(cell);
        else used[piece[cell]] = 1;
    }
    for (int p = 0; p < pz.size(); ++p)
        if (!used[p]) spare.push_back(p);
    const int k = static_cast<int>(holes.size());
    if (k > 0) {
        std::vector<int64_t> weight(static_cast<size_t>(k) * k);
        std::vector<int> best_turn(static_cast<size_t>(k) * k, 0);
        for (int i = 0; i < k; ++i) {
            const int cell = holes[i], r0 = cell / pz.cols, c0 = cell % pz.cols;
            for (int j = 0; j < k; ++j) {
                int64_t best = INT64_MIN;
                for (int t = 0; t < 4; ++t) {
                    int64_t w = 0;
                    for (int s = 0; s < 4; ++s) {
                        const int e = pz.edge(spare[j], t, s);
                        const int r = r0 + kDr[s], c = c0 + kDc[s];
                        if (r < 0 || r >= pz.rows || c < 0 || c >= pz.cols) {
                            if (e != 0) w += kOffRim;
                            continue;
                        }
                        if (e == 0) {
                            w += kOffRim;
                            continue;
                        }
                        const int y = r * pz.cols + c;
                        if (piece[y] >= 0 && pz.edge(piece[y], rot[y], (s + 2) & 3) == pz.compl_[e]) ++w;
                    }
                    if (w > best) {
                        best = w;
                        best_turn[static_cast<size_t>(i) * k + j] = t;
                    }
                }
                weight[static_cast<size_t>(i) * k + j] = best;
            }
        }
        const std::vector<int> col = max_weight_assignment<int64_t>(weight, k, k);
        for (int i = 0; i < k; ++i) {
            piece[holes[i]] = spare[col[i]];
            rot[holes[i]] = best_turn[static_cast<size_t>(i) * k + col[i]];
        }
    }
    return score(pz, piece.data(), rot.data());
}

RelaxedLoopResult relaxed_loop(const Puzzle& pz, const RelaxedLoopOptions& opt, SearchControl& control) {
    RelaxedLoopResult out;
    const int total = 2 * pz.rows * pz.cols - pz.rows - pz.cols;
    CpOptions cp = opt.cp;
    cp.count = true;  // enumerate relaxed solutions until one fills perfectly
    cp.limit = 0;
    cp.restart_base = 0;
    auto on_solution = [&](const std::vector<int>& piece, const std::vector<int>& rot) {
        ++out.relaxed_solutions;
        std::vector<int> p = piece, r = rot;
        const int s = fill_relaxed_cells(pz, p, r);
        if (s > out.best_score) {
            out.best_score = s;
            out.piece = p;
            out.rot = r;
        }
        return s == total || (opt.max_solutions && out.relaxed_solutions >= opt.max_solutions);
    };
    out.cp = cp_search(pz, cp, control, on_solution);
    out.complete = out.cp.complete;
    if (out.best_score == total) out.status = Status::solved;
    else if (out.cp.status == Status::interrupted) out.status = Status::interrupted;
    else if (out.complete) out.status = Status::unsatisfiable;
    else out.status = Status::limit;
    return out;
}

}  // namespace cassetete::edgematch
