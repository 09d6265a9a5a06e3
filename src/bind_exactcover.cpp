// Python glue for the exact cover engine (cpp/exactcover): a problem object, counting, first
// solution, split into subproblems, and a resumable solution iterator. GIL released in searches.
#include <algorithm>
#include <memory>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "exactcover/bitboard.hpp"
#include "exactcover/problem.hpp"
#include "exactcover/search.hpp"

namespace cassetete::bind {

namespace ec = cassetete::exactcover;
using ProblemPtr = std::shared_ptr<ec::Problem>;

namespace {

ProblemPtr make_problem(int primary, int secondary) {
    try {
        return std::make_shared<ec::Problem>(primary, secondary);
    } catch (const ec::ProblemError& e) {
        throw InputError(e.what());
    }
}

void add_options_csr(ec::Problem& problem, const CArray<int64_t>& starts, const CArray<int64_t>& items) {
    if (starts.ndim() != 1 || items.ndim() != 1) throw InputError("starts and items must be 1-D");
    const auto n = starts.shape(0);
    if (n < 1) throw InputError("starts must hold at least one offset");
    auto s = starts.unchecked<1>();
    auto it = items.unchecked<1>();
    if (s(0) != 0 || s(n - 1) != items.shape(0))
        throw InputError("starts must begin at 0 and end at len(items)");
    std::vector<int> buffer;
    for (py::ssize_t o = 0; o + 1 < n; ++o) {
        if (s(o + 1) < s(o)) throw InputError("starts must not decrease");
        buffer.clear();
        for (int64_t k = s(o); k < s(o + 1); ++k) {
            const int64_t v = it(k);
            if (v < 0 || v >= problem.items_count())
                throw InputError("option " + std::to_string(problem.options()) + ": item " +
                                 std::to_string(v) + " out of range 0.." +
                                 std::to_string(problem.items_count() - 1));
            buffer.push_back(static_cast<int>(v));
        }
        try {
            problem.add_option(buffer);
        } catch (const ec::ProblemError& e) {
            throw InputError(e.what());
        }
    }
}

std::unique_ptr<ec::Search> make_search(const ec::Problem& problem, const std::vector<int>& prefix) {
    auto search = std::make_unique<ec::Search>(problem);
    try {
        search->apply_prefix(prefix);
    } catch (const ec::ProblemError& e) {
        throw InputError(e.what());
    }
    return search;
}

SearchStats stats_of(const ec::Search& search, double seconds) {
    SearchStats stats;
    stats.nodes = search.nodes();
    stats.seconds = seconds;
    stats.add("updates", search.updates());
    return stats;
}

// Weights multiply each subproblem's count (orbit sizes when counting all copies from
// symmetry-broken subproblems); none = 1 each. They exclude a count limit.
void check_weights(size_t prefixes, const std::vector<uint64_t>& weights, uint64_t limit) {
    if (weights.empty()) return;
    if (weights.size() != prefixes)
        throw InputError("weights: " + std::to_string(weights.size()) + " given for " + std::to_string(prefixes) +
                         " prefixes");
    if (limit != 0) throw InputError("weights and a count limit cannot be combined");
}

// count(problem, prefixes, limit, time_limit, node_limit, weights) -> (count, complete, stats)
py::tuple count_prefixes(const ProblemPtr& problem, const std::vector<std::vector<int>>& prefixes,
                         uint64_t limit, const py::object& time_limit, const py::object& node_limit,
                         const std::vector<uint64_t>& weights) {
    check_weights(prefixes.size(), weights, limit);
    PythonSearch ps(time_limit, node_limit);
    uint64_t total = 0;
    SearchStats stats;
    stats.add("updates", 0);
    bool complete = true;
    {
        std::vector<std::unique_ptr<ec::Search>> searches;
        for (const auto& prefix : prefixes) searches.push_back(make_search(*problem, prefix));
        py::gil_scoped_release release;
        for (size_t i = 0; i < searches.size(); ++i) {
            auto& search = searches[i];
            const uint64_t want = limit == 0 ? 0 : limit - total;
            total += search->count(ps.control, want) * (weights.empty() ? 1 : weights[i]);
            SearchStats one = stats_of(*search, 0.0);
            stats.merge(one);
            if (!search->exhausted()) {
                complete = limit != 0 && total >= limit && !ps.control.stopped();
                break;
            }
            search.reset();
        }
        stats.seconds = ps.control.elapsed();
    }
    ps.rethrow_if_interrupted();
    return py::make_tuple(total, complete, stats_to_dict(stats, ps.control.reason()));
}

// first(problem, prefix, time_limit, node_limit) -> (status, options or None, stats)
py::tuple first_solution(const ProblemPtr& problem, const std::vector<int>& prefix,
                         const py::object& time_limit, const py::object& node_limit) {
    PythonSearch ps(time_limit, node_limit);
    auto search = make_search(*problem, prefix);
    bool found;
    {
        py::gil_scoped_release release;
        found = search->next(ps.control);
    }
    ps.rethrow_if_interrupted();
    SearchStats stats = stats_of(*search, ps.control.elapsed());
    py::object solution = py::none();
    if (found) solution = py::cast(search->solution());
    return py::make_tuple(status_name(ps.control.status(found)), solution,
                          stats_to_dict(stats, ps.control.reason()));
}

std::vector<std::vector<int>> split_problem(const ProblemPtr& problem, const std::vector<int>& prefix,
                                            int depth) {
    auto search = make_search(*problem, prefix);
    try {
        py::gil_scoped_release release;
        return search->split(depth);
    } catch (const ec::ProblemError& e) {
        throw InputError(e.what());
    }
}

// A resumable enumeration: each __next__ runs the search (GIL released) up to the next solution.
class SolutionIterator {
public:
    SolutionIterator(ProblemPtr problem, const std::vector<int>& prefix, const py::object& time_limit,
                     const py::object& node_limit)
        : problem_(std::move(problem)), ps_(std::make_unique<PythonSearch>(time_limit, node_limit)),
          search_(make_search(*problem_, prefix)) {}

