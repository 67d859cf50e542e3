// Pango's line breaking of a text file, timed: the reference `otk layout --stats` is compared
// with (ARCHITECTURE.md, "Figures"). Each line of the file is a paragraph, laid out with
// pango_layout_set_text and counted with pango_layout_get_line_count, in one PangoLayout
// `width` pixels wide, glyph positions unrounded, at 72 dpi so that points are pixels as in
// the engine. Prints JSON: the paragraphs, the lines, and the seconds the loop took.
//
//   cc -O2 pango-layout-lines.c $(pkg-config --cflags --libs pangocairo) -o pango-layout-lines
//   ./pango-layout-lines FILE [FONT] [WIDTH]     # defaults: "DejaVu Sans 13", 590
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE [FONT] [WIDTH]\n", argv[0]);
        return 64;
    }
    const char *font = argc > 2 ? argv[2] : "DejaVu Sans 13";
    double width = argc > 3 ? atof(argv[3]) : 590;
    if (!(width > 0 && width < 1e6)) {
        fprintf(stderr, "the width must be a positive number of pixels below 1,000,000\n");
        return 64;
    }
    gchar *text = NULL;
    gsize length = 0;
    GError *error = NULL;
    if (!g_file_get_contents(argv[1], &text, &length, &error)) {
        fprintf(stderr, "cannot read %s: %s\n", argv[1], error->message);
        return 66;
    }
    if (!g_utf8_validate(text, (gssize)length, NULL)) {
        fprintf(stderr, "%s is not valid UTF-8\n", argv[1]);
        return 65;
    }
    PangoFontMap *map = pango_cairo_font_map_get_default();
    PangoContext *context = pango_font_map_create_context(map);
    pango_cairo_context_set_resolution(context, 72);
    pango_context_set_round_glyph_positions(context, FALSE);
    PangoFontDescription *description = pango_font_description_from_string(font);
    pango_context_set_font_description(context, description);
    PangoLayout *layout = pango_layout_new(context);
    pango_layout_set_width(layout, (int)(width * PANGO_SCALE));
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);

    double start = now();
    long paragraphs = 0, lines = 0;
    const char *cursor = text, *end = text + length;
    while (cursor < end) {
        const char *newline = memchr(cursor, '\n', (size_t)(end - cursor));
        const char *stop = newline ? newline : end;
        pango_layout_set_text(layout, cursor, (int)(stop - cursor));
        lines += pango_layout_get_line_count(layout);
        paragraphs += 1;
        cursor = newline ? newline + 1 : end;
    }
    double seconds = now() - start;
    printf("{\"width\": %g, \"paragraphs\": %ld, \"lines\": %ld, \"seconds\": %.6f, \"pango\": \"%s\"}\n", width,
           paragraphs, lines, seconds, pango_version_string());
    g_object_unref(layout);
    pango_font_description_free(description);
    g_object_unref(context);
    g_free(text);
    return 0;
}
