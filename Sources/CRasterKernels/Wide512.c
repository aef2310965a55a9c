#include "CRasterKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>
#include "Lanes.h"

/*
 * The 16-pixel steps of the source-over loops, for processors with AVX-512 (F and BW):
 * the formula of `scale8` in `Lanes.h` on a 512-bit register, so each pixel gets the
 * same bytes either way. The AVX2 loops of rectangles hand their rows of 16 pixels or
 * more here when `crk_has_avx512()`.
 */

#define CRK_512 __attribute__((target("avx2,avx512f,avx512bw"), always_inline)) static inline

/* `scale8` on sixteen pixels. */
CRK_512 __m512i scale16(__m512i x, __m512i k) {
    const __m512i low = _mm512_set1_epi32(0x00ff00ff), half = _mm512_set1_epi16(128), m = _mm512_set1_epi16(257);
    const __m512i rb = _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_and_si512(x, low), k), half), m);
    const __m512i ag = _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_srli_epi16(x, 8), k), half), m);
    return _mm512_or_si512(rb, _mm512_slli_epi16(ag, 8));
}

/*
 * `scale16(x, k)` plus the colour whose channels, each times 255 plus 128, `rb` and `ag`
 * hold in the 16-bit lanes of the red-blue and alpha-green pairs: the addition folded
 * into the rounding. A channel `s` of a premultiplied colour is at most its alpha `a`,
 * so `x * (255 - a) + 255 * s + 128` is at most 65153 and fits its lane, and its
 * rounded quotient by 255 is `s` plus that of `x * (255 - a)`: the same bytes as
 * `scale16(x, k) + c`, one addition fewer a step.
 */
CRK_512 __m512i over16(__m512i x, __m512i k, __m512i rb, __m512i ag) {
    const __m512i low = _mm512_set1_epi32(0x00ff00ff), m = _mm512_set1_epi16(257);
    const __m512i r = _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_and_si512(x, low), k), rb), m);
    const __m512i a = _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_srli_epi16(x, 8), k), ag), m);
    return _mm512_or_si512(r, _mm512_slli_epi16(a, 8));
}

/*
 * `count` pixels from `p` under the colour, `k` its inverse alpha in both 16-bit halves
 * of each lane, `rb` and `ag` as `over16` takes them. Two steps at a time: their loads
 * go ahead of the first one's store (measured 10-17% faster from 64 columns than one
 * step at a time). A run of 16 pixels or more ends with a whole step on its last 16,
 * worked out from the pixels as they were before the loop and stored after it: the
 * pixels it shares with the loop's last step get the same bytes from both. A masked
 * store in its place made rows of 63 pixels a third slower. (Steps moved onto 64-byte
 * boundaries, with a masked first step, measured 10-20% slower.)
 */
CRK_512 void run16(uint32_t *p, intptr_t count, __m512i k, __m512i rb, __m512i ag) {
    if (count < 16) {
        const __mmask16 lanes = (__mmask16)(0xffffu >> (16 - count));
        _mm512_mask_storeu_epi32(p, lanes, over16(_mm512_maskz_loadu_epi32(lanes, p), k, rb, ag));
        return;
    }
    // The steps before the last one start before `end`.
    const intptr_t end = count - 16;
    const __m512i last = over16(_mm512_loadu_si512(p + end), k, rb, ag);
    intptr_t i = 0;
    for (; i + 16 < end; i += 32) {
        const __m512i a = over16(_mm512_loadu_si512(p + i), k, rb, ag);
        const __m512i b = over16(_mm512_loadu_si512(p + i + 16), k, rb, ag);
        _mm512_storeu_si512(p + i, a);
        _mm512_storeu_si512(p + i + 16, b);
    }
    if (i < end) _mm512_storeu_si512(p + i, over16(_mm512_loadu_si512(p + i), k, rb, ag));
    _mm512_storeu_si512(p + end, last);
}

/* `run16` of an opaque colour `c`: stored, its last 16 pixels as a whole step. */
CRK_512 void fill16(uint32_t *p, intptr_t count, __m512i c) {
    if (count < 16) {
        _mm512_mask_storeu_epi32(p, (__mmask16)(0xffffu >> (16 - count)), c);
        return;
    }
    for (intptr_t i = 0; i < count - 16; i += 16) _mm512_storeu_si512(p + i, c);
    _mm512_storeu_si512(p + count - 16, c);
}

/*
 * `run16` of a colour that is not premultiplied (a channel above its alpha), where the
 * folded rounding would leave its lane: `scale16` and the addition apart, each lane
 * carrying into the next as `PixelMath.over` does.
 */
