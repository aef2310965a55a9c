#include "CRasterKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>
#include "Lanes.h"

/*
 * The formula of Raster's `Compositor.row` in the normal mode at full coverage: each
 * pixel `s + round(d * (255 - alpha(s)) / 255)` per channel, in 16-bit lanes as
 * `crk_over_solid_avx2` computes it, but with each pixel's own inverse alpha; a source
 * pixel of alpha 0 leaves the destination as it was. Eight pixels a step; the last one
 * to seven through a lane mask, which neither reads nor writes beyond the run.
 */
__attribute__((target("avx2"), always_inline))
static inline __m256i over8(__m256i d, __m256i s) {
    __m256i a = _mm256_srli_epi32(s, 24);
    __m256i out = _mm256_add_epi32(scale8(d, inverse8(s)), s);
    __m256i clear = _mm256_cmpeq_epi32(a, _mm256_setzero_si256());
    return _mm256_blendv_epi8(out, d, clear);
}

__attribute__((target("avx2"), aligned(64)))
void crk_over_row_avx2(uint32_t *dst, const uint32_t *src, intptr_t count) {
    if (count <= 0) return;
    const intptr_t body = count & ~(intptr_t)7;
    for (intptr_t i = 0; i < body; i += 8) {
        __m256i *p = (__m256i *)(dst + i);
        __m256i s = _mm256_loadu_si256((const __m256i *)(src + i));
        _mm256_storeu_si256(p, over8(_mm256_loadu_si256(p), s));
    }
    if (body < count) {
        const __m256i tail = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(count - body)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
        int *p = (int *)(dst + body);
        __m256i s = _mm256_maskload_epi32((const int *)(src + body), tail);
        _mm256_maskstore_epi32(p, tail, over8(_mm256_maskload_epi32(p, tail), s));
    }
}

/*
 * `Compositor.row` in the normal mode under a coverage below 255 without a mask (a
 * transparency layer of alpha below 1 put back): each source pixel scaled by the
 * coverage, then `s + round(d * (255 - alpha(s)) / 255)`, the 32-bit addition carrying
 * from one channel into the next as `PixelMath.over` does. A source pixel of 0 gives the
 * destination as it was, so the Swift loop's skipping of those changes nothing. Eight
 * pixels a step, the last one to seven one by one.
 */
__attribute__((target("avx2"), aligned(64)))
void crk_over_row_scaled_avx2(uint32_t *dst, const uint32_t *src, intptr_t count, uint32_t coverage) {
    const intptr_t body = count > 0 ? count & ~(intptr_t)7 : 0;
    const __m256i m = multiplier8(_mm256_set1_epi32((int)(coverage * 0x10001u)));
    for (intptr_t i = 0; i < body; i += 8) {
        __m256i *p = (__m256i *)(dst + i);
        const __m256i s = scale8_by(_mm256_loadu_si256((const __m256i *)(src + i)), m);
        _mm256_storeu_si256(p, _mm256_add_epi32(scale8(_mm256_loadu_si256(p), inverse8(s)), s));
    }
    for (intptr_t i = body; i < count; i++) {
        const uint32_t s = scale1(src[i], coverage);
        dst[i] = s + scale1(dst[i], 255 - (s >> 24));
    }
}

#else

void crk_over_row_avx2(uint32_t *dst, const uint32_t *src, intptr_t count) {
    (void)dst; (void)src; (void)count;
}

void crk_over_row_scaled_avx2(uint32_t *dst, const uint32_t *src, intptr_t count, uint32_t coverage) {
    (void)dst; (void)src; (void)count; (void)coverage;
}

#endif
