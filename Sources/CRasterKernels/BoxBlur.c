#include "CRasterKernels.h"

#include <string.h>

/*
 * The box passes of Raster's `GaussianBlur`: over a backdrop's pixels of four interleaved
 * float channels, and over a shadow's plane of one float a pixel. Each gives exactly
 * the floats of the plain one-channel passes (the tests keep them, in Swift): the same
 * sums in the same order, each operation rounded on its own (no fused multiply-add).
 * Portable C; a vector holds a pixel's four channels, or four rows' values of a plane,
 * and four rows run at once, as independent running sums, so that no sum's additions
 * wait on the one before.
 */

typedef float f4 __attribute__((vector_size(16)));

static inline f4 load4(const float *p) {
    f4 v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline void store4(float *p, f4 v) { memcpy(p, &v, sizeof v); }

/// Pixel `i` of a row, the edge pixels (or zero) beyond it.
static inline f4 at(const float *row, intptr_t i, intptr_t w, f4 first, f4 last) {
    return i < 0 ? first : (i >= w ? last : load4(row + 4 * i));
}

/// The box of `n` rows (1 to 4, known where it is inlined) from `src` into `dst`, each
/// row `4 * w` floats after the one before.
__attribute__((always_inline))
static inline void box_rows(const float *src, float *dst, intptr_t w, intptr_t r, bool clamp, float scale, int n) {
#pragma clang fp contract(off)
    const intptr_t stride = 4 * w;
    f4 first[4], last[4], acc[4];
    for (int k = 0; k < n; k++) {
        const f4 zero = {0, 0, 0, 0};
        first[k] = clamp ? load4(src + k * stride) : zero;
        last[k] = clamp ? load4(src + k * stride + 4 * (w - 1)) : zero;
        acc[k] = zero;
    }
    for (intptr_t i = -r; i <= r; i++) {
        for (int k = 0; k < n; k++) acc[k] += at(src + k * stride, i, w, first[k], last[k]);
    }
    const intptr_t inner0 = w < r ? w : r;
    const intptr_t inner1 = w - r - 1 > inner0 ? w - r - 1 : inner0;
    intptr_t i = 0;
    for (; i < inner0; i++) {
        for (int k = 0; k < n; k++) {
            const float *s = src + k * stride;
            store4(dst + k * stride + 4 * i, acc[k] * scale);
            acc[k] += at(s, i + r + 1, w, first[k], last[k]) - at(s, i - r, w, first[k], last[k]);
        }
    }
    for (; i < inner1; i++) {
        for (int k = 0; k < n; k++) {
            const float *s = src + k * stride;
            store4(dst + k * stride + 4 * i, acc[k] * scale);
            acc[k] += load4(s + 4 * (i + r + 1)) - load4(s + 4 * (i - r));
        }
    }
    for (; i < w; i++) {
        for (int k = 0; k < n; k++) {
            const float *s = src + k * stride;
            store4(dst + k * stride + 4 * i, acc[k] * scale);
            acc[k] += at(s, i + r + 1, w, first[k], last[k]) - at(s, i - r, w, first[k], last[k]);
        }
    }
}

CRK_HOT void crk_box_rows4(const float *src, float *dst, intptr_t width, intptr_t height, intptr_t radius, bool clamp) {
#pragma clang fp contract(off)
    if (width <= 0 || height <= 0 || radius < 0) return;
    const float scale = 1 / (float)(2 * radius + 1);
    const intptr_t stride = 4 * width;
    intptr_t y = 0;
    for (; y + 4 <= height; y += 4) box_rows(src + y * stride, dst + y * stride, width, radius, clamp, scale, 4);
    for (; y < height; y++) box_rows(src + y * stride, dst + y * stride, width, radius, clamp, scale, 1);
}

/// `box_rows` on one channel: four rows of single floats advance together, lane `k` of
/// each vector holding row `k`'s value (gathered from and scattered to the rows).
__attribute__((always_inline))
static inline void box_rows1(const float *src, float *dst, intptr_t w, intptr_t r, bool clamp, float scale, int n) {
#pragma clang fp contract(off)
    f4 first = {0, 0, 0, 0}, last = {0, 0, 0, 0}, acc = {0, 0, 0, 0};
    // Value `i` of each row, the edge values (or zero) beyond it; rows past `n` read row 0.
#define ROWS_AT(i) ((i) < 0 ? first : ((i) >= w ? last : \
        (f4){src[(i)], src[(n > 1) * w + (i)], src[(n > 2) * 2 * w + (i)], src[(n > 3) * 3 * w + (i)]}))
    if (clamp) {
        for (int k = 0; k < 4; k++) {
            const intptr_t row = (k < n ? k : 0) * w;
            first[k] = src[row];
            last[k] = src[row + w - 1];
        }
    }
    for (intptr_t i = -r; i <= r; i++) acc += ROWS_AT(i);
    for (intptr_t i = 0; i < w; i++) {
        const f4 out = acc * scale;
        for (int k = 0; k < n; k++) dst[k * w + i] = out[k];
        acc += ROWS_AT(i + r + 1) - ROWS_AT(i - r);
    }
