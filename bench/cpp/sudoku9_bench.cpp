// Bench driver for the dedicated 9x9 Sudoku solver (cassetete::sudoku::nine, sudoku9.hpp: the variant this CPU runs, or CASSETETE_SIMD).
//
// usage: sudoku9_bench FILE [--max N] [--reps R] [--verify-count N] [--expect-multiple]
//
// Reads 81-character puzzles (one per line, '.' or '0' empty; '#' comment lines and blank lines
// skipped), solves them all in file order with limit 1 (first solution) and limit 2
// (uniqueness), and prints the thread CPU time per puzzle (CLOCK_THREAD_CPUTIME_ID, measured
// around the whole loop) and the guesses per puzzle. Every solution is checked afterwards, out
// of the timed loop, by the rules checker below (rows, columns and boxes are permutations of
// 1..9, clues kept). For limit 2, puzzles reported with 2 solutions get both solutions
// collected and checked (valid and distinct), and the first N puzzles (--verify-count) get
// their count compared with an independent plain backtracking counter written here.
#include <time.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
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


double thread_seconds() {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr,
                     "usage: %s FILE [--max N] [--reps R] [--verify-count N] [--expect-multiple]\n",
                     argv[0]);
        return 2;
    }
    size_t max_n = SIZE_MAX;
    int reps = 1;
    size_t verify_n = 0;
    bool expect_multiple = false;
    for (int a = 2; a < argc; ++a) {
        if (!std::strcmp(argv[a], "--max") && a + 1 < argc) max_n = std::strtoull(argv[++a], nullptr, 10);
        else if (!std::strcmp(argv[a], "--reps") && a + 1 < argc) reps = std::atoi(argv[++a]);
        else if (!std::strcmp(argv[a], "--verify-count") && a + 1 < argc) verify_n = std::strtoull(argv[++a], nullptr, 10);
        else if (!std::strcmp(argv[a], "--expect-multiple")) expect_multiple = true;
        else { std::fprintf(stderr, "unknown argument %s\n", argv[a]); return 2; }
    }
    std::ifstream in(argv[1]);
    if (!in) { std::fprintf(stderr, "cannot open %s\n", argv[1]); return 2; }
    std::vector<uint8_t> puzzles;
    std::string line;
    size_t lineno = 0;
    while (std::getline(in, line) && puzzles.size() / 81 < max_n) {
        ++lineno;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        if (line.size() < 81) { std::fprintf(stderr, "line %zu: short line\n", lineno); return 2; }
        for (int i = 0; i < 81; ++i) {
            char ch = line[i];
            if (ch == '.' || ch == '0') puzzles.push_back(0);
            else if (ch >= '1' && ch <= '9') puzzles.push_back(static_cast<uint8_t>(ch - '0'));
            else { std::fprintf(stderr, "line %zu: bad character '%c'\n", lineno, ch); return 2; }
        }
    }
    const size_t n = puzzles.size() / 81;
    std::printf("%s: %zu puzzles, 9x9 engine variant %s (%s kernel)\n", argv[1], n,
                cassetete::simd_name(nine::simd_selected()), nine::kernel_name(nine::simd_selected()));
    std::vector<uint8_t> sols(n * 81);
    std::vector<uint64_t> counts(n);
    int failures = 0;

    for (uint64_t limit : {1ull, 2ull}) {
        double best = 1e300;
        uint64_t guesses = 0;
        for (int rep = 0; rep < reps; ++rep) {
            guesses = 0;
            double t0 = thread_seconds();
            for (size_t k = 0; k < n; ++k) {
                uint64_t g = 0;
                counts[k] = solve9(&puzzles[81 * k], limit, &sols[81 * k], nullptr, &g);
                guesses += g;
            }
            double t = thread_seconds() - t0;
            if (t < best) best = t;
        }
        // Checks, out of the timed loop.
        size_t hist[3] = {0, 0, 0};
        for (size_t k = 0; k < n; ++k) {
            const uint8_t* p = &puzzles[81 * k];
            hist[counts[k] > 2 ? 2 : counts[k]]++;
            if (counts[k] > limit) { std::printf("FAIL puzzle %zu: count %llu over limit\n", k, (unsigned long long)counts[k]); ++failures; }
            if (counts[k] >= 1 && !valid_solution(p, &sols[81 * k])) {
                std::printf("FAIL puzzle %zu: invalid solution\n", k); ++failures;
            }
            if (limit == 2 && counts[k] == 2) {
                std::vector<uint8_t> both;
                std::function<bool(const uint8_t*)> cb = [&](const uint8_t* s) {
                    both.insert(both.end(), s, s + 81);
                    return true;
                };
                uint64_t c2 = solve9(p, 2, nullptr, nullptr, nullptr, &cb);
                if (c2 != 2 || both.size() != 162 || !valid_solution(p, both.data()) ||
                    !valid_solution(p, both.data() + 81) ||
                    std::memcmp(both.data(), both.data() + 81, 81) == 0) {
                    std::printf("FAIL puzzle %zu: the two solutions are not valid and distinct\n", k);
                    ++failures;
                }
            }
            if (limit == 2 && expect_multiple && counts[k] != 2) {
                std::printf("FAIL puzzle %zu: expected 2+ solutions, got %llu\n", k, (unsigned long long)counts[k]);
                ++failures;
            }
            if (limit == 2 && k < verify_n) {
                RefCounter rc;
                uint64_t ref = rc.load(p) ? (rc.run(), rc.count) : 0;
                if (ref != counts[k]) {
                    std::printf("FAIL puzzle %zu: count %llu, reference counter %llu\n", k,
                                (unsigned long long)counts[k], (unsigned long long)ref);
                    ++failures;
                }
            }
        }
        std::printf("  limit %llu: %8.2f us/puzzle  %7.2f guesses/puzzle  counts 0:%zu 1:%zu 2:%zu\n",
                    (unsigned long long)limit, best * 1e6 / n, double(guesses) / n, hist[0], hist[1],
                    hist[2]);
    }
    std::printf("%s\n", failures ? "FAILED" : "all checks passed");
    return failures ? 1 : 0;
}
