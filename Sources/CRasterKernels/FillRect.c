#include "CRasterKernels.h"

/*
 * Raster's `RectScanner` and `SolidPainter.rectangle` in one call, for the rectangles
 * that are most of a small shape's cost: the coverage of the first row, the rows between
 * and the last row, and the nine colours scaled by it, worked out as the two do in
 * doubles (each operation rounded on its own, no fused multiply-add), then the rows
 * blended by `crk_over_rect_avx2`.
 */
#pragma STDC FP_CONTRACT OFF
#pragma clang fp contract(off)

#if defined(__x86_64__)
#include <immintrin.h>
#include "Lanes.h"

/* Swift's `min(x, y)` and `max(x, y)` on doubles, NaN included. */
static inline double swift_min(double x, double y) { return y < x ? y : x; }
static inline double swift_max(double x, double y) { return y >= x ? y : x; }
static inline intptr_t int_min(intptr_t x, intptr_t y) { return y < x ? y : x; }
static inline intptr_t int_max(intptr_t x, intptr_t y) { return y >= x ? y : x; }

/* A coverage in 0...1 (more is 1) as a level: `UInt8(min(1, v) * 255 + 0.5)`. */
static inline uint8_t level(double v) { return (uint8_t)(swift_min(1, v) * 255 + 0.5); }

/* A row's coverage: its fully covered run's level and its edge pixels'. */
typedef struct {
    uint8_t run, left, right;
} row_cover;

__attribute__((target("avx2"), aligned(64)))
bool crk_fill_rect_avx2(uint32_t *pixels, intptr_t row_words, intptr_t clip_x0, intptr_t clip_y0,
                        intptr_t clip_x1, intptr_t clip_y1, double ox, double oy,
                        double width, double height, uint32_t color, intptr_t drawn[4]) {
    const double lim = 4e6;
    // The rectangle's edges, as `Rect`'s `minX`, `maxX`, `minY` and `maxY` give them.
    const double x0 = swift_max(swift_min(ox, ox + width), -lim), x1 = swift_min(swift_max(ox, ox + width), lim);
    const double y0 = swift_max(swift_min(oy, oy + height), -lim), y1 = swift_min(swift_max(oy, oy + height), lim);
    drawn[0] = drawn[1] = drawn[2] = drawn[3] = 0;
    // Also true for NaN: nothing to draw.
    if (!(x0 < x1 && y0 < y1)) return true;
    const intptr_t fx0 = crk_floor_int(x0), fy0 = crk_floor_int(y0), cx1 = crk_ceil_int(x1), cy1 = crk_ceil_int(y1);
    const intptr_t bx0 = int_max(clip_x0, fx0), by0 = int_max(clip_y0, fy0);
    const intptr_t bx1 = int_min(clip_x1, cx1), by1 = int_min(clip_y1, cy1);
    if (bx0 >= bx1 || by0 >= by1) return true;
    // On whole pixels, or within two columns: left to the general path.
    if ((double)fx0 == x0 && (double)fy0 == y0 && (double)cx1 == x1 && (double)cy1 == y1) return false;
    const intptr_t full_start = crk_ceil_int(x0), full_end = crk_floor_int(x1);
    const intptr_t left_end = int_min(bx1, full_start);
    const intptr_t middle = int_max(bx0, full_start), middle_end = int_max(middle, int_min(bx1, full_end));
    if (middle >= middle_end) return false;
    const intptr_t right_start = int_max(int_max(bx0, full_end), left_end);
    const bool has_left = bx0 < left_end, has_right = right_start < bx1;
    const double left_cover = swift_min(x1, (double)(bx0 + 1)) - swift_max(x0, (double)bx0);
    const double right_cover = swift_min(x1, (double)(right_start + 1)) - swift_max(x0, (double)right_start);
    row_cover rows[3];
    for (int i = 0; i < 3; i += 2) {
        const intptr_t row = i == 0 ? by0 : by1 - 1;
        const double cy = swift_min(y1, (double)(row + 1)) - swift_max(y0, (double)row);
        const uint8_t c = cy > 0 ? level(cy) : 0;
        rows[i].run = c;
        rows[i].left = c != 0 && has_left ? level(left_cover * cy) : 0;
        rows[i].right = c != 0 && has_right ? level(right_cover * cy) : 0;
    }
    rows[1].run = 255;
    rows[1].left = has_left ? level(left_cover * 1) : 0;
    rows[1].right = has_right ? level(right_cover * 1) : 0;
    // The nine colours, each the colour scaled by its level (`PixelMath.scale`, which
    // gives the colour at 255 and 0 at 0): eight in one `scale8`, the ninth alone.
    const __m256i levels = _mm256_setr_epi32(rows[0].run, rows[0].left, rows[0].right, rows[1].run, rows[1].left,
                                             rows[1].right, rows[2].run, rows[2].left);
    uint32_t colors[9];
    _mm256_storeu_si256((__m256i *)colors, scale8(_mm256_set1_epi32((int)color), pairs(levels)));
    colors[8] = scale1(color, rows[2].right);
    const bool left = (rows[0].left | rows[1].left | rows[2].left) != 0;
    const bool right = (rows[0].right | rows[1].right | rows[2].right) != 0;
    crk_over_rect_avx2(pixels + by0 * row_words + middle, row_words, by1 - by0, middle_end - middle, colors, left,
                       right, row_words - middle, middle);
    drawn[0] = bx0;
    drawn[1] = by0;
    drawn[2] = bx1;
    drawn[3] = by1;
    return true;
}

#else

bool crk_fill_rect_avx2(uint32_t *pixels, intptr_t row_words, intptr_t clip_x0, intptr_t clip_y0,
                        intptr_t clip_x1, intptr_t clip_y1, double ox, double oy,
                        double width, double height, uint32_t color, intptr_t drawn[4]) {
    (void)pixels; (void)row_words; (void)clip_x0; (void)clip_y0; (void)clip_x1; (void)clip_y1; (void)ox; (void)oy; (void)width; (void)height; (void)color;
    (void)drawn;
    return false;
}

#endif
