// Keeps Cairo's pool of X shared memory alive between the frames of GTK's Cairo renderer.
//
// GTK 4.8 draws a window with its Cairo renderer into an image and, at the end of each frame,
// paints it onto the window's X surface; Cairo (1.16) uploads it through a temporary image in
// a shared-memory pool, and destroys a pool as soon as no image in it is in use. When the X
// server has taken the upload by then, every frame makes a new pool (shmget, shmat) and faults
// in all its pages again: measured, about half of a scrolling frame (6 ms where it could be 3).
// An image of the window's size, kept in a pool of its own, keeps that pool alive; the frames'
// uploads find room in it and reuse its pages.
#include "OtkTextCanvasPrivate.h"
#include <cairo-xlib.h>
#include <gdk/x11/gdkx.h>

/// The image kept (one per process: Cairo's pools are per X display), and the window area in
/// device pixels it keeps room for.
static cairo_surface_t *kept_image;
static long kept_area;

void otk_text_canvas_keep_upload_pool(OtkTextCanvas *canvas) {
    GtkWidget *widget = GTK_WIDGET(canvas);
    GtkNative *native = gtk_widget_get_native(widget);
    GdkDisplay *display = gtk_widget_get_display(widget);
    if (!native || !GDK_IS_X11_DISPLAY(display)) return;
    GdkSurface *surface = gtk_native_get_surface(native);
    if (!surface || !gdk_surface_get_mapped(surface)) return;
    int scale = gdk_surface_get_scale_factor(surface);
    int width = gdk_surface_get_width(surface) * scale, height = gdk_surface_get_height(surface) * scale;
    if (width <= 0 || height <= 0 || width > 32767 || height > 32767) return;
    long area = (long)width * height;
    if (kept_image && area <= kept_area) return;
    Display *xdisplay = gdk_x11_display_get_xdisplay(display);
    cairo_surface_t *window = cairo_xlib_surface_create(
        xdisplay, gdk_x11_surface_get_xid(surface), DefaultVisual(xdisplay, DefaultScreen(xdisplay)), width, height);
    // A pool is eight times the power of two above its first image, and holds images up to that
    // power of two: an image of the window's bytes makes one with room for a whole window's
    // upload beside it.
    cairo_surface_t *image = cairo_surface_create_similar_image(window, CAIRO_FORMAT_ARGB32, width, height);
    cairo_surface_destroy(window);
    if (cairo_surface_status(image) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(image);
        return;
    }
    if (kept_image) cairo_surface_destroy(kept_image);
    kept_image = image;
    kept_area = area;
}