CRK_512 void run16_apart(uint32_t *p, intptr_t count, __m512i c, __m512i k) {
    for (intptr_t i = 0; i < count; i += 16) {
        const __mmask16 lanes = count - i >= 16 ? (__mmask16)0xffff : (__mmask16)(0xffffu >> (16 - (count - i)));
        const __m512i d = _mm512_maskz_loadu_epi32(lanes, p + i);
        _mm512_mask_storeu_epi32(p + i, lanes, _mm512_add_epi32(scale16(d, k), c));
    }
}

/* A colour set up for `run16`, or for `fill16` when opaque. */
typedef struct {
    __m512i c, k, rb, ag;
    bool opaque;
} solid16;

/* `color`, premultiplied, set up for its run. */
CRK_512 solid16 solid16_of(uint32_t color) {
    solid16 s;
    const uint32_t ia = 255 - (color >> 24);
    const __m512i low = _mm512_set1_epi32(0x00ff00ff), times = _mm512_set1_epi16(255), half = _mm512_set1_epi16(128);
    s.c = _mm512_set1_epi32((int)color);
    s.k = _mm512_set1_epi32((int)(ia * 0x10001u));
    // Each channel times 255 plus 128, in the lanes of its pair.
    s.rb = _mm512_add_epi16(_mm512_mullo_epi16(_mm512_and_si512(s.c, low), times), half);
    s.ag = _mm512_add_epi16(_mm512_mullo_epi16(_mm512_srli_epi16(s.c, 8), times), half);
    s.opaque = ia == 0;
    return s;
}

/* `PixelMath.over` of `color` on one pixel: 0 leaves it as it was. */
static inline void over1(uint32_t *p, uint32_t color) { *p = color + scale1(*p, 255 - (color >> 24)); }

/* `count` pixels from `p` under `run`. */
CRK_512 void solid_run(uint32_t *p, intptr_t count, const solid16 *run) {
    if (run->opaque) {
        fill16(p, count, run->c);
    } else {
        run16(p, count, run->k, run->rb, run->ag);
    }
}

/* One row: its run from `p` under `run`, and the edge pixels before and after it. */
CRK_512 void rect_row(uint32_t *p, intptr_t count, const solid16 *run, const uint32_t *colors, bool left, bool right) {
    if (left) over1(p - 1, colors[1]);
    solid_run(p, count, run);
    if (right) over1(p + count, colors[2]);
}

__attribute__((target("avx2,avx512f,avx512bw"), aligned(64)))
bool crk_over_rect_avx512(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count, const uint32_t *colors,
                          bool left, bool right) {
    const intptr_t used = rows == 1 ? 3 : 9;
    for (intptr_t i = 0; i < used; i++) {
        if (!crk_premultiplied(colors[i])) return false;
    }
    const solid16 first = solid16_of(colors[0]);
    rect_row(dst, count, &first, colors, left, right);
    if (rows == 1) return true;
    const solid16 inner = solid16_of(colors[3]);
    dst += stride;
    for (intptr_t y = 1; y < rows - 1; y++, dst += stride) rect_row(dst, count, &inner, colors + 3, left, right);
    const solid16 last = solid16_of(colors[6]);
    rect_row(dst, count, &last, colors + 6, left, right);
    return true;
}

__attribute__((target("avx2,avx512f,avx512bw"), aligned(64)))
void crk_over_run_avx512(uint32_t *dst, intptr_t count, uint32_t color) {
    const solid16 run = solid16_of(color);
    run16(dst, count, run.k, run.rb, run.ag);
}

__attribute__((target("avx2,avx512f,avx512bw"), aligned(64)))
void crk_over_solid_steps_avx512(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count, uint32_t color) {
    if (crk_premultiplied(color)) {
        const solid16 run = solid16_of(color);
        for (intptr_t y = 0; y < rows; y++, dst += stride) solid_run(dst, count, &run);
    } else {
        const uint32_t ia = 255 - (color >> 24);
        const __m512i c = _mm512_set1_epi32((int)color), k = _mm512_set1_epi32((int)(ia * 0x10001u));
        for (intptr_t y = 0; y < rows; y++, dst += stride) run16_apart(dst, count, c, k);
    }
}

#else

void crk_over_run_avx512(uint32_t *dst, intptr_t count, uint32_t color) {
    (void)dst; (void)count; (void)color;
}

bool crk_over_rect_avx512(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count, const uint32_t *colors,
                          bool left, bool right) {
    (void)dst; (void)stride; (void)rows; (void)count; (void)colors; (void)left; (void)right;
    return false;
}

void crk_over_solid_steps_avx512(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count, uint32_t color) {
    (void)dst; (void)stride; (void)rows; (void)count; (void)color;
}

#endif
