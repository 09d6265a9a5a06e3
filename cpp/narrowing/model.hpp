// An integer constraint model for the interval-narrowing solver: variables with interval
// domains [lo, hi] and the constraints of Gilleta, "Résolution du puzzle tridimensionnel des
// pentaminos" (sections 4 and 5): Product(a), Sum, AllDifferent ("EntiersDistincts"),
// Translated(f) and Class(f). The model only describes the problem; a Solver searches it, so one
// model can be shared (read-only) by several solvers on several threads.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace cassetete::narrowing {

// Bad model input (empty domain, unknown variable, possible 64-bit overflow, ...). The Python
// glue turns it into cassetete.PuzzleError.
struct ModelError : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

// Constraint kinds, in the order of their narrowing cost (the paper's rule 5 is applied to the
// cheapest constraints first). Translated and Class share one narrowing (Translated is a Class
// with a single orientation) but are counted apart.
enum class Kind : int { product = 0, sum = 1, translated = 2, klass = 3, all_different = 4, placement = 5 };
constexpr int kKinds = 6;
const char* kind_name(Kind kind);
// Queue priority of a kind: 0 runs first.
int kind_priority(Kind kind);
constexpr int kPriorities = 4;

// How a Placement constraint uses the cell numbers m of its points. `exact`: the translations
// are filtered by the bounds of the m and the m are narrowed to the feasible placements' cells.
// `coordinates`: the m are neither read nor narrowed (only the coordinates are, as by Class, but
// over the placements whose cells are free; the m follow through the Sums). `bounds_in`: the
// bounds of the m filter the translations, only the coordinates are narrowed. In those two modes
// the model must tie each m to its point itself (packing_model does, by Product and Sum): the
// constraint no longer checks it. `coordinates` is the reading "occupied" of Gilleta's Class
// (bench/results/narrowing_notes.md, "Readings of the paper tried for the cuts").
// `placed`: as `coordinates`, but a cell counts as occupied only once every point of the piece
// covering it is fixed (the reading "occupied-placed").
enum class PlacementCells : int { exact = 0, coordinates = 1, bounds_in = 2, placed = 3 };

enum class AllDifferentAlgorithm : int {
    sort = 0,     // O(n log n) bounds consistency (López-Ortiz, Quimper, Tromp, van Beek 2003)
    leconte = 1,  // O(n^2) Hall-interval passes (after Leconte 1996)
};

struct ConstraintSpec {
    Kind kind;
    std::vector<int> vars;  // product: (x, y); sum: (x, y1..yn); class: points' coordinates
    int64_t a = 0;          // product: x = a * y
    int dim = 0;            // class: coordinates per point
    int points = 0;         // class: points per configuration
    // class: orientations * points * dim offsets; each orientation's points in lexicographic order
    std::vector<int64_t> offsets;
    AllDifferentAlgorithm algorithm = AllDifferentAlgorithm::sort;
    // placement: the points' cell numbers (one per point, after the coordinates in `vars`), the
    // box sizes, and every cell variable of the packing (the occupied cells are their fixed values)
    std::vector<int64_t> box;
    std::vector<int> cells, all_cells;
    // placement: how the cell numbers take part (PlacementCells)
    int cells_mode = 0;

    int orientations() const { return points * dim == 0 ? 0 : static_cast<int>(offsets.size()) / (points * dim); }
};

class Model {
public:
    // Variables 0, 1, ... in creation order. Throws ModelError when lo > hi.
    int add_var(int64_t lo, int64_t hi);
    // x = a * y
    int add_product(int x, int64_t a, int y);
    // x = y1 + ... + yn (n >= 1)
    int add_sum(int x, const std::vector<int>& ys);
    // pairwise distinct
    int add_all_different(const std::vector<int>& xs, AllDifferentAlgorithm algorithm);
    // The points (vars[dim*i .. dim*i+dim-1]), i = 0..points-1, in lexicographic order, form one of
    // the orientations translated; `offsets` holds orientations * points * dim integers, each
    // orientation's points sorted lexicographically and distinct. One orientation = Translated(f).
    int add_class(const std::vector<int>& vars, int dim, const std::vector<int64_t>& offsets, bool translated);
    // Class(f) and PointsDistincts together, for a packing in a box of at most 64 cells: the
    // points (coordinates `vars`, cell numbers `cells` = x + a*y + a*b*z) take one orientation of
    // the shape at a translation whose cells are inside the box and not occupied by the fixed
    // value of any variable of `all_cells` outside `cells`. Narrowed exactly (box of the feasible
    // placements), cell numbers included.
    int add_placement(const std::vector<int>& vars, const std::vector<int>& cells, const std::vector<int64_t>& box,
                      const std::vector<int64_t>& offsets, const std::vector<int>& all_cells,
                      PlacementCells cells_mode = PlacementCells::exact);
    // Variables the search splits first (the paper splits the m_i); the others follow.
    void set_branching(const std::vector<int>& vars);

    int vars() const { return static_cast<int>(lo_.size()); }
    int64_t lo(int v) const { return lo_[v]; }
    int64_t hi(int v) const { return hi_[v]; }
    const std::vector<int64_t>& lows() const { return lo_; }
    const std::vector<int64_t>& highs() const { return hi_; }
    const std::vector<ConstraintSpec>& constraints() const { return constraints_; }
    const std::vector<int>& branching() const { return branching_; }

private:
    void check_var(int v, const std::string& where) const;
    std::vector<int64_t> lo_, hi_;
    std::vector<ConstraintSpec> constraints_;
    std::vector<int> branching_;
};

}  // namespace cassetete::narrowing
