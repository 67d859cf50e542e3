// Whether GTK's GL renderer would rasterize in software (Mesa's llvmpipe, softpipe or swrast): on
// a machine without a GPU (a virtual machine, Xvfb, a remote X display) GTK 4.8 draws with GL
// on the processor, several times slower than its Cairo renderer for text. GTK 4.14 stopped
// choosing its GPU renderers over llvmpipe ("gsk: Don't use gpu renderers with llvmpipe"); an
// app on an older GTK makes the same choice with this.
#include "OtkTextCanvasPrivate.h"
#include <dlfcn.h>
#include <string.h>
#include <glob.h>

// No render node: Mesa has no GPU to drive, whatever GL it offers is software.
static gboolean has_render_node(void) {
    glob_t found;
    int status = glob("/dev/dri/renderD*", 0, NULL, &found);
    gboolean any = status == 0 && found.gl_pathc > 0;
    if (status == 0) globfree(&found);
    return any;
}

gboolean otk_gl_is_software(GdkDisplay *display) {
    if (!display) return FALSE;
    GError *error = NULL;
    GdkGLContext *context = gdk_display_create_gl_context(display, &error);
    if (!context) {
        // No GL at all: GTK falls back to its Cairo renderer by itself.
        g_clear_error(&error);
        return FALSE;
    }
    if (!has_render_node()) {
        g_object_unref(context);
        return TRUE;
    }
    gboolean software = FALSE;
    if (gdk_gl_context_realize(context, &error)) {
        gdk_gl_context_make_current(context);
        // GTK draws GL through libepoxy; its glGetString is a function pointer it exports.
        typedef const unsigned char *(*GetString)(unsigned int);
        GetString *get_string = (GetString *)dlsym(RTLD_DEFAULT, "epoxy_glGetString");
        const char *renderer = get_string && *get_string ? (const char *)(*get_string)(0x1F01) : NULL; // GL_RENDERER
        software = renderer
            && (strstr(renderer, "llvmpipe") || strstr(renderer, "softpipe") || strstr(renderer, "swrast"));
        gdk_gl_context_clear_current();
    } else {
        g_clear_error(&error);
    }
    g_object_unref(context);
    return software;
}
