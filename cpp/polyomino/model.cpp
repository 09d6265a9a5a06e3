#include "polyomino/model.hpp"

#include <algorithm>
#include <numeric>
#include <string>

namespace cassetete::polyomino {

namespace {

// Translate so every coordinate starts at 0, and sort.
Shape normalize(Shape cells) {
    if (cells.empty()) return cells;
    const size_t dim = cells[0].size();
    for (size_t d = 0; d < dim; ++d) {
        int low = cells[0][d];
        for (const Cell& c : cells) low = std::min(low, c[d]);
        for (Cell& c : cells) c[d] -= low;
    }
    std::sort(cells.begin(), cells.end());
    return cells;
}

Shape apply(const Shape& shape, const Transform& t) {
    Shape out;
    out.reserve(shape.size());
    for (const Cell& c : shape) {
        Cell image(c.size());
        for (size_t row = 0; row < c.size(); ++row) image[row] = t.sign[row] * c[t.perm[row]];
        out.push_back(std::move(image));
    }
    return normalize(std::move(out));
}

// The placements already built, found by piece and sorted cells: open addressing over
// indices into the model's arrays (no allocation per key).
class PlacementIndex {
public:
    explicit PlacementIndex(const Model& m) : m_(m), slots_(1024, -1) {}

    static uint64_t hash(int piece, const int* cells, size_t n) noexcept {
        uint64_t h = 0x9E3779B97F4A7C15ULL * static_cast<uint64_t>(piece + 1);
        for (size_t k = 0; k < n; ++k) h = (h ^ static_cast<uint64_t>(cells[k])) * 0xFF51AFD7ED558CCDULL;
        return h ^ (h >> 29);
    }

    // The placement with these sorted cells, or -1.
    int find(int piece, const int* cells, size_t n) const noexcept {
        const size_t mask = slots_.size() - 1;
        for (size_t at = hash(piece, cells, n) & mask;; at = (at + 1) & mask) {
            const int o = slots_[at];
            if (o < 0) return -1;
            if (same(o, piece, cells, n)) return o;
        }
    }

    // Record placement o (already in the model).
    void insert(int o) {
        if (2 * (count_ + 1) > slots_.size()) grow();
        place(o);
        ++count_;
    }

private:
    bool same(int o, int piece, const int* cells, size_t n) const noexcept {
        if (m_.piece[o] != piece || static_cast<size_t>(m_.starts[o + 1] - m_.starts[o]) != n) return false;
        return std::equal(cells, cells + n, m_.cells.begin() + m_.starts[o]);
    }
    void place(int o) {
        const size_t mask = slots_.size() - 1;
        const size_t n = static_cast<size_t>(m_.starts[o + 1] - m_.starts[o]);
        size_t at = hash(m_.piece[o], m_.cells.data() + m_.starts[o], n) & mask;
        while (slots_[at] >= 0) at = (at + 1) & mask;
        slots_[at] = o;
    }
    void grow() {
        std::vector<int> old = std::move(slots_);
        slots_.assign(old.size() * 2, -1);
        for (int o : old)
            if (o >= 0) place(o);
    }

