#include "CRasterKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

/*
 * The formula of Raster's `Compositor.overSolid`: red-blue and alpha-green pairs in
 * 16-bit lanes, each `x * ia + 128`, whose product with 257 has the rounded quotient by
 * 255 in its high half; the colour is added to the 32-bit pixel. Eight pixels a step;
 * the last one to seven through a lane mask, which neither reads nor writes the pixels
 * beyond the run.
 */
__attribute__((target("avx2"), always_inline))
static inline __m256i blend8(__m256i d, __m256i c, __m256i k) {
    const __m256i low = _mm256_set1_epi32(0x00ff00ff), half = _mm256_set1_epi16(128), m = _mm256_set1_epi16(257);
    __m256i rb = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(d, low), k), half), m);
    __m256i ag = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(d, 8), k), half), m);
    return _mm256_add_epi32(_mm256_or_si256(rb, _mm256_slli_epi16(ag, 8)), c);
}

__attribute__((target("avx2")))
void crk_over_solid_avx2(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count,
                         uint32_t color, uint32_t inverse_alpha) {
    if (count <= 0) return;
    const __m256i c = _mm256_set1_epi32((int)color), k = _mm256_set1_epi16((short)inverse_alpha);
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
    }
}

#else

void crk_over_solid_avx2(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count,
                         uint32_t color, uint32_t inverse_alpha) {
    (void)dst; (void)stride; (void)rows; (void)count; (void)color; (void)inverse_alpha;
}

#endif
