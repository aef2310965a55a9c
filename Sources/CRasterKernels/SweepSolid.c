#include "CRasterKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>
#include "Lanes.h"

/*
 * Raster's `Rasterizer.coverage` on eight accumulated windings, fixed point with `one`
 * a whole pixel and `shift` its logarithm: nonzero takes the absolute value, at most
 * `one`; even-odd the distance to the nearest even winding (the winding modulo `2 *
 * one`, folded); then `(a * 255 + one / 2) >> shift`.
 */
__attribute__((target("avx2"), always_inline))
static inline __m256i coverage8(__m256i w, __m256i one, __m128i shift, bool even_odd) {
    __m256i a;
    if (even_odd) {
        const __m256i two = _mm256_add_epi32(one, one);
        a = _mm256_and_si256(w, _mm256_sub_epi32(two, _mm256_set1_epi32(1)));
        a = _mm256_min_epi32(a, _mm256_sub_epi32(two, a));
    } else {
        a = _mm256_min_epi32(_mm256_abs_epi32(w), one);
    }
    const __m256i t = _mm256_sub_epi32(_mm256_slli_epi32(a, 8), a);
    return _mm256_srl_epi32(_mm256_add_epi32(t, _mm256_srli_epi32(one, 1)), shift);
}

/*
 * The running sums of eight cells: lane `j` is the sum of lanes `0...j`. Integers, so
 * the order of the additions does not matter.
 */
__attribute__((target("avx2"), always_inline))
static inline __m256i prefix8(__m256i v) {
    v = _mm256_add_epi32(v, _mm256_slli_si256(v, 4));
    v = _mm256_add_epi32(v, _mm256_slli_si256(v, 8));
    // The low half's total (its lane 3) added to every lane of the high half.
    const __m256i low = _mm256_shuffle_epi32(v, 0xff);
    return _mm256_add_epi32(v, _mm256_permute2x128_si256(low, low, 0x08));
}

/*
 * `count` pixels at `dst` under one coverage: `s` is the colour scaled by it, `k` its
 * inverse alpha in 16-bit pairs. An opaque `s` is stored. A `premultiplied` colour is
 * added in the scaling (`scale8_by_plus`). With `wide` (the AVX-512 steps run, and the
 * colour is premultiplied), a translucent run of 32 pixels or more goes in 16-pixel
 * steps (`crk_over_run_avx512`).
 */
__attribute__((target("avx2"), always_inline))
static inline void over_run(uint32_t *dst, intptr_t count, __m256i s, __m256i k, bool opaque, bool premultiplied,
                            bool wide) {
    // A pointer to the end of the groups of eight: the loops' own work is one add and one compare.
    const intptr_t i = count & ~(intptr_t)7;
    __m256i *const end = (__m256i *)(dst + i);
    if (opaque) {
        for (__m256i *p = (__m256i *)dst; p < end; p++) _mm256_storeu_si256(p, s);
    } else if (wide && count >= 32) {
        crk_over_run_avx512(dst, count, (uint32_t)_mm256_extract_epi32(s, 0));
        return;
    } else if (premultiplied) {
        // Circles and rounded rectangles of 256: 3-3.5% less time than with the sum after.
        const __m256i m = multiplier8(k);
        const color_plus plus = plus_of(s);
        for (__m256i *p = (__m256i *)dst; p < end; p++) {
            _mm256_storeu_si256(p, scale8_by_plus(_mm256_loadu_si256(p), m, plus));
        }
    } else {
        const __m256i m = multiplier8(k);
        for (__m256i *p = (__m256i *)dst; p < end; p++) {
            _mm256_storeu_si256(p, _mm256_add_epi32(scale8_by(_mm256_loadu_si256(p), m), s));
        }
    }
    // The last one to seven pixels one by one: a masked store is slow on some processors.
    const uint32_t s1 = (uint32_t)_mm256_extract_epi32(s, 0), k1 = (uint32_t)_mm256_extract_epi32(k, 0) & 0xffff;
    for (intptr_t j = i; j < count; j++) dst[j] = s1 + scale1(dst[j], k1);
}

/* Eight zeros then eight all-ones lanes: eight lanes loaded from `8 - j` on are the lanes from `j` on. */
static const int32_t from_lane[16] = {0, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, -1, -1, -1, -1, -1};

