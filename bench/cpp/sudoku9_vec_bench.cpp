// Standalone bench driver for the two kernels of the 9x9 engine (cpp/sudoku/sudoku9.hpp):
// vec9 (issue 28) and fast9, on the same instruction-set variant, and, when built with -DVEC9_WITH_TDOKU and linked against
// a tdoku build made from its public sources (never copied here), tdoku's
// TdokuSolverDpllTriadSimd called through its public entry point.
//
// usage: sudoku9_vec_bench FILE [--max N] [--passes P] [--simd NAME] [--check N] [--no-fast9]
//
// Reads up to N puzzles (81 characters, '.' or '0' empty, '#' and short lines skipped). Each
// pass times, in turn, every solver with limit 1 then limit 2 (thread CPU time around the whole
// loop, file order); the median over the passes is printed with guesses per puzzle and us per
// guess. Out of the timed loops: every vec9 solution is checked with the independent rules
// checker (bench/cpp/sudoku9_reference.hpp), every limit-2 count equals fast9's, and for the
// first --check puzzles the limit-2 count equals the plain backtracking reference counter.
//
// Build (from the repository root):
//   g++ -O3 -std=c++17 -Icpp -Ibench/cpp bench/cpp/sudoku9_vec_bench.cpp cpp/sudoku/vec9*.cpp \
//       cpp/sudoku/fast9*.cpp cpp/common/simd.cpp -o /tmp/vec9_bench
// --simd NAME runs both kernels on that variant (fast9 has no avx512: it then runs its avx2);
// without it, the variant CASSETETE_SIMD names, else the best the CPU has.
//   (add -DVEC9_WITH_TDOKU /tmp/tdoku/build/libtdoku_static.a for the peer)
#include <time.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "sudoku/fast9.hpp"
#include "sudoku/vec9.hpp"
#include "sudoku9_reference.hpp"

#ifdef VEC9_WITH_TDOKU
extern "C" size_t TdokuSolverDpllTriadSimd(const char* input, size_t limit, uint32_t configuration,
                                           char* solution, size_t* num_guesses);
#endif