#undef ROWS_AT
}

CRK_HOT void crk_box_rows1(const float *src, float *dst, intptr_t width, intptr_t height, intptr_t radius, bool clamp) {
#pragma clang fp contract(off)
    if (width <= 0 || height <= 0 || radius < 0) return;
    const float scale = 1 / (float)(2 * radius + 1);
    intptr_t y = 0;
    for (; y + 4 <= height; y += 4) box_rows1(src + y * width, dst + y * width, width, radius, clamp, scale, 4);
    for (; y < height; y++) box_rows1(src + y * width, dst + y * width, width, radius, clamp, scale, 1);
}

/// Row `y` of the source, rows `stride` floats apart, the edge rows beyond it, or NULL
/// for a row of zeros.
static inline const float *source_row(const float *src, intptr_t y, intptr_t stride, intptr_t h, bool clamp) {
    if (y >= 0 && y < h) return src + y * stride;
    return clamp ? src + (y < 0 ? 0 : h - 1) * stride : NULL;
}

/// `acc[x] += add[x]` for `w` floats, four at a time.
static inline void add_row(float *restrict acc, const float *add, intptr_t w) {
#pragma clang fp contract(off)
    intptr_t x = 0;
    for (; x + 4 <= w; x += 4) store4(acc + x, load4(acc + x) + load4(add + x));
    for (; x < w; x++) acc[x] += add[x];
}

/// One row of the column pass: `d = acc * scale`, then the row below added to the sums
/// and the row above taken away, each when given (`add` and `sub` are known where this
/// is inlined).
__attribute__((always_inline))
static inline void column_step(float *restrict d, float *restrict acc, const float *add, const float *sub, intptr_t w,
                               float scale, bool adds, bool subs) {
#pragma clang fp contract(off)
    const f4 scale4 = {scale, scale, scale, scale};
    intptr_t x = 0;
    for (; x + 4 <= w; x += 4) {
        f4 a = load4(acc + x);
        store4(d + x, a * scale4);
        if (adds) a += load4(add + x);
        if (subs) a -= load4(sub + x);
        store4(acc + x, a);
    }
    for (; x < w; x++) {
        d[x] = acc[x] * scale;
        if (adds) acc[x] += add[x];
        if (subs) acc[x] -= sub[x];
    }
}

CRK_HOT void crk_box_columns(const float *src, float *restrict dst, intptr_t width, intptr_t stride, intptr_t height,
                     intptr_t radius, bool clamp, float *restrict acc) {
#pragma clang fp contract(off)
    if (width <= 0 || height <= 0 || radius < 0 || stride < width) return;
    const intptr_t w = width, h = height, r = radius;
    const float scale = 1 / (float)(2 * r + 1);
    for (intptr_t x = 0; x < w; x++) acc[x] = 0;
    for (intptr_t y = -r; y <= r; y++) {
        const float *s = source_row(src, y, stride, h, clamp);
        if (s) add_row(acc, s, w);
    }
    for (intptr_t y = 0; y < h; y++) {
        float *d = dst + y * stride;
        const float *add = source_row(src, y + r + 1, stride, h, clamp), *sub = source_row(src, y - r, stride, h, clamp);
        // The plane pass's order: the row written, the row below added, then the row
        // above taken away (a row beyond a zero edge is neither).
        if (add && sub) column_step(d, acc, add, sub, w, scale, true, true);
        else if (add) column_step(d, acc, add, sub, w, scale, true, false);
        else if (sub) column_step(d, acc, add, sub, w, scale, false, true);
        else column_step(d, acc, add, sub, w, scale, false, false);
    }
}

