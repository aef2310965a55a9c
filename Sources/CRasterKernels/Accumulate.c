#include "CRasterKernels.h"
#include <math.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

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
__attribute__((always_inline)) static inline void cells_for_row(int32_t *line, uint64_t *bits, double xa, double xb, double d) {
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

#if defined(__x86_64__)
/*
 * `cells_for_row` on `blocks` times four whole rows of one line, four at once: the rows
 * from `row`, each covering `d` (the line's direction times a pixel's height), the first's
 * top at `x_top` and each bottom at `ax + (y - ay) * dxdy`, as `add_line` works them out.
 * The same operations in the same order on four lanes give the same doubles, and the
 * conversions round as `fixed` does, so the cells are those of `cells_for_row` row by
 * row; only the columns a row crosses whole, and the writes, are done lane by lane.
 * Returns the last row's bottom x.
 */
__attribute__((target("avx2"), aligned(64)))
static double rows_at_once(int32_t *line, uint64_t *bits, intptr_t pitch, intptr_t words, intptr_t row,
                           intptr_t blocks, double x_top, double ax, double ay, double dxdy, double origin,
                           double d) {
    const __m256d one = _mm256_set1_pd(1), half = _mm256_set1_pd(0.5), dv = _mm256_set1_pd(d);
    const __m256d o = _mm256_set1_pd(origin), a = _mm256_set1_pd(ax), b = _mm256_set1_pd(ay), slope = _mm256_set1_pd(dxdy);
    const int32_t whole = fixed(d);
    __m256d bottoms = _mm256_setr_pd((double)(row + 1), (double)(row + 2), (double)(row + 3), (double)(row + 4));
    __m256d top = _mm256_set1_pd(x_top);
    for (intptr_t block = 0; block < blocks; block++) {
        const __m256d xbottom = _mm256_add_pd(a, _mm256_mul_pd(_mm256_sub_pd(bottoms, b), slope));
        bottoms = _mm256_add_pd(bottoms, _mm256_set1_pd(4));
        // Each row's top is the row before's bottom.
        const __m256d xtop = _mm256_blend_pd(_mm256_permute4x64_pd(xbottom, 0x90), top, 1);
        top = _mm256_permute4x64_pd(xbottom, 0xff);
        const __m256d xa = _mm256_sub_pd(xtop, o), xb = _mm256_sub_pd(xbottom, o);
        // `lesser(xa, xb)` is `xb < xa ? xb : xa`, which is `minpd(xb, xa)`; `greater` likewise.
        const __m256d lo = _mm256_min_pd(xb, xa), hi = _mm256_max_pd(xa, xb);
        const __m128i first = _mm_max_epi32(_mm256_cvttpd_epi32(lo), _mm_setzero_si128());
        const __m256d f = _mm256_cvtepi32_pd(first);
        const __m256d next = _mm256_add_pd(f, one);
        const int single = _mm256_movemask_pd(_mm256_cmp_pd(hi, next, _CMP_LE_OQ));
        // One column: `share` of `d` at the mean of the x within it (`/ 2` and `* 0.5`
        // round alike).
        const __m256d frac = _mm256_mul_pd(_mm256_add_pd(_mm256_sub_pd(xa, f), _mm256_sub_pd(xb, f)), half);
        const __m128i second = _mm256_cvtpd_epi32(_mm256_mul_pd(dv, frac));
        int32_t firsts[4], seconds[4];
        _mm_storeu_si128((__m128i *)firsts, first);
        _mm_storeu_si128((__m128i *)seconds, second);
        if (single == 15) {
            for (int j = 0; j < 4; j++, line += pitch, bits += words) {
                const intptr_t c = firsts[j];
                mark_pair(bits, c);
                line[c] += whole - seconds[j];
                line[c + 1] += seconds[j];
            }
            continue;
        }
        // Several columns.
        const __m256d k = _mm256_div_pd(dv, _mm256_sub_pd(hi, lo));
        const __m256d piece = _mm256_mul_pd(k, _mm256_sub_pd(next, lo));
        const __m128i sum = _mm256_cvtpd_epi32(
            _mm256_mul_pd(piece, _mm256_sub_pd(one, _mm256_mul_pd(_mm256_add_pd(_mm256_sub_pd(lo, f), one), half))));
        const __m256d truncated = _mm256_cvtepi32_pd(_mm256_cvttpd_epi32(hi));
        const __m256d ceiling = _mm256_add_pd(truncated, _mm256_and_pd(_mm256_cmp_pd(truncated, hi, _CMP_LT_OQ), one));
        const __m256d x = _mm256_sub_pd(ceiling, one);
        const __m256d last_piece = _mm256_mul_pd(k, _mm256_sub_pd(hi, x));
        const __m256d crossed = _mm256_sub_pd(_mm256_sub_pd(x, f), one);
        const __m128i at_last = _mm256_cvtpd_epi32(_mm256_add_pd(
            _mm256_add_pd(piece, _mm256_mul_pd(k, crossed)),
            _mm256_mul_pd(last_piece, _mm256_sub_pd(one, _mm256_mul_pd(_mm256_sub_pd(hi, x), half)))));
        int32_t sums[4], lasts[4], at_lasts[4];
        double ks[4], pieces[4];
        _mm_storeu_si128((__m128i *)sums, sum);
        _mm_storeu_si128((__m128i *)lasts, _mm256_cvttpd_epi32(x));
        _mm_storeu_si128((__m128i *)at_lasts, at_last);
        _mm256_storeu_pd(ks, k);
        _mm256_storeu_pd(pieces, piece);
        for (int j = 0; j < 4; j++, line += pitch, bits += words) {
            const intptr_t c = firsts[j];
            if (single & (1 << j)) {
                mark_pair(bits, c);
                line[c] += whole - seconds[j];
                line[c + 1] += seconds[j];
                continue;
            }
            const intptr_t l = lasts[j];
            mark(bits, c, l + 1);
            int32_t s = sums[j];
            line[c] += s;
            for (intptr_t column = c + 1; column < l; column++) {
                const int32_t at = fixed(pieces[j] + ks[j] * ((double)(column - c) - 0.5));
                line[column] += at - s;
                s = at;
            }
            line[l] += at_lasts[j] - s;
            line[l + 1] += whole - at_lasts[j];
        }
    }
    return _mm256_cvtsd_f64(top);
}
#endif

/* A line that is not vertical, from `(ax, ay)` down to `(bx, by)`, on the band's cells. */
typedef struct {
    double ax, ay, bx, by, dxdy, dir, origin;
    intptr_t pitch, words;
} band_line;

/* Where a line's walk down the rows is: the row, its top's y and x, its cells and bits. */
typedef struct {
    intptr_t row;
    double y_top, x_top;
    int32_t *line;
    uint64_t *bits;
} line_walk;

/* The cells of the walk's row, from its top to its bottom or `y_end`; then the next row. */
__attribute__((always_inline))
static inline void step(line_walk *w, const band_line *l, double y_end) {
    const double y_bottom = lesser((double)(w->row + 1), y_end);
    const double x_bottom = y_bottom == l->by ? l->bx : l->ax + (y_bottom - l->ay) * l->dxdy;
    cells_for_row(w->line, w->bits, w->x_top - l->origin, x_bottom - l->origin, (y_bottom - w->y_top) * l->dir);
    w->y_top = y_bottom;
    w->x_top = x_bottom;
    w->row++;
    w->line += l->pitch;
    w->bits += l->words;
}

/* `add_line`'s work, made once with `wide` and once without. */
__attribute__((always_inline))
static inline void line_cells(int32_t *cells, uint64_t *touched, double x0, double y0, double x1, double y1,
                              intptr_t left, intptr_t pitch, intptr_t words, intptr_t top, intptr_t bottom, double one,
                              bool wide) {
    double ax = x0, ay = y0, bx = x1, by = y1, dir = one;
    if (ay > by) {
        ax = x1; bx = x0; ay = y1; by = y0;
        dir = -one;
    }
    const double y_start = greater(ay, (double)top), y_end = lesser(by, (double)bottom);
    if (y_start >= y_end) return;
    intptr_t row = crk_floor_int(y_start);
    const double origin = (double)left;
    int32_t *line = cells + (row - top) * pitch;
    uint64_t *bits = touched + (row - top) * words;
    if (ax == bx) {
        // A vertical line: the same column and the same split on every row.
        const double x = ax - origin;
        const intptr_t t = (intptr_t)x, first = t > 0 ? t : 0;
        const double frac = x - (double)first;
        for (double y_top = y_start; y_top < y_end;) {
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
    const double dxdy = (bx - ax) / (by - ay);
    const band_line l = {ax, ay, bx, by, dxdy, dir, origin, pitch, words};
    line_walk walk = {row, y_start, ax + (y_start - ay) * dxdy, line, bits};
#if defined(__x86_64__)
    if (wide && y_end - y_start > 5) {
        // The first row on its own unless its top is whole, then blocks of four whole rows
        // that end above the line's end (at least one, as the line crosses more than five
        // rows): their bottoms are worked out alike, and each covers exactly `dir`.
        if (walk.y_top != (double)walk.row) step(&walk, &l, y_end);
        // The last row whose bottom lies above `y_end` is `ceil(y_end) - 2`.
        const intptr_t blocks = (crk_ceil_int(y_end) - 1 - walk.row) / 4;
        walk.x_top = rows_at_once(walk.line, walk.bits, pitch, words, walk.row, blocks, walk.x_top, ax, ay, dxdy,
                                  origin, dir);
        walk.row += 4 * blocks;
        walk.y_top = (double)walk.row;
        walk.line += 4 * blocks * pitch;
        walk.bits += 4 * blocks * words;
    }
#endif
    while (walk.y_top < y_end) step(&walk, &l, y_end);
}

/*
 * `line_cells` made twice, `wide` a constant in each: tested at run time, it cost the
 * short lines of small shapes more than one instruction in a hundred. Both are inlined
 * into the accumulation's loop: a call of twelve arguments cost a short line about a
 * seventh of its instructions.
 */
__attribute__((always_inline))
static inline void add_line_wide(int32_t *cells, uint64_t *touched, double x0, double y0, double x1, double y1,
                                 intptr_t left, intptr_t pitch, intptr_t words, intptr_t top, intptr_t bottom, double one) {
    line_cells(cells, touched, x0, y0, x1, y1, left, pitch, words, top, bottom, one, true);
}

__attribute__((always_inline))
static inline void add_line_narrow(int32_t *cells, uint64_t *touched, double x0, double y0, double x1, double y1,
                                   intptr_t left, intptr_t pitch, intptr_t words, intptr_t top, intptr_t bottom, double one) {
    line_cells(cells, touched, x0, y0, x1, y1, left, pitch, words, top, bottom, one, false);
}

/* One line, all of whose x lie in `left...right`, added to the cells of the band. */
__attribute__((always_inline))
static inline void add_line(int32_t *cells, uint64_t *touched, double x0, double y0, double x1, double y1,
                            intptr_t left, intptr_t pitch, intptr_t words, intptr_t top, intptr_t bottom, double one,
                            bool wide) {
    if (wide) {
        add_line_wide(cells, touched, x0, y0, x1, y1, left, pitch, words, top, bottom, one);
    } else {
        add_line_narrow(cells, touched, x0, y0, x1, y1, left, pitch, words, top, bottom, one);
    }
}

/* `crk_accumulate`, made twice: `wide` is a constant in each. */
__attribute__((always_inline))
static inline void accumulate(const double *segments, intptr_t count, int32_t *cells, uint64_t *touched,
                              intptr_t left, intptr_t right, intptr_t pitch, intptr_t words, intptr_t top,
                              intptr_t bottom, int shift, bool wide) {
    const double one = (double)((int32_t)1 << shift);
    const double l = (double)left, r = (double)right, t = (double)top, b = (double)bottom;
    for (intptr_t i = 0; i < count; i += 4) {
        const double x0 = segments[i], y0 = segments[i + 1], x1 = segments[i + 2], y1 = segments[i + 3];
        if (greater(y0, y1) <= t || lesser(y0, y1) >= b) continue;
        if (lesser(x0, x1) >= l && greater(x0, x1) <= r) {
            add_line(cells, touched, x0, y0, x1, y1, left, pitch, words, top, bottom, one, wide);
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
                         left, pitch, words, top, bottom, one, wide);
            } else {
                add_line(cells, touched, cx, ya, cx, yb, left, pitch, words, top, bottom, one, wide);
            }
            from = to;
        }
    }
}

CRK_HOT void crk_accumulate(const double *segments, intptr_t count, int32_t *cells, uint64_t *touched,
                    intptr_t left, intptr_t right, intptr_t pitch, intptr_t words, intptr_t top, intptr_t bottom,
                    int shift, bool wide) {
    if (wide) {
        accumulate(segments, count, cells, touched, left, right, pitch, words, top, bottom, shift, true);
    } else {
        accumulate(segments, count, cells, touched, left, right, pitch, words, top, bottom, shift, false);
    }
}
