#include "CRasterKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>
#include "Lanes.h"

/* `scale8` on one pixel: `PixelMath.scale`. */
static inline uint32_t scale1(uint32_t w, uint32_t k) {
    uint32_t rb = (w & 0x00ff00ffu) * k + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00ff00ffu)) >> 8) & 0x00ff00ffu;
    uint32_t ag = ((w >> 8) & 0x00ff00ffu) * k + 0x00800080u;
    ag = (ag + ((ag >> 8) & 0x00ff00ffu)) & 0xff00ff00u;
    return rb | ag;
}

/*
 * Raster's `Rasterizer.coverage` on eight accumulated windings: the absolute value,
 * folded for even-odd when above 1 (`a - 2 * round(a / 2)`, halves away from zero), at
 * most 1, times 255 plus a half, truncated. Separate multiply and add intrinsics are
 * never fused, so each step rounds as the Swift code's does.
 */
__attribute__((target("avx2"), always_inline))
static inline __m256i coverage8(__m256 w, bool even_odd) {
    const __m256 one = _mm256_set1_ps(1.0f), half = _mm256_set1_ps(0.5f);
    __m256 a = _mm256_and_ps(w, _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff)));
    if (even_odd) {
        __m256 h = _mm256_mul_ps(a, half);
        __m256 t = _mm256_round_ps(h, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
        __m256 r = _mm256_add_ps(t, _mm256_and_ps(_mm256_cmp_ps(_mm256_sub_ps(h, t), half, _CMP_GE_OQ), one));
        __m256 f = _mm256_sub_ps(a, _mm256_add_ps(r, r));
        f = _mm256_and_ps(f, _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff)));
        a = _mm256_blendv_ps(a, f, _mm256_cmp_ps(a, one, _CMP_GT_OQ));
    }
    a = _mm256_min_ps(a, one);
    return _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(a, _mm256_set1_ps(255.0f)), half));
}

/*
 * `count` pixels at `dst` under one coverage: `s` is the colour scaled by it, `k` its
 * inverse alpha in 16-bit pairs. An opaque `s` is stored.
 */
__attribute__((target("avx2"), always_inline))
static inline void over_run(uint32_t *dst, intptr_t count, __m256i s, __m256i k, bool opaque) {
    intptr_t i = 0;
    if (opaque) {
        for (; i + 8 <= count; i += 8) _mm256_storeu_si256((__m256i *)(dst + i), s);
    } else {
        for (; i + 8 <= count; i += 8) {
            __m256i *p = (__m256i *)(dst + i);
            _mm256_storeu_si256(p, _mm256_add_epi32(scale8(_mm256_loadu_si256(p), k), s));
        }
    }
    // The last one to seven pixels one by one: a masked store is slow on some processors.
    const uint32_t s1 = (uint32_t)_mm256_extract_epi32(s, 0), k1 = (uint32_t)_mm256_extract_epi32(k, 0) & 0xffff;
    for (; i < count; i++) dst[i] = s1 + scale1(dst[i], k1);
}

/* Eight zeros then eight all-ones lanes: eight lanes loaded from `8 - j` on are the lanes from `j` on. */
static const int32_t from_lane[16] = {0, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, -1, -1, -1, -1, -1};

