#include "CRasterKernels.h"

/*
 * `k / 255` for k in 0...255, divided when the file is compiled: constant folding gives
 * the correctly rounded quotient, the same double the division gives at run time.
 */
#define CRK_U1(k) ((double)(k) / 255.0)
#define CRK_U4(k) CRK_U1(k), CRK_U1((k) + 1), CRK_U1((k) + 2), CRK_U1((k) + 3)
#define CRK_U16(k) CRK_U4(k), CRK_U4((k) + 4), CRK_U4((k) + 8), CRK_U4((k) + 12)
#define CRK_U64(k) CRK_U16(k), CRK_U16((k) + 16), CRK_U16((k) + 32), CRK_U16((k) + 48)

const double crk_byte_units[256] = {CRK_U64(0), CRK_U64(64), CRK_U64(128), CRK_U64(192)};
