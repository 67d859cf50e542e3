// The canvas's transfers of text: the clipboard (copy and paste) and drag and drop (the
// selection dragged out or within, text dropped in). Each offers the engine's document format,
// HTML and UTF-8 text.
#include "OtkTextCanvasPrivate.h"
#include <string.h>

/// The same text three ways: the engine's document format, HTML and UTF-8 text (a new reference).
static GdkContentProvider *rich_text_content(
    const char *text, const void *document, gsize document_length, const char *html) {
    GBytes *document_bytes = g_bytes_new(document, document_length);
    GBytes *html_bytes = g_bytes_new(html, strlen(html));
    GBytes *text_bytes = g_bytes_new(text, strlen(text));
    GdkContentProvider *providers[] = {
        gdk_content_provider_new_for_bytes(OTK_DOCUMENT_MIME_TYPE, document_bytes),
        gdk_content_provider_new_for_bytes("text/html", html_bytes),
        gdk_content_provider_new_for_bytes("text/plain;charset=utf-8", text_bytes),
    };
    GdkContentProvider *content = gdk_content_provider_new_union(providers, G_N_ELEMENTS(providers));
    g_bytes_unref(document_bytes);
    g_bytes_unref(html_bytes);
    g_bytes_unref(text_bytes);
    return content;
}

// MARK: Clipboard

void otk_text_canvas_set_clipboard(
    OtkTextCanvas *canvas, const char *text, const void *document, gsize document_length, const char *html) {
    GdkContentProvider *content = rich_text_content(text, document, document_length, html);
    gdk_clipboard_set_content(gtk_widget_get_clipboard(GTK_WIDGET(canvas)), content);
    g_object_unref(content);
}

/// A paste under way: the canvas (referenced), the chosen MIME type and the bytes read so far.
typedef struct {
    OtkTextCanvas *canvas;
    char *mime_type;
    GOutputStream *bytes;
} Paste;

static void paste_finish(Paste *paste, const void *data, gsize length) {
    OtkTextCanvas *canvas = paste->canvas;
    if (canvas->owner) canvas->callbacks.paste_data(canvas->owner, paste->mime_type, data, length);
    g_free(paste->mime_type);
    g_clear_object(&paste->bytes);
    g_object_unref(canvas);
    g_free(paste);
}

static void paste_read(GObject *source, GAsyncResult *result, gpointer data) {
    Paste *paste = data;
    if (g_output_stream_splice_finish(G_OUTPUT_STREAM(source), result, NULL) < 0) {
        paste_finish(paste, NULL, 0);
        return;
    }
    GMemoryOutputStream *memory = G_MEMORY_OUTPUT_STREAM(paste->bytes);
    paste_finish(paste, g_memory_output_stream_get_data(memory), g_memory_output_stream_get_data_size(memory));
}

static void paste_opened(GObject *source, GAsyncResult *result, gpointer data) {
    Paste *paste = data;
    const char *mime_type = NULL;
    GInputStream *stream = gdk_clipboard_read_finish(GDK_CLIPBOARD(source), result, &mime_type, NULL);
    if (!stream) {
        paste_finish(paste, NULL, 0);
        return;
    }
    paste->mime_type = g_strdup(mime_type);
    paste->bytes = g_memory_output_stream_new_resizable();
    g_output_stream_splice_async(
        paste->bytes, stream, G_OUTPUT_STREAM_SPLICE_CLOSE_SOURCE | G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET,
        G_PRIORITY_DEFAULT, NULL, paste_read, paste);
    g_object_unref(stream);
}

void otk_text_canvas_request_paste(OtkTextCanvas *canvas) {
    static const char *mime_types[] = { OTK_DOCUMENT_MIME_TYPE, "text/plain;charset=utf-8", NULL };
    Paste *paste = g_new0(Paste, 1);
    paste->canvas = g_object_ref(canvas);
    gdk_clipboard_read_async(
        gtk_widget_get_clipboard(GTK_WIDGET(canvas)), mime_types, G_PRIORITY_DEFAULT, NULL, paste_opened, paste);
}

// MARK: Dragging the selection

