#include "edgematch/hungarian.hpp"

#include <limits>
#include <stdexcept>

namespace cassetete::edgematch {

namespace {

// Minimum-cost version on cost = -weight. Rows are added one at a time; each addition grows a
// Dijkstra-like tree over columns using reduced costs cost - u[row] - v[col] >= 0 until it
// reaches a free column, then flips the path. Column index m is a sentinel "virtual column"
// holding the row being inserted. u, v stay dual feasible, so the result is optimal.
template <class T, class Cost>
void assign_rows(int n, int m, Cost cost, std::vector<T>& u, std::vector<T>& v, std::vector<T>& slack,
                 std::vector<int>& owner, std::vector<int>& from, std::vector<char>& done, std::vector<int>& col) {
    const T inf = std::numeric_limits<T>::max() / 4;
    u.assign(n, T(0));
    v.assign(m + 1, T(0));
    owner.assign(m + 1, -1);  // owner[j]: row matched to column j
    from.assign(m + 1, m);
    slack.assign(m + 1, inf);
    done.assign(m + 1, 0);
    for (int row = 0; row < n; ++row) {
        owner[m] = row;
        int j0 = m;
        for (int j = 0; j <= m; ++j) {
            slack[j] = inf;
            done[j] = 0;
        }
        while (owner[j0] != -1) {
            done[j0] = 1;
            const int i0 = owner[j0];
            T delta = inf;
            int j1 = -1;
            for (int j = 0; j < m; ++j) {
                if (done[j]) continue;
                T reduced = cost(i0, j) - u[i0] - v[j];
                if (reduced < slack[j]) {
                    slack[j] = reduced;
                    from[j] = j0;
                }
                if (slack[j] < delta) {
                    delta = slack[j];
                    j1 = j;
                }
            }
            for (int j = 0; j <= m; ++j) {
                if (done[j]) {
                    u[owner[j]] += delta;
                    v[j] -= delta;
                } else {
                    slack[j] -= delta;
                }
            }
            j0 = j1;
        }
        // Flip the alternating path back to the virtual column.
        while (j0 != m) {
            int prev = from[j0];
            owner[j0] = owner[prev];
            j0 = prev;
        }
    }
    col.assign(n, -1);
    for (int j = 0; j < m; ++j)
        if (owner[j] >= 0) col[owner[j]] = j;
}

}  // namespace

template <class T>
std::vector<int> max_weight_assignment(const std::vector<T>& weight, int n, int m) {
    if (n < 0 || m < 0 || n > m) throw std::invalid_argument("assignment needs rows <= columns");
    if (static_cast<long long>(weight.size()) != static_cast<long long>(n) * m)
        throw std::invalid_argument("weight matrix size differs from rows x columns");
    std::vector<T> u, v, slack;
    std::vector<int> owner, from, col;
    std::vector<char> done;
    assign_rows<T>(n, m, [&](int i, int j) { return -weight[static_cast<size_t>(i) * m + j]; }, u, v, slack,
                   owner, from, done, col);
    return col;
}

template std::vector<int> max_weight_assignment<int64_t>(const std::vector<int64_t>&, int, int);
template std::vector<int> max_weight_assignment<double>(const std::vector<double>&, int, int);

void Assignment::solve(const int64_t* w, int n, std::vector<int>& col) {
    assign_rows<int64_t>(n, n, [w, n](int i, int j) { return -w[i * n + j]; }, u_, v_, slack_, owner_, from_,
                         done_, col);
}

}  // namespace cassetete::edgematch
