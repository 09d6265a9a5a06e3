// The extension module cassetete._core: one register_<family>() per bind_<family>.cpp.
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
void register_splits(py::module_& m);
}  // namespace cassetete::bind

PYBIND11_MODULE(_core, m) {
    m.doc() = "cassetete C++ search engines (internal; use the cassetete.* modules)";
    cassetete::bind::register_common(m);
    cassetete::bind::register_sudoku(m);
    cassetete::bind::register_shikaku(m);
    cassetete::bind::register_hashi(m);
    cassetete::bind::register_exactcover(m);
    cassetete::bind::register_edgematch(m);
    cassetete::bind::register_edgematch_local(m);
    cassetete::bind::register_edgematch_exact(m);
    cassetete::bind::register_narrowing(m);
    cassetete::bind::register_splits(m);
}
