#include "CRasterKernels.h"
#include <math.h>

/*
 * Raster's scan converter, its accumulation. The geometry is worked out in doubles,
 * each product and sum rounded on its own (no fused multiply-add), so that every build
 * computes the same values; what goes into a cell is a fixed-point number, `one` being
 * a whole pixel's height, rounded to the nearest integer. Integer cells add up to the
 * same winding in any order, so the sweeps may sum them eight at a time. `lesser` and
 * `greater` are one `minsd` and one `maxsd`.
 */
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

static inline double lesser(double x, double y) { return y < x ? y : x; }
/* `y >= x ? y : x` for numbers (no NaN reaches here), written as one `maxsd`. */
static inline double greater(double x, double y) { return x > y ? x : y; }

/* `x` rounded to the nearest integer, halves to even (|x| well below 2^31). */
static inline int32_t fixed(double x) {
#if defined(__SSE2__)
    return _mm_cvtsd_si32(_mm_set_sd(x));
#else
    return (int32_t)lrint(x);
#endif
}

/*
 * A signed height `d` (fixed point, not yet rounded) shared between two cells: `d *
 * (1 - frac)` to the first and `d * frac` to the second, rounded so that the two add up
 * to `d` rounded.
 */
static inline void share(int32_t *cell, double d, double frac) {
    const int32_t whole = fixed(d), second = fixed(d * frac);
    cell[0] += whole - second;
    cell[1] += second;
}

/* Sets the touched bits of cells `first...end` (both at least 0). */
static inline void mark(uint64_t *bits, intptr_t first, intptr_t end) {
    const intptr_t w0 = first >> 6, w1 = end >> 6;
    const uint64_t low = ~(uint64_t)0 << (first & 63);
    const uint64_t high = ~(uint64_t)0 >> (63 - (end & 63));
    if (w0 == w1) {
        bits[w0] |= low & high;
        return;
    }
    bits[w0] |= low;
    for (intptr_t w = w0 + 1; w < w1; w++) bits[w] = ~(uint64_t)0;
    bits[w1] |= high;
}

/* Sets the touched bits of cells `first` and `first + 1` (`first` at least 0). */
static inline void mark_pair(uint64_t *bits, intptr_t first) {
    const intptr_t bit = first & 63;
    if (bit != 63) {
        bits[first >> 6] |= (uint64_t)3 << bit;
        return;
    }
    bits[first >> 6] |= (uint64_t)1 << 63;
    bits[(first >> 6) + 1] |= 1;
}

/*
 * A piece of a line within one pixel row, from x `xa` to `xb` (relative to the band's
 * left column) covering a signed height `d`: each column it crosses gets the area to
 * the right of the line within it, and the next column the rest of the cover.
 *
 * The fractions are taken from `x - column`, which is exact, never from sums of
 * band-relative x, whose rounding would depend on where the clip put the band's left
 * column: a line inside the clip gives the same cells through any clip.
 */
static inline void cells_for_row(int32_t *line, uint64_t *bits, double xa, double xb, double d) {
    const double lo = lesser(xa, xb), hi = greater(xa, xb);
    // A rounding error can put an interpolated x a hair left of the band; clamped to
    // 0, truncation is the floor.
    const intptr_t t = (intptr_t)lo, first = t > 0 ? t : 0;
    if (hi <= (double)(first + 1)) {
        mark_pair(bits, first);
        const double f = (double)first;
        share(line + first, d, ((xa - f) + (xb - f)) / 2);
        return;
    }
    const intptr_t last = crk_ceil_int(hi) - 1;
    mark(bits, first, last + 1);
    // Across several columns: the height is shared in proportion to the x covered, `k`
    // a column. Pixel `c`'s winding from this piece is the height left of column `c`
    // plus the area right of the line within it; each is rounded, and the cells get the
    // steps between them, so that roundings never add up along a long, flat line.
    const double k = d / (hi - lo);
    const double next = (double)(first + 1);
    const double piece = k * (next - lo);
    int32_t sum = fixed(piece * (1 - ((lo - (double)first) + 1) / 2));
    line[first] += sum;
    // The columns crossed whole, each half covered at its pixel.
    for (intptr_t column = first + 1; column < last; column++) {
        const int32_t at = fixed(piece + k * ((double)(column - first) - 0.5));
        line[column] += at - sum;
        sum = at;
    }
    const double x = (double)last;
    const double last_piece = k * (hi - x);
    const int32_t at_last = fixed(piece + k * (double)(last - first - 1) + last_piece * (1 - (hi - x) / 2));
    line[last] += at_last - sum;
    line[last + 1] += fixed(d) - at_last;
}

