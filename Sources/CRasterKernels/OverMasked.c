#include "CRasterKernels.h"

#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>
#include "Lanes.h"

/*
 * The formula of Raster's `Compositor.overMasked`: each pixel's coverage is its mask
 * byte times `coverage / 255`, rounded; the colour scaled by it, `s`, goes over the
 * pixel as `s + round(d * (255 - alpha(s)) / 255)` per channel, in 16-bit lanes as
 * `crk_over_solid_avx2` computes it. A coverage of 0 leaves the pixel as it was (the
 * formula gives it back unchanged), and a group of eight mask bytes of 0 is skipped.
 * Eight pixels a step; the last one to seven through a lane mask, which neither reads
 * nor writes beyond the run.
 */
__attribute__((target("avx2"), always_inline))
static inline __m256i over_masked8(__m256i d, __m128i bytes, __m256i color, __m256i k, bool scaled) {
    __m256i c = pairs(_mm256_cvtepu8_epi32(bytes));
    if (scaled) {
        const __m256i half = _mm256_set1_epi16(128), m = _mm256_set1_epi16(257);
        c = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(c, k), half), m);
    }
    __m256i s = scale8(color, c);
    return _mm256_add_epi32(scale8(d, inverse8(s)), s);
}

__attribute__((target("avx2"), aligned(64)))
void crk_over_masked_avx2(uint32_t *dst, const uint8_t *mask, intptr_t count, uint32_t color, uint32_t coverage) {
    if (count <= 0) return;
    const __m256i c = _mm256_set1_epi32((int)color), k = _mm256_set1_epi16((short)coverage);
    const bool scaled = coverage != 255;
    const intptr_t body = count & ~(intptr_t)7;
    for (intptr_t i = 0; i < body; i += 8) {
        uint64_t word;
        memcpy(&word, mask + i, 8);
        if (word == 0) continue;
        __m256i *p = (__m256i *)(dst + i);
        _mm256_storeu_si256(p, over_masked8(_mm256_loadu_si256(p), _mm_cvtsi64_si128((long long)word), c, k, scaled));
    }
    if (body < count) {
        // The tail's mask bytes, zeros after them.
        uint64_t word = 0;
        memcpy(&word, mask + body, (size_t)(count - body));
        if (word == 0) return;
        const __m256i tail = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(count - body)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
        int *p = (int *)(dst + body);
        _mm256_maskstore_epi32(p, tail, over_masked8(_mm256_maskload_epi32(p, tail), _mm_cvtsi64_si128((long long)word),
                                                     c, k, scaled));
    }
}

#else

void crk_over_masked_avx2(uint32_t *dst, const uint8_t *mask, intptr_t count, uint32_t color, uint32_t coverage) {
    (void)dst; (void)mask; (void)count; (void)color; (void)coverage;
}

#endif