    const Model& m_;
    std::vector<int> slots_;
    size_t count_ = 0;
};

// The region's symmetries as permutations of its cells (identity first, then in transform
// order, each distinct permutation once): cassetete.polyomino.region.symmetries.
std::vector<std::vector<int>> region_symmetries(const Model& m, const std::vector<int>& index_of_position) {
    const int area = static_cast<int>(m.coords.size());
    std::vector<std::vector<int>> out;
    std::vector<int> identity(area);
    std::iota(identity.begin(), identity.end(), 0);
    for (const Transform& t : transforms(m.dim, true)) {
        std::vector<Cell> image(area, Cell(m.dim));
        std::vector<int> low(m.dim, 0), high(m.dim, 0);
        for (int i = 0; i < area; ++i)
            for (int row = 0; row < m.dim; ++row) image[i][row] = t.sign[row] * m.coords[i][t.perm[row]];
        for (int row = 0; row < m.dim; ++row) {
            low[row] = image[0][row];
            for (int i = 0; i < area; ++i) low[row] = std::min(low[row], image[i][row]);
        }
        std::vector<int> perm(area);
        bool inside = true;
        for (int i = 0; i < area && inside; ++i) {
            int64_t position = 0;
            for (int row = 0; row < m.dim; ++row) {
                const int v = image[i][row] - low[row];
                if (v >= m.shape[row]) {
                    inside = false;
                    break;
                }
                position = position * m.shape[row] + v;
            }
            if (!inside) break;
            perm[i] = index_of_position[static_cast<size_t>(position)];
            if (perm[i] < 0) inside = false;
        }
        if (!inside) continue;  // the image is not the region (perm is then a bijection: equal sizes)
        if (std::find(out.begin(), out.end(), perm) == out.end()) out.push_back(std::move(perm));
    }
    std::stable_partition(out.begin(), out.end(), [&](const std::vector<int>& p) { return p == identity; });
    return out;
}

void bit_layout(Model& m) {
    const int area = static_cast<int>(m.coords.size());
    std::vector<int> axes(m.dim);
    std::iota(axes.begin(), axes.end(), 0);
    std::stable_sort(axes.begin(), axes.end(), [&](int a, int b) { return m.shape[a] > m.shape[b]; });
    std::vector<int> low(m.dim), high(m.dim);
    for (int d = 0; d < m.dim; ++d) {
        low[d] = high[d] = m.coords[0][d];
        for (const Cell& c : m.coords) {
            low[d] = std::min(low[d], c[d]);
            high[d] = std::max(high[d], c[d]);
        }
    }
    int64_t box = 1;
    for (int d = 0; d < m.dim; ++d) box *= high[d] - low[d] + 1;
    m.bit.assign(area, 0);
    if (box <= 64) {
        std::vector<int64_t> stride(m.dim, 0);
        int64_t step = 1;
        for (int k = m.dim - 1; k >= 0; --k) {
            stride[axes[k]] = step;
            step *= high[axes[k]] - low[axes[k]] + 1;
        }
        for (int i = 0; i < area; ++i) {
            int64_t b = 0;
            for (int d = 0; d < m.dim; ++d) b += (m.coords[i][d] - low[d]) * stride[d];
            m.bit[i] = static_cast<int>(b);
        }
        return;
    }
    std::vector<int> order(area);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int i, int j) {
        for (int a : axes)
            if (m.coords[i][a] != m.coords[j][a]) return m.coords[i][a] < m.coords[j][a];
        return false;
    });
    for (int r = 0; r < area; ++r) m.bit[order[r]] = r;
}

// Lattice neighbours as one fixed bit shift per direction (regions of at most 64 cells).
void neighbours(Model& m, const std::vector<int>& index_of_position) {
    m.neighbours_ok = false;
    m.neighbour_shifts.clear();
    m.neighbour_masks.clear();
    if (m.coords.size() > 64) return;
    for (int axis = 0; axis < m.dim; ++axis) {
        for (int step : {1, -1}) {
            bool have = false;
            int shift = 0;
            uint64_t mask = 0;
            for (size_t i = 0; i < m.coords.size(); ++i) {
                Cell n = m.coords[i];
                n[axis] += step;
                if (n[axis] < 0 || n[axis] >= m.shape[axis]) continue;
                int64_t position = 0;
                for (int d = 0; d < m.dim; ++d) position = position * m.shape[d] + n[d];
                const int j = index_of_position[static_cast<size_t>(position)];
                if (j < 0) continue;
                const int d = m.bit[j] - m.bit[i];
                if (!have) {
                    have = true;
                    shift = d;
                } else if (shift != d) {
                    m.neighbour_shifts.clear();
                    m.neighbour_masks.clear();
                    return;  // no fixed shift: no pruning
                }
                mask |= uint64_t(1) << m.bit[i];
            }
            if (have) {
                m.neighbour_shifts.push_back(shift);
                m.neighbour_masks.push_back(mask);
            }
        }
    }
    m.neighbours_ok = true;
}

}  // namespace

std::vector<Transform> transforms(int dim, bool flips) {
    std::vector<Transform> out;
    std::vector<int> perm(dim);
    std::iota(perm.begin(), perm.end(), 0);
    do {
        // permutation parity: 1 for even
        int parity = 1;
        for (int a = 0; a < dim; ++a)
            for (int b = a + 1; b < dim; ++b)
                if (perm[a] > perm[b]) parity = -parity;
        for (int s = 0; s < (1 << dim); ++s) {  // first coordinate's sign varies slowest, + before -
            Transform t{perm, std::vector<int>(dim)};
            int det = parity;
            for (int row = 0; row < dim; ++row) {
                t.sign[row] = (s >> (dim - 1 - row)) & 1 ? -1 : 1;
                det *= t.sign[row];
            }
            if (flips || det == 1) out.push_back(std::move(t));
        }
    } while (std::next_permutation(perm.begin(), perm.end()));
    return out;
}

