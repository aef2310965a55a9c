#include "CRasterKernels.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include <stdlib.h>
#include <string.h>

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

/// `VITRINE_NO_AVX2` set to anything but empty or "0" turns the AVX2 loops off, so that
/// the portable path can be tested and measured on a machine that has AVX2.
__attribute__((constructor)) static void read_features(void) {
    const char *off = getenv("VITRINE_NO_AVX2");
    has_avx2 = !(off && *off && strcmp(off, "0") != 0) && detect_avx2();
}

bool crk_has_avx2(void) { return has_avx2; }

#else

bool crk_has_avx2(void) { return false; }

#endif
