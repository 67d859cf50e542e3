// Whether GTK's GL renderer would rasterize in software (Mesa's llvmpipe, softpipe or swrast): on
// a machine without a GPU (a virtual machine, Xvfb, a remote X display) GTK 4.8 draws with GL on
// the processor, several times slower for text than its Cairo renderer. (GTK 4.14 stopped using
// its GPU renderers on llvmpipe; an app on 4.8 chooses for itself.)
#include "OtkTextCanvasPrivate.h"
#include <dlfcn.h>
#include <glob.h>
#include <string.h>

// No render node: Mesa has no GPU to drive. Only asked when GL cannot say what it is.
static gboolean has_render_node(void) {
    glob_t found;
    int status = glob("/dev/dri/renderD*", 0, NULL, &found);
    gboolean any = status == 0 && found.gl_pathc > 0;
    if (status == 0) globfree(&found);
    return any;
}

gboolean otk_has_gpu_device(void) {
    // The NVIDIA driver's own device: its GL does not go through a render node.
    return has_render_node() || g_file_test("/dev/nvidiactl", G_FILE_TEST_EXISTS);
}

static gboolean names_software(const char *renderer) {
    return strstr(renderer, "llvmpipe") || strstr(renderer, "softpipe") || strstr(renderer, "swrast")
        || strstr(renderer, "Software Rasterizer");
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
    if (!gdk_gl_context_realize(context, &error)) {
        g_clear_error(&error);
        g_object_unref(context);
        return FALSE;
    }
    gdk_gl_context_make_current(context);
    // GTK draws GL through libepoxy; its glGetString is a function pointer it exports.
    typedef const unsigned char *(*GetString)(unsigned int);
    GetString *get_string = (GetString *)dlsym(RTLD_DEFAULT, "epoxy_glGetString");
    const char *renderer = get_string && *get_string ? (const char *)(*get_string)(0x1F01) : NULL; // GL_RENDERER
    gboolean software = renderer ? names_software(renderer) : !has_render_node();
    gdk_gl_context_clear_current();
    g_object_unref(context);
    return software;
}

void otk_display_use_renderer(GdkDisplay *display, const char *name) {
    if (display) g_object_set_data_full(G_OBJECT(display), "gsk-renderer", name ? g_strdup(name) : NULL, g_free);
}

const char *otk_display_renderer(GdkDisplay *display) {
    return display ? g_object_get_data(G_OBJECT(display), "gsk-renderer") : NULL;
}
