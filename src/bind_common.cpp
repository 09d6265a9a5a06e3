// Shared pieces exposed to Python: the InputError -> PuzzleError translation, build facts.
#include "bindings.hpp"

#include <thread>

#include "common/build_info.hpp"

namespace cassetete::bind {

void register_common(py::module_& m) {
    // cassetete.PuzzleError lives in Python (cassetete/_errors.py); C++ validation errors
    // (InputError) are translated to it lazily so the module imports without the package.
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) std::rethrow_exception(p);
        } catch (const InputError& e) {
            py::object errors = py::module_::import("cassetete._errors");
            py::object cls = errors.attr("PuzzleError");
            PyErr_SetString(cls.ptr(), e.what());
        }
    });
    m.def("hardware_threads", []() { return static_cast<int>(std::thread::hardware_concurrency()); },
          "Number of hardware threads seen by the C++ runtime.");
    m.def("build_info", &build_info, "Compiler and instruction-set options of the C++ core.");
}

}  // namespace cassetete::bind
