#ifndef C_RASTER_KERNELS_LANES_H
#define C_RASTER_KERNELS_LANES_H

/*
 * The 8-bit arithmetic the AVX2 kernels share, eight premultiplied `0xAARRGGBB` pixels
 * in a 256-bit register. Private to the kernels; included after <immintrin.h>.
 */

/*
 * Every channel of each 32-bit lane of `x` times the lane's `k / 255`, rounded as
 * Raster's `PixelMath.scale` does it: `k` sits in both 16-bit halves of its lane, the
 * red-blue and alpha-green pairs are multiplied in 16-bit lanes, and the high half of
 * `(t + 128) * 257` is the rounded quotient by 255.
 */
__attribute__((target("avx2"), always_inline))
static inline __m256i scale8(__m256i x, __m256i k) {
    const __m256i low = _mm256_set1_epi32(0x00ff00ff), half = _mm256_set1_epi16(128), m = _mm256_set1_epi16(257);
    __m256i rb = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(x, low), k), half), m);
    __m256i ag = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(x, 8), k), half), m);
    return _mm256_or_si256(rb, _mm256_slli_epi16(ag, 8));
}

/*
 * `scale8`'s `k` as the multiplier of `scale8_by`, lane by lane: `k * 65536 / 255`
 * rounded to the nearest and at most 65535, which is `k * 257 + k / 128` with the sum
 * saturated (it saturates only at 255).
 */
__attribute__((target("avx2"), always_inline))
static inline __m256i multiplier8(__m256i k) {
    return _mm256_adds_epu16(_mm256_or_si256(_mm256_slli_epi16(k, 8), k), _mm256_srli_epi16(k, 7));
}

/*
 * What `scale8_by` and `scale_color8` share: channels already in the high byte of each
 * 16-bit lane, `ag` and `rb`, times their `multiplier8`s, `m_ag` and `m_rb`. Each
 * product's high half is `x * k / 255` in 8.8 fixed point; adding a half and keeping
 * the high byte rounds it, and the bytes go back to their channels. That this equals
 * `scale8` was checked for every channel and every `k` (`CompositorTests`). `k * 257`
 * alone would be off by one for some channels under 24 of the 256 values of `k`, from
 * 152 on.
 */
__attribute__((target("avx2"), always_inline))
static inline __m256i scale_high_bytes_plus(__m256i ag, __m256i m_ag, __m256i plus_ag, __m256i rb, __m256i m_rb,
                                            __m256i plus_rb) {
    const __m256i high = _mm256_set1_epi32((int)0xff00ff00);
    const __m256i a = _mm256_and_si256(_mm256_add_epi16(_mm256_mulhi_epu16(ag, m_ag), plus_ag), high);
    const __m256i r = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mulhi_epu16(rb, m_rb), plus_rb), 8);
    return _mm256_or_si256(r, a);
}

/* `scale_high_bytes_plus` with the half alone added: the products rounded. */
__attribute__((target("avx2"), always_inline))
static inline __m256i scale_high_bytes(__m256i ag, __m256i m_ag, __m256i rb, __m256i m_rb) {
    const __m256i half = _mm256_set1_epi16(128);
    return scale_high_bytes_plus(ag, m_ag, half, rb, m_rb, half);
}

/*
 * `scale8(x, k)` in two multiplications where it takes four, with `m` its
 * `multiplier8(k)`: for a `k` shared by many steps (a run's inverse alpha), whose
 * multiplier is worked out once.
 */
__attribute__((target("avx2"), always_inline))
static inline __m256i scale8_by(__m256i x, __m256i m) {
    return scale_high_bytes(_mm256_and_si256(x, _mm256_set1_epi32((int)0xff00ff00)), m, _mm256_slli_epi16(x, 8), m);
}

/*
 * What `scale8_by_plus` adds to each channel's product: the half that rounds it, and a
 * colour's byte above it, in the 16-bit lanes as `scale_high_bytes_plus` holds them.
 */
typedef struct {
    __m256i ag, rb;
} color_plus;

