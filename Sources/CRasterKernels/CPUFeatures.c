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

/// AVX-512 F and BW in the processor (CPUID leaf 7) and the opmask and ZMM state saved
/// by the operating system (XCR0 bits 5, 6 and 7 beside 1 and 2).
static bool detect_avx512(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_OSXSAVE)) return false;
    unsigned lo, hi;
    __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 0xe6) != 0xe6) return false;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return false;
    return (b & bit_AVX512F) != 0 && (b & bit_AVX512BW) != 0;
}

bool crk_avx2_flag;
/// Whether the AVX-512 steps may run, whether they did when the library was loaded, and
/// whether they do (`crk_use_avx512`).
static bool can_avx512;
static bool loaded_avx512;
static bool has_avx512;

/// Whether `name` is set to anything but empty or "0".
static bool turned_off(const char *name) {
    const char *off = getenv(name);
    return off && *off && strcmp(off, "0") != 0;
}

/// `VITRINE_NO_AVX2` set to anything but empty or "0" turns the AVX2 loops off (and the
/// AVX-512 steps with them), so that the portable path can be tested and measured on a
/// machine that has AVX2; `VITRINE_NO_AVX512` turns off the AVX-512 steps alone.
__attribute__((constructor)) static void read_features(void) {
    crk_avx2_flag = !turned_off("VITRINE_NO_AVX2") && detect_avx2();
    can_avx512 = crk_avx2_flag && detect_avx512();
    loaded_avx512 = can_avx512 && !turned_off("VITRINE_NO_AVX512");
    has_avx512 = loaded_avx512;
}

bool crk_has_avx512(void) { return __atomic_load_n(&has_avx512, __ATOMIC_RELAXED); }

bool crk_had_avx512(void) { return loaded_avx512; }

void crk_use_avx512(bool on) { __atomic_store_n(&has_avx512, on && can_avx512, __ATOMIC_RELAXED); }

#else

bool crk_avx2_flag = false;

bool crk_has_avx512(void) { return false; }

bool crk_had_avx512(void) { return false; }

void crk_use_avx512(bool on) { (void)on; }

#endif