std::vector<Shape> orientations(const Shape& shape, int dim, bool flips) {
    Shape cells = shape;
    if (dim == 3)
        for (Cell& c : cells)
            if (c.size() == 2) c.push_back(0);
    for (const Cell& c : cells)
        if (static_cast<int>(c.size()) != dim) throw ModelError("a shape's dimension differs from the region's");
    const Shape base = normalize(cells);
    std::vector<Shape> seen;
    for (const Transform& t : transforms(dim, dim == 3 ? false : flips)) {
        Shape o = apply(base, t);
        if (std::find(seen.begin(), seen.end(), o) == seen.end()) seen.push_back(std::move(o));
    }
    return seen;
}

Model build_model(const std::vector<int>& shape, const std::vector<uint8_t>& mask, const std::vector<Shape>& pieces,
                  bool flips) {
    Model m;
    m.dim = static_cast<int>(shape.size());
    if (m.dim != 2 && m.dim != 3) throw ModelError("the region must be 2-D or 3-D");
    int64_t size = 1;
    for (int s : shape) {
        if (s <= 0) throw ModelError("region sizes must be positive");
        size *= s;
        if (size > (int64_t(1) << 31)) throw ModelError("region too large");
    }
    if (static_cast<int64_t>(mask.size()) != size) throw ModelError("mask size differs from the region's shape");
    m.shape = shape;
    std::vector<int> index_of_position(static_cast<size_t>(size), -1);
    for (int64_t position = 0; position < size; ++position) {
        if (!mask[static_cast<size_t>(position)]) continue;
        Cell c(m.dim);
        int64_t rest = position;
        for (int d = m.dim - 1; d >= 0; --d) {
            c[d] = static_cast<int>(rest % shape[d]);
            rest /= shape[d];
        }
        index_of_position[static_cast<size_t>(position)] = static_cast<int>(m.coords.size());
        m.coords.push_back(std::move(c));
    }
    if (m.coords.empty()) throw ModelError("the region has no cell");

    PlacementIndex index(m);
    std::vector<int> key;  // a placement's sorted cells
    for (size_t p = 0; p < pieces.size(); ++p) {
        const Shape& piece_shape = pieces[p];
        if (piece_shape.empty()) throw ModelError("piece " + std::to_string(p) + " is empty");
        if (static_cast<int>(piece_shape[0].size()) > m.dim) continue;
        for (const Shape& o : orientations(piece_shape, m.dim, flips)) {
            std::vector<int> extent(m.dim, 0), span(m.dim, 0);
            for (const Cell& c : o)
                for (int d = 0; d < m.dim; ++d) extent[d] = std::max(extent[d], c[d]);
            int64_t offsets = 1;
            for (int d = 0; d < m.dim; ++d) {
                span[d] = std::max(0, shape[d] - extent[d]);
                offsets *= span[d];
            }
            // Positions of the orientation's cells at offset 0, then shifted per offset.
            std::vector<int64_t> base;
            for (const Cell& c : o) {
                int64_t position = 0;
                for (int d = 0; d < m.dim; ++d) position = position * shape[d] + c[d];
                base.push_back(position);
            }
            std::vector<int> offset(m.dim, 0);
            for (int64_t k = 0; k < offsets; ++k) {
                int64_t rest = k;  // C order: the last axis varies fastest
                int64_t shift = 0;
                for (int d = m.dim - 1; d >= 0; --d) {
                    offset[d] = static_cast<int>(rest % span[d]);
                    rest /= span[d];
                }
                for (int d = 0; d < m.dim; ++d) shift = shift * shape[d] + offset[d];
                key.clear();
                bool fits = true;
                for (int64_t position : base) {
                    const int cell = index_of_position[static_cast<size_t>(position + shift)];
                    if (cell < 0) {
                        fits = false;
                        break;
                    }
                    key.push_back(cell);
                }
                if (!fits) continue;
                std::sort(key.begin(), key.end());
                if (index.find(static_cast<int>(p), key.data(), key.size()) >= 0) continue;
                m.piece.push_back(static_cast<int>(p));
                m.cells.insert(m.cells.end(), key.begin(), key.end());
                m.starts.push_back(static_cast<int64_t>(m.cells.size()));
                index.insert(m.placements() - 1);
            }
        }
    }

    // Keep the symmetries that map every placement to a placement (with flips=False in 2-D a
    // reflection does not).
    for (std::vector<int>& g : region_symmetries(m, index_of_position)) {
        std::vector<int> images(m.placements());
        bool kept = true;
        for (int o = 0; o < m.placements() && kept; ++o) {
            key.clear();
            for (int64_t k = m.starts[o]; k < m.starts[o + 1]; ++k) key.push_back(g[m.cells[k]]);
            std::sort(key.begin(), key.end());
            images[o] = index.find(m.piece[o], key.data(), key.size());
            kept = images[o] >= 0;
        }
        if (!kept) continue;
        m.group.push_back(std::move(g));
        m.images.push_back(std::move(images));
    }
    bit_layout(m);
    neighbours(m, index_of_position);
    return m;
}

