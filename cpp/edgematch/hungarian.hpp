// Maximum-weight assignment on a dense n x m matrix (n <= m): the Hungarian method with
// potentials and shortest augmenting paths (Kuhn-Munkres as refined by Jonker-Volgenant),
// O(n^2 m). Schaus and Deville, section 3: the very large neighbourhood is one such assignment.
#pragma once
#include <cstdint>
#include <vector>

namespace cassetete::edgematch {

// weight is row-major n x m with n <= m. Returns, for each row i, its column (all distinct),
// maximising the sum of weight[i * m + col[i]]. Throws std::invalid_argument if n > m.
template <class T>
std::vector<int> max_weight_assignment(const std::vector<T>& weight, int n, int m);

extern template std::vector<int> max_weight_assignment<int64_t>(const std::vector<int64_t>&, int, int);
extern template std::vector<int> max_weight_assignment<double>(const std::vector<double>&, int, int);

// Reusable workspace for the engine's hot loop (square int64 matrices, no allocation per call).
class Assignment {
public:
    // Fills col (size n) with the maximum-weight assignment of the n x n matrix w.
    void solve(const int64_t* w, int n, std::vector<int>& col);

private:
    std::vector<int64_t> u_, v_, slack_;
    std::vector<int> owner_, from_;
    std::vector<char> done_;
};

}  // namespace cassetete::edgematch