__attribute__((target("avx2"), always_inline))
static inline color_plus plus_of(__m256i color) {
    const __m256i half = _mm256_set1_epi16(128);
    color_plus p;
    p.ag = _mm256_add_epi16(_mm256_and_si256(color, _mm256_set1_epi32((int)0xff00ff00)), half);
    p.rb = _mm256_add_epi16(_mm256_slli_epi16(color, 8), half);
    return p;
}

/*
 * `scale8_by(x, m)` plus `color`, whose `plus_of` is `p`: the colour's bytes go in with
 * the rounding's half, which saves the addition after (a run's steps, one operation in
 * twelve). Equal to it when no channel's sum passes 255, so for a premultiplied colour
 * over its inverse alpha's `m`: a channel scaled by `255 - alpha` is at most that, and
 * the colour's at most its alpha. A colour that is not premultiplied carries into the
 * next channel in `scale8_by`'s sum, and not here.
 */
__attribute__((target("avx2"), always_inline))
static inline __m256i scale8_by_plus(__m256i x, __m256i m, color_plus p) {
    return scale_high_bytes_plus(_mm256_and_si256(x, _mm256_set1_epi32((int)0xff00ff00)), m, p.ag,
                                 _mm256_slli_epi16(x, 8), m, p.rb);
}

/*
 * One colour's `multiplier8`s for `scale_color8`: `rb` of its red and blue, `ag` of its
 * alpha and green, each channel in its 16-bit lane.
 */
typedef struct {
    __m256i rb, ag;
} color_multipliers;

__attribute__((target("avx2"), always_inline))
static inline color_multipliers multipliers_of(uint32_t color) {
    color_multipliers m;
    m.rb = multiplier8(_mm256_set1_epi32((int)(color & 0x00ff00ffu)));
    m.ag = multiplier8(_mm256_set1_epi32((int)((color >> 8) & 0x00ff00ffu)));
    return m;
}

/*
 * `scale8(color, pairs(levels))`: one colour, whose `multipliers_of` are `m`, scaled by
 * eight levels (0...255, one a 32-bit lane). A channel times a level is the same
 * product either way round, so each level is scaled by the colour's channels as
 * `scale8_by` scales a channel: two multiplications where `scale8` takes four.
 */
__attribute__((target("avx2"), always_inline))
static inline __m256i scale_color8(__m256i levels, color_multipliers m) {
    // Each lane's level in the high byte of both its 16-bit halves (-128 gives a zero byte).
    const __m256i spread = _mm256_setr_epi8(-128, 0, -128, 0, -128, 4, -128, 4, -128, 8, -128, 8, -128, 12, -128, 12,
                                            -128, 0, -128, 0, -128, 4, -128, 4, -128, 8, -128, 8, -128, 12, -128, 12);
    const __m256i x = _mm256_shuffle_epi8(levels, spread);
    return scale_high_bytes(x, m.ag, x, m.rb);
}

/* Whether each channel of `color` is at most its alpha, as in a premultiplied colour. */
static inline bool crk_premultiplied(uint32_t color) {
    const uint32_t a = color >> 24;
    return ((color >> 16) & 255) <= a && ((color >> 8) & 255) <= a && (color & 255) <= a;
}

/* A lane value in both 16-bit halves of its lane: a per-pixel `k` for `scale8`. */
__attribute__((target("avx2"), always_inline))
static inline __m256i pairs(__m256i v) { return _mm256_or_si256(v, _mm256_slli_epi32(v, 16)); }

/* The inverse alphas of eight pixels (255 minus each one's alpha), in 16-bit pairs: their `k` for `scale8`. */
__attribute__((target("avx2"), always_inline))
static inline __m256i inverse8(__m256i colors) {
    return pairs(_mm256_sub_epi32(_mm256_set1_epi32(255), _mm256_srli_epi32(colors, 24)));
}

/* `scale8` on one pixel, `k` in 0...255: `PixelMath.scale`. */
static inline uint32_t scale1(uint32_t w, uint32_t k) {
    uint32_t rb = (w & 0x00ff00ffu) * k + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00ff00ffu)) >> 8) & 0x00ff00ffu;
    uint32_t ag = ((w >> 8) & 0x00ff00ffu) * k + 0x00800080u;
    ag = (ag + ((ag >> 8) & 0x00ff00ffu)) & 0xff00ff00u;
    return rb | ag;
}

#endif
