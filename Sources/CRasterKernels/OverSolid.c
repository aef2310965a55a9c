#include "CRasterKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

/*
 * The formula of Raster's `Compositor.overSolid`: red-blue and alpha-green pairs in
 * 16-bit lanes, each `x * ia + 128`, whose product with 257 has the rounded quotient by
 * 255 in its high half; the colour is added to the 32-bit pixel. Eight pixels a step,
 * then four, then one by one.
 */
__attribute__((target("avx2"), always_inline))
static inline __m256i blend8(__m256i d, __m256i c, __m256i k) {
    const __m256i low = _mm256_set1_epi32(0x00ff00ff), half = _mm256_set1_epi16(128), m = _mm256_set1_epi16(257);
    __m256i rb = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(d, low), k), half), m);
    __m256i ag = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(d, 8), k), half), m);
    return _mm256_add_epi32(_mm256_or_si256(rb, _mm256_slli_epi16(ag, 8)), c);
}

__attribute__((target("avx2"), always_inline))
static inline __m128i blend4(__m128i d, __m128i c, __m128i k) {
    const __m128i low = _mm_set1_epi32(0x00ff00ff), half = _mm_set1_epi16(128), m = _mm_set1_epi16(257);
    __m128i rb = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(_mm_and_si128(d, low), k), half), m);
    __m128i ag = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(_mm_srli_epi16(d, 8), k), half), m);
    return _mm_add_epi32(_mm_or_si128(rb, _mm_slli_epi16(ag, 8)), c);
}

__attribute__((target("avx2")))
void crk_over_solid_avx2(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count,
                         uint32_t color, uint32_t inverse_alpha) {
    const __m256i c = _mm256_set1_epi32((int)color), k = _mm256_set1_epi16((short)inverse_alpha);
    const __m128i c4 = _mm256_castsi256_si128(c), k4 = _mm256_castsi256_si128(k);
    for (intptr_t y = 0; y < rows; y++, dst += stride) {
        intptr_t i = 0;
        for (; i + 8 <= count; i += 8) {
            __m256i *p = (__m256i *)(dst + i);
            _mm256_storeu_si256(p, blend8(_mm256_loadu_si256(p), c, k));
        }
        if (i + 4 <= count) {
            __m128i *p = (__m128i *)(dst + i);
            _mm_storeu_si128(p, blend4(_mm_loadu_si128(p), c4, k4));
            i += 4;
        }
        for (; i < count; i++) {
            uint32_t p = dst[i];
            uint32_t rb = (p & 0x00ff00ff) * inverse_alpha + 0x00800080;
            uint32_t ag = ((p >> 8) & 0x00ff00ff) * inverse_alpha + 0x00800080;
            rb = ((rb + ((rb >> 8) & 0x00ff00ff)) >> 8) & 0x00ff00ff;
            ag = (ag + ((ag >> 8) & 0x00ff00ff)) & 0xff00ff00;
            dst[i] = color + (rb | ag);
        }
    }
}

#else

void crk_over_solid_avx2(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count,
                         uint32_t color, uint32_t inverse_alpha) {
    (void)dst; (void)stride; (void)rows; (void)count; (void)color; (void)inverse_alpha;
}

#endif
