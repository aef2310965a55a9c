#ifndef VITRINE_CHARFBUZZ_SHIM_H
#define VITRINE_CHARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ot.h>
#include <stddef.h>

/* A font of face `index` in the file at `path`, with HarfBuzz's own OpenType functions
   and its scale in font units; NULL when the file cannot be read. */
static inline hb_font_t *vitrine_hb_font(const char *path, unsigned int index) {
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(path);
    if (!blob) return NULL;
    hb_face_t *face = hb_face_create(blob, index);
    hb_blob_destroy(blob);
    hb_font_t *font = hb_font_create(face);
    unsigned int upem = hb_face_get_upem(face);
    hb_face_destroy(face);
    hb_font_set_scale(font, (int)upem, (int)upem);
    hb_font_make_immutable(font);
    return font;
}
#endif
