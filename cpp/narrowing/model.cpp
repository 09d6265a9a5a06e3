#include "narrowing/model.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>

namespace cassetete::narrowing {

namespace {

using Wide = __int128;
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

Wide magnitude(int64_t lo, int64_t hi) {
    Wide a = lo < 0 ? -static_cast<Wide>(lo) : static_cast<Wide>(lo);
    Wide b = hi < 0 ? -static_cast<Wide>(hi) : static_cast<Wide>(hi);
    return a > b ? a : b;
}

std::string constraint_label(Kind kind, size_t index) {
    return std::string(kind_name(kind)) + " constraint " + std::to_string(index);
}

void check_distinct(const std::vector<int>& vars, const std::string& where) {
    std::vector<int> sorted(vars);
    std::sort(sorted.begin(), sorted.end());
    auto dup = std::adjacent_find(sorted.begin(), sorted.end());
    if (dup != sorted.end())
        throw ModelError(where + ": variable " + std::to_string(*dup) +
                         " appears twice (the narrowing formulas need distinct variables)");
}

}  // namespace

const char* kind_name(Kind kind) {
    switch (kind) {
        case Kind::product: return "product";
        case Kind::sum: return "sum";
        case Kind::translated: return "translated";
        case Kind::klass: return "class";
        case Kind::all_different: return "all_different";
        case Kind::placement: return "placement";
    }
    return "?";
}

int kind_priority(Kind kind) {
    switch (kind) {
        case Kind::product: return 0;
        case Kind::sum: return 1;
        case Kind::translated:
        case Kind::klass:
        case Kind::placement: return 2;
        case Kind::all_different: return 3;
    }
    return 3;
}

int Model::add_var(int64_t lo, int64_t hi) {
    if (lo > hi)
        throw ModelError("variable " + std::to_string(vars()) + ": empty domain [" + std::to_string(lo) + ", " +
                         std::to_string(hi) + "]");
    lo_.push_back(lo);
    hi_.push_back(hi);
    return vars() - 1;
}

void Model::check_var(int v, const std::string& where) const {
    if (v < 0 || v >= vars())
        throw ModelError(where + ": unknown variable " + std::to_string(v) + " (the model has " +
                         std::to_string(vars()) + ")");
}

int Model::add_product(int x, int64_t a, int y) {
    const std::string where = constraint_label(Kind::product, constraints_.size());
    check_var(x, where);
    check_var(y, where);
    check_distinct({x, y}, where);
    // a * y must fit in 64 bits over y's whole domain (domains only shrink afterwards).
    if (magnitude(lo_[y], hi_[y]) * magnitude(a, a) > static_cast<Wide>(kMax))
        throw ModelError(where + ": " + std::to_string(a) + " * variable " + std::to_string(y) +
                         " overflows 64-bit integers");
    ConstraintSpec spec{Kind::product, {x, y}};
    spec.a = a;
    constraints_.push_back(std::move(spec));
    return static_cast<int>(constraints_.size()) - 1;
}

int Model::add_sum(int x, const std::vector<int>& ys) {
    const std::string where = constraint_label(Kind::sum, constraints_.size());
    if (ys.empty()) throw ModelError(where + ": needs at least one term");
    std::vector<int> vars{x};
    vars.insert(vars.end(), ys.begin(), ys.end());
    for (int v : vars) check_var(v, where);
    check_distinct(vars, where);
    // Every partial sum and difference of bounds the narrowing forms stays below this total.
    Wide total = 0;
    for (int v : vars) total += magnitude(lo_[v], hi_[v]);
    if (total > static_cast<Wide>(kMax))
        throw ModelError(where + ": the sum of the domains' bounds overflows 64-bit integers");
    constraints_.push_back(ConstraintSpec{Kind::sum, std::move(vars)});
    return static_cast<int>(constraints_.size()) - 1;
}

int Model::add_all_different(const std::vector<int>& xs, AllDifferentAlgorithm algorithm) {
    const std::string where = constraint_label(Kind::all_different, constraints_.size());
    for (int v : xs) {
        check_var(v, where);
        // The bounds algorithms use sentinels a few units beyond the values.
        if (magnitude(lo_[v], hi_[v]) > (static_cast<Wide>(1) << 61))
            throw ModelError(where + ": variable " + std::to_string(v) + " has bounds beyond +-2^61");
    }
    check_distinct(xs, where);
    ConstraintSpec spec{Kind::all_different, xs};
    spec.algorithm = algorithm;
    constraints_.push_back(std::move(spec));
    return static_cast<int>(constraints_.size()) - 1;
}

int Model::add_class(const std::vector<int>& vars, int dim, const std::vector<int64_t>& offsets, bool translated) {
    const Kind kind = translated ? Kind::translated : Kind::klass;
    const std::string where = constraint_label(kind, constraints_.size());
    if (dim < 1 || dim > 8) throw ModelError(where + ": dimension must be 1 to 8");
    if (vars.empty() || vars.size() % static_cast<size_t>(dim) != 0)
        throw ModelError(where + ": " + std::to_string(vars.size()) + " variables do not make points of dimension " +
                         std::to_string(dim));
    const int points = static_cast<int>(vars.size()) / dim;
    const size_t block = vars.size();
    if (offsets.empty() || offsets.size() % block != 0)
        throw ModelError(where + ": offsets must hold whole orientations of " + std::to_string(points) + " points");
    if (translated && offsets.size() != block)
        throw ModelError(where + ": a translated constraint has exactly one orientation");
    if (offsets.size() / block > 64) throw ModelError(where + ": at most 64 orientations");
    for (int v : vars) {
        check_var(v, where);
        if (magnitude(lo_[v], hi_[v]) > (static_cast<Wide>(1) << 61))
            throw ModelError(where + ": variable " + std::to_string(v) + " has bounds beyond +-2^61");
    }
    check_distinct(vars, where);
    for (size_t k = 0; k < offsets.size() / block; ++k) {
        const int64_t* o = offsets.data() + k * block;
        for (size_t i = 0; i < block; ++i)
            if (std::llabs(o[i]) > (int64_t(1) << 60))
                throw ModelError(where + ": offset beyond +-2^60 in orientation " + std::to_string(k));
        for (int p = 1; p < points; ++p) {
            if (!std::lexicographical_compare(o + (p - 1) * dim, o + p * dim, o + p * dim, o + (p + 1) * dim))
                throw ModelError(where + ": orientation " + std::to_string(k) +
                                 " must list distinct points in lexicographic order");
        }
    }
    ConstraintSpec spec{kind, vars};
    spec.dim = dim;
    spec.points = points;
    spec.offsets = offsets;
    constraints_.push_back(std::move(spec));
    return static_cast<int>(constraints_.size()) - 1;
}

int Model::add_placement(const std::vector<int>& vars, const std::vector<int>& cells, const std::vector<int64_t>& box,
                         const std::vector<int64_t>& offsets, const std::vector<int>& all_cells,
                         PlacementCells cells_mode) {
    const std::string where = constraint_label(Kind::placement, constraints_.size());
    const int dim = static_cast<int>(box.size());
    if (dim < 1 || dim > 3) throw ModelError(where + ": the box must have 1 to 3 sizes");
    int64_t volume = 1;
    for (int64_t size : box) {
        if (size < 1 || size > 64) throw ModelError(where + ": box sizes must be 1 to 64");
        volume *= size;
    }
    if (volume > 64) throw ModelError(where + ": the box must have at most 64 cells");
    if (cells.empty() || vars.size() != cells.size() * static_cast<size_t>(dim))
        throw ModelError(where + ": one cell variable and " + std::to_string(dim) + " coordinates per point");
    const int points = static_cast<int>(cells.size());
    const size_t block = vars.size();
    if (offsets.empty() || offsets.size() % block != 0 || offsets.size() / block > 64)
        throw ModelError(where + ": offsets must hold 1 to 64 whole orientations");
    std::vector<int> all(vars);
    all.insert(all.end(), cells.begin(), cells.end());
    for (int v : all) check_var(v, where);
    for (int v : all_cells) {
        check_var(v, where);
        if (lo_[v] < 0 || hi_[v] >= volume)
            throw ModelError(where + ": cell variable " + std::to_string(v) + " must lie in [0, " +
                             std::to_string(volume - 1) + "]");
    }
    check_distinct(all, where);
    for (size_t k = 0; k < offsets.size() / block; ++k) {
        const int64_t* o = offsets.data() + k * block;
        for (size_t i = 0; i < block; ++i)
            if (o[i] < 0 || o[i] >= box[i % dim])
                throw ModelError(where + ": orientation " + std::to_string(k) + " does not fit in the box at the origin");
        for (int p = 1; p < points; ++p)
            if (!std::lexicographical_compare(o + (p - 1) * dim, o + p * dim, o + p * dim, o + (p + 1) * dim))
                throw ModelError(where + ": orientation " + std::to_string(k) +
                                 " must list distinct points in lexicographic order");
    }
    ConstraintSpec spec{Kind::placement, vars};
    spec.dim = dim;
    spec.points = points;
    spec.offsets = offsets;
    spec.box = box;
    spec.cells = cells;
    spec.all_cells = all_cells;
    spec.cells_mode = static_cast<int>(cells_mode);
    constraints_.push_back(std::move(spec));
    return static_cast<int>(constraints_.size()) - 1;
}

void Model::set_branching(const std::vector<int>& vars) {
    for (int v : vars) check_var(v, "branching");
    check_distinct(vars, "branching");
    branching_ = vars;
}

}  // namespace cassetete::narrowing
