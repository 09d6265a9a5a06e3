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
void register_narrowing(py::module_& m);
void register_shikaku_splits(py::module_& m);
void register_hashi_splits(py::module_& m);
}  // namespace cassetete::bind

PYBIND11_MODULE(_core, m) {
    namespace bind = cassetete::bind;
    m.doc() = "cassetete C++ search engines (internal; use the cassetete.* modules)";
    auto common = m.def_submodule("common", "Build facts and hardware information.");
    bind::register_common(common);
    auto sudoku = m.def_submodule("sudoku", "Sudoku search engines.");
    bind::register_sudoku(sudoku);
    auto shikaku = m.def_submodule("shikaku", "Shikaku exact search and annealing.");
    bind::register_shikaku(shikaku);
    bind::register_shikaku_splits(shikaku);
    auto hashi = m.def_submodule("hashi", "Hashiwokakero exact search and annealing.");
    bind::register_hashi(hashi);
    bind::register_hashi_splits(hashi);
    auto exactcover = m.def_submodule("exactcover", "Exact cover search and the polyomino bitboard engine.");
    bind::register_exactcover(exactcover);
    auto edgematch = m.def_submodule("edgematch", "Edge-matching searches (backtracking, exact engines, local search).");
    bind::register_edgematch(edgematch);
    bind::register_edgematch_local(edgematch);
    bind::register_edgematch_exact(edgematch);
    auto narrowing = m.def_submodule("narrowing", "Interval narrowing constraint solver.");
    bind::register_narrowing(narrowing);
}