namespace {

struct Splitter {
    const Model& m;
    int pieces;
    size_t words;
    std::vector<uint64_t> cell_bits;         // placement o: words [o * words, (o + 1) * words)
    std::vector<std::vector<int>> by_piece;  // placements of each piece
    std::vector<std::vector<int>>& prefixes;
    std::vector<uint64_t>& residual;          // |residual group| of each prefix

    bool free_of(int o, const std::vector<uint64_t>& filled) const {
        for (size_t w = 0; w < words; ++w)
            if (cell_bits[o * words + w] & filled[w]) return false;
        return true;
    }

    // One orbit: a representative and its stabiliser (indices into m.group).
    struct Orbit {
        int rep;
        std::vector<int> stab;
    };

    void split(const std::vector<int>& group, std::vector<int>& prefix, std::vector<char>& used,
               const std::vector<uint64_t>& filled) {
        if (group.size() == 1 || static_cast<int>(prefix.size()) == pieces) {
            prefixes.push_back(prefix);
            residual.push_back(group.size());
            return;
        }
        bool have = false;
        std::vector<size_t> best_score;
        std::vector<Orbit> best_orbits;
        std::vector<char> seen(static_cast<size_t>(m.placements()), 0);
        std::vector<int> touched;
        for (int p = 0; p < pieces; ++p) {
            if (used[p]) continue;
            std::vector<Orbit> orbits;
            size_t free_count = 0;
            for (int o : by_piece[p]) {
                if (!free_of(o, filled)) continue;
                ++free_count;
                if (seen[o]) continue;
                Orbit orbit{o, {}};
                for (int g : group) {
                    const int image = m.images[g][o];
                    if (!seen[image]) {
                        seen[image] = 1;
                        touched.push_back(image);
                    }
                    if (image == o) orbit.stab.push_back(g);
                }
                orbits.push_back(std::move(orbit));
            }
            for (int t : touched) seen[t] = 0;
            touched.clear();
            size_t split_again = 0;
            for (const Orbit& orbit : orbits) split_again += orbit.stab.size() > 1;
            // At the top, the piece with the fewest placements (pinned first, it prunes most);
            // below, the fewest orbits that need splitting again, then the fewest orbits.
            std::vector<size_t> score = prefix.empty() ? std::vector<size_t>{free_count, split_again, orbits.size()}
                                                       : std::vector<size_t>{split_again, orbits.size()};
            if (!have || score < best_score) {
                have = true;
                best_score = std::move(score);
                best_orbits = std::move(orbits);
            }
        }
        for (const Orbit& orbit : best_orbits) {
            std::vector<uint64_t> next = filled;
            for (size_t w = 0; w < words; ++w) next[w] |= cell_bits[orbit.rep * words + w];
            prefix.push_back(orbit.rep);
            used[m.piece[orbit.rep]] = 1;
            split(orbit.stab, prefix, used, next);
            used[m.piece[orbit.rep]] = 0;
            prefix.pop_back();
        }
    }
};

}  // namespace

void weighted_prefixes(const Model& m, int pieces, std::vector<std::vector<int>>& prefixes,
                       std::vector<uint64_t>& weights) {
    prefixes.clear();
    weights.clear();
    if (m.group.empty()) throw ModelError("the model has no symmetry group");
    std::vector<uint64_t> residual;
    Splitter s{m, pieces, (m.coords.size() + 63) / 64, {}, std::vector<std::vector<int>>(pieces), prefixes, residual};
    s.cell_bits.assign(static_cast<size_t>(m.placements()) * s.words, 0);
    for (int o = 0; o < m.placements(); ++o) {
        if (m.piece[o] < 0 || m.piece[o] >= pieces) throw ModelError("placement piece out of range");
        s.by_piece[m.piece[o]].push_back(o);
        for (int64_t k = m.starts[o]; k < m.starts[o + 1]; ++k)
            s.cell_bits[o * s.words + m.cells[k] / 64] |= uint64_t(1) << (m.cells[k] % 64);
    }
    std::vector<int> group(m.group.size());
    std::iota(group.begin(), group.end(), 0);
    std::vector<int> prefix;
    std::vector<char> used(static_cast<size_t>(pieces), 0);
    s.split(group, prefix, used, std::vector<uint64_t>(s.words, 0));
    for (uint64_t h : residual) weights.push_back(m.group.size() / h);
}

}  // namespace cassetete::polyomino
