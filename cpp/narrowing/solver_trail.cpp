// The Solver's store: domains and reversible slots saved on the trail, undone by popping it;
// narrowing a domain wakes the constraints that watch it.
#include "narrowing/solver.hpp"

namespace cassetete::narrowing {

void Solver::save_var(int v) {
    if (var_stamp_[v] != stamp_) {
        var_stamp_[v] = stamp_;
        // field by field: building the entry on the stack and copying it stalls on a
        // store-forwarding failure (half the time of narrow() in a profile)
        TrailEntry& e = trail_.emplace_back();
        e.index = v;
        e.lo = lo_[v];
        e.hi = hi_[v];
    }
}

void Solver::set_slot(int slot, uint64_t value) {
    if (slot_stamp_[slot] != stamp_) {
        slot_stamp_[slot] = stamp_;
        TrailEntry& e = trail_.emplace_back();
        e.index = ~slot;
        e.lo = static_cast<int64_t>(slots_[slot]);
    }
    slots_[slot] = value;
}

void Solver::undo(size_t mark) {
    while (trail_.size() > mark) {
        const TrailEntry& e = trail_.back();
        if (e.index >= 0) {
            lo_[e.index] = e.lo;
            hi_[e.index] = e.hi;
        } else {
            slots_[~e.index] = static_cast<uint64_t>(e.lo);
        }
        trail_.pop_back();
    }
    // A new stamp so the next changes are saved again.
    ++stamp_;
}

// Intersect v's domain with [lo, hi]; wake the other constraints on v if it shrank.
// False if the domain became empty.
bool Solver::narrow_slow(int v, int64_t lo, int64_t hi, int by) {
    if (lo < lo_[v]) lo = lo_[v];
    if (hi > hi_[v]) hi = hi_[v];
    if (lo > hi) return false;
    save_var(v);
    ++shrinks_;
    lo_[v] = lo;
    hi_[v] = hi;
    // The narrowings are exact (apx of the constraint), so the constraint that narrowed v is
    // already at its own fixpoint: only the others are woken.
    for (int k = watch_begin_[v]; k < watch_begin_[v + 1]; ++k)
        if (watch_[k] != by) schedule(watch_[k]);
    if (lo == hi) {
        for (int k = fix_watch_begin_[v]; k < fix_watch_begin_[v + 1]; ++k) {
            // careful: a Placement none of whose feasible placements (at its last narrowing)
            // covers the newly occupied cell has nothing to narrow
            const Constraint& p = constraints_[fix_watch_[k]];
            // (not with `placed`: the piece this cell completes may lie under the placements elsewhere)
            if (p.cover_slot >= 0 && p.cells_mode != static_cast<int>(PlacementCells::placed) && lo >= 0 && lo < 64 &&
                !((slots_[p.cover_slot] >> lo) & 1))
                continue;
            schedule(fix_watch_[k]);
        }
        if (occupied_slot_ >= 0 && is_cell_[v]) set_slot(occupied_slot_, slots_[occupied_slot_] | uint64_t(1) << lo);
    }
    return true;
}

}  // namespace cassetete::narrowing