/* One row of `crk_sweep_over_solid_avx2`. */
__attribute__((target("avx2"), always_inline))
static inline void sweep_row(float *cells, uint64_t *touched, intptr_t width, intptr_t words, uint32_t *dst,
                             intptr_t room, __m256i c, bool even_odd) {
    const __m256i last = _mm256_set1_epi32(7);
    float acc = 0;
    // The colour scaled by the coverage of `acc`, which every pixel up to the next
    // touched cell takes, and its inverse alpha in 16-bit pairs; with `s` 0 they are left
    // alone.
    __m256i s = _mm256_setzero_si256(), k = _mm256_setzero_si256();
    bool blank = true, opaque = false;
    // Group by group of eight cells, from one holding a touched cell to the next; the
    // pixels in between take the coverage the last group ended with. Each word of bits
    // is cleared as it is read.
    intptr_t i = 0, w = 0;
    uint64_t word = touched[0];
    touched[0] = 0;
    while (i < width) {
        while (word == 0 && ++w < words) {
            word = touched[w];
            touched[w] = 0;
        }
        const intptr_t group = word == 0 ? width : (((w << 6) + __builtin_ctzll(word)) & ~(intptr_t)7);
        const intptr_t next = group < width ? group : width;
        if (!blank && next > i) over_run(dst + i, next - i, s, k, opaque);
        if (next == width) break;
        const intptr_t n = width - group < 8 ? width - group : 8;
        // The running sum after each cell: only touched cells are added (the others are
        // 0), in order, as the scalar sweep adds them; each sum goes to its lane and the
        // lanes after it. In the row's last group, the two cells past its end may be
        // added to lanes that are not drawn.
        const intptr_t shift = group - (w << 6);
        unsigned bits = (unsigned)(word >> shift) & 0xffu;
        __m256 sums = _mm256_set1_ps(acc);
        while (bits != 0) {
            const int j = __builtin_ctz(bits);
            bits &= bits - 1;
            acc += cells[group + j];
            cells[group + j] = 0;
            const __m256 from = _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i *)(from_lane + 8 - j)));
            sums = _mm256_blendv_ps(sums, _mm256_set1_ps(acc), from);
        }
        __m256i coverage = coverage8(sums, even_odd);
        uint32_t *p = dst + group;
        if (n < 8 && group + 8 <= room) {
            // Past the row's end but inside the surface's row: those pixels take coverage
            // 0, which writes them back as they were. (A closed outline's cells sum to
            // about 0 over a row, so their coverage is 0 already; this keeps it so.)
            coverage = _mm256_andnot_si256(_mm256_loadu_si256((const __m256i *)(from_lane + 8 - n)), coverage);
        }
        const __m256i scaled = scale8(c, pairs(coverage));
        const __m256i inverse = pairs(_mm256_sub_epi32(_mm256_set1_epi32(255), _mm256_srli_epi32(scaled, 24)));
        if (group + 8 <= room) {
            _mm256_storeu_si256((__m256i *)p, _mm256_add_epi32(scale8(_mm256_loadu_si256((__m256i *)p), inverse), scaled));
        } else {
            // The surface's last pixels one by one: a masked store is slow on some processors.
            uint32_t e[8], ia[8];
            _mm256_storeu_si256((__m256i *)e, scaled);
            _mm256_storeu_si256((__m256i *)ia, inverse);
            for (intptr_t j = 0; j < n; j++) p[j] = e[j] + scale1(p[j], ia[j] & 0xffff);
        }
        if (n < 8) break;
        // The last lane's colour is the one of the pixels up to the next touched group.
        s = _mm256_permutevar8x32_epi32(scaled, last);
        k = _mm256_permutevar8x32_epi32(inverse, last);
        blank = _mm256_testz_si256(s, s);
        opaque = _mm256_testz_si256(k, k);
        i = group + 8;
        // The bits of this group are done; the word's later bits are the next groups'.
        word = shift + 8 >= 64 ? 0 : word & (~(uint64_t)0 << (shift + 8));
    }
    while (++w < words) touched[w] = 0;
    cells[width] = 0;
    cells[width + 1] = 0;
}

__attribute__((target("avx2")))
void crk_sweep_over_solid_avx2(float *cells, uint64_t *touched, intptr_t pitch, intptr_t width, intptr_t words,
                               intptr_t rows, uint32_t *dst, intptr_t stride, intptr_t room, uint32_t color,
                               bool even_odd) {
    const __m256i c = _mm256_set1_epi32((int)color);
    for (intptr_t r = 0; r < rows; r++) {
        sweep_row(cells + r * pitch, touched + r * words, width, words, dst + r * stride, room, c, even_odd);
    }
}

#else

void crk_sweep_over_solid_avx2(float *cells, uint64_t *touched, intptr_t pitch, intptr_t width, intptr_t words,
                               intptr_t rows, uint32_t *dst, intptr_t stride, intptr_t room, uint32_t color,
                               bool even_odd) {
    (void)cells; (void)touched; (void)pitch; (void)width; (void)words; (void)rows; (void)dst; (void)stride; (void)room;
    (void)color; (void)even_odd;
}

#endif
