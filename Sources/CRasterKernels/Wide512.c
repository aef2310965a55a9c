#include "CRasterKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>
#include "Lanes.h"

/*
 * The 16-pixel steps of the source-over loops, for processors with AVX-512 (F and BW):
 * the formula of `scale8` in `Lanes.h` on a 512-bit register, so each pixel gets the
 * same bytes either way. The AVX2 loop of a rectangle on whole pixels hands its rows
 * here when `crk_has_avx512()`.
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
 * `count` pixels from `p` under `c`, `k` its inverse alpha in both 16-bit halves of each
 * lane; an opaque colour is stored. The last step takes only its lanes in the run,
 * through a mask: the pixels after the run are neither read nor written. (Steps moved
 * onto 64-byte boundaries, with a masked first step, measured 10-20% slower.)
 */
CRK_512 void run16(uint32_t *p, intptr_t count, __m512i c, __m512i k, bool opaque) {
    intptr_t i = 0;
    for (; i + 16 <= count; i += 16) {
        _mm512_storeu_si512(p + i, opaque ? c : _mm512_add_epi32(scale16(_mm512_loadu_si512(p + i), k), c));
    }
    if (i < count) {
        const __mmask16 lanes = (__mmask16)(0xffffu >> (16 - (count - i)));
        const __m512i d = _mm512_maskz_loadu_epi32(lanes, p + i);
        _mm512_mask_storeu_epi32(p + i, lanes, opaque ? c : _mm512_add_epi32(scale16(d, k), c));
    }
}

__attribute__((target("avx2,avx512f,avx512bw"), aligned(64)))
void crk_over_solid_steps_avx512(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count, uint32_t color) {
    const uint32_t ia = 255 - (color >> 24);
    const __m512i c = _mm512_set1_epi32((int)color), k = _mm512_set1_epi32((int)(ia * 0x10001u));
    for (intptr_t y = 0; y < rows; y++, dst += stride) run16(dst, count, c, k, ia == 0);
}

#else

void crk_over_solid_steps_avx512(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count, uint32_t color) {
    (void)dst; (void)stride; (void)rows; (void)count; (void)color;
}

#endif
