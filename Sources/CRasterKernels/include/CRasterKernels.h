#ifndef C_RASTER_KERNELS_H
#define C_RASTER_KERNELS_H

/*
 * Compositing loops compiled for instruction sets wider than the baseline the Swift
 * code is built for, chosen at run time. Swift has no per-function target attribute,
 * so a loop that needs AVX2 on a baseline x86-64 build lives here. Each kernel gives
 * exactly the pixels of its Swift counterpart in Raster; the tests compare the two.
 */

#include <stdbool.h>
#include <stdint.h>

/*
 * Each kernel starts on a 64-byte boundary (the AVX2 ones carry `aligned(64)` beside
 * their target). Without it, where the linker puts a kernel moves with any change to the
 * rest of the program, and the loops' alignment with it: the same rectangle loop ran 25%
 * slower after an unrelated change moved it from 48 to 16 bytes past a boundary.
 */
#define CRK_HOT __attribute__((aligned(64)))
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// Tells the processor that the calling thread is waiting in a loop (x86's `pause`),
/// which spares the other threads of its core and the memory bus; nothing elsewhere.
static inline void crk_spin_pause(void) {
#if defined(__SSE2__)
    _mm_pause();
#endif
}

/// `floor(x)` as an integer, for `x` well inside the range of `intptr_t` (callers clamp
/// coordinates and turn NaN away first). Swift's conversion from Double checks the range
/// on every call, and baseline x86-64 has no rounding instruction.
static inline intptr_t crk_floor_int(double x) {
    const intptr_t t = (intptr_t)x;
    return (double)t > x ? t - 1 : t;
}

/// `ceil(x)` as an integer, as `crk_floor_int`.
static inline intptr_t crk_ceil_int(double x) {
    const intptr_t t = (intptr_t)x;
    return (double)t < x ? t + 1 : t;
}

/// `v` in 0...1 as 8 bits: `v * 255 + 0.5` truncated, the product and the sum rounded
/// each on its own, as Swift computes them.
static inline uint8_t crk_unit_to_byte(double v) {
#pragma clang fp contract(off)
    const double scaled = v * 255;
    return (uint8_t)(scaled + 0.5);
}

/// `k / 255` for every byte `k`, each the correctly rounded quotient (Units.c).
extern const double crk_byte_units[256];

/// `b / 255` as a double, exactly what the division gives, in one load: four divisions
/// were most of the time it took to make a colour from bytes.
static inline double crk_byte_to_unit(uint8_t b) { return crk_byte_units[b]; }

/// `crk_pixel_of_floats` one channel at a time: what processors without SSE2 run, and
/// what the tests compare the SSE2 version with.
static inline uint32_t crk_pixel_of_floats_portable(const float *v) {
    uint32_t out[4];
    for (int i = 0; i < 4; i++) {
        // NaN, like negatives, becomes 0.
        const float x = v[i] > 0 ? (v[i] < 255.0f ? v[i] : 255.0f) : 0.0f;
        out[i] = (uint32_t)(x + 0.5f);
    }
    for (int i = 0; i < 3; i++) if (out[i] > out[3]) out[i] = out[3];
    return out[3] << 24 | out[2] << 16 | out[1] << 8 | out[0];
}

#if defined(__SSE2__)
/// `crk_pixel_of_floats` with the channels left in four 32-bit lanes.
static inline __m128i crk_channels_of_floats(const float *v) {
    // max(NaN, 0) is 0, as in the portable version.
    __m128 x = _mm_max_ps(_mm_loadu_ps(v), _mm_setzero_ps());
    x = _mm_min_ps(x, _mm_set1_ps(255.0f));
    const __m128i c = _mm_cvttps_epi32(_mm_add_ps(x, _mm_set1_ps(0.5f)));
    const __m128i a = _mm_shuffle_epi32(c, _MM_SHUFFLE(3, 3, 3, 3));
    const __m128i over = _mm_cmpgt_epi32(c, a);
    return _mm_or_si128(_mm_andnot_si128(over, c), _mm_and_si128(over, a));
}
#endif

