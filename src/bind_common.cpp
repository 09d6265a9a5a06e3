// Shared pieces exposed to Python: the InputError -> PuzzleError translation, build facts.
#include "bindings.hpp"

#include <thread>

#include "common/build_info.hpp"
#include "common/simd.hpp"
#include "sudoku/solve.hpp"
#include "sudoku/sudoku9.hpp"

namespace cassetete::bind {

void register_common(py::module_& m) {
    // cassetete.PuzzleError lives in Python (cassetete/_errors.py); C++ validation errors
    // (InputError from the bindings, std::invalid_argument from the cores) are translated to it
    // here, in one place, lazily so the module imports without the package.
    py::register_exception_translator([](std::exception_ptr p) {
        auto raise_puzzle_error = [](const char* what) {
            py::object errors = py::module_::import("cassetete._errors");
            py::object cls = errors.attr("PuzzleError");
            PyErr_SetString(cls.ptr(), what);
        };
        try {
            if (p) std::rethrow_exception(p);
        } catch (const InputError& e) {
            raise_puzzle_error(e.what());
        } catch (const std::invalid_argument& e) {
            raise_puzzle_error(e.what());
        }
    });
    m.def("hardware_threads", []() { return static_cast<int>(std::thread::hardware_concurrency()); },
          "Number of hardware threads seen by the C++ runtime.");
    m.def("build_info", []() {
              namespace n9 = sudoku::nine;
              std::string variants;
              for (Simd s : n9::simd_variants()) variants += std::string(variants.empty() ? "" : ", ") + simd_name(s);
              const Simd selected = n9::simd_selected();
              return build_info() + "; 9x9 Sudoku runs its " + simd_name(selected) + " variant (" +
                     n9::kernel_name(selected) + " kernel; available here: " + variants + ")";
          },
          "Compiler and instruction-set options of the C++ core, and the 9x9 solver variant this CPU runs.");
}

}  // namespace cassetete::bind
