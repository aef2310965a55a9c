#ifndef VITRINE_CUNIBREAK_SHIM_H
#define VITRINE_CUNIBREAK_SHIM_H
#include <linebreak.h>
#include <wordbreak.h>
#endif
