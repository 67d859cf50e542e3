// The GObject side of OpenTextKit's GTK text view: a GtkWidget subclass implementing
// GtkScrollable, with a key controller, an input method context, click and drag gestures and a
// blinking caret, each forwarding to the Swift object that owns it (`TextViewWidget`).
#pragma once
#include <gtk/gtk.h>

G_BEGIN_DECLS

#define OTK_TYPE_TEXT_CANVAS (otk_text_canvas_get_type())
G_DECLARE_FINAL_TYPE(OtkTextCanvas, otk_text_canvas, OTK, TEXT_CANVAS, GtkWidget)

/// What the canvas asks of its owner; `owner` is the pointer given to `otk_text_canvas_new`.
/// Every callback runs on GTK's thread. None may be NULL.
typedef struct {
    /// Draw the visible part, `width` x `height` pixels, into `snapshot`.
    void (*snapshot)(void *owner, GtkSnapshot *snapshot, int width, int height);
    /// The widget has a new size.
    void (*size_allocate)(void *owner, int width, int height);
    /// A scrolled window set new adjustments, or an adjustment's value changed.
    void (*scrolled)(void *owner);
    /// A key went down (after the input method had its turn); TRUE when handled.
    gboolean (*key_pressed)(void *owner, guint keyval, guint keycode, GdkModifierType state);
    /// The input method committed `text` (UTF-8).
    void (*commit)(void *owner, const char *text);
    /// The input method's preedit changed (read it with `gtk_im_context_get_preedit_string`).
    void (*preedit_changed)(void *owner);
    /// The input method asks for the text around the caret; TRUE when given.
    gboolean (*retrieve_surrounding)(void *owner);
    /// The input method deletes `n_chars` characters from `offset` characters of the caret.
    gboolean (*delete_surrounding)(void *owner, int offset, int n_chars);
    /// A button went down at (`x`, `y`) (widget coordinates), the `n_press`th in a row.
    void (*pressed)(void *owner, int n_press, double x, double y, guint button, GdkModifierType state);
    /// The pointer moved to (`x`, `y`) with the first button down since `pressed`.
    void (*dragged)(void *owner, double x, double y);
    /// The button went up.
    void (*released)(void *owner);
    /// The clipboard's content arrived for a paste: `length` bytes of `mime_type` (the
    /// engine's document format or UTF-8 text), or NULL when it had neither.
    void (*paste_data)(void *owner, const char *mime_type, const void *data, gsize length);
    /// The drag of the selection begun with `otk_text_canvas_begin_drag` ended: dropped with
    /// `action` (GDK_ACTION_MOVE: the text went elsewhere and leaves here), or 0 when cancelled.
    void (*drag_ended)(void *owner, GdkDragAction action);
    /// Text is dragged over (`x`, `y`); TRUE when it could be dropped there.
    gboolean (*drop_motion)(void *owner, double x, double y);
    /// The drag left the widget (or was dropped).
    void (*drop_left)(void *owner);
    /// `text` (UTF-8) was dropped at (`x`, `y`); TRUE when taken.
    gboolean (*dropped)(void *owner, const char *text, double x, double y);
    /// The widget gained or lost the keyboard focus.
    void (*focus_changed)(void *owner, gboolean focused);
    /// An item of the context menu was chosen: the canvas's action `name` ("replace-word",
    /// "cut", "copy", "paste", "select-all"; the menu's items name them "text.NAME"), with the
    /// item's string `argument` (NULL for none).
    void (*menu_action)(void *owner, const char *name, const char *argument);
    /// The widget is going away: the owner lets go of it.
    void (*dispose)(void *owner);
} OtkTextCanvasCallbacks;

/// A canvas forwarding to `callbacks` with `owner`.
GtkWidget *otk_text_canvas_new(const OtkTextCanvasCallbacks *callbacks, void *owner);

/// Shows `model` as a context menu pointing at (`x`, `y`) (widget coordinates), in place of the
/// one shown, if any. Its items' actions are the canvas's "text.*" actions.
void otk_text_canvas_show_menu(OtkTextCanvas *canvas, GMenuModel *model, double x, double y);

/// The context menu while it is shown, else NULL.
GtkWidget *otk_text_canvas_get_menu(OtkTextCanvas *canvas);

/// Has GLib's default main context run Swift's main queue (the main actor), as CoreFoundation's
/// run loop does elsewhere; once per process. FALSE when libdispatch gives no descriptor.
gboolean otk_main_queue_attach_to_glib(void);

