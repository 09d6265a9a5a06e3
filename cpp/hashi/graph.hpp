// The Hashiwokakero bridge graph built from an island grid.
//
// Islands are the non-zero cells of an H x W grid (value = required number of bridges, 1..8).
// A potential bridge ("edge") joins two islands that see each other along a row or a column
// with only water between them (orthogonally adjacent islands give a zero-length edge, as in
// the Coelho et al. 2019 benchmark). Two edges cross when a horizontal and a vertical edge
// pass through the same water cell; at most one of them may carry bridges.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace cassetete::hashi {

// Bad grid (value out of range, island with no neighbour, ...); the message gives the cell.
struct GraphError : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

struct Edge {
    int a = 0, b = 0;          // island indices, a before b in row-major order
    bool horizontal = false;   // same row (true) or same column (false)
};

// A list of id lists in two flat arrays (compressed rows): list i is ids[start[i] .. start[i+1]).
// One allocation per table instead of one per list keeps graph building cheap on small grids.
struct IdLists {
    struct View {
        const int* first;
        const int* last;
        const int* begin() const { return first; }
        const int* end() const { return last; }
        size_t size() const { return static_cast<size_t>(last - first); }
        bool empty() const { return first == last; }
        int operator[](size_t k) const { return first[k]; }
    };
    std::vector<int> start{0};
    std::vector<int> ids;
    View operator[](size_t i) const { return {ids.data() + start[i], ids.data() + start[i + 1]}; }
    size_t size() const { return start.size() - 1; }
};

struct Graph {
    int height = 0, width = 0;
    std::vector<int> row, col, value;               // per island, row-major order
    std::vector<Edge> edges;                        // potential bridges
    IdLists island_edges;                           // per island: incident edge ids (<= 4)
    IdLists crossings;                              // per edge: edges it crosses
    int islands() const { return static_cast<int>(value.size()); }
};

// Build the graph of an H x W row-major grid (0 = water). Throws GraphError when a value is
// outside 1..8 or an island has no possible neighbour (the message names the cell).
Graph build_graph(const int32_t* cells, int height, int width);

}  // namespace cassetete::hashi
