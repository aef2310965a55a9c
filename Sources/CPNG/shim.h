#ifndef VITRINE_CPNG_SHIM_H
#define VITRINE_CPNG_SHIM_H
#include <png.h>
#endif