GtkAdjustment *otk_text_canvas_get_hadjustment(OtkTextCanvas *canvas);
GtkAdjustment *otk_text_canvas_get_vadjustment(OtkTextCanvas *canvas);
GtkIMContext *otk_text_canvas_get_im_context(OtkTextCanvas *canvas);

/// Whether the caret is in the visible phase of its blink (always, when the desktop's
/// settings say the caret does not blink, or the widget has no focus: then it is hidden).
gboolean otk_text_canvas_caret_is_visible(OtkTextCanvas *canvas);
/// Shows the caret solid and starts its blinking again (after a key or a click), as the
/// desktop's settings say (`gtk-cursor-blink`, `-blink-time`, `-blink-timeout`).
void otk_text_canvas_restart_blink(OtkTextCanvas *canvas);

/// Whether GTK draws the canvas's window with its Cairo renderer (no GPU: software, or
/// `GSK_RENDERER=cairo`) rather than a GL one.
gboolean otk_text_canvas_uses_cairo_renderer(OtkTextCanvas *canvas);

/// Whether a pointer button is held (a drag of the scroll bar's slider may be under way, which
/// reads the scroll bar's range again when the button is let go).
gboolean otk_text_canvas_pointer_button_is_down(OtkTextCanvas *canvas);

/// Under GTK's Cairo renderer on X11: keeps Cairo's shared-memory pool for uploading frames
/// alive between frames, so that each frame does not make and fault in a new one
/// (OtkUploadPool.c). Call before each frame; it does its work once a window size.
void otk_text_canvas_keep_upload_pool(OtkTextCanvas *canvas);

/// Whether GTK's GL renderer would draw on `display` with a software rasterizer (Mesa's llvmpipe,
/// softpipe or swrast: no GPU), asked of GL itself (OtkSoftwareGL.c).
gboolean otk_gl_is_software(GdkDisplay *display);

/// Whether this machine has a device a GPU's GL could drive (a DRM render node, or the NVIDIA
/// driver's device): without one, GL can only be rasterized in software.
gboolean otk_has_gpu_device(void);

/// Has GTK make the renderers of `display`'s windows realized from now on by `name` ("cairo",
/// "ngl"; NULL: GTK's own choice): the display's "gsk-renderer" data, which GTK asks before
/// `GSK_RENDERER`, without changing the process's environment.
void otk_display_use_renderer(GdkDisplay *display, const char *name);

/// The renderer `otk_display_use_renderer` set for `display`, or NULL.
const char *otk_display_renderer(GdkDisplay *display);

/// A PangoFont of face `face_index` of the font file `file` at `size` (pixels), or NULL when
/// fontconfig, asked for it by its names, gives another face (OtkGlyphNodes.c).
PangoFont *otk_pango_font_new(const char *file, int face_index, double size);

/// A text node of `count` glyphs of `font`, each with its origin at (`xs[i]`, `ys[i]`), in
/// `color`; NULL when none of them shows.
GskRenderNode *otk_glyph_node_new(
    PangoFont *font, const guint32 *glyphs, const double *xs, const double *ys, int count, const GdkRGBA *color);

/// The MIME type of the engine's document format on the clipboard.
#define OTK_DOCUMENT_MIME_TYPE "application/x-opentextkit-document+json"

/// Puts on the widget's clipboard the same text three ways: the engine's document format
/// (`document`, `document_length` bytes of JSON), HTML for other programs, and UTF-8 text.
void otk_text_canvas_set_clipboard(
    OtkTextCanvas *canvas, const char *text, const void *document, gsize document_length, const char *html);

/// Starts dragging the selection from (`x`, `y`) (widget coordinates, the pointer's place),
/// offering it as the clipboard does; FALSE when no drag could start.
gboolean otk_text_canvas_begin_drag(
    OtkTextCanvas *canvas, const char *text, const void *document, gsize document_length, const char *html,
    double x, double y);
/// Whether a drag of the selection begun here is under way.
gboolean otk_text_canvas_is_dragging(OtkTextCanvas *canvas);

/// Asks the clipboard for its content, the engine's document format first, else text; it
/// arrives through `paste_data`.
void otk_text_canvas_request_paste(OtkTextCanvas *canvas);

/// Tells assistive technologies the widget's accessible name (`label`) and description (its
/// role is a multi-line text box). GTK 4.8 has no accessible text interface for a widget of
/// its own (`GtkAccessibleText` is GTK 4.14's): these are what a screen reader can read.
void otk_text_canvas_set_accessible_text(OtkTextCanvas *canvas, const char *label, const char *description);

G_END_DECLS
