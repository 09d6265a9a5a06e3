# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The Sudoku batch certifier's loop (see cassetete/sudoku/_solve.py, check_batch, for its numpy
twin, which gives the same verdicts): for each (puzzle, candidate) pair, every value in 1..N,
every clue kept, and every row, column and box holding each value once, read off the ORs of the
values' bits (N cells whose bits OR to 2**N - 1 hold N distinct values). Written from the rules,
independent of the engines; the loop runs without the GIL.
"""

import numpy as np
cimport numpy as cnp
from libc.string cimport memset

cnp.import_array()

ctypedef unsigned long long u64


def check_batch(const unsigned char[:, ::1] puzzles, const unsigned char[:, ::1] solutions,
                int box_rows, int box_cols):
    """(k,) bool: which rows of `solutions` solve the matching rows of `puzzles` (both (k, N*N)
    uint8, C-contiguous, N = box_rows * box_cols <= 64)."""
    cdef int n = box_rows * box_cols
    cdef Py_ssize_t k = solutions.shape[0]
    if n < 1 or n > 64 or solutions.shape[1] != n * n or puzzles.shape[0] != k or puzzles.shape[1] != n * n:
        raise ValueError("check_batch needs two (k, N*N) arrays with N = box_rows * box_cols <= 64")
    out = np.zeros(k, dtype=np.uint8)
    cdef unsigned char[::1] ok = out
    # box of each cell, computed once (no division in the loop)
    box_table = np.array([(cell // n // box_rows) * (n // box_cols) + (cell % n) // box_cols
                          for cell in range(n * n)], dtype=np.uint8)
    cdef const unsigned char[::1] box_of = box_table
    cdef u64 full = (<u64>0 - 1) if n == 64 else ((<u64>1 << n) - 1)
    cdef u64 row_or, bit
    cdef u64 col_or[64]
    cdef u64 box_or[64]
    cdef Py_ssize_t i
    cdef int r, c, v, p, cell, good, cells = n * n
    cdef const unsigned char* sol
    cdef const unsigned char* puz
    with nogil:
        for i in range(k):
            sol = &solutions[i, 0]
            puz = &puzzles[i, 0]
            memset(col_or, 0, n * sizeof(u64))
            memset(box_or, 0, n * sizeof(u64))
            good = 1
            cell = 0
            for r in range(n):
                row_or = 0
                for c in range(n):
                    v = sol[cell]
                    p = puz[cell]
                    if v == 0 or v > n or (p != 0 and p != v):
                        good = 0
                        break
                    bit = <u64>1 << (v - 1)
                    row_or |= bit
                    col_or[c] |= bit
                    box_or[box_of[cell]] |= bit
                    cell += 1
                if not good or row_or != full:
                    good = 0
                    break
            if good:
                for c in range(n):
                    if col_or[c] != full or box_or[c] != full:
                        good = 0
                        break
            ok[i] = good
    return out.view(np.bool_)
