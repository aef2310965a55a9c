#ifndef VITRINE_CFRIBIDI_SHIM_H
#define VITRINE_CFRIBIDI_SHIM_H
#include <fribidi.h>
#include <stdlib.h>

/* The embedding level of each of `length` characters of a paragraph, by the Unicode
   bidirectional algorithm with the paragraph's direction taken from its first strong
   character (left to right when it has none). Returns 1 when the paragraph is right to
   left, 0 when left to right, -1 when memory ran out. */
static inline int vitrine_bidi_levels(const uint32_t *chars, int length, int8_t *levels) {
    if (length <= 0) return 0;
    FriBidiCharType *types = malloc(sizeof(FriBidiCharType) * (size_t)length);
    FriBidiBracketType *brackets = malloc(sizeof(FriBidiBracketType) * (size_t)length);
    if (!types || !brackets) { free(types); free(brackets); return -1; }
    fribidi_get_bidi_types(chars, length, types);
    fribidi_get_bracket_types(chars, length, types, brackets);
    FriBidiParType direction = FRIBIDI_PAR_ON;
    FriBidiLevel max = fribidi_get_par_embedding_levels_ex(types, brackets, length, &direction,
                                                           (FriBidiLevel *)levels);
    free(types);
    free(brackets);
    if (max == 0) return -1;
    return FRIBIDI_IS_RTL(direction) ? 1 : 0;
}
#endif
