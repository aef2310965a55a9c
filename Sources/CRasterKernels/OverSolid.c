#include "CRasterKernels.h"

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

/* The inverse alphas of eight colours, in 16-bit pairs. */
__attribute__((target("avx2"), always_inline))
static inline __m256i inverse8(__m256i colors) {
    return pairs(_mm256_sub_epi32(_mm256_set1_epi32(255), _mm256_srli_epi32(colors, 24)));
}

__attribute__((target("avx2")))
void crk_over_solid_avx2(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count,
                         uint32_t color, uint32_t inverse_alpha) {
    if (count <= 0) return;
    // The last one to seven pixels through a lane mask, which neither reads nor writes
    // the pixels beyond the run.
    const __m256i c = _mm256_set1_epi32((int)color), k = _mm256_set1_epi16((short)inverse_alpha);
    const intptr_t body = count & ~(intptr_t)7;
    // Lanes 0..<(count - body) of the last step.
    const __m256i tail = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(count - body)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    for (intptr_t y = 0; y < rows; y++, dst += stride) {
        for (intptr_t i = 0; i < body; i += 8) over8(dst + i, c, k);
        if (body < count) {
            int *p = (int *)(dst + body);
            _mm256_maskstore_epi32(p, tail, blend8(_mm256_maskload_epi32(p, tail), c, k));
        }
    }
}

/*
 * A block's row is the run with its edge pixels: `n` pixels from `start`, in steps of
 * eight, each lane with its own colour. The first step's lane 0 is the left edge's, the
 * last step's lanes past the row are colour 0, which leaves a pixel as it was; the
 * colours and their inverse alphas are worked out once for every row.
 */
__attribute__((target("avx2")))
void crk_over_solid_block_avx2(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count,
                               uint32_t color, uint32_t left, uint32_t right, intptr_t room) {
    if (count <= 0) return;
    if (!(left | right) && (count & 7) == 0) {
        // Whole steps and no edges (a rectangle on whole pixels): nothing to work out.
        const __m256i c = _mm256_set1_epi32((int)color), k = inverse8(c);
        for (intptr_t y = 0; y < rows; y++, dst += stride) {
            for (intptr_t i = 0; i < count; i += 8) over8(dst + i, c, k);
        }
        return;
    }
    const intptr_t start = left ? -1 : 0, n = count + (right ? 1 : 0) - start;
    // The last step's offset from `start`, and its pixels in the row.
    const intptr_t last = (n - 1) & ~(intptr_t)7, tail = n - last;
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i c = _mm256_set1_epi32((int)color), k = inverse8(c);
    __m256i first_c = c;
    if (left) first_c = _mm256_blendv_epi8(first_c, _mm256_set1_epi32((int)left), _mm256_cmpeq_epi32(lane, _mm256_setzero_si256()));
    __m256i last_c = last == 0 ? first_c : c;
    if (right) {
        const __m256i at = _mm256_cmpeq_epi32(lane, _mm256_set1_epi32((int)(tail - 1)));
        last_c = _mm256_blendv_epi8(last_c, _mm256_set1_epi32((int)right), at);
    }
    last_c = _mm256_and_si256(last_c, _mm256_cmpgt_epi32(_mm256_set1_epi32((int)tail), lane));
    const __m256i first_k = inverse8(first_c), last_k = inverse8(last_c);
    // Whether the last step's eight pixels lie in the surface's row; if not, its pixels
    // in the run go one by one.
    const bool fits = start + last + 8 <= room;
    uint32_t tail_c[8], tail_k[8];
    if (!fits) {
        _mm256_storeu_si256((__m256i *)tail_c, last_c);
        _mm256_storeu_si256((__m256i *)tail_k, last_k);
    }
    for (intptr_t y = 0; y < rows; y++, dst += stride) {
        uint32_t *p = dst + start;
        if (last > 0) {
            over8(p, first_c, first_k);
            for (intptr_t i = 8; i < last; i += 8) over8(p + i, c, k);
        }
        if (fits) {
            over8(p + last, last_c, last_k);
        } else {
            for (intptr_t j = 0; j < tail; j++) p[last + j] = tail_c[j] + scale1(p[last + j], tail_k[j] & 0xffff);
        }
    }
}

#else

void crk_over_solid_avx2(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count,
                         uint32_t color, uint32_t inverse_alpha) {
    (void)dst; (void)stride; (void)rows; (void)count; (void)color; (void)inverse_alpha;
}

void crk_over_solid_block_avx2(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count,
                               uint32_t color, uint32_t left, uint32_t right, intptr_t room) {
    (void)dst; (void)stride; (void)rows; (void)count; (void)color; (void)left; (void)right; (void)room;
}

#endif