static void drag_ended(OtkTextCanvas *canvas, GdkDrag *drag, gboolean dropped) {
    if (canvas->active_drag != drag) return;
    GdkDragAction action = dropped ? gdk_drag_get_selected_action(drag) : 0;
    g_signal_handlers_disconnect_by_data(drag, canvas);
    g_clear_object(&canvas->active_drag);
    if (canvas->owner) canvas->callbacks.drag_ended(canvas->owner, action);
}

static void drag_dnd_finished(GdkDrag *drag, OtkTextCanvas *canvas) { drag_ended(canvas, drag, TRUE); }

static void drag_cancelled(GdkDrag *drag, GdkDragCancelReason reason, OtkTextCanvas *canvas) {
    (void)reason;
    drag_ended(canvas, drag, FALSE);
}

gboolean otk_text_canvas_begin_drag(
    OtkTextCanvas *canvas, const char *text, const void *document, gsize document_length, const char *html,
    double x, double y) {
    GtkWidget *widget = GTK_WIDGET(canvas);
    GtkNative *native = gtk_widget_get_native(widget);
    GdkDevice *device = gtk_gesture_get_device(canvas->drag_gesture);
    if (!native || !device || canvas->active_drag) return FALSE;
    // The drag starts where the pointer is, in the surface's coordinates.
    double native_x = x, native_y = y, surface_x = 0, surface_y = 0;
    gtk_widget_translate_coordinates(widget, GTK_WIDGET(native), x, y, &native_x, &native_y);
    gtk_native_get_surface_transform(native, &surface_x, &surface_y);
    GdkContentProvider *content = rich_text_content(text, document, document_length, html);
    GdkDrag *drag = gdk_drag_begin(
        gtk_native_get_surface(native), device, content, GDK_ACTION_COPY | GDK_ACTION_MOVE, native_x + surface_x,
        native_y + surface_y);
    g_object_unref(content);
    if (!drag) return FALSE;
    // The pointer is the drag's now: the gesture that extends the selection stops.
    gtk_event_controller_reset(GTK_EVENT_CONTROLLER(canvas->drag_gesture));
    canvas->active_drag = drag;
    g_signal_connect(drag, "dnd-finished", G_CALLBACK(drag_dnd_finished), canvas);
    g_signal_connect(drag, "cancel", G_CALLBACK(drag_cancelled), canvas);
    return TRUE;
}

gboolean otk_text_canvas_is_dragging(OtkTextCanvas *canvas) { return canvas->active_drag != NULL; }

// MARK: Dropping text

static GdkDragAction drop_motion(GtkDropTarget *target, double x, double y, OtkTextCanvas *canvas) {
    (void)target;
    if (!canvas->owner || !canvas->callbacks.drop_motion(canvas->owner, x, y)) return 0;
    // The selection dragged within the view moves; text from elsewhere is copied.
    return canvas->active_drag ? GDK_ACTION_MOVE : GDK_ACTION_COPY;
}

static void drop_leave(GtkDropTarget *target, OtkTextCanvas *canvas) {
    (void)target;
    if (canvas->owner) canvas->callbacks.drop_left(canvas->owner);
}

static gboolean drop(GtkDropTarget *target, const GValue *value, double x, double y, OtkTextCanvas *canvas) {
    (void)target;
    if (!canvas->owner || !G_VALUE_HOLDS_STRING(value)) return FALSE;
    const char *text = g_value_get_string(value);
    return canvas->callbacks.dropped(canvas->owner, text ? text : "", x, y);
}

void otk_text_canvas_add_drop_target(OtkTextCanvas *canvas) {
    GtkDropTarget *target = gtk_drop_target_new(G_TYPE_STRING, GDK_ACTION_COPY | GDK_ACTION_MOVE);
    g_signal_connect(target, "motion", G_CALLBACK(drop_motion), canvas);
    g_signal_connect(target, "enter", G_CALLBACK(drop_motion), canvas);
    g_signal_connect(target, "leave", G_CALLBACK(drop_leave), canvas);
    g_signal_connect(target, "drop", G_CALLBACK(drop), canvas);
    gtk_widget_add_controller(GTK_WIDGET(canvas), GTK_EVENT_CONTROLLER(target));
}
