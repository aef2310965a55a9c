#include "CRasterKernels.h"

#if defined(__x86_64__)
#include <cpuid.h>

/// AVX2 in the processor (CPUID leaf 7) and YMM state saved by the operating system
/// (OSXSAVE, then XCR0 bits 1 and 2), read once when the library is loaded.
static bool detect_avx2(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return false;
    if (!(c & bit_OSXSAVE) || !(c & bit_AVX)) return false;
    unsigned lo, hi;
    __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 6) != 6) return false;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return false;
    return (b & bit_AVX2) != 0;
}

static bool has_avx2;

__attribute__((constructor)) static void read_features(void) { has_avx2 = detect_avx2(); }

bool crk_has_avx2(void) { return has_avx2; }

#else

bool crk_has_avx2(void) { return false; }

#endif
