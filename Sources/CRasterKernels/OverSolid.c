#include "CRasterKernels.h"

/* A gradient row's parameter is worked out as Raster works it out: no fused multiply-add. */
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#if defined(__x86_64__)
#include <immintrin.h>
#include "Lanes.h"

/*
 * The formula of Raster's `Compositor.overSolid`: red-blue and alpha-green pairs in
 * 16-bit lanes, each `x * ia + 128`, whose product with 257 has the rounded quotient by
 * 255 in its high half; the colour is added to the 32-bit pixel. Eight pixels a step.
 */
__attribute__((target("avx2"), always_inline))
static inline __m256i blend8(__m256i d, __m256i c, __m256i k) {
    return _mm256_add_epi32(scale8(d, k), c);
}

/* Eight pixels under eight colours: `colors` per lane, `k` their inverse alphas in pairs. */
__attribute__((target("avx2"), always_inline))
static inline void over8(uint32_t *p, __m256i colors, __m256i k) {
    _mm256_storeu_si256((__m256i *)p, blend8(_mm256_loadu_si256((const __m256i *)p), colors, k));
}

/* `blend8` of one colour with its inverse alpha's `multiplier8`, `m`: a run's steps. */
__attribute__((target("avx2"), always_inline))
static inline __m256i blend8_by(__m256i d, __m256i color, __m256i m) {
    return _mm256_add_epi32(scale8_by(d, m), color);
}

/* `over8` through `blend8_by`. */
__attribute__((target("avx2"), always_inline))
static inline void over8_by(uint32_t *p, __m256i color, __m256i m) {
    _mm256_storeu_si256((__m256i *)p, blend8_by(_mm256_loadu_si256((const __m256i *)p), color, m));
}

/*
 * A run's colour as its steps take it: with its inverse alpha's `multiplier8`, and when
 * `fused` (a constant in each loop made with it), its `plus_of` for `scale8_by_plus`,
 * which adds it in the scaling: one operation less a step, for a few more a colour. Only
 * a premultiplied colour may be fused.
 */
typedef struct {
    __m256i c, m;
    color_plus plus;
} run_color;

__attribute__((target("avx2"), always_inline))
static inline run_color run_color_of(uint32_t color, bool fused) {
    run_color r;
    r.c = _mm256_set1_epi32((int)color);
    r.m = multiplier8(inverse8(r.c));
    r.plus = fused ? plus_of(r.c) : (color_plus){r.c, r.c};
    return r;
}

/*
 * Whether a rectangle's rows of `count` pixels between edges take fused steps: each of
 * its run colours premultiplied, and rows of three steps or more, which gain more than
 * the colour costs.
 */
static inline bool fuses(intptr_t count, const uint32_t *colors, intptr_t n) {
    if (count < 24) return false;
    for (intptr_t i = 0; i < n; i++) {
        if (!crk_premultiplied(colors[i])) return false;
    }
    return true;
}

/* Steps of a run's colour `r` over pixels `from..<to` of `p`, eight at a time. */
__attribute__((target("avx2"), always_inline))
static inline void over_steps(uint32_t *p, intptr_t from, intptr_t to, const run_color *r, bool fused) {
    if (fused) {
        for (intptr_t i = from; i < to; i += 8) {
            __m256i *q = (__m256i *)(p + i);
            _mm256_storeu_si256(q, scale8_by_plus(_mm256_loadu_si256(q), r->m, r->plus));
        }
    } else {
        for (intptr_t i = from; i < to; i += 8) over8_by(p + i, r->c, r->m);
    }
}

__attribute__((target("avx2"), aligned(64)))
void crk_over_solid_avx2(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count,
                         uint32_t color, uint32_t inverse_alpha) {
    if (count <= 0) return;
    // The last one to seven pixels through a lane mask, which neither reads nor writes
    // the pixels beyond the run.
    const __m256i c = _mm256_set1_epi32((int)color), m = multiplier8(_mm256_set1_epi16((short)inverse_alpha));
    const intptr_t body = count & ~(intptr_t)7;
    // Lanes 0..<(count - body) of the last step.
    const __m256i tail = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(count - body)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    for (intptr_t y = 0; y < rows; y++, dst += stride) {
        for (intptr_t i = 0; i < body; i += 8) over8_by(dst + i, c, m);
        if (body < count) {
            int *p = (int *)(dst + body);
            _mm256_maskstore_epi32(p, tail, blend8_by(_mm256_maskload_epi32(p, tail), c, m));
        }
    }
}

