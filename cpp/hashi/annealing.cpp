#include "hashi/annealing.hpp"

#include <chrono>
#include <cmath>
#include <utility>

#include "common/rng.hpp"

namespace cassetete::hashi {
namespace {

struct State {
    std::vector<uint8_t> x;      // bridges per edge
    std::vector<int> degree;     // bridges per island
    std::vector<int> on;         // edges in use (indices), with position map
    std::vector<int> pos;        // position of an edge in `on`, -1 when unused
    long long crossings = 0;     // C(V, E)
    long long deviation = 0;     // DeltaW(V, E)
    double energy() const {
        double w = static_cast<double>(deviation);
        return static_cast<double>(crossings) + w * w - static_cast<double>(on.size());
    }
};

bool connected(const Graph& g, const std::vector<uint8_t>& x) {
    int n = g.islands();
    std::vector<char> seen(n, 0);
    std::vector<int> stack{0};
    seen[0] = 1;
    int count = 1;
    while (!stack.empty()) {
        int i = stack.back();
        stack.pop_back();
        for (int e : g.island_edges[i]) {
            if (!x[e]) continue;
            int j = g.edges[e].a == i ? g.edges[e].b : g.edges[e].a;
            if (!seen[j]) {
                seen[j] = 1;
                ++count;
                stack.push_back(j);
            }
        }
    }
    return count == n;
}

}  // namespace

AnnealingResult solve_annealing(const Graph& g, SearchControl& control,
                                const AnnealingOptions& opt) {
    auto start = std::chrono::steady_clock::now();
    Rng rng(opt.seed);
    const int m = static_cast<int>(g.edges.size());
    const int n = g.islands();
    State s;
    s.x.assign(m, 0);
    s.degree.assign(n, 0);
    s.pos.assign(m, -1);
    for (int i = 0; i < n; ++i) s.deviation += static_cast<long long>(g.value[i]) * g.value[i];

    auto square = [](long long v) { return v * v; };
    // Change edge e to value v; returns nothing, updates all aggregates.
    auto set_edge = [&](int e, int v) {
        int old = s.x[e];
        if (old == v) return;
        int a = g.edges[e].a, b = g.edges[e].b;
        for (int i : {a, b}) {
            s.deviation -= square(g.value[i] - s.degree[i]);
            s.degree[i] += v - old;
            s.deviation += square(g.value[i] - s.degree[i]);
        }
        if ((old == 0) != (v == 0)) {
            long long active = 0;
            for (int f : g.crossings[e]) active += s.x[f] != 0;
            if (v == 0) {
                s.crossings -= active;
                int p = s.pos[e], last = s.on.back();
                s.on[p] = last;
                s.pos[last] = p;
                s.on.pop_back();
                s.pos[e] = -1;
            } else {
                s.crossings += active;
                s.pos[e] = static_cast<int>(s.on.size());
                s.on.push_back(e);
            }
        }
        s.x[e] = static_cast<uint8_t>(v);
    };

    const uint64_t round = opt.steps_per_round ? opt.steps_per_round : 2000ULL * m;
    const double t0 = opt.initial_temperature, t1 = opt.final_temperature;
    const double lambda = std::pow(t1 / t0, 1.0 / static_cast<double>(round));
    double temperature = t0;
    double energy = s.energy();
    AnnealingResult result;
    std::vector<uint8_t> best = s.x;  // the lowest energy met: where each round reheats from
    double best_energy = energy;
    // What is returned: the lowest energy among the states without crossings. The paper's energy
    // prices a crossing like one bridge missing, so the lowest-energy state may draw bridges
    // across each other, which no Hashiwokakero board can hold (Rafaralahy's energies; issue 27).
    std::vector<uint8_t> drawable = s.x;
    double drawable_energy = energy;
    uint64_t rounds = 0, accepted = 0, step = 0;
    bool solved = false;
    result.trajectory.emplace_back(0, best_energy);

    while (!control.tick()) {
        // Choose a move: add with probability 1 - used/m, else remove or change (half each).
        int used = static_cast<int>(s.on.size());
        int e, v;
        if (used == 0 || rng.uniform() * m >= used) {
            e = static_cast<int>(rng.below(m));
            if (s.x[e]) {
                v = 3 - s.x[e];
            } else {
                v = 1 + static_cast<int>(rng.below(2));
            }
        } else {
            e = s.on[rng.below(used)];
            v = rng.below(2) ? 0 : 3 - s.x[e];
        }
        int old = s.x[e];
        set_edge(e, v);
        double next = s.energy();
        double delta = next - energy;
        if (delta <= 0 || rng.uniform() < std::exp(-delta / temperature)) {
            energy = next;
            ++accepted;
            if (s.crossings == 0 && s.deviation == 0 && connected(g, s.x)) {
                solved = true;
                drawable = s.x;
                drawable_energy = energy;
                result.trajectory.emplace_back(control.nodes(), energy);
                break;
            }
            if (energy < best_energy) {
                best_energy = energy;
                best = s.x;
                result.trajectory.emplace_back(control.nodes(), best_energy);
            }
            if (s.crossings == 0 && energy < drawable_energy) {
                drawable_energy = energy;
                drawable = s.x;
            }
        } else {
            set_edge(e, old);
        }
        temperature *= lambda;
        if (++step >= round) {  // reheat from the best state found so far
            step = 0;
            ++rounds;
            temperature = t0;
            for (int k = 0; k < m; ++k) set_edge(k, best[k]);
            energy = s.energy();
        }
    }
    result.status = solved ? Status::solved : control.status(false);
    if (result.status == Status::unsatisfiable) result.status = Status::limit;
    result.bridges = std::move(drawable);
    result.best_energy = drawable_energy;
    result.stats.nodes = control.nodes();
    result.stats.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    result.stats.add("accepted", accepted);
    result.stats.add("rounds", rounds);
    return result;
}

}  // namespace cassetete::hashi