namespace {

double thread_seconds() {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s FILE [--max N] [--passes P] [--simd NAME] [--check N] [--no-fast9]\n", argv[0]);
        return 2;
    }
    size_t max_n = 20000, check_n = 300;
    int passes = 3;
    bool run_fast9 = true;
    namespace v9 = cassetete::sudoku::vec9;
    namespace f9 = cassetete::sudoku::fast9;
    using cassetete::Simd;
    Simd simd = cassetete::simd_choose(&v9::available);
    for (int a = 2; a < argc; ++a) {
        if (!std::strcmp(argv[a], "--max") && a + 1 < argc) max_n = std::strtoull(argv[++a], nullptr, 10);
        else if (!std::strcmp(argv[a], "--passes") && a + 1 < argc) passes = std::atoi(argv[++a]);
        else if (!std::strcmp(argv[a], "--check") && a + 1 < argc) check_n = std::strtoull(argv[++a], nullptr, 10);
        else if (!std::strcmp(argv[a], "--simd") && a + 1 < argc) {
            if (!cassetete::simd_from_name(argv[++a], simd) || !v9::available(simd)) {
                std::fprintf(stderr, "variant %s not available\n", argv[a]);
                return 2;
            }
        } else if (!std::strcmp(argv[a], "--no-fast9")) run_fast9 = false;
        else { std::fprintf(stderr, "unknown argument %s\n", argv[a]); return 2; }
    }
    std::ifstream in(argv[1]);
    if (!in) { std::fprintf(stderr, "cannot open %s\n", argv[1]); return 2; }
    std::vector<uint8_t> puz;
    std::vector<char> tpuz;  // tdoku's input: 82 bytes per puzzle, NUL at [81]
    std::string line;
    while (std::getline(in, line) && puz.size() / 81 < max_n) {
        if (line.empty() || line[0] == '#' || line.size() < 81) continue;
        for (int i = 0; i < 81; ++i) {
            const char ch = line[i];
            const uint8_t v = (ch >= '1' && ch <= '9') ? uint8_t(ch - '0') : 0;
            puz.push_back(v);
            tpuz.push_back(v ? ch : '.');
        }
        tpuz.push_back('\0');
    }
    const size_t n = puz.size() / 81;
    const Simd simd_f9 = f9::available(simd) ? simd : cassetete::simd_choose(&f9::available);
    std::printf("%s: %zu puzzles, vec9 variant %s, fast9 variant %s\n", argv[1], n, cassetete::simd_name(simd),
                cassetete::simd_name(simd_f9));
    std::vector<uint8_t> sol(81 * n);
    std::vector<uint64_t> cnt(n), cnt_f9(n);
    int failures = 0;
    struct Row { const char* name; int limit; std::vector<double> t; uint64_t guesses = 0, reached = 0; };
    std::vector<Row> rows;
    for (int limit : {1, 2}) {
        rows.push_back({"vec9", limit, {}});
        if (run_fast9) rows.push_back({"fast9", limit, {}});
#ifdef VEC9_WITH_TDOKU
        rows.push_back({"tdoku", limit, {}});
#endif
    }
    for (int pass = 0; pass < passes; ++pass) {
        for (Row& r : rows) {
            uint64_t guesses = 0, reached = 0;
            double t0 = 0, t1 = 0;
            if (!std::strcmp(r.name, "vec9")) {
                t0 = thread_seconds();
                for (size_t k = 0; k < n; ++k) {
                    uint64_t g = 0;
                    cnt[k] = v9::solve_with(simd, &puz[81 * k], r.limit, &sol[81 * k], nullptr, &g);
                    guesses += g;
                    reached += cnt[k] >= uint64_t(r.limit);
                }
                t1 = thread_seconds();
                // Checks, out of the timed loop.
                for (size_t k = 0; k < n; ++k) {
                    if (cnt[k] == 0 || cnt[k] > uint64_t(r.limit)) {
                        if (failures++ < 10) std::printf("FAIL puzzle %zu limit %d: count %llu\n", k, r.limit, (unsigned long long)cnt[k]);
                    } else if (!sudoku9_reference::valid_solution(&puz[81 * k], &sol[81 * k])) {
                        if (failures++ < 10) std::printf("FAIL puzzle %zu limit %d: invalid solution\n", k, r.limit);
                    }
                }
                if (r.limit == 2 && pass == 0) {
                    for (size_t k = 0; k < n; ++k) {
                        uint8_t s2[81];
                        cnt_f9[k] = f9::solve_with(simd_f9, &puz[81 * k], 2, s2);
                        if (cnt_f9[k] != cnt[k] && failures++ < 10)
                            std::printf("FAIL puzzle %zu: vec9 count %llu, fast9 %llu\n", k, (unsigned long long)cnt[k], (unsigned long long)cnt_f9[k]);
                    }
                    for (size_t k = 0; k < n && k < check_n; ++k) {
                        sudoku9_reference::RefCounter rc;
                        const uint64_t ref = rc.load(&puz[81 * k]) ? (rc.run(), rc.count) : 0;
                        if (ref != cnt[k] && failures++ < 10)
                            std::printf("FAIL puzzle %zu: vec9 count %llu, reference %llu\n", k, (unsigned long long)cnt[k], (unsigned long long)ref);
                    }
                }
            } else if (!std::strcmp(r.name, "fast9")) {
                f9::Stats st;
                uint8_t s2[81];
                t0 = thread_seconds();
                for (size_t k = 0; k < n; ++k) {
                    reached += f9::solve_with(simd_f9, &puz[81 * k], r.limit, s2, nullptr, &st) >= uint64_t(r.limit);
                    guesses += st.guesses;
                }
                t1 = thread_seconds();
            }
#ifdef VEC9_WITH_TDOKU
            else {
                char s2[82];
                t0 = thread_seconds();
                for (size_t k = 0; k < n; ++k) {
                    size_t g = 0;
                    reached += TdokuSolverDpllTriadSimd(&tpuz[82 * k], r.limit, 0, s2, &g) >= size_t(r.limit);
                    guesses += g;
                }
                t1 = thread_seconds();
            }
#endif
            r.t.push_back(1e6 * (t1 - t0) / double(n));
            r.guesses = guesses;
            r.reached = reached;
        }
    }
    std::printf("%-6s %5s %12s %10s %12s %9s\n", "solver", "limit", "us/puzzle", "guesses", "us/guess", "reached");
    for (const Row& r : rows) {
        const double us = median(r.t), g = double(r.guesses) / double(n);
        std::printf("%-6s %5d %12.3f %10.2f %12.3f %9llu   passes:", r.name, r.limit, us, g, g > 0 ? us / g : 0.0, (unsigned long long)r.reached);
        for (double t : r.t) std::printf(" %.2f", t);
        std::printf("\n");
    }
    std::printf("%s\n", failures ? "FAILED" : "all checks passed");
    return failures ? 1 : 0;
}