/*
 * A block's row is the run with its edge pixels: `n` pixels from `start`, in steps of
 * eight, each lane with its own colour. The first step's lane 0 is the left edge's, the
 * last step's lanes past the row are colour 0, which leaves a pixel as it was. This is
 * where the steps lie, worked out once for all the rows.
 */
typedef struct {
    /* The first pixel from the run's (-1 with a left edge, and up to 7 more before it to
     * start on 32 bytes), the last step's offset from it, and that step's pixels in the
     * row. */
    intptr_t start, last, tail;
    /* Whether the last step's eight pixels lie in the surface's row; if not, its pixels
     * in the run go one by one. */
    bool fits;
    /* The left edge's lane of the first step, the right edge's of the last, the first
     * step's lanes in the row and the last step's. */
    __m256i left_lane, right_lane, head, inside;
} block_layout;

/*
 * Where a block's steps lie. A row of 32 pixels or more starts on 32 bytes when its
 * rows do and the `lead` pixels before the run in the surface's row allow: a step that
 * straddles two cache lines costs two accesses, and such a row has several.
 */
__attribute__((target("avx2"), always_inline))
static inline block_layout layout_of(const uint32_t *dst, intptr_t stride, intptr_t count, bool left, bool right,
                                     intptr_t room, intptr_t lead) {
    block_layout b;
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    b.start = left ? -1 : 0;
    intptr_t n = count + (right ? 1 : 0) - b.start;
    intptr_t shift = 0;
    if (n >= 32 && (stride & 7) == 0) {
        shift = (intptr_t)(((uintptr_t)(dst + b.start) >> 2) & 7);
        if (shift > lead + b.start) shift = 0;
    }
    b.start -= shift;
    n += shift;
    b.last = (n - 1) & ~(intptr_t)7;
    b.tail = n - b.last;
    b.fits = b.start + b.last + 8 <= room;
    b.head = _mm256_cmpgt_epi32(lane, _mm256_set1_epi32((int)(shift - 1)));
    b.left_lane = left ? _mm256_cmpeq_epi32(lane, _mm256_set1_epi32((int)shift)) : _mm256_setzero_si256();
    b.right_lane = right ? _mm256_cmpeq_epi32(lane, _mm256_set1_epi32((int)(b.tail - 1))) : _mm256_setzero_si256();
    b.inside = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)b.tail), lane);
    return b;
}

/* The colours of a row's first and last steps, from the run's colour `c` and the edges'. */
__attribute__((target("avx2"), always_inline))
static inline void step_colors(const block_layout *b, __m256i c, uint32_t left, uint32_t right, __m256i *first,
                               __m256i *last) {
    *first = _mm256_and_si256(_mm256_blendv_epi8(c, _mm256_set1_epi32((int)left), b->left_lane), b->head);
    const __m256i l = b->last == 0 ? *first : c;
    *last = _mm256_and_si256(_mm256_blendv_epi8(l, _mm256_set1_epi32((int)right), b->right_lane), b->inside);
}

/*
 * One row from `p` (the run's first pixel): steps of the run's colour `r`, the first
 * and the last with colours of their own.
 */
__attribute__((target("avx2"), always_inline))
static inline void block_row(uint32_t *p, const block_layout *b, const run_color *r, bool fused, __m256i first_c,
                             __m256i last_c) {
    p += b->start;
    if (b->last > 0) {
        over8(p, first_c, inverse8(first_c));
        over_steps(p, 8, b->last, r, fused);
    }
    const __m256i last_k = inverse8(last_c);
    if (b->fits) {
        over8(p + b->last, last_c, last_k);
        return;
    }
    uint32_t tail_c[8], tail_k[8];
    _mm256_storeu_si256((__m256i *)tail_c, last_c);
    _mm256_storeu_si256((__m256i *)tail_k, last_k);
    for (intptr_t j = 0; j < b->tail; j++) p[b->last + j] = tail_c[j] + scale1(p[b->last + j], tail_k[j] & 0xffff);
}

