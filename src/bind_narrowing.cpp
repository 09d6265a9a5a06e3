// Python glue for the interval-narrowing solver (cpp/narrowing): a model object, propagation,
// counting over subproblems, first solution, a resumable solution iterator, and split into
// subproblems. The GIL is released around every search; Ctrl-C is polled through PythonSearch.
#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "narrowing/model.hpp"
#include "narrowing/solver.hpp"

namespace cassetete::bind {

namespace nw = cassetete::narrowing;
using ModelPtr = std::shared_ptr<nw::Model>;
using PyDecision = std::tuple<int, int64_t, int64_t>;
using PyPath = std::vector<PyDecision>;

namespace {

template <class F>
auto guarded(F&& f) -> decltype(f()) {
    try {
        return f();
    } catch (const nw::ModelError& e) {
        throw InputError(e.what());
    }
}

nw::AllDifferentAlgorithm algorithm_of(const std::string& name) {
    if (name == "sort") return nw::AllDifferentAlgorithm::sort;
    if (name == "leconte") return nw::AllDifferentAlgorithm::leconte;
    throw InputError("unknown all_different algorithm '" + name + "'; expected one of: sort, leconte");
}

nw::Options options_of(const std::string& strategy, bool incremental, bool profile, bool careful = true) {
    nw::Options options;
    if (strategy == "smallest-min") options.strategy = nw::Strategy::smallest_min;
    else if (strategy == "first-fail") options.strategy = nw::Strategy::smallest_min_first_fail;
    else if (strategy == "smallest-min-last") options.strategy = nw::Strategy::smallest_min_last;
    else if (strategy == "smallest-min-bisect") options.strategy = nw::Strategy::smallest_min_bisect;
    else throw InputError("unknown strategy '" + strategy +
                          "'; expected one of: smallest-min, first-fail, smallest-min-last, smallest-min-bisect");
    options.incremental = incremental;
    options.profile = profile;
    options.careful = careful;
    return options;
}

std::vector<nw::Decision> decisions_of(const nw::Model& model, const PyPath& path) {
    std::vector<nw::Decision> out;
    out.reserve(path.size());
    for (const auto& [var, lo, hi] : path) {
        if (var < 0 || var >= model.vars())
            throw InputError("subproblem: unknown variable " + std::to_string(var));
        out.push_back({var, lo, hi});
    }
    return out;
}

PyPath path_of(const std::vector<nw::Decision>& decisions) {
    PyPath out;
    out.reserve(decisions.size());
    for (const nw::Decision& d : decisions) out.emplace_back(d.var, d.lo, d.hi);
    return out;
}

void add_counters(nw::Counters& total, const nw::Counters& one) {
    total.cuts += one.cuts;
    total.nodes += one.nodes;
    total.failures += one.failures;
    total.solutions += one.solutions;
    for (int k = 0; k < nw::kKinds; ++k) {
        total.calls[k] += one.calls[k];
        total.changes[k] += one.changes[k];
        total.nanoseconds[k] += one.nanoseconds[k];
    }
}

py::dict stats_dict(const nw::Counters& c, double seconds, StopReason reason, bool profile) {
    py::dict narrowings, changes, kind_seconds;
    for (int k = 0; k < nw::kKinds; ++k) {
        const char* name = nw::kind_name(static_cast<nw::Kind>(k));
        narrowings[name] = c.calls[k];
        changes[name] = c.changes[k];
        if (profile) kind_seconds[name] = static_cast<double>(c.nanoseconds[k]) * 1e-9;
    }
    py::dict out;
    out["nodes"] = c.nodes;
    out["cuts"] = c.cuts;
    out["failures"] = c.failures;
    out["seconds"] = seconds;
    out["narrowings"] = narrowings;
    out["narrowings_that_changed"] = changes;
    if (profile) out["kind_seconds"] = kind_seconds;
    out["stop"] = stop_reason_name(reason);
    return out;
}

// narrowing_propagate(model, path, options...) -> (ok, lows, highs, stats)
py::tuple propagate(const ModelPtr& model, const PyPath& path, const std::string& strategy, bool incremental,
                    bool profile) {
    auto decisions = decisions_of(*model, path);
    const nw::Options options = options_of(strategy, incremental, profile);
    nw::Solver solver(*model, options);
    bool ok;
    {
        py::gil_scoped_release release;
        ok = solver.restrict(decisions) && solver.propagate_root();
    }
    return py::make_tuple(ok, solver.lows(), solver.highs(),
                          stats_dict(solver.counters(), 0.0, StopReason::none, profile));
}

// narrowing_count(model, paths, limit, time_limit, node_limit, options...) -> (count, complete, stats)
py::tuple count(const ModelPtr& model, const std::vector<PyPath>& paths, uint64_t limit,
                const py::object& time_limit, const py::object& node_limit, const std::string& strategy,
                bool incremental, bool profile, bool careful) {
    std::vector<std::vector<nw::Decision>> all;
    for (const PyPath& p : paths) all.push_back(decisions_of(*model, p));
    const nw::Options options = options_of(strategy, incremental, profile, careful);
    PythonSearch ps(time_limit, node_limit);
    uint64_t total = 0;
    bool complete = true;
    nw::Counters counters;
    {
        py::gil_scoped_release release;
        for (const auto& decisions : all) {
            nw::Solver solver(*model, options);
            solver.restrict(decisions);
            total += solver.count(ps.control, limit == 0 ? 0 : limit - total);
            add_counters(counters, solver.counters());
            if (!solver.exhausted()) {
                complete = limit != 0 && total >= limit && !ps.control.stopped();
                break;
            }
        }
    }
    ps.rethrow_if_interrupted();
    return py::make_tuple(total, complete, stats_dict(counters, ps.control.elapsed(), ps.control.reason(), profile));
}

// narrowing_first(model, path, time_limit, node_limit, options...) -> (status, values or None, stats)
py::tuple first(const ModelPtr& model, const PyPath& path, const py::object& time_limit,
                const py::object& node_limit, const std::string& strategy, bool incremental, bool profile) {
    auto decisions = decisions_of(*model, path);
    const nw::Options options = options_of(strategy, incremental, profile);
    PythonSearch ps(time_limit, node_limit);
    nw::Solver solver(*model, options);
    bool found;
    {
        py::gil_scoped_release release;
        solver.restrict(decisions);
        found = solver.next(ps.control);
    }
    ps.rethrow_if_interrupted();
    py::object values = py::none();
    if (found) values = py::cast(solver.lows());
    return py::make_tuple(status_name(ps.control.status(found)), values,
                          stats_dict(solver.counters(), ps.control.elapsed(), ps.control.reason(), profile));
}

// narrowing_split(model, path, depth, options...) -> (paths, stats)
py::tuple split(const ModelPtr& model, const PyPath& path, int depth, const std::string& strategy,
                bool incremental) {
    auto decisions = decisions_of(*model, path);
    const nw::Options options = options_of(strategy, incremental, false);
    nw::Solver solver(*model, options);
    std::vector<std::vector<nw::Decision>> parts;
    {
        py::gil_scoped_release release;
        solver.restrict(decisions);
        parts = solver.split(depth);
    }
    std::vector<PyPath> out;
    for (const auto& p : parts) out.push_back(path_of(p));
    return py::make_tuple(out, stats_dict(solver.counters(), 0.0, StopReason::none, false));
}

// Resumable enumeration: each __next__ runs the search (GIL released) up to the next solution.
class Iterator {
public:
    Iterator(ModelPtr model, const PyPath& path, const py::object& time_limit, const py::object& node_limit,
             const std::string& strategy, bool incremental, bool profile)
        : model_(std::move(model)), profile_(profile),
          ps_(std::make_unique<PythonSearch>(time_limit, node_limit)),
          solver_(std::make_unique<nw::Solver>(*model_, options_of(strategy, incremental, profile))) {
        solver_->restrict(decisions_of(*model_, path));
    }

