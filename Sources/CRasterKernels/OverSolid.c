#include "CRasterKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>
#include "Lanes.h"

/*
 * The formula of Raster's `Compositor.overSolid`: red-blue and alpha-green pairs in
 * 16-bit lanes, each `x * ia + 128`, whose product with 257 has the rounded quotient by
 * 255 in its high half; the colour is added to the 32-bit pixel. Eight pixels a step;
 * the last one to seven through a lane mask, which neither reads nor writes the pixels
 * beyond the run.
 */
__attribute__((target("avx2"), always_inline))
static inline __m256i blend8(__m256i d, __m256i c, __m256i k) {
    return _mm256_add_epi32(scale8(d, k), c);
}

/*
 * The same on two pixels in the low lanes, each with its own source colour `s` and
 * that colour's inverse alpha.
 */
__attribute__((target("avx2"), always_inline))
static inline __m128i over2(__m128i d, __m128i s) {
    const __m128i low = _mm_set1_epi32(0x00ff00ff), half = _mm_set1_epi16(128), m = _mm_set1_epi16(257);
    __m128i ia = _mm_sub_epi32(_mm_set1_epi32(255), _mm_srli_epi32(s, 24));
    __m128i k = _mm_or_si128(ia, _mm_slli_epi32(ia, 16));
    __m128i rb = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(_mm_and_si128(d, low), k), half), m);
    __m128i ag = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(_mm_srli_epi16(d, 8), k), half), m);
    return _mm_add_epi32(_mm_or_si128(rb, _mm_slli_epi16(ag, 8)), s);
}

/*
 * `rows` runs of the colour and, unless 0, each run's edge pixels (see the header). The
 * two entry points below pass their own edges; with both 0, a constant, the edge step
 * folds away.
 */
__attribute__((target("avx2"), always_inline))
static inline void over_solid_rows(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count,
                                   uint32_t color, uint32_t inverse_alpha, uint32_t left, uint32_t right) {
    if (count <= 0) return;
    const __m256i c = _mm256_set1_epi32((int)color), k = _mm256_set1_epi16((short)inverse_alpha);
    const __m128i edges = _mm_setr_epi32((int)left, (int)right, 0, 0);
    const intptr_t body = count & ~(intptr_t)7;
    // Lanes 0..<(count - body) of the last step.
    const __m256i tail = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(count - body)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    for (intptr_t y = 0; y < rows; y++, dst += stride) {
        for (intptr_t i = 0; i < body; i += 8) {
            __m256i *p = (__m256i *)(dst + i);
            _mm256_storeu_si256(p, blend8(_mm256_loadu_si256(p), c, k));
        }
        if (body < count) {
            int *p = (int *)(dst + body);
            _mm256_maskstore_epi32(p, tail, blend8(_mm256_maskload_epi32(p, tail), c, k));
        }
        if (left | right) {
            // Both edge pixels in one step; a pixel whose colour is 0 is neither read nor
            // written (it may lie outside the clip).
            __m128i d = _mm_setr_epi32(left ? (int)dst[-1] : 0, right ? (int)dst[count] : 0, 0, 0);
            __m128i b = over2(d, edges);
            if (left) dst[-1] = (uint32_t)_mm_cvtsi128_si32(b);
            if (right) dst[count] = (uint32_t)_mm_extract_epi32(b, 1);
        }
    }
}

__attribute__((target("avx2")))
void crk_over_solid_avx2(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count,
                         uint32_t color, uint32_t inverse_alpha) {
    over_solid_rows(dst, stride, rows, count, color, inverse_alpha, 0, 0);
}

__attribute__((target("avx2")))
void crk_over_solid_edges_avx2(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count,
                               uint32_t color, uint32_t inverse_alpha, uint32_t left, uint32_t right) {
    over_solid_rows(dst, stride, rows, count, color, inverse_alpha, left, right);
}

#else

void crk_over_solid_avx2(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count,
                         uint32_t color, uint32_t inverse_alpha) {
    (void)dst; (void)stride; (void)rows; (void)count; (void)color; (void)inverse_alpha;
}

void crk_over_solid_edges_avx2(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count,
                               uint32_t color, uint32_t inverse_alpha, uint32_t left, uint32_t right) {
    (void)dst; (void)stride; (void)rows; (void)count; (void)color; (void)inverse_alpha; (void)left; (void)right;
}

#endif