/* One row of `crk_sweep_over_solid_avx2`. */
__attribute__((target("avx2"), always_inline))
static inline void sweep_row(int32_t *cells, uint64_t *touched, intptr_t width, intptr_t words, uint32_t *dst,
                             intptr_t room, color_multipliers c, __m256i one, __m128i shift, bool even_odd,
                             bool premultiplied, bool wide) {
    const __m256i last = _mm256_set1_epi32(7);
    // The running sum so far, in every lane.
    __m256i acc = _mm256_setzero_si256();
    // The colour scaled by the coverage of `acc`, which every pixel up to the next
    // touched cell takes, and its inverse alpha in 16-bit pairs; with `s` 0 they are left
    // alone.
    __m256i s = _mm256_setzero_si256(), k = _mm256_setzero_si256();
    bool blank = true, opaque = false;
    // Group by group of eight cells, from one holding a touched cell to the next; the
    // pixels in between take the coverage the last group ended with. Each word of bits
    // is cleared as it is read.
    intptr_t i = 0, w = 0, group;
    uint64_t word = touched[0];
    touched[0] = 0;
    // Groups from `whole` on are past the row's end or hold its last one to seven cells.
    const intptr_t whole = width & ~(intptr_t)7;
    for (;;) {
        while (word == 0 && ++w < words) {
            word = touched[w];
            touched[w] = 0;
        }
        group = word == 0 ? width : (((w << 6) + __builtin_ctzll(word)) & ~(intptr_t)7);
        const intptr_t next = group < width ? group : width;
        if (!blank && next > i) over_run(dst + i, next - i, s, k, opaque, premultiplied, wide);
        if (group >= whole) break;
        // All eight cells (those not touched are 0), cleared, summed on from the row so far.
        __m256i *cell = (__m256i *)(cells + group);
        const __m256i sums = _mm256_add_epi32(prefix8(_mm256_loadu_si256(cell)), acc);
        _mm256_storeu_si256(cell, _mm256_setzero_si256());
        acc = _mm256_permutevar8x32_epi32(sums, last);
        const __m256i scaled = scale_color8(coverage8(sums, one, shift, even_odd), c);
        const __m256i inverse = inverse8(scaled);
        // Inside the row, so inside the surface's.
        __m256i *p = (__m256i *)(dst + group);
        _mm256_storeu_si256(p, _mm256_add_epi32(scale8(_mm256_loadu_si256(p), inverse), scaled));
        // The last lane's colour is the one of the pixels up to the next touched group.
        s = _mm256_permutevar8x32_epi32(scaled, last);
        k = _mm256_permutevar8x32_epi32(inverse, last);
        blank = _mm256_testz_si256(s, s);
        opaque = _mm256_testz_si256(k, k);
        i = group + 8;
        // This group's bits are done (those before it were done already).
        word &= ~((uint64_t)0xff << (group & 63));
    }
    if (group < width) {
        // The row's last one to seven cells: all eight summed (a row's pitch is a multiple
        // of 8, so the group stays in the row; cells past its end may be added to lanes
        // not drawn), cleared.
        const intptr_t n = width - group;
        __m256i *cell = (__m256i *)(cells + group);
        const __m256i sums = _mm256_add_epi32(prefix8(_mm256_loadu_si256(cell)), acc);
        _mm256_storeu_si256(cell, _mm256_setzero_si256());
        __m256i coverage = coverage8(sums, one, shift, even_odd);
        uint32_t *p = dst + group;
        if (group + 8 <= room) {
            // Past the row's end but inside the surface's row: those pixels take coverage
            // 0, which writes them back as they were. (A closed outline's cells sum to
            // about 0 over a row, so their coverage is 0 already; this keeps it so.)
            coverage = _mm256_andnot_si256(_mm256_loadu_si256((const __m256i *)(from_lane + 8 - n)), coverage);
            const __m256i scaled = scale_color8(coverage, c);
            const __m256i inverse = inverse8(scaled);
            _mm256_storeu_si256((__m256i *)p, _mm256_add_epi32(scale8(_mm256_loadu_si256((__m256i *)p), inverse), scaled));
        } else {
            // The surface's last pixels one by one: a masked store is slow on some processors.
            const __m256i scaled = scale_color8(coverage, c);
            const __m256i inverse = inverse8(scaled);
            uint32_t e[8], ia[8];
            _mm256_storeu_si256((__m256i *)e, scaled);
            _mm256_storeu_si256((__m256i *)ia, inverse);
            for (intptr_t j = 0; j < n; j++) p[j] = e[j] + scale1(p[j], ia[j] & 0xffff);
        }
    }
    while (++w < words) touched[w] = 0;
    cells[width] = 0;
    cells[width + 1] = 0;
}

__attribute__((target("avx2"), aligned(64)))
void crk_sweep_over_solid_avx2(int32_t *cells, uint64_t *touched, intptr_t pitch, intptr_t width, intptr_t words,
                               intptr_t rows, uint32_t *dst, intptr_t stride, intptr_t room, uint32_t color,
                               bool even_odd, int shift) {
    const color_multipliers c = multipliers_of(color);
    const __m256i one = _mm256_set1_epi32((int32_t)1 << shift);
    const __m128i count = _mm_cvtsi32_si128(shift);
    // A colour scaled by a coverage stays premultiplied when it is.
    const bool premultiplied = crk_premultiplied(color), wide = premultiplied && crk_has_avx512();
    for (intptr_t r = 0; r < rows; r++) {
        sweep_row(cells + r * pitch, touched + r * words, width, words, dst + r * stride, room, c, one, count, even_odd,
                  premultiplied, wide);
    }
}

#else

void crk_sweep_over_solid_avx2(int32_t *cells, uint64_t *touched, intptr_t pitch, intptr_t width, intptr_t words,
                               intptr_t rows, uint32_t *dst, intptr_t stride, intptr_t room, uint32_t color,
                               bool even_odd, int shift) {
    (void)cells; (void)touched; (void)pitch; (void)width; (void)words; (void)rows; (void)dst; (void)stride; (void)room;
    (void)color; (void)even_odd; (void)shift;
}

#endif
