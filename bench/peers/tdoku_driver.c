/* Times tdoku's 9x9 solver on a puzzle file, for bench/sudoku9_vs_tdoku.py.
 *
 * usage: tdoku_driver FILE MAX LIMIT PASSES
 *
 * Our own small driver: it only calls tdoku's public entry point TdokuSolverDpllTriadSimd
 * (declared below as in tdoku's include/tdoku.h) and is linked against a tdoku build made from
 * its public sources (libtdoku_static.a). Reads up to MAX 81-character puzzles ('.' or '0'
 * empty; '#' lines and blank lines skipped), then solves them in file order PASSES times with
 * the given solution limit (1 = first solution, 2 = count to 2) and prints one line per pass:
 *     pass <k> us_per_puzzle <thread CPU us / puzzle> reached_limit <n> guesses <g>
 * The time is CLOCK_THREAD_CPUTIME_ID around the whole loop (no I/O inside it).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

size_t TdokuSolverDpllTriadSimd(const char *input, size_t limit, uint32_t configuration,
                                char *solution, size_t *num_guesses);

static double thread_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: tdoku_driver FILE MAX LIMIT PASSES\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", argv[1]);
        return 2;
    }
    const size_t max = strtoul(argv[2], NULL, 10);
    const size_t limit = strtoul(argv[3], NULL, 10);
    const int passes = atoi(argv[4]);
    /* 82 bytes per puzzle: tdoku reads a NUL at [81] as "not a pencilmark puzzle". */
    char *puzzles = malloc(82 * (max ? max : 1));
    size_t n = 0;
    char line[1024];
    while (n < max && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || strlen(line) < 81) continue;
        char *p = puzzles + 82 * n;
        for (int i = 0; i < 81; ++i) p[i] = (line[i] >= '1' && line[i] <= '9') ? line[i] : '.';
        p[81] = '\0';
        ++n;
    }
    fclose(f);
    char solution[82];
    for (int pass = 0; pass < passes; ++pass) {
        size_t reached = 0, guesses = 0;
        const double start = thread_seconds();
        for (size_t i = 0; i < n; ++i) {
            size_t g = 0;
            reached += TdokuSolverDpllTriadSimd(puzzles + 82 * i, limit, 0, solution, &g) >= limit;
            guesses += g;
        }
        const double elapsed = thread_seconds() - start;
        printf("pass %d us_per_puzzle %.4f reached_limit %zu guesses %zu puzzles %zu\n", pass,
               1e6 * elapsed / (double)n, reached, guesses, n);
        fflush(stdout);
    }
    free(puzzles);
    return 0;
}
