// The Placement propagator: a Class constraint that also knows the occupied cells and
// narrows the cell numbers directly.
#include "narrowing/solver.hpp"
#include "narrowing/arith.hpp"

#include <algorithm>
#include <limits>

namespace cassetete::narrowing {

// Placement: for each live orientation g, the translations t allowed by the coordinates' boxes
// (as Translated(g)) and by the cell numbers' bounds (cell_i = cell of g_i + shift(t)) are
// enumerated; those whose cells are free (no other piece's point fixed there) are the feasible
// placements. The new box is the union of the feasible placements' points and cell numbers.
bool Solver::run_placement(const Constraint& c, int id) {
    const int* v = &vars_[c.var_begin];
    const int dim = c.dim, points = c.points, ncoord = points * dim, m = c.var_count;
    uint64_t occupied = 0;
    if (c.cells_mode == static_cast<int>(PlacementCells::placed)) {
        // the cells of the other pieces (one Placement each) whose points are all fixed
        for (int other : placements_) {
            const Constraint& q = constraints_[other];
            if (other == id) continue;
            const int* qcells = &vars_[q.var_begin + q.points * q.dim];
            uint64_t cells = 0;
            bool placed = true;
            for (int j = 0; j < q.points && placed; ++j) {
                placed = lo_[qcells[j]] == hi_[qcells[j]];
                if (placed) cells |= uint64_t(1) << lo_[qcells[j]];
            }
            if (placed) occupied |= cells;
        }
    } else if (occupied_slot_ >= 0) {
        // every fixed cell but this piece's own (a clash between them fails in AllDifferent)
        occupied = slots_[occupied_slot_];
        for (int p = 0; p < points; ++p) {
            const int u = v[points * dim + p];
            if (lo_[u] == hi_[u]) occupied &= ~(uint64_t(1) << lo_[u]);
        }
    } else {
        for (int k = 0; k < c.occupant_count; ++k) {
            const int u = occupants_[c.occupant_begin + k];
            if (lo_[u] == hi_[u]) occupied |= uint64_t(1) << lo_[u];
        }
    }
    load_boxes(v, m);
    int64_t* lo = s_lo_.data();
    int64_t* hi = s_hi_.data();
    int64_t* newlo = s_newlo_.data();
    int64_t* newhi = s_newhi_.data();
    const uint64_t live_before = slots_[c.live_slot];
    uint64_t live = live_before;
    const size_t shape_block = 1 + static_cast<size_t>(points);
    const uint64_t* axis = options_.careful ? &axis_cells_[c.axis_begin] : nullptr;
    uint64_t cover = 0;  // the cells of the feasible placements (bit path only)
    for (uint64_t rest = live_before; rest; rest &= rest - 1) {
        const int g = __builtin_ctzll(rest);
        const int64_t* off = &offsets_[c.offset_begin + static_cast<size_t>(g) * ncoord];
        const uint64_t* shape = &shapes_[c.shape_begin + g * shape_block];
        int64_t tlo[3] = {0, 0, 0}, thi[3] = {0, 0, 0};
        bool possible = translation_range(lo, hi, off, points, dim, tlo, thi);
        int64_t slo = std::numeric_limits<int64_t>::min(), shi = std::numeric_limits<int64_t>::max();
        const bool read_cells = c.cells_mode != static_cast<int>(PlacementCells::coordinates) &&
                                c.cells_mode != static_cast<int>(PlacementCells::placed);
        for (int p = 0; p < points && possible && read_cells; ++p) {
            const int64_t base = static_cast<int64_t>(shape[1 + p]);
            slo = std::max(slo, lo[ncoord + p] - base);
            shi = std::min(shi, hi[ncoord + p] - base);
            possible = slo <= shi;
        }
        int64_t flo[3] = {0, 0, 0}, fhi[3] = {0, 0, 0}, fslo = 0, fshi = -1;
        bool found = false;
        bool bits = axis != nullptr;  // the bit path needs translations inside [0, 63]
        for (int d = 0; d < dim && bits && possible; ++d) bits = tlo[d] >= 0 && thi[d] < 64;
        if (possible && bits) {
            // The anchors (cell of the translation) as bits: inside the translation box, inside
            // the shift range, and with every cell of the shape free.
            uint64_t anchors = ~uint64_t(0);
            for (int d = 0; d < dim; ++d) {
                uint64_t range = 0;
                for (int64_t x = tlo[d]; x <= thi[d]; ++x) range |= axis[d * 64 + x];
                anchors &= range;
            }
            if (slo > 0) anchors &= slo >= 64 ? 0 : ~uint64_t(0) << slo;
            if (shi < 63) anchors &= shi < 0 ? 0 : ~uint64_t(0) >> (63 - shi);
            for (int p = 0; p < points && anchors; ++p) anchors &= ~(occupied >> shape[1 + p]);
            if (anchors) {
                for (int p = 0; p < points; ++p) cover |= anchors << shape[1 + p];  // (all ones stays)
                found = true;
                fslo = __builtin_ctzll(anchors);
                fshi = 63 - __builtin_clzll(anchors);
                for (int d = 0; d < dim; ++d) {
                    int64_t x = tlo[d], y = thi[d];
                    while (!(anchors & axis[d * 64 + x])) ++x;
                    while (!(anchors & axis[d * 64 + y])) --y;
                    flo[d] = x;
                    fhi[d] = y;
                }
            }
        } else if (possible) {
            cover = ~uint64_t(0);  // not tracked on this path: wake on every fixed cell
            for (int64_t tz = tlo[2]; tz <= thi[2]; ++tz) {
                for (int64_t ty = tlo[1]; ty <= thi[1]; ++ty) {
                    for (int64_t tx = tlo[0]; tx <= thi[0]; ++tx) {
                        const int64_t shift = tx * c.stride[0] + ty * c.stride[1] + tz * c.stride[2];
                        if (shift < slo || shift > shi || ((shape[0] << shift) & occupied)) continue;
                        const int64_t t[3] = {tx, ty, tz};
                        if (!found) {
                            found = true;
                            for (int d = 0; d < 3; ++d) flo[d] = fhi[d] = t[d];
                            fslo = fshi = shift;
                        } else {
                            for (int d = 0; d < 3; ++d) {
                                flo[d] = std::min(flo[d], t[d]);
                                fhi[d] = std::max(fhi[d], t[d]);
                            }
                            fslo = std::min(fslo, shift);
                            fshi = std::max(fshi, shift);
                        }
                    }
                }
            }
        }
        if (!found) {
            live &= ~(uint64_t(1) << g);
            continue;
        }
        for (int p = 0, k = 0; p < points; ++p) {
            for (int d = 0; d < dim; ++d, ++k) {
                newlo[k] = std::min(newlo[k], off[k] + flo[d]);
                newhi[k] = std::max(newhi[k], off[k] + fhi[d]);
            }
            const int64_t base = static_cast<int64_t>(shape[1 + p]);
            newlo[ncoord + p] = std::min(newlo[ncoord + p], base + fslo);
            newhi[ncoord + p] = std::max(newhi[ncoord + p], base + fshi);
        }
    }
    if (live == 0) return false;
    if (live != live_before) set_slot(c.live_slot, live);
    if (c.cover_slot >= 0 && cover != slots_[c.cover_slot]) set_slot(c.cover_slot, cover);
    // Only the coordinates when the cell numbers are left to the Sums.
    const int narrowed = c.cells_mode == static_cast<int>(PlacementCells::exact) ? m : ncoord;
    for (int k = 0; k < narrowed; ++k)
        if (!narrow(v[k], newlo[k], newhi[k], id)) return false;
    return true;
}

}  // namespace cassetete::narrowing
