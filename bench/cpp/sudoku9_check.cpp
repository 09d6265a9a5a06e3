// Counting and control checks for the dedicated 9x9 solver (cassetete::sudoku::nine, sudoku9.hpp: the variant this CPU runs, or CASSETETE_SIMD).
//
// usage: sudoku9_check [TRIALS]
//
// * the empty grid with limit 1000 gives 1000 valid, distinct solutions (and quickly);
// * a node limit / time limit on the empty grid without a count limit stops the search;
// * a solution callback returning false stops the search (the count includes it);
// * clashing clues give 0; a consistent but unsolvable grid gives 0; a full grid gives 1;
// * exact counts (no limit) of grids with 30..58 cells blanked at random (seeded) agree with
//   the independent backtracking counter of sudoku9_reference.hpp, and limit 1 / 2 agree with
//   min(count, limit).
#include <time.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "sudoku/sudoku9.hpp"
#include "sudoku9_reference.hpp"

using sudoku9_reference::RefCounter;
using sudoku9_reference::valid_solution;

namespace {

namespace nine = cassetete::sudoku::nine;

// The engine's entry point with a std::function callback, as these checks write it.
uint64_t solve9(const uint8_t* cells, uint64_t limit, uint8_t* solution,
                cassetete::SearchControl* control = nullptr, uint64_t* guesses = nullptr,
                std::function<bool(const uint8_t*)>* on_solution = nullptr) {
    nine::Emit emit{[](void* c, const uint8_t* g) { return (*static_cast<std::function<bool(const uint8_t*)>*>(c))(g); },
                    on_solution};
    return nine::solve(cells, limit, solution, control, guesses, on_solution ? &emit : nullptr);
}

int failures = 0;
void expect(bool ok, const std::string& what) {
    std::printf("%s %s\n", ok ? "ok  " : "FAIL", what.c_str());
    if (!ok) ++failures;
}
double thread_seconds() {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}
}  // namespace

