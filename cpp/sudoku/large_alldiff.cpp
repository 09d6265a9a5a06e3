#include "sudoku/large_alldiff.hpp"

#include "common/bits.hpp"

namespace cassetete::sudoku {
namespace {

// Cells reachable from `start` inside `within` along `adj` (start included).
uint64_t reach(const uint64_t* adj, int start, uint64_t within) {
    uint64_t seen = uint64_t(1) << start, frontier = seen;
    while (frontier) {
        const int y = lowest_bit_index(frontier);
        frontier = clear_lowest_bit(frontier);
        const uint64_t next = adj[y] & within & ~seen;
        seen |= next;
        frontier |= next;
    }
    return seen;
}

}  // namespace

bool alldiff_filter(const uint64_t* dom, int n, uint64_t values, uint64_t* keep) {
    AlldiffWitness witness;
    return alldiff_filter(dom, n, values, keep, witness);
}

uint64_t hall_closure(const uint64_t* dom, const AlldiffWitness& witness, int v, uint64_t values) {
    uint64_t seen = uint64_t(1) << v, frontier = seen;
    while (frontier) {
        const int b = lowest_bit_index(frontier);
        frontier = clear_lowest_bit(frontier);
        const uint64_t next = dom[witness.value_cell[b]] & values & ~seen;
        seen |= next;
        frontier |= next;
    }
    return seen;
}

bool alldiff_filter(const uint64_t* dom, int n, uint64_t values, uint64_t* keep, AlldiffWitness& witness) {
    int* value_cell = witness.value_cell;
    int cell_value[64];
    uint64_t free_values = values;
    for_each_bit(values, [&](int v) { value_cell[v] = -1; });
    // Greedy matching, then one augmenting-path search per unmatched cell.
    for (int x = 0; x < n; ++x) {
        const uint64_t avail = dom[x] & free_values;
        if (!avail) {
            cell_value[x] = -1;
            continue;
        }
        const int v = lowest_bit_index(avail);
        cell_value[x] = v;
        value_cell[v] = x;
        free_values &= ~(uint64_t(1) << v);
    }
    for (int x = 0; x < n; ++x) {
        if (cell_value[x] >= 0) continue;
        // Breadth-first search over values; via[v] = the cell from which value v was reached.
        int via[64], queue[64];
        int head = 0, tail = 0;
        uint64_t visited = 0;
        queue[tail++] = x;
        int found = -1;
        while (head < tail && found < 0) {
            const int y = queue[head++];
            uint64_t fresh = dom[y] & ~visited;
            visited |= fresh;
            while (fresh) {
                const int v = lowest_bit_index(fresh);
                fresh = clear_lowest_bit(fresh);
                via[v] = y;
                if (value_cell[v] < 0) {
                    found = v;
                    break;
                }
                queue[tail++] = value_cell[v];
            }
        }
        if (found < 0) {  // Hall violation: the cells searched share too few values
            uint64_t cells = 0;
            for (int k = 0; k < tail; ++k) cells |= uint64_t(1) << queue[k];
            witness.fail_cells = cells;
            witness.fail_values = visited;
            return false;
        }
        for (int v = found;;) {       // flip the path back to x
            const int y = via[v];
            const int previous = cell_value[y];
            cell_value[y] = v;
            value_cell[v] = y;
            if (y == x) break;
            v = previous;
        }
    }
    // Strongly connected components of the directed graph, taken on values rather than cells
    // (the matching makes the two isomorphic): value a -> value b when b is a candidate of the
    // cell matched to a. Its adjacency is then the matched cell's mask as it stands, with no
    // bit-by-bit relabelling; components by forward/backward reachability.
    uint64_t adj[64], radj[64];
    for_each_bit(values, [&](int a) {
        adj[a] = dom[value_cell[a]];
        radj[a] = 0;
    });
    for_each_bit(values, [&](int a) {
        const uint64_t from = uint64_t(1) << a;
        for_each_bit(adj[a] & ~from, [&](int b) { radj[b] |= from; });
    });
    uint64_t remaining = values;
    while (remaining) {
        const int a = lowest_bit_index(remaining);
        const uint64_t component = reach(adj, a, remaining) & reach(radj, a, remaining);
        for_each_bit(component, [&](int b) {
            const int y = value_cell[b];
            keep[y] = dom[y] & component;
        });
        remaining &= ~component;
    }
    return true;
}

}  // namespace cassetete::sudoku