/// A premultiplied pixel from four channel values in blue, green, red, alpha order (a
/// blurred backdrop's floats): each `max(v, 0) + 0.5` truncated, at most 255, and each
/// colour channel at most the alpha. SSE2 where there is SSE2 (every x86-64).
static inline uint32_t crk_pixel_of_floats(const float *v) {
#if defined(__SSE2__)
    __m128i c = crk_channels_of_floats(v);
    c = _mm_packs_epi32(c, c);
    return (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(c, c));
#else
    return crk_pixel_of_floats_portable(v);
#endif
}

/// Set when the library is loaded: read it through `crk_has_avx2()`.
extern bool crk_avx2_flag;

/// Whether this processor and operating system run the AVX2 kernels below, and
/// `VITRINE_NO_AVX2` did not turn them off when the library was loaded. Inline, one
/// load: a call in a small shape's path made the caller save and reload a dozen
/// registers around it.
static inline bool crk_has_avx2(void) { return crk_avx2_flag; }

/// Whether `crk_over_solid_block_avx2` and `crk_over_rect_avx2` hand rectangles of 16
/// columns or more (48 with partly covered edges), and `crk_sweep_over_solid_avx2` its
/// runs of 32 pixels or more between edges, to 16-pixel AVX-512 steps (`Wide512.c`):
/// this processor and operating system have AVX-512 F and BW, the AVX2 kernels run, and
/// neither `VITRINE_NO_AVX512` when the library was loaded nor `crk_use_avx512` since
/// turned them off. The pixels are the same either way.
bool crk_has_avx512(void);

/// `crk_has_avx512()` as it was when the library was loaded, whatever `crk_use_avx512`
/// did since: for choices that must not depend on a test turning the steps off.
bool crk_had_avx512(void);

/// Turns the AVX-512 steps off, or back on where `crk_has_avx512()` could be true: for
/// tests that compare the two and for measuring them in one process. Safe to call while
/// other threads draw (their pixels do not depend on it).
void crk_use_avx512(bool on);

/// `crk_over_solid_avx2` of a colour on `rows` runs of `count` pixels in 16-pixel steps;
/// pixels outside the runs are neither read nor written. Call only when
/// `crk_has_avx512()` is true.
void crk_over_solid_steps_avx512(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count, uint32_t color);

/// `crk_over_rect_avx2` in 16-pixel steps, its edge pixels one by one, for rows of 16
/// pixels or more; pixels outside the runs and their edges are neither read nor written.
/// False, with nothing drawn, when a colour it would use is not premultiplied (a channel
/// above its alpha). Call only when `crk_has_avx512()` is true.
bool crk_over_rect_avx512(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count, const uint32_t *colors,
                          bool left, bool right);

/// One run of `count` pixels, 16 or more, under a premultiplied colour that is not
/// opaque, in 16-pixel steps: the sweep's runs between edges. Call only when
/// `crk_has_avx512()` is true.
void crk_over_run_avx512(uint32_t *dst, intptr_t count, uint32_t color);

/// `color` stored in `rows` runs of `count` pixels, the first at `dst` and each `stride`
/// pixels after the one before: an opaque fill, a copy or a clear. Pixels outside the
/// runs are neither read nor written. Call only when `crk_has_avx2()` is true.
void crk_fill_rows_avx2(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count, uint32_t color);

/// Source-over of one premultiplied colour on `rows` runs of `count` pixels, the first at
/// `dst` and each `stride` pixels after the one before:
/// `pixel = color + round(pixel * inverse_alpha / 255)` per channel, `inverse_alpha`
/// being 255 minus the colour's alpha. Call only when `crk_has_avx2()` is true.
void crk_over_solid_avx2(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count,
                         uint32_t color, uint32_t inverse_alpha);

/// `crk_over_solid_avx2` on a rectangle's rows, and unless 0, `left` blended the same
/// way (with its own alpha) over the pixel just before each run and `right` over the one
/// just after it: its partly covered columns. The `room` pixels from each run's first
/// (at least `count`, and one more with a right edge) and the `lead` pixels before it
/// (at least one with a left edge) lie in the surface's row: those outside the run and
/// its edges may be read and are written back unchanged. Call only when
/// `crk_has_avx2()` is true.
void crk_over_solid_block_avx2(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count,
                               uint32_t color, uint32_t left, uint32_t right, intptr_t room, intptr_t lead);