    py::object next() {
        bool found;
        {
            py::gil_scoped_release release;
            found = search_->next(ps_->control);
        }
        ps_->rethrow_if_interrupted();
        if (!found) throw py::stop_iteration();
        return py::cast(search_->solution());
    }

    py::dict stats() const {
        return stats_to_dict(stats_of(*search_, ps_->control.elapsed()), ps_->control.reason());
    }
    bool complete() const { return search_->exhausted(); }

private:
    ProblemPtr problem_;
    std::unique_ptr<PythonSearch> ps_;
    std::unique_ptr<ec::Search> search_;
};

using PackerPtr = std::shared_ptr<ec::BitboardPacker>;

PackerPtr make_packer(uint64_t full, int pieces, const CArray<int64_t>& piece_of, const CArray<uint64_t>& masks) {
    if (piece_of.ndim() != 1 || masks.ndim() != 1 || piece_of.shape(0) != masks.shape(0))
        throw InputError("piece_of and masks must be 1-D arrays of the same length");
    try {
        auto packer = std::make_shared<ec::BitboardPacker>(full, pieces);
        auto p = piece_of.unchecked<1>();
        auto m = masks.unchecked<1>();
        for (py::ssize_t k = 0; k < piece_of.shape(0); ++k) {
            if (p(k) < 0 || p(k) >= pieces) throw InputError("placement " + std::to_string(k) + ": piece out of range");
            packer->add(static_cast<int>(p(k)), m(k));
        }
        packer->finish();
        return packer;
    } catch (const ec::ProblemError& e) {
        throw InputError(e.what());
    }
}

// bitboard_count(packer, prefixes, limit, time_limit, node_limit, weights) -> (count, complete, stats)
py::tuple bitboard_count(const PackerPtr& packer, const std::vector<std::vector<int>>& prefixes, uint64_t limit,
                         const py::object& time_limit, const py::object& node_limit,
                         const std::vector<uint64_t>& weights) {
    check_weights(prefixes.size(), weights, limit);
    PythonSearch ps(time_limit, node_limit);
    uint64_t total = 0, nodes = 0;
    bool complete = true;
    try {
        py::gil_scoped_release release;
        for (size_t i = 0; i < prefixes.size(); ++i) {
            ec::BitboardPacker::Run run{&ps.control, limit == 0 ? 0 : limit - total};
            packer->count(prefixes[i], run);
            total += run.found * (weights.empty() ? 1 : weights[i]);
            nodes += run.nodes;
            if (run.stop) {
                complete = limit != 0 && total >= limit && !ps.control.stopped();
                break;
            }
        }
    } catch (const ec::ProblemError& e) {
        throw InputError(e.what());
    }
    ps.rethrow_if_interrupted();
    SearchStats stats;
    stats.nodes = nodes;
    stats.seconds = ps.control.elapsed();
    return py::make_tuple(total, complete, stats_to_dict(stats, ps.control.reason()));
}

// bitboard_solutions(packer, prefix, limit, time_limit, node_limit) -> (array (n, pieces), complete, stats)
py::tuple bitboard_solutions(const PackerPtr& packer, const std::vector<int>& prefix, uint64_t limit,
                             int pieces, const py::object& time_limit, const py::object& node_limit) {
    PythonSearch ps(time_limit, node_limit);
    std::vector<int> flat;
    ec::BitboardPacker::Run run{&ps.control, limit};
    run.sink = &flat;
    try {
        py::gil_scoped_release release;
        packer->count(prefix, run);
    } catch (const ec::ProblemError& e) {
        throw InputError(e.what());
    }
    ps.rethrow_if_interrupted();
    const py::ssize_t width = pieces > 0 ? pieces : 1;
    py::array_t<int32_t> out({static_cast<py::ssize_t>(flat.size()) / width, width});
    std::copy(flat.begin(), flat.end(), out.mutable_data());
    SearchStats stats;
    stats.nodes = run.nodes;
    stats.seconds = ps.control.elapsed();
    const bool complete = !run.stop || (limit != 0 && run.found >= limit && !ps.control.stopped());
    return py::make_tuple(out, complete, stats_to_dict(stats, ps.control.reason()));
}

}  // namespace

void register_exactcover(py::module_& m) {
    py::class_<ec::Problem, ProblemPtr>(m, "Problem",
                                        "Exact cover matrix (internal; use cassetete.exactcover)")
        .def(py::init(&make_problem), py::arg("primary"), py::arg("secondary") = 0)
        .def("add_options_csr", &add_options_csr, py::arg("starts"), py::arg("items"),
             "Append options given as CSR offsets and item indices.")
        .def_property_readonly("primary", &ec::Problem::primary)
        .def_property_readonly("secondary", &ec::Problem::secondary)
        .def_property_readonly("options", &ec::Problem::options);
    m.def("count", &count_prefixes, py::arg("problem"), py::arg("prefixes"),
          py::arg("limit") = 0, py::arg("time_limit") = py::none(), py::arg("node_limit") = py::none(),
          py::arg("weights") = std::vector<uint64_t>{},
          "Count the solutions of the subproblems (GIL released); returns (count, complete, stats).");
    m.def("first", &first_solution, py::arg("problem"), py::arg("prefix"),
          py::arg("time_limit") = py::none(), py::arg("node_limit") = py::none(),
          "First solution: (status, option list or None, stats).");
    m.def("split", &split_problem, py::arg("problem"), py::arg("prefix"), py::arg("depth"),
          "Option prefixes of the live branches down to `depth`.");
    py::class_<ec::BitboardPacker, PackerPtr>(m, "BitboardPacker",
                                               "Packing counter on 64-bit boards (internal)")
        .def(py::init(&make_packer), py::arg("full"), py::arg("pieces"), py::arg("piece_of"), py::arg("masks"))
        .def_property_readonly("placements", &ec::BitboardPacker::placements)
        .def(
            "set_neighbours",
            [](ec::BitboardPacker& self, const std::vector<int>& shifts, const std::vector<uint64_t>& masks) {
                try {
                    self.set_neighbours(shifts, masks);
                } catch (const ec::ProblemError& e) {
                    throw InputError(e.what());
                }
            },
            py::arg("shifts"), py::arg("masks"), "Enable dead-cell pruning (pieces of 2+ cells).")
        .def("set_simd", &ec::BitboardPacker::set_simd, py::arg("on"),
             "Let the 'fewest' rule use AVX2 when the CPU has it (default on)")
        .def("set_min_remaining", &ec::BitboardPacker::set_min_remaining, py::arg("on"),
             "Branch on the cell or piece with the fewest placements left (Algorithm X's rule).");
    m.def("bitboard_count", &bitboard_count, py::arg("packer"), py::arg("prefixes"), py::arg("limit") = 0,
          py::arg("time_limit") = py::none(), py::arg("node_limit") = py::none(),
          py::arg("weights") = std::vector<uint64_t>{},
          "Count packings containing each prefix (GIL released); returns (count, complete, stats).");
    m.def("bitboard_solutions", &bitboard_solutions, py::arg("packer"), py::arg("prefix"), py::arg("limit"),
          py::arg("pieces"), py::arg("time_limit") = py::none(), py::arg("node_limit") = py::none(),
          "Packings containing the prefix, as rows of placement indices (GIL released).");
    py::class_<SolutionIterator>(m, "Iterator")
        .def(py::init<ProblemPtr, const std::vector<int>&, const py::object&, const py::object&>(),
             py::arg("problem"), py::arg("prefix"), py::arg("time_limit") = py::none(),
             py::arg("node_limit") = py::none())
        .def("__iter__", [](SolutionIterator& self) -> SolutionIterator& { return self; })
        .def("__next__", &SolutionIterator::next)
        .def("stats", &SolutionIterator::stats)
        .def_property_readonly("complete", &SolutionIterator::complete);
}

}  // namespace cassetete::bind
