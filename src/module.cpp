// The extension module cassetete._core: one submodule per family (as boost-histogram does),
// filled by the register_<family>() of each bind_<family>.cpp. Names inside a submodule carry no
// family prefix: _core.sudoku.solve, _core.edgematch.LocalSearch, _core.common.build_info.
#include "bindings.hpp"

namespace cassetete::bind {
void register_common(py::module_& m);
void register_sudoku(py::module_& m);
void register_shikaku(py::module_& m);
void register_hashi(py::module_& m);
void register_exactcover(py::module_& m);
void register_edgematch(py::module_& m);
void register_edgematch_local(py::module_& m);
void register_edgematch_exact(py::module_& m);
void register_edgematch_breaks(py::module_& m);
void register_narrowing(py::module_& m);
void register_polyomino(py::module_& m);
void register_shikaku_splits(py::module_& m);
void register_hashi_splits(py::module_& m);
}  // namespace cassetete::bind

PYBIND11_MODULE(_core, m) {
    namespace bind = cassetete::bind;
    m.doc() = "cassetete C++ search engines (internal; use the cassetete.* modules)";
    // _core.<name>, filled by each of the register functions given.
    const auto submodule = [&m](const char* name, const char* doc, auto... registers) {
        pybind11::module_ sub = m.def_submodule(name, doc);
        (registers(sub), ...);
    };
    submodule("common", "Build facts and hardware information.", bind::register_common);
    submodule("sudoku", "Sudoku search engines.", bind::register_sudoku);
    submodule("shikaku", "Shikaku exact search and annealing.", bind::register_shikaku, bind::register_shikaku_splits);
    submodule("hashi", "Hashiwokakero exact search and annealing.", bind::register_hashi, bind::register_hashi_splits);
    submodule("exactcover", "Exact cover search and the polyomino bitboard engine.", bind::register_exactcover);
    submodule("edgematch", "Edge-matching searches (backtracking, exact engines, local search).",
              bind::register_edgematch, bind::register_edgematch_local, bind::register_edgematch_exact,
              bind::register_edgematch_breaks);
    submodule("narrowing", "Interval narrowing constraint solver.", bind::register_narrowing);
    submodule("polyomino", "Packing model: placements, symmetries, board layout.", bind::register_polyomino);
}
