// Cairo's image backend, an independent rasterizer the raster tests compare against.
#include <cairo.h>