/* `crk_over_solid_block_avx2` past the AVX-512 steps, made with `fused` and without. */
__attribute__((target("avx2"), always_inline))
static inline void solid_block(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count, uint32_t color,
                               uint32_t left, uint32_t right, intptr_t room, intptr_t lead, bool fused) {
    const run_color r = run_color_of(color, fused);
    if (!(left | right) && (count & 7) == 0 && (count < 32 || ((uintptr_t)dst & 31) == 0)) {
        // Whole steps and no edges (a rectangle on whole pixels): nothing to work out.
        for (intptr_t y = 0; y < rows; y++, dst += stride) over_steps(dst, 0, count, &r, fused);
        return;
    }
    const block_layout b = layout_of(dst, stride, count, left != 0, right != 0, room, lead);
    __m256i first_c, last_c;
    step_colors(&b, r.c, left, right, &first_c, &last_c);
    for (intptr_t y = 0; y < rows; y++, dst += stride) block_row(dst, &b, &r, fused, first_c, last_c);
}

__attribute__((target("avx2"), aligned(64)))
void crk_over_solid_block_avx2(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count,
                               uint32_t color, uint32_t left, uint32_t right, intptr_t room, intptr_t lead) {
    if (count <= 0) return;
    if (!(left | right) && count >= 16 && crk_has_avx512()) {
        // A rectangle on whole pixels in sixteens (`Wide512.c`).
        crk_over_solid_steps_avx512(dst, stride, rows, count, color);
        return;
    }
    if (fuses(count, &color, 1)) {
        solid_block(dst, stride, rows, count, color, left, right, room, lead, true);
    } else {
        solid_block(dst, stride, rows, count, color, left, right, room, lead, false);
    }
}

/* The colours of one kind of row: its run's and its edge steps'. */
typedef struct {
    run_color run;
    __m256i first_c, last_c;
} row_colors;

__attribute__((target("avx2"), always_inline))
static inline row_colors row_colors_of(const block_layout *b, const uint32_t *colors, bool fused) {
    row_colors r;
    r.run = run_color_of(colors[0], fused);
    step_colors(b, r.run.c, colors[1], colors[2], &r.first_c, &r.last_c);
    return r;
}

/* Raster's `Shader.lookup`: the table's entry at `t` in 0...1, the ends' beyond when extended, else 0. */
static inline uint32_t gradient_lookup(const uint32_t *table, intptr_t entries, double t, bool before, bool after) {
    if (t >= 0 && t <= 1) return table[(intptr_t)(t * (double)(entries - 1) + 0.5)];
    if (t < 0) return before ? table[0] : 0;
    if (t > 1) return after ? table[entries - 1] : 0;
    return 0;
}

__attribute__((target("avx2"), aligned(64)))
void crk_over_gradient_rows_avx2(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count, intptr_t y,
                                 const uint32_t *table, intptr_t entries, double dy, double c, bool before,
                                 bool after, const uint8_t *levels, bool left, bool right, intptr_t room,
                                 intptr_t lead) {
    if (count <= 0 || rows <= 0) return;
    const block_layout b = layout_of(dst, stride, count, left, right, room, lead);
    // Each kind of row's three levels (run, left edge, right edge) in lanes 0-2, as `k`
    // for `scale8`: one scaling gives a row's three colours (`PixelMath.scale`, which
    // gives the colour at 255 and 0 at 0).
    __m256i kinds[3];
    for (int k = 0; k < 3; k++) {
        kinds[k] = pairs(_mm256_setr_epi32(levels[3 * k], levels[3 * k + 1], levels[3 * k + 2], 0, 0, 0, 0, 0));
    }
    // A chunk of rows' colours first, then their pixels: the blending of one row need not
    // wait for its colour's lookup and scaling (measured 8-10% faster on rows of 64
    // pixels and more than each row's colour worked out just before it).
    enum { chunk = 64 };
    uint32_t colors[3 * chunk + 8];
    for (intptr_t top = 0; top < rows; top += chunk) {
        const intptr_t n = rows - top < chunk ? rows - top : chunk;
        for (intptr_t i = top; i < top + n; i++) {
            // The row's parameter at its pixels' centres, as `ShaderPainter` works it out.
            const uint32_t color = gradient_lookup(table, entries, dy * ((double)(y + i) + 0.5) + c, before, after);
            const __m256i scaled = scale8(_mm256_set1_epi32((int)color), kinds[i == 0 ? 0 : i == rows - 1 ? 2 : 1]);
            // Lanes 0-2 are the three colours; the next row's overwrite the other five.
            _mm256_storeu_si256((__m256i *)(colors + 3 * (i - top)), scaled);
        }
        for (intptr_t i = 0; i < n; i++, dst += stride) {
            // A colour a row: fused steps gained nothing on rows of 8 or 64 pixels.
            const row_colors r = row_colors_of(&b, colors + 3 * i, false);
            block_row(dst, &b, &r.run, false, r.first_c, r.last_c);
        }
    }
}