    py::object next() {
        bool found;
        {
            py::gil_scoped_release release;
            found = solver_->next(ps_->control);
        }
        ps_->rethrow_if_interrupted();
        if (!found) throw py::stop_iteration();
        return py::cast(solver_->lows());
    }

    py::dict stats() const {
        return stats_dict(solver_->counters(), ps_->control.elapsed(), ps_->control.reason(), profile_);
    }
    bool complete() const { return solver_->exhausted(); }

private:
    ModelPtr model_;
    bool profile_;
    std::unique_ptr<PythonSearch> ps_;
    std::unique_ptr<nw::Solver> solver_;
};

}  // namespace

void register_narrowing(py::module_& m) {
    py::class_<nw::Model, ModelPtr>(m, "Model", "Integer interval constraint model (internal; use cassetete.narrowing)")
        .def(py::init<>())
        .def("add_var", [](nw::Model& self, int64_t lo, int64_t hi) { return guarded([&] { return self.add_var(lo, hi); }); },
             py::arg("lo"), py::arg("hi"))
        .def("add_product",
             [](nw::Model& self, int x, int64_t a, int y) { return guarded([&] { return self.add_product(x, a, y); }); },
             py::arg("x"), py::arg("a"), py::arg("y"))
        .def("add_sum",
             [](nw::Model& self, int x, const std::vector<int>& ys) { return guarded([&] { return self.add_sum(x, ys); }); },
             py::arg("x"), py::arg("ys"))
        .def("add_all_different",
             [](nw::Model& self, const std::vector<int>& xs, const std::string& algorithm) {
                 return guarded([&] { return self.add_all_different(xs, algorithm_of(algorithm)); });
             },
             py::arg("xs"), py::arg("algorithm") = "sort")
        .def("add_class",
             [](nw::Model& self, const std::vector<int>& vars, int dim, const std::vector<int64_t>& offsets,
                bool translated) { return guarded([&] { return self.add_class(vars, dim, offsets, translated); }); },
             py::arg("vars"), py::arg("dim"), py::arg("offsets"), py::arg("translated") = false)
        .def("add_placement",
             [](nw::Model& self, const std::vector<int>& vars, const std::vector<int>& cells,
                const std::vector<int64_t>& box, const std::vector<int64_t>& offsets,
                const std::vector<int>& all_cells, const std::string& cells_mode) {
                 nw::PlacementCells mode;
                 if (cells_mode == "exact") mode = nw::PlacementCells::exact;
                 else if (cells_mode == "coordinates") mode = nw::PlacementCells::coordinates;
                 else if (cells_mode == "bounds-in") mode = nw::PlacementCells::bounds_in;
                 else if (cells_mode == "placed") mode = nw::PlacementCells::placed;
                 else throw InputError("unknown placement cells mode '" + cells_mode +
                                       "'; expected one of: exact, coordinates, bounds-in, placed");
                 return guarded([&] { return self.add_placement(vars, cells, box, offsets, all_cells, mode); });
             },
             py::arg("vars"), py::arg("cells"), py::arg("box"), py::arg("offsets"), py::arg("all_cells"),
             py::arg("cells_mode") = "exact")
        .def("set_branching",
             [](nw::Model& self, const std::vector<int>& vars) { guarded([&] { self.set_branching(vars); return 0; }); },
             py::arg("vars"))
        .def_property_readonly("vars", &nw::Model::vars)
        .def_property_readonly("constraints", [](const nw::Model& self) { return self.constraints().size(); });
    m.def("propagate", &propagate, py::arg("model"), py::arg("path"), py::arg("strategy") = "smallest-min",
          py::arg("incremental") = true, py::arg("profile") = false,
          "Narrow to the fixpoint without search: (ok, lows, highs, stats).");
    m.def("count", &count, py::arg("model"), py::arg("paths"), py::arg("limit") = 0,
          py::arg("time_limit") = py::none(), py::arg("node_limit") = py::none(), py::arg("strategy") = "smallest-min",
          py::arg("incremental") = true, py::arg("profile") = false, py::arg("careful") = true,
          "Count the solutions of the subproblems (GIL released): (count, complete, stats).");
    m.def("first", &first, py::arg("model"), py::arg("path"), py::arg("time_limit") = py::none(),
          py::arg("node_limit") = py::none(), py::arg("strategy") = "smallest-min",
          py::arg("incremental") = true, py::arg("profile") = false,
          "First solution: (status, values or None, stats).");
    m.def("split", &split, py::arg("model"), py::arg("path"), py::arg("depth"),
          py::arg("strategy") = "smallest-min", py::arg("incremental") = true,
          "Paths of the live nodes `depth` cuts below the subproblem: (paths, stats).");
    py::class_<Iterator>(m, "Iterator")
        .def(py::init<ModelPtr, const PyPath&, const py::object&, const py::object&, const std::string&, bool, bool>(),
             py::arg("model"), py::arg("path"), py::arg("time_limit") = py::none(), py::arg("node_limit") = py::none(),
             py::arg("strategy") = "smallest-min", py::arg("incremental") = true, py::arg("profile") = false)
        .def("__iter__", [](Iterator& self) -> Iterator& { return self; })
        .def("__next__", &Iterator::next)
        .def("stats", &Iterator::stats)
        .def_property_readonly("complete", &Iterator::complete);
}

}  // namespace cassetete::bind
