// The packing model of cassetete.polyomino built in C++: every placement of every piece in a
// 2-D or 3-D region, the region's symmetries that map placements to placements (with each
// placement's image), the bit layout of the 64-bit board engine, and the symmetry-breaking
// prefixes (orbit splitting). Python keeps the modelling API; this file only makes it fast
// (the Python build took 0.03-0.04 s for 6x10, as long as the search itself).
#pragma once
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace cassetete::polyomino {

struct ModelError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

using Cell = std::vector<int>;    // 2 or 3 coordinates
using Shape = std::vector<Cell>;  // a piece's cells, any order, any offset

struct Model {
    int dim = 0;
    std::vector<int> shape;            // region's bounding array sizes
    std::vector<Cell> coords;          // region cells in C order (cell index = position here)
    // Placements in the order pieces, orientations, offsets (C order): piece and sorted cells.
    std::vector<int> piece;
    std::vector<int64_t> starts{0};    // cells of placement o: cells[starts[o] .. starts[o+1])
    std::vector<int> cells;
    // Region symmetries (identity first) that map every placement to a placement, as cell
    // permutations, and images[k][o] = the placement the k-th one maps o to.
    std::vector<std::vector<int>> group;
    std::vector<std::vector<int>> images;
    // Bit of each cell on the 64-bit board (bounding-box coordinates, shortest axis fastest,
    // when the box has at most 64 cells; else the cell's rank in that order).
    std::vector<int> bit;
    // Lattice neighbours as fixed bit shifts (valid only when neighbours_ok).
    bool neighbours_ok = false;
    std::vector<int> neighbour_shifts;
    std::vector<uint64_t> neighbour_masks;

    int placements() const noexcept { return static_cast<int>(piece.size()); }
};

// The signed permutation matrices of the lattice, in the order of
// cassetete.polyomino.shapes.transforms(dim, flips): perm[row] and sign[row] give
// image[row] = sign[row] * cell[perm[row]].
struct Transform {
    std::vector<int> perm, sign;
};
std::vector<Transform> transforms(int dim, bool flips);

// Distinct orientations of a shape (normalised, sorted cells), first-seen order: in 2-D the
// rotations (and reflections with flips), in 3-D the 24 rotations (a 2-D shape gets z = 0).
std::vector<Shape> orientations(const Shape& shape, int dim, bool flips);

// Build the model. `mask` is the region in C order over `shape` (2 or 3 sizes); pieces whose
// cells have more coordinates than the region's dimension get no placement.
Model build_model(const std::vector<int>& shape, const std::vector<uint8_t>& mask,
                  const std::vector<Shape>& pieces, bool flips);

// Orbit splitting (see cassetete.polyomino._model): prefixes of placements whose subproblems
// hold one solution per orbit of the kept symmetry group, and the number of solutions each
// stands for (|G| / |residual group|).
void weighted_prefixes(const Model& model, int pieces, std::vector<std::vector<int>>& prefixes,
                       std::vector<uint64_t>& weights);

}  // namespace cassetete::polyomino
