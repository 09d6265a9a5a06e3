// Python glue for the packing model (cpp/polyomino): placements, kept symmetries with each
// placement's image, the 64-bit board layout, and the symmetry-breaking prefixes, as numpy arrays.
#include <algorithm>
#include <vector>

#include "bindings.hpp"
#include "polyomino/model.hpp"

namespace cassetete::bind {

namespace pm = cassetete::polyomino;

namespace {

template <class T>
py::array_t<T> to_array(const std::vector<T>& v) {
    py::array_t<T> out(static_cast<py::ssize_t>(v.size()));
    std::copy(v.begin(), v.end(), out.mutable_data());
    return out;
}

template <class T>
py::array_t<int32_t> to_matrix(const std::vector<std::vector<T>>& rows, py::ssize_t width) {
    py::array_t<int32_t> out({static_cast<py::ssize_t>(rows.size()), width});
    int32_t* data = out.mutable_data();
    for (const auto& row : rows) data = std::copy(row.begin(), row.end(), data);
    return out;
}

// polyomino.model(shape, mask, pieces, flips) -> dict of arrays (see cpp/polyomino/model.hpp)
py::dict polyomino_model(const std::vector<int>& shape, const CArray<uint8_t>& mask,
                         const std::vector<pm::Shape>& pieces, bool flips) {
    std::vector<uint8_t> flat(mask.data(), mask.data() + mask.size());
    pm::Model m;
    try {
        py::gil_scoped_release release;
        m = pm::build_model(shape, flat, pieces, flips);
    } catch (const pm::ModelError& e) {
        throw InputError(e.what());
    }
    py::dict out;
    out["piece"] = to_array(std::vector<int32_t>(m.piece.begin(), m.piece.end()));
    out["starts"] = to_array(m.starts);
    out["cells"] = to_array(std::vector<int32_t>(m.cells.begin(), m.cells.end()));
    out["group"] = to_matrix(m.group, static_cast<py::ssize_t>(m.coords.size()));
    out["images"] = to_matrix(m.images, m.placements());
    out["bit"] = to_array(std::vector<int64_t>(m.bit.begin(), m.bit.end()));
    if (m.coords.size() <= 64) {
        std::vector<uint64_t> masks(m.placements(), 0);
        for (int o = 0; o < m.placements(); ++o)
            for (int64_t k = m.starts[o]; k < m.starts[o + 1]; ++k) masks[o] |= uint64_t(1) << m.bit[m.cells[k]];
        out["masks"] = to_array(masks);
    }
    if (m.neighbours_ok)
        out["neighbours"] = py::make_tuple(py::cast(m.neighbour_shifts), py::cast(m.neighbour_masks));
    else
        out["neighbours"] = py::none();
    return out;
}

// polyomino.weighted_prefixes(pieces, area, piece, starts, cells, images) -> (prefixes, weights)
py::tuple polyomino_weighted_prefixes(int pieces, int area, const CArray<int32_t>& piece, const CArray<int64_t>& starts,
                                      const CArray<int32_t>& cells, const CArray<int32_t>& images) {
    if (pieces < 0 || area < 0) throw InputError("pieces and area must be >= 0");
    if (piece.ndim() != 1 || starts.ndim() != 1 || cells.ndim() != 1 || images.ndim() != 2)
        throw InputError("piece, starts, cells must be 1-D and images 2-D");
    const py::ssize_t n = piece.shape(0);
    if (starts.shape(0) != n + 1 || images.shape(1) != n || images.shape(0) < 1)
        throw InputError("starts must have one more entry than piece, images one column per placement");
    pm::Model m;
    m.coords.resize(static_cast<size_t>(area));  // only the cell count is read
    m.piece.assign(piece.data(), piece.data() + n);
    m.starts.assign(starts.data(), starts.data() + n + 1);
    m.cells.assign(cells.data(), cells.data() + cells.shape(0));
    if (m.starts[0] != 0 || m.starts[n] != cells.shape(0)) throw InputError("starts must run from 0 to len(cells)");
    for (py::ssize_t o = 0; o < n; ++o) {
        if (m.starts[o + 1] < m.starts[o]) throw InputError("starts must not decrease");
        if (m.piece[o] < 0 || m.piece[o] >= pieces) throw InputError("placement piece out of range");
    }
    for (int c : m.cells)
        if (c < 0 || c >= area) throw InputError("cell out of range");
    m.group.resize(static_cast<size_t>(images.shape(0)));
    for (py::ssize_t g = 0; g < images.shape(0); ++g) {
        m.images.emplace_back(images.data() + g * n, images.data() + (g + 1) * n);
        for (int v : m.images.back())
            if (v < 0 || v >= n) throw InputError("image out of range");
    }
    std::vector<std::vector<int>> prefixes;
    std::vector<uint64_t> weights;
    {
        py::gil_scoped_release release;
        pm::weighted_prefixes(m, pieces, prefixes, weights);
    }
    return py::make_tuple(py::cast(prefixes), py::cast(weights));
}

}  // namespace

void register_polyomino(py::module_& m) {
    m.def("model", &polyomino_model, py::arg("shape"), py::arg("mask"), py::arg("pieces"),
          py::arg("flips"),
          "Placements (piece, CSR cells), kept symmetries and images, bit layout, board masks, neighbour shifts.");
    m.def("weighted_prefixes", &polyomino_weighted_prefixes, py::arg("pieces"), py::arg("area"),
          py::arg("piece"), py::arg("starts"), py::arg("cells"), py::arg("images"),
          "Symmetry-breaking prefixes and the number of solutions each stands for.");
}

}  // namespace cassetete::bind
