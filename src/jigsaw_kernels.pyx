# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Inner loops of the two edge encodings of Béhague, "Résolution de puzzles dépourvus
d'indice graphique" (2024), section 2 (see cassetete/jigsaw/_encode.py for their numpy twins,
which give the same output).

chain_code: walk the polyline once; each crossing of a grid line is snapped to the nearest
grid point; the step between two consecutive snapped points is the motif of the cell the
curve crossed between them (1 horizontal, 2 vertical, 3 rising, 4 falling diagonal).
ordinates: walk the polyline once; each segment adds its crossings of the verticals it spans.
"""

import numpy as np
cimport numpy as cnp
from libc.math cimport floor

cnp.import_array()

ctypedef cnp.float64_t f64


cdef inline void _step(double ax, double ay, double bx, double by, signed char[:, ::1] code,
                       int rows, int cols) noexcept nogil:
    """Write the motif of the step from crossing a to crossing b."""
    cdef long si = <long>floor(ax + 0.5)
    cdef long sj = <long>floor(ay + 0.5)
    cdef long ti = <long>floor(bx + 0.5)
    cdef long tj = <long>floor(by + 0.5)
    cdef long di = ti - si
    cdef long dj = tj - sj
    cdef long cx, cy
    cdef signed char motif
    if di == 0 and dj == 0:
        return
    cx = <long>floor((ax + bx) * 0.5)
    cy = <long>floor((ay + by) * 0.5)
    if cx < 0 or cx >= cols or cy < 0 or cy >= rows:
        return
    if dj == 0:
        motif = 1
    elif di == 0:
        motif = 2
    elif di * dj > 0:
        motif = 3
    else:
        motif = 4
    if motif > code[cy, cx]:
        code[cy, cx] = motif


def chain_code(const f64[:, ::1] points, double precision, double u0, double v0, int rows, int cols):
    """int8 (rows, cols) motif grid of an open polyline (normalised units); grid origin (u0, v0),
    ``precision`` cells per unit."""
    out = np.zeros((rows, cols), dtype=np.int8)
    cdef signed char[:, ::1] code = out
    cdef Py_ssize_t m = points.shape[0], s
    cdef double ax, ay, bx, by, px, py, t, tx, ty, lastx, lasty, nx, ny
    cdef long kx, ky, kx_end, ky_end, dirx, diry
    if m == 0:
        return out
    with nogil:
        lastx = (points[0, 0] - u0) * precision
        lasty = (points[0, 1] - v0) * precision
        for s in range(m - 1):
            ax = (points[s, 0] - u0) * precision
            ay = (points[s, 1] - v0) * precision
            bx = (points[s + 1, 0] - u0) * precision
            by = (points[s + 1, 1] - v0) * precision
            # grid lines crossed by this segment, visited in order of t (a merge of two runs)
            if bx > ax:
                kx = <long>floor(ax) + 1; kx_end = <long>floor(bx); dirx = 1
            else:
                kx = <long>floor(ax); kx_end = <long>floor(bx) + 1; dirx = -1
            if by > ay:
                ky = <long>floor(ay) + 1; ky_end = <long>floor(by); diry = 1
            else:
                ky = <long>floor(ay); ky_end = <long>floor(by) + 1; diry = -1
            while True:
                tx = 2.0
                ty = 2.0
                if bx != ax and (kx - kx_end) * dirx <= 0:
                    tx = (kx - ax) / (bx - ax)
                if by != ay and (ky - ky_end) * diry <= 0:
                    ty = (ky - ay) / (by - ay)
                if tx > 1.0 and ty > 1.0:
                    break
                if tx <= ty:
                    nx = kx
                    ny = ay + tx * (by - ay)
                    kx += dirx
                else:
                    nx = ax + ty * (bx - ax)
                    ny = ky
                    ky += diry
                _step(lastx, lasty, nx, ny, code, rows, cols)
                lastx = nx
                lasty = ny
        _step(lastx, lasty, (points[m - 1, 0] - u0) * precision, (points[m - 1, 1] - v0) * precision,
              code, rows, cols)
    return out


cdef enum:
    MAXC = 16  # crossings kept per vertical (a jigsaw edge has at most 3)


def ordinates(const f64[:, ::1] points, int count):
    """(count, 3) ordinates of an open polyline on ``count`` verticals evenly spaced across
    [0, length] (length = the u of its last point)."""
    out = np.zeros((count, 3), dtype=np.float64)
    hits_arr = np.zeros((count, MAXC), dtype=np.float64)
    nhit_arr = np.zeros(count, dtype=np.intc)
    cdef f64[:, ::1] res = out
    cdef f64[:, ::1] hits = hits_arr
    cdef int[::1] nhit = nhit_arr
    cdef Py_ssize_t m = points.shape[0], s, j, a, b, c
    cdef double length, step, ua, ub, va, vb, lo, hi, u, v, tmp
    cdef long jlo, jhi
    if m < 2 or count <= 0 or points[m - 1, 0] <= 0:
        return out
    with nogil:
        length = points[m - 1, 0]
        step = length / count
        for s in range(m - 1):
            ua = points[s, 0]; ub = points[s + 1, 0]
            va = points[s, 1]; vb = points[s + 1, 1]
            lo = ua if ua < ub else ub
            hi = ub if ua < ub else ua
            if hi <= lo:
                continue
            # verticals u_j = (j + 0.5) step with lo <= u_j < hi
            jlo = <long>floor(lo / step - 0.5)
            if jlo < 0:
                jlo = 0
            jhi = <long>floor(hi / step - 0.5) + 1
            if jhi > count - 1:
                jhi = count - 1
            for j in range(jlo, jhi + 1):
                u = (j + 0.5) * step
                if u < lo or u >= hi:
                    continue
                v = va + (u - ua) / (ub - ua) * (vb - va)
                c = nhit[j]
                if c < MAXC:
                    # insertion keeps each list sorted
                    a = c
                    while a > 0 and hits[j, a - 1] > v:
                        hits[j, a] = hits[j, a - 1]
                        a -= 1
                    hits[j, a] = v
                    nhit[j] = c + 1
        for j in range(count):
            c = nhit[j]
            if c == 0:
                continue
            res[j, 0] = hits[j, 0]
            res[j, 2] = hits[j, c - 1]
            res[j, 1] = hits[j, c // 2] if c >= 3 else hits[j, c - 1]
    return out
