// The training run of the profile-guided build (CMake option CASSETETE_PGO): the breaks search
// (cpp/edgematch/breaks.cpp) on the workload bench/pgo_workload.py writes (Eternity II, centre
// clue, schedule jb467: the arrays the package hands the engine), with the package's defaults
// for completions and a restart every quarter of the run, for a fixed number of placements.
// Built instrumented, it leaves the profile GCC then compiles breaks.cpp with; built as a plain
// tool (CASSETETE_TOOLS) it prints the placement rate of this build.
//
// usage: pgo_train_breaks WORKLOAD [PLACEMENTS (default 10^8)] [SEED (default 9)]
#include <time.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "edgematch/breaks.hpp"

namespace {

using cassetete::CancellationToken;
using cassetete::SearchLimits;
using namespace cassetete::edgematch;

// The next word that does not begin a '#' comment line ("" at the end of the file).
std::string next_word(std::istream& in) {
    std::string word;
    while (in >> word && word[0] == '#') {
        std::string rest;
        std::getline(in, rest);
    }
    return in ? word : std::string();
}

// Reads "name count" and count * width integers.
std::vector<int> read_section(std::istream& in, const std::string& name, int width) {
    const std::string word = next_word(in);
    long long count = -1;
    if (word != name || !(in >> count) || count < 0 || count > 1000000)
        throw std::runtime_error("expected section '" + name + "' with a count, got '" + word + "'");
    std::vector<int> values(static_cast<size_t>(count * width));
    for (int& v : values)
        if (!(in >> v)) throw std::runtime_error("section '" + name + "' is cut short");
    return values;
}

int read_value(std::istream& in, const std::string& name) {
    const std::string word = next_word(in);
    int value = 0;
    if (word != name || !(in >> value)) throw std::runtime_error("expected '" + name + " <value>'");
    return value;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2 || argc > 4) {
        std::fprintf(stderr, "usage: %s WORKLOAD [PLACEMENTS] [SEED]\n", argv[0]);
        return 2;
    }
    try {
        std::ifstream in(argv[1]);
        if (!in) throw std::runtime_error(std::string("cannot read ") + argv[1]);
        const uint64_t placements = argc > 2 ? std::stoull(argv[2]) : 100000000ull;
        const uint64_t seed = argc > 3 ? std::stoull(argv[3]) : 9;

        Puzzle pz;
        pz.rows = read_value(in, "rows");
        pz.cols = read_value(in, "cols");
        const std::vector<int> pieces = read_section(in, "pieces", 4);
        for (size_t i = 0; i + 3 < pieces.size(); i += 4)
            pz.pieces.push_back({pieces[i], pieces[i + 1], pieces[i + 2], pieces[i + 3]});
        pz.compl_ = read_section(in, "compl", 1);
        pz.colors = static_cast<int>(pz.compl_.size());
        pz.validate();

        BreaksOptions opt;
        const std::vector<int> fixed = read_section(in, "fixed", 3);
        for (size_t i = 0; i + 2 < fixed.size(); i += 3) opt.fixed.push_back({fixed[i], fixed[i + 1], fixed[i + 2]});
        opt.order = read_section(in, "order", 1);
        opt.allowed = read_section(in, "allowed", 1);
        opt.quota = read_section(in, "quota", 1);
        opt.pattern = read_section(in, "pattern", 1);
        // The package's defaults (edgematch/_breaks.py, solve_breaks).
        opt.seed = seed;
        opt.restart_nodes = std::max<uint64_t>(1, placements / 4);
        opt.complete_nodes = 20000;
        opt.complete_from = std::max(0, static_cast<int>(opt.allowed.size()) - 64);
        opt.complete_tail = 6;
        validate_breaks_options(pz, opt);

        // As the binding calls it: one worker, a poll hook (there, the Ctrl-C check).
        SearchLimits limits;
        limits.node_limit = placements;
        CancellationToken token;
        const clock_t start = clock();
        const BreaksResult result =
            breaks_search_workers(pz, opt, 1, limits, token, []() { return false; }).front();
        const double cpu = static_cast<double>(clock() - start) / CLOCKS_PER_SEC;
        std::printf("placements %llu in %.2f CPU s (%.1f M/s): best complete board %d/%d, deepest %d cells "
                    "with %d breaks, %d completions, %d restarts\n",
                    static_cast<unsigned long long>(result.nodes), cpu, result.nodes / std::max(cpu, 1e-9) / 1e6,
                    result.score, result.total, result.best_depth, result.best_depth_breaks, result.completions,
                    result.restarts);
    } catch (const std::exception& error) {
        std::fprintf(stderr, "%s: %s\n", argv[0], error.what());
        return 1;
    }
    return 0;
}