/// `Compositor.overMasked`: one premultiplied colour over `count` pixels from `dst`,
/// each pixel's coverage its byte of `mask` times `coverage / 255`, rounded; `pixel = s
/// + round(pixel * (255 - alpha(s)) / 255)` per channel with `s = round(color *
/// coverage / 255)`. Pixels beyond the run are neither read nor written. Call only when
/// `crk_has_avx2()` is true.
void crk_over_masked_avx2(uint32_t *dst, const uint8_t *mask, intptr_t count, uint32_t color, uint32_t coverage);

/// Raster's scan converter, its accumulation: every one of the `count / 4` segments
/// (x0, y0, x1, y1 in device pixels) adds its area and cover to the cells of rows
/// `top..<bottom`, `pitch` cells a row from column `left`, and sets their touched bits
/// (`words` words a row); the parts of a segment left of `left` or right of `right`
/// count as vertical lines on those borders. A cell holds fixed-point windings, `1 <<
/// shift` for a whole pixel, each addition rounded to the nearest (see Accumulate.c).
/// Portable C: for every processor. With `wide` (only where `crk_has_avx2()`), four
/// whole rows of a line are worked out at once in AVX2, giving the same cells.
void crk_accumulate(const double *segments, intptr_t count, int32_t *cells, uint64_t *touched,
                    intptr_t left, intptr_t right, intptr_t pitch, intptr_t words, intptr_t top, intptr_t bottom,
                    int shift, bool wide);

/// Rows of the scan converter's accumulated cells turned into coverage and blended
/// with `color` onto the pixels, as Raster's `Rasterizer` sweep hands runs to
/// `SolidPainter` in the normal mode without a mask. Row `r` of `rows` has `pitch`
/// cells (a multiple of 8, at least `width + 2`) from `cells + r * pitch`, `words` words
/// of touched bits from `touched + r * words` (bit `i` set when cell `i` may be
/// non-zero), and `width` pixels from `dst + r * stride`: pixel `i` takes the coverage
/// of the running sum of cells `0...i`, fixed point with `1 << shift` a whole pixel
/// (`Rasterizer.coverage`, even-odd or nonzero), and `pixel = s + round(pixel * (255 -
/// alpha(s)) / 255)` per channel with `s = round(color * coverage / 255)`. The `room`
/// pixels from each row's first (at least `width`) belong to the surface's row: those
/// past `width` may be read and are written back unchanged. The cells and bits are left
/// cleared. Call only when `crk_has_avx2()` is true.
void crk_sweep_over_solid_avx2(int32_t *cells, uint64_t *touched, intptr_t pitch, intptr_t width, intptr_t words,
                               intptr_t rows, uint32_t *dst, intptr_t stride, intptr_t room, uint32_t color,
                               bool even_odd, int shift);

/// `crk_over_solid_block_avx2` on a rectangle whose rows are of three kinds, each with
/// colours of its own: `colors` holds three (the run's and its left and right edges'; 0
/// leaves a pixel alone) for its first row, three for the rows between, and three for its last (the
/// first's alone when `rows` is 1). Call only when `crk_has_avx2()` is true.
void crk_over_rect_avx2(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count, const uint32_t *colors,
                        bool left, bool right, intptr_t room, intptr_t lead);

/// `crk_over_rect_avx2` of a linear gradient that does not change along rows: row `i`
/// (of `rows`, the surface's row `y + i`) takes Raster's `Shader.lookup` of `table`
/// (`entries` colours, `before` and `after` extending its ends) at `dy * (y + i + 0.5) +
/// c`, scaled by the levels of its kind of row, three each in `levels` (run, left edge,
/// right edge) for the first row, the rows between and the last. Call only when
/// `crk_has_avx2()` is true.
void crk_over_gradient_rows_avx2(uint32_t *dst, intptr_t stride, intptr_t rows, intptr_t count, intptr_t y,
                                 const uint32_t *table, intptr_t entries, double dy, double c, bool before,
                                 bool after, const uint8_t *levels, bool left, bool right, intptr_t room,
                                 intptr_t lead);

