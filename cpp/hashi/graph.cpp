#include "hashi/graph.hpp"

#include <utility>

namespace cassetete::hashi {

static std::string cell_name(int r, int c) {
    return "row " + std::to_string(r + 1) + ", column " + std::to_string(c + 1);
}

// Lists 0..count-1 from (list, id) pairs, each list keeping the pairs' order.
static void fill_lists(IdLists& out, int count, const std::vector<std::pair<int, int>>& pairs) {
    out.start.assign(static_cast<size_t>(count) + 1, 0);
    for (const auto& p : pairs) ++out.start[p.first + 1];
    for (int i = 0; i < count; ++i) out.start[i + 1] += out.start[i];
    out.ids.assign(pairs.size(), 0);
    std::vector<int> next(out.start.begin(), out.start.end() - 1);
    for (const auto& p : pairs) out.ids[next[p.first]++] = p.second;
}

Graph build_graph(const int32_t* cells, int height, int width) {
    if (height <= 0 || width <= 0) throw GraphError("empty grid");
    Graph g;
    g.height = height;
    g.width = width;
    std::vector<int> index(static_cast<size_t>(height) * width, -1);
    for (int r = 0; r < height; ++r) {
        for (int c = 0; c < width; ++c) {
            int v = cells[r * width + c];
            if (v == 0) continue;
            if (v < 0 || v > 8)
                throw GraphError("island value " + std::to_string(v) + " outside 1..8 at " +
                                 cell_name(r, c));
            index[r * width + c] = g.islands();
            g.row.push_back(r);
            g.col.push_back(c);
            g.value.push_back(v);
        }
    }
    if (g.islands() == 0) throw GraphError("the grid has no island");
    // Per water cell, the horizontal and the vertical edge passing over it (-1 = none).
    std::vector<int> over_h(index.size(), -1), over_v(index.size(), -1);
    g.edges.reserve(2 * static_cast<size_t>(g.islands()));
    for (int i = 0; i < g.islands(); ++i) {
        int r = g.row[i], c = g.col[i];
        for (int dir = 0; dir < 2; ++dir) {  // 0 = right, 1 = down
            int rr = r + dir, cc = c + (1 - dir);
            while (rr < height && cc < width && index[rr * width + cc] < 0) {
                rr += dir;
                cc += 1 - dir;
            }
            if (rr >= height || cc >= width) continue;
            int j = index[rr * width + cc];
            int id = static_cast<int>(g.edges.size());
            g.edges.push_back(Edge{i, j, dir == 0});
            for (int sr = r + dir, sc = c + (1 - dir); sr != rr || sc != cc; sr += dir, sc += 1 - dir)
                (dir == 0 ? over_h : over_v)[sr * width + sc] = id;
        }
    }
    // Incident edges per island, in edge id order.
    std::vector<std::pair<int, int>> pairs;  // (list, id)
    pairs.reserve(2 * g.edges.size());
    for (size_t e = 0; e < g.edges.size(); ++e) {
        pairs.emplace_back(g.edges[e].a, static_cast<int>(e));
        pairs.emplace_back(g.edges[e].b, static_cast<int>(e));
    }
    fill_lists(g.island_edges, g.islands(), pairs);
    // Crossing edge pairs, in water cell order.
    pairs.clear();
    for (size_t k = 0; k < index.size(); ++k) {
        if (over_h[k] >= 0 && over_v[k] >= 0) {
            pairs.emplace_back(over_h[k], over_v[k]);
            pairs.emplace_back(over_v[k], over_h[k]);
        }
    }
    fill_lists(g.crossings, static_cast<int>(g.edges.size()), pairs);
    if (g.islands() == 1 || g.edges.empty())
        throw GraphError("island at " + cell_name(g.row[0], g.col[0]) + " has no possible neighbour");
    for (int i = 0; i < g.islands(); ++i)
        if (g.island_edges[i].empty())
            throw GraphError("island at " + cell_name(g.row[i], g.col[i]) +
                             " has no possible neighbour");
    return g;
}

}  // namespace cassetete::hashi
