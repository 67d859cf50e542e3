// Text nodes for the engine's glyph runs: GTK draws a text node from its glyph cache at every
// frame (as it draws GtkTextView's), where a drawing kept as a Cairo recording is replayed into
// a temporary image. A run becomes a node only in a PangoFont of the very face the engine shaped
// it with (the same file and face index), so that its glyph numbers mean the same.
#include "OtkTextCanvasPrivate.h"
#include <fontconfig/fontconfig.h>
#include <fontconfig/fcfreetype.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-font.h>
#include <pango/pangofc-fontmap.h>
#include <string.h>

PangoFont *otk_pango_font_new(const char *file, int face_index, double size) {
    if (!file || !(size > 0) || size > 10000) return NULL;
    int count = 0;
    FcPattern *pattern = FcFreeTypeQuery((const FcChar8 *)file, (unsigned)face_index, NULL, &count);
    if (!pattern) return NULL;
    PangoFontDescription *description = pango_fc_font_description_from_pattern(pattern, FALSE);
    FcPatternDestroy(pattern);
    pango_font_description_set_absolute_size(description, size * PANGO_SCALE);
    PangoFontMap *map = pango_cairo_font_map_get_default();
    PangoContext *context = pango_font_map_create_context(map);
    // The engine places glyphs at fractions of a pixel, unhinted; with hinted metrics Cairo
    // rounds each glyph's box outwards, finds neighbours overlapping in most lines, and draws
    // the line through a mask of its own (twice the work of drawing the glyphs straight).
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    pango_cairo_context_set_font_options(context, options);
    cairo_font_options_destroy(options);
    PangoFont *font = pango_font_map_load_font(map, context, description);
    g_object_unref(context);
    pango_font_description_free(description);
    if (!font) return NULL;
    // Fontconfig chose a face by the description: it must be the one the engine shaped with.
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    FcPattern *loaded = PANGO_IS_FC_FONT(font) ? PANGO_FC_FONT(font)->font_pattern : NULL;
    G_GNUC_END_IGNORE_DEPRECATIONS
    FcChar8 *loaded_file = NULL;
    int loaded_index = -1;
    if (!loaded || FcPatternGetString(loaded, FC_FILE, 0, &loaded_file) != FcResultMatch
        || FcPatternGetInteger(loaded, FC_INDEX, 0, &loaded_index) != FcResultMatch
        || strcmp((const char *)loaded_file, file) != 0 || loaded_index != face_index) {
        g_object_unref(font);
        return NULL;
    }
    return font;
}

GskRenderNode *otk_glyph_node_new(
    PangoFont *font, const guint32 *glyphs, const double *xs, const double *ys, int count, const GdkRGBA *color) {
    if (!font || count <= 0) return NULL;
    PangoGlyphString *string = pango_glyph_string_new();
    pango_glyph_string_set_size(string, count);
    // Each glyph's advance reaches the next one's origin (the last's is nothing), so the pen
    // stands at each origin exactly; a glyph off the baseline is offset from it.
    for (int i = 0; i < count; i++) {
        int here = (int)lround((xs[i] - xs[0]) * PANGO_SCALE);
        int next = i + 1 < count ? (int)lround((xs[i + 1] - xs[0]) * PANGO_SCALE) : here;
        PangoGlyphInfo *info = &string->glyphs[i];
        info->glyph = glyphs[i];
        info->geometry.width = next - here;
        info->geometry.x_offset = 0;
        info->geometry.y_offset = (int)lround((ys[i] - ys[0]) * PANGO_SCALE);
        info->attr.is_cluster_start = 1;
        info->attr.is_color = 0;
        string->log_clusters[i] = i;
    }
    graphene_point_t origin = GRAPHENE_POINT_INIT((float)xs[0], (float)ys[0]);
    GskRenderNode *node = gsk_text_node_new(font, string, color, &origin);
    pango_glyph_string_free(string);
    return node;
}