CRK_HOT void crk_floats_of_pixels(const uint32_t *src, float *restrict dst, intptr_t count) {
    for (intptr_t i = 0; i < count; i++) {
        const uint32_t p = src[i];
        dst[4 * i] = (float)(p & 255);
        dst[4 * i + 1] = (float)((p >> 8) & 255);
        dst[4 * i + 2] = (float)((p >> 16) & 255);
        dst[4 * i + 3] = (float)(p >> 24);
    }
}

/// `round(a * b / 255)` for a, b in 0...255 (Raster's `PixelMath.mul`).
static inline uint32_t mul255(uint32_t a, uint32_t b) {
    const uint32_t t = a * b + 128;
    return (t + (t >> 8)) >> 8;
}

/// Every channel of `w` times `k / 255`, rounded (Raster's `PixelMath.scale`).
static inline uint32_t scale_word(uint32_t w, uint32_t k) {
    uint32_t rb = (w & 0x00ff00ff) * k + 0x00800080;
    rb = ((rb + ((rb >> 8) & 0x00ff00ff)) >> 8) & 0x00ff00ff;
    uint32_t ag = ((w >> 8) & 0x00ff00ff) * k + 0x00800080;
    ag = (ag + ((ag >> 8) & 0x00ff00ff)) & 0xff00ff00;
    return rb | ag;
}

#if defined(__SSE2__)
/// Every 16-bit lane of `x` times the lane of `k`, over 255, rounded: `PixelMath.scale`'s
/// formula on a channel (the products fit 16 bits).
static inline __m128i scale16(__m128i x, __m128i k) {
    const __m128i t = _mm_add_epi16(_mm_mullo_epi16(x, k), _mm_set1_epi16(128));
    return _mm_srli_epi16(_mm_add_epi16(t, _mm_srli_epi16(t, 8)), 8);
}
#endif

CRK_HOT void crk_mix_floats_into_pixels(const float *src, uint32_t *dst, const uint8_t *mask, intptr_t count,
                                uint32_t strength) {
    intptr_t i = 0;
#if defined(__SSE2__)
    // Four pixels a step in 16-bit lanes. A channel of the two scaled words sums to at
    // most 255, so adding lanes adds the words; and a weight of 255 gives the blurred
    // pixel back exactly, as the scalar loop's shortcut does.
    const __m128i zero = _mm_setzero_si128(), full = _mm_set1_epi16(255);
    for (; i + 4 <= count; i += 4) {
        // Each pixel's weight in the four lanes of its channels.
        __m128i k = _mm_set1_epi16((short)strength);
        if (mask) {
            uint32_t bytes;
            memcpy(&bytes, mask + i, 4);
            k = scale16(_mm_unpacklo_epi8(_mm_cvtsi32_si128((int)bytes), zero), k);
        }
        k = _mm_unpacklo_epi16(k, k);
        const __m128i k01 = _mm_unpacklo_epi32(k, k), k23 = _mm_unpackhi_epi32(k, k);
        const float *v = src + 4 * i;
        const __m128i p01 = _mm_packs_epi32(crk_channels_of_floats(v), crk_channels_of_floats(v + 4));
        const __m128i p23 = _mm_packs_epi32(crk_channels_of_floats(v + 8), crk_channels_of_floats(v + 12));
        const __m128i d = _mm_loadu_si128((const __m128i *)(dst + i));
        const __m128i d01 = _mm_unpacklo_epi8(d, zero), d23 = _mm_unpackhi_epi8(d, zero);
        const __m128i r01 = _mm_add_epi16(scale16(p01, k01), scale16(d01, _mm_sub_epi16(full, k01)));
        const __m128i r23 = _mm_add_epi16(scale16(p23, k23), scale16(d23, _mm_sub_epi16(full, k23)));
        _mm_storeu_si128((__m128i *)(dst + i), _mm_packus_epi16(r01, r23));
    }
#endif
    for (; i < count; i++) {
        const uint32_t p = crk_pixel_of_floats(src + 4 * i);
        const uint32_t k = mask ? mul255(strength, mask[i]) : strength;
        dst[i] = k == 255 ? p : scale_word(p, k) + scale_word(dst[i], 255 - k);
    }
}