/// Source-over of `color` on the device rectangle at (`x`, `y`) of `width` x `height`
/// (`Rect`'s edges, not standardized), within the clip's pixels (`clip_x0..<clip_x1`, `clip_y0..<clip_y1`) of a
/// surface whose first pixel is `pixels` and whose rows hold `row_words`: the pixels
/// Raster's `RectScanner` and `SolidPainter.rectangle` give it, in one call. True having
/// drawn it, the pixels it can have touched in `drawn` (all 0 when none); false, having
/// drawn nothing, for a rectangle on whole pixels or within two columns, which the
/// caller draws. Call only when `crk_has_avx2()` is true.
bool crk_fill_rect_avx2(uint32_t *pixels, intptr_t row_words, intptr_t clip_x0, intptr_t clip_y0,
                        intptr_t clip_x1, intptr_t clip_y1, double x, double y,
                        double width, double height, uint32_t color, intptr_t drawn[4]);

/// Source-over of a run of premultiplied pixels on another, at full coverage:
/// `dst = src + round(dst * (255 - alpha(src)) / 255)` per channel, a source pixel of
/// alpha 0 leaving its destination alone. Call only when `crk_has_avx2()` is true.
void crk_over_row_avx2(uint32_t *dst, const uint32_t *src, intptr_t count);

/// `crk_over_row_avx2` under a coverage below 255 (each source pixel scaled by
/// `coverage / 255` first), with no special case for a source alpha of 0: Raster's
/// `Compositor.row` in the normal mode without a mask. Call only when `crk_has_avx2()`
/// is true.
void crk_over_row_scaled_avx2(uint32_t *dst, const uint32_t *src, intptr_t count, uint32_t coverage);

/// The backdrop blur's box along rows, `GaussianBlur`'s plane pass on four interleaved
/// float channels at once: `height` rows of `width` pixels of four floats, each output
/// the running sum of the `2 * radius + 1` pixels around it times `1 / (2 * radius +
/// 1)`, the edge pixels repeated beyond the row (`clamp`) or zeros. The floats equal,
/// bit for bit, the plane pass's on each channel. `src` and `dst` must not overlap.
/// Portable C: for every processor.
void crk_box_rows4(const float *src, float *dst, intptr_t width, intptr_t height, intptr_t radius, bool clamp);

/// `crk_box_rows4` on a plane of one float a pixel: each row's box, four rows at once.
/// The floats equal, bit for bit, Swift's one-row-at-a-time pass. Portable C.
void crk_box_rows1(const float *src, float *dst, intptr_t width, intptr_t height, intptr_t radius, bool clamp);

/// `GaussianBlur`'s box down columns: `height` rows of `width` floats, each row `stride`
/// floats after the one before (at least `width`: the columns may be a slice of wider
/// rows, and each column's floats do not depend on the others'), the edge rows repeated
/// beyond the plane (`clamp`) or zeros; `acc` holds `width` floats of scratch. The floats
/// equal, bit for bit, the plane pass's. Portable C.
void crk_box_columns(const float *src, float *dst, intptr_t width, intptr_t stride, intptr_t height,
                     intptr_t radius, bool clamp, float *acc);

/// `count` premultiplied pixels as four floats each, blue, green, red, alpha, 0 to 255.
/// Portable C.
void crk_floats_of_pixels(const uint32_t *src, float *dst, intptr_t count);

/// `count` blurred pixels of four floats put back over `dst`: each made a pixel by
/// `crk_pixel_of_floats`, then mixed with the one there by `strength` (0 to 255) times
/// the pixel's `mask` byte (`round(a * b / 255)`) when a mask is given:
/// `d + (p - d) * k / 255`, each word scaled and rounded as Raster's `PixelMath.lerp`.
/// Portable C.
void crk_mix_floats_into_pixels(const float *src, uint32_t *dst, const uint8_t *mask, intptr_t count,
                                uint32_t strength);

#endif
