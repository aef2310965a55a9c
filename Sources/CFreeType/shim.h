#ifndef VITRINE_CFREETYPE_SHIM_H
#define VITRINE_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include <fontconfig/fontconfig.h>
#endif