int main(int argc, char** argv) {
    const int trials = argc > 1 ? std::atoi(argv[1]) : 300;
    uint8_t empty[81] = {};

    // 1. The empty grid, limit 1000.
    std::vector<std::string> seen;
    bool all_valid = true;
    std::function<bool(const uint8_t*)> collect = [&](const uint8_t* s) {
        all_valid = all_valid && valid_solution(empty, s);
        seen.emplace_back(reinterpret_cast<const char*>(s), 81);
        return true;
    };
    double t0 = thread_seconds();
    uint64_t c = solve9(empty, 1000, nullptr, nullptr, nullptr, &collect);
    double t = thread_seconds() - t0;
    std::sort(seen.begin(), seen.end());
    bool distinct = std::unique(seen.begin(), seen.end()) == seen.end();
    expect(c == 1000 && seen.size() == 1000 && all_valid && distinct,
           "empty grid, limit 1000: " + std::to_string(c) + " valid distinct solutions in " +
               std::to_string(t * 1e3) + " ms");

    // 2. Node limit and time limit, no count limit.
    {
        cassetete::SearchLimits lim;
        lim.node_limit = 5000;
        cassetete::SearchControl ctl(lim, nullptr, nullptr, 64);
        uint64_t n = solve9(empty, 0, nullptr, &ctl);
        expect(ctl.reason() == cassetete::StopReason::node_limit && ctl.nodes() <= 5000 + 64 + 1,
               "empty grid, node limit 5000: stopped after " + std::to_string(ctl.nodes()) +
                   " nodes with " + std::to_string(n) + " solutions counted");
    }
    {
        cassetete::SearchLimits lim;
        lim.time_limit = 0.05;
        cassetete::SearchControl ctl(lim);
        double w0 = thread_seconds();
        uint64_t n = solve9(empty, 0, nullptr, &ctl);
        double w = thread_seconds() - w0;
        expect(ctl.reason() == cassetete::StopReason::time_limit && w < 1.0,
               "empty grid, time limit 0.05 s: stopped after " + std::to_string(w) + " s, " +
                   std::to_string(n) + " solutions counted");
    }

    // 3. A callback that stops the search.
    {
        int calls = 0;
        std::function<bool(const uint8_t*)> stop7 = [&](const uint8_t*) { return ++calls < 7; };
        uint64_t n = solve9(empty, 0, nullptr, nullptr, nullptr, &stop7);
        expect(n == 7 && calls == 7, "callback returning false at the 7th solution: count " + std::to_string(n));
    }

    // 4. Bad or unsolvable grids.
    uint8_t full[81];
    expect(solve9(empty, 1, full) == 1 && valid_solution(empty, full), "first solution of the empty grid is valid");
    {
        uint8_t g[81] = {};
        g[0] = 5; g[8] = 5;
        expect(solve9(g, 2, nullptr) == 0, "duplicate clue in a row gives 0");
        std::memset(g, 0, 81); g[4] = 3; g[76] = 3;
        expect(solve9(g, 2, nullptr) == 0, "duplicate clue in a column gives 0");
        std::memset(g, 0, 81); g[0] = 9; g[20] = 9;
        expect(solve9(g, 2, nullptr) == 0, "duplicate clue in a box gives 0");
        // Row 0 holds 1..8, so its last cell needs 9, but column 8 already has a 9.
        std::memset(g, 0, 81);
        for (int k = 0; k < 8; ++k) g[k] = static_cast<uint8_t>(k + 1);
        g[9 * 5 + 8] = 9;
        RefCounter rc;
        rc.load(g);
        rc.run();
        expect(solve9(g, 2, nullptr) == 0 && rc.count == 0, "consistent clues without a solution give 0");
        uint8_t s[81];
        expect(solve9(full, 2, s) == 1 && std::memcmp(s, full, 81) == 0, "a full valid grid gives 1 (itself)");
        std::memcpy(g, full, 81);
        std::swap(g[0], g[1]);
        expect(solve9(g, 2, nullptr) == 0, "a full grid with two cells swapped gives 0");
    }

    // 5. Exact counts against the reference counter.
    {
        std::mt19937 rng(12345);
        int agree = 0;
        uint64_t total = 0;
        for (int tr = 0; tr < trials; ++tr) {
            // A random full grid: solve a grid with a few random consistent clues.
            uint8_t base[81] = {};
            std::vector<int> cells(81);
            for (int i = 0; i < 81; ++i) cells[i] = i;
            std::shuffle(cells.begin(), cells.end(), rng);
            for (int k = 0; k < 11; ++k) {
                base[cells[k]] = static_cast<uint8_t>(1 + rng() % 9);
                if (solve9(base, 1, nullptr) == 0) base[cells[k]] = 0;
            }
            uint8_t grid[81];
            if (solve9(base, 1, grid) != 1) continue;
            std::shuffle(cells.begin(), cells.end(), rng);
            const int blanks = 30 + static_cast<int>(rng() % 29);
            uint8_t p[81];
            std::memcpy(p, grid, 81);
            for (int k = 0; k < blanks; ++k) p[cells[k]] = 0;
            RefCounter rc;
            rc.limit = 0;
            rc.load(p);
            rc.run();
            uint64_t n0 = solve9(p, 0, nullptr);
            uint64_t n1 = solve9(p, 1, nullptr);
            uint64_t n2 = solve9(p, 2, nullptr);
            bool ok = n0 == rc.count && n1 == std::min<uint64_t>(rc.count, 1) &&
                      n2 == std::min<uint64_t>(rc.count, 2);
            if (!ok)
                std::printf("  trial %d (%d blanks): fast9 %llu/%llu/%llu, reference %llu\n", tr, blanks,
                            (unsigned long long)n0, (unsigned long long)n1, (unsigned long long)n2,
                            (unsigned long long)rc.count);
            agree += ok;
            total += rc.count;
        }
        expect(agree == trials, std::to_string(agree) + "/" + std::to_string(trials) +
                                    " random grids: exact counts agree with the reference (" +
                                    std::to_string(total) + " solutions in all)");
    }
    std::printf("%s\n", failures ? "FAILED" : "all checks passed");
    return failures ? 1 : 0;
}