/* One line, all of whose x lie in `left...right`, added to the cells of the band. */
static inline void add_line(int32_t *cells, uint64_t *touched, double x0, double y0, double x1, double y1,
                            intptr_t left, intptr_t pitch, intptr_t words, intptr_t top, intptr_t bottom, double one) {
    double ax = x0, ay = y0, bx = x1, by = y1, dir = one;
    if (ay > by) {
        ax = x1; bx = x0; ay = y1; by = y0;
        dir = -one;
    }
    const double y_start = greater(ay, (double)top), y_end = lesser(by, (double)bottom);
    if (y_start >= y_end) return;
    const double dxdy = (bx - ax) / (by - ay);
    intptr_t row = crk_floor_int(y_start);
    double y_top = y_start;
    double x_top = ax + (y_top - ay) * dxdy;
    const double origin = (double)left;
    int32_t *line = cells + (row - top) * pitch;
    uint64_t *bits = touched + (row - top) * words;
    if (ax == bx) {
        // A vertical line: the same column and the same split on every row.
        const double x = ax - origin;
        const intptr_t t = (intptr_t)x, first = t > 0 ? t : 0;
        const double frac = x - (double)first;
        while (y_top < y_end) {
            const double y_bottom = lesser((double)(row + 1), y_end);
            const double d = (y_bottom - y_top) * dir;
            mark_pair(bits, first);
            share(line + first, d, frac);
            y_top = y_bottom;
            row++;
            line += pitch;
            bits += words;
        }
        return;
    }
    while (y_top < y_end) {
        const double y_bottom = lesser((double)(row + 1), y_end);
        const double x_bottom = y_bottom == by ? bx : ax + (y_bottom - ay) * dxdy;
        cells_for_row(line, bits, x_top - origin, x_bottom - origin, (y_bottom - y_top) * dir);
        y_top = y_bottom;
        x_top = x_bottom;
        row++;
        line += pitch;
        bits += words;
    }
}

CRK_HOT void crk_accumulate(const double *segments, intptr_t count, int32_t *cells, uint64_t *touched,
                    intptr_t left, intptr_t right, intptr_t pitch, intptr_t words, intptr_t top, intptr_t bottom,
                    int shift) {
    const double one = (double)((int32_t)1 << shift);
    const double l = (double)left, r = (double)right, t = (double)top, b = (double)bottom;
    for (intptr_t i = 0; i < count; i += 4) {
        const double x0 = segments[i], y0 = segments[i + 1], x1 = segments[i + 2], y1 = segments[i + 3];
        if (greater(y0, y1) <= t || lesser(y0, y1) >= b) continue;
        if (lesser(x0, x1) >= l && greater(x0, x1) <= r) {
            add_line(cells, touched, x0, y0, x1, y1, left, pitch, words, top, bottom, one);
            continue;
        }
        // Split where the segment leaves the columns (at most twice: at `l` and at `r`);
        // the parts outside become vertical lines on the border, which cover exactly
        // what they covered.
        double cuts0 = 1.0, cuts1 = 1.0;
        int n = 0;
        const double edges[2] = {l, r};
        for (int e = 0; e < 2; e++) {
            const double edge = edges[e];
            if (!((x0 - edge) * (x1 - edge) < 0)) continue;
            const double at = (edge - x0) / (x1 - x0);
            if (n == 0) {
                cuts0 = at;
            } else {
                const double first = cuts0;
                cuts0 = lesser(first, at);
                cuts1 = greater(first, at);
            }
            n++;
        }
        double from = 0.0;
        for (int k = 0; k <= n; k++) {
            const double to = k == n ? 1.0 : (k == 0 ? cuts0 : cuts1);
            const double ya = y0 + (y1 - y0) * from, yb = y0 + (y1 - y0) * to;
            const double xa = x0 + (x1 - x0) * from, xb = x0 + (x1 - x0) * to;
            const double xm = (xa + xb) / 2;
            const double cx = lesser(greater(xm, l), r);
            if (xm == cx) {
                add_line(cells, touched, lesser(greater(xa, l), r), ya, lesser(greater(xb, l), r), yb,
                         left, pitch, words, top, bottom, one);
            } else {
                add_line(cells, touched, cx, ya, cx, yb, left, pitch, words, top, bottom, one);
            }
            from = to;
        }
    }
}