/* `crk_over_rect_avx2`'s rows, made with `fused` and without. */
__attribute__((target("avx2"), always_inline))
static inline void rect_rows(uint32_t *dst, intptr_t stride, intptr_t rows, const uint32_t *colors,
                             const block_layout *b, bool fused) {
    const row_colors first = row_colors_of(b, colors, fused);
    block_row(dst, b, &first.run, fused, first.first_c, first.last_c);
    if (rows == 1) return;
    const row_colors inner = row_colors_of(b, colors + 3, fused);
    dst += stride;
    for (intptr_t y = 1; y < rows - 1; y++, dst += stride) block_row(dst, b, &inner.run, fused, inner.first_c, inner.last_c);
    const row_colors last = row_colors_of(b, colors + 6, fused);
    block_row(dst, b, &last.run, fused, last.first_c, last.last_c);
}

__attribute__((target("avx2"), aligned(64)))
void crk_over_rect_avx2(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count, const uint32_t *colors,
                        bool left, bool right, intptr_t room, intptr_t lead) {
    if (count <= 0 || rows <= 0) return;
    // A wide rectangle in sixteens (`Wide512.c`). With edge pixels, which go one by one
    // there, from 48 columns: rows of 31 pixels between edges took 7-25% longer there
    // than here, rows of 47 about as long, rows of 63 a fifth to a third less.
    const intptr_t least = left || right ? 48 : 16;
    if (count >= least && crk_has_avx512() && crk_over_rect_avx512(dst, stride, rows, count, colors, left, right)) {
        return;
    }
    const block_layout b = layout_of(dst, stride, count, left, right, room, lead);
    // The runs' colours of the first row, the rows between and the last.
    const uint32_t runs[3] = {colors[0], colors[3], colors[6]};
    if (fuses(count, runs, rows == 1 ? 1 : 3)) {
        rect_rows(dst, stride, rows, colors, &b, true);
    } else {
        rect_rows(dst, stride, rows, colors, &b, false);
    }
}

#else

void crk_over_solid_avx2(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count,
                         uint32_t color, uint32_t inverse_alpha) {
    (void)dst; (void)stride; (void)rows; (void)count; (void)color; (void)inverse_alpha;
}

void crk_over_solid_block_avx2(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count,
                               uint32_t color, uint32_t left, uint32_t right, intptr_t room, intptr_t lead) {
    (void)dst; (void)stride; (void)rows; (void)count; (void)color; (void)left; (void)right; (void)room; (void)lead;
}

void crk_over_gradient_rows_avx2(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count, intptr_t y,
                                 const uint32_t *table, intptr_t entries, double dy, double c, bool before,
                                 bool after, const uint8_t *levels, bool left, bool right, intptr_t room,
                                 intptr_t lead) {
    (void)dst; (void)stride; (void)rows; (void)count; (void)y; (void)table; (void)entries; (void)dy; (void)c;
    (void)before; (void)after; (void)levels; (void)left; (void)right; (void)room; (void)lead;
}

void crk_over_rect_avx2(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count, const uint32_t *colors,
                        bool left, bool right, intptr_t room, intptr_t lead) {
    (void)dst; (void)stride; (void)rows; (void)count; (void)colors; (void)left; (void)right; (void)room; (void)lead;
}

#endif
