// GTK 4's own GtkTextView on a file, measured as `otk-editor --measure` measures OpenTextKit's
// view: the file read and set as the buffer's text in a 900 x 700 window, then each frame's
// duration (the frame clock's before-paint to after-paint) and the interval since the frame
// before, both also apart for the frames that show a scroll (painted after a scroll event
// arrived), and the time from a key's arrival at the window to the end of the frame after it,
// printed as JSON when the window closes (Ctrl+Q). scripts/view-benchmark.sh runs both under Xvfb.
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    GArray *durations, *intervals, *keys, *scroll_durations, *scroll_intervals;
    gint64 frame_start, last_end, key_arrival;
    gboolean closed, scrolled;
    // The first frame: seconds since OTK_LAUNCH_TIME (nanoseconds of the real-time clock when
    // the script started the program) and the resident memory then.
    double first_frame_seconds;
    long first_frame_resident_bytes;
} Timings;

static long resident_bytes(void) {
    FILE *status = fopen("/proc/self/status", "r");
    char line[256];
    long kilobytes = -1;
    while (status && fgets(line, sizeof line, status))
        if (sscanf(line, "VmRSS: %ld kB", &kilobytes) == 1) break;
    if (status) fclose(status);
    return kilobytes * 1024;
}

static void first_frame(Timings *t) {
    const char *launch = getenv("OTK_LAUNCH_TIME");
    if (t->first_frame_resident_bytes || !launch) return;
    t->first_frame_seconds = (g_get_real_time() * 1000.0 - atof(launch)) / 1e9;
    t->first_frame_resident_bytes = resident_bytes();
}

static void before_paint(GdkFrameClock *clock, Timings *t) { (void)clock; t->frame_start = g_get_monotonic_time(); }

static void after_paint(GdkFrameClock *clock, Timings *t) {
    (void)clock;
    gint64 now = g_get_monotonic_time();
    double value;
    if (t->frame_start) {
        value = (now - t->frame_start) / 1e6;
        g_array_append_val(t->durations, value);
        if (t->scrolled) g_array_append_val(t->scroll_durations, value);
    }
    if (t->last_end) {
        value = (now - t->last_end) / 1e6;
        g_array_append_val(t->intervals, value);
        if (t->scrolled) g_array_append_val(t->scroll_intervals, value);
    }
    if (t->key_arrival) { value = (now - t->key_arrival) / 1e6; g_array_append_val(t->keys, value); }
    t->frame_start = 0;
    t->key_arrival = 0;
    t->scrolled = FALSE;
    t->last_end = now;
    first_frame(t);
}

static gboolean key_pressed(GtkEventControllerKey *c, guint keyval, guint code, GdkModifierType state, Timings *t) {
    (void)c; (void)code;
    if (!t->key_arrival) t->key_arrival = g_get_monotonic_time();
    if ((state & GDK_CONTROL_MASK) && (keyval == GDK_KEY_q)) t->closed = TRUE;
    return FALSE;
}

static gboolean scroll_arrived(GtkEventControllerScroll *c, double dx, double dy, Timings *t) {
    (void)c; (void)dx; (void)dy;
    t->scrolled = TRUE;
    return FALSE;
}

static gboolean close_request(GtkWindow *window, Timings *t) { (void)window; t->closed = TRUE; return FALSE; }

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void summary(const char *name, GArray *values, const char *separator) {
    double *v = (double *)values->data;
    qsort(v, values->len, sizeof(double), compare);
    double median = values->len ? v[(int)((values->len - 1) * 0.5 + 0.5)] : 0;
    double p99 = values->len ? v[(int)((values->len - 1) * 0.99 + 0.5)] : 0;
    double max = values->len ? v[values->len - 1] : 0;
    printf("\"%s\": {\"count\": %u, \"medianMs\": %.3f, \"p99Ms\": %.3f, \"maxMs\": %.3f}%s", name, values->len,
        median * 1000, p99 * 1000, max * 1000, separator);
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: gtk-text-view-bench FILE\n"); return 64; }
    if (!gtk_init_check()) { fprintf(stderr, "gtk-text-view-bench: cannot open a display\n"); return 69; }
    char *contents = NULL;
    gsize length = 0;
    GError *error = NULL;
    if (!g_file_get_contents(argv[1], &contents, &length, &error)) {
        fprintf(stderr, "gtk-text-view-bench: %s\n", error->message);
        return 66;
    }
    Timings t = { g_array_new(FALSE, FALSE, sizeof(double)), g_array_new(FALSE, FALSE, sizeof(double)),
        g_array_new(FALSE, FALSE, sizeof(double)), g_array_new(FALSE, FALSE, sizeof(double)),
        g_array_new(FALSE, FALSE, sizeof(double)), 0, 0, 0, FALSE, FALSE, 0, 0 };
    GtkWidget *window = gtk_window_new();
    gtk_window_set_title(GTK_WINDOW(window), "gtk-text-view-bench");
    gtk_window_set_default_size(GTK_WINDOW(window), 900, 700);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    GtkWidget *view = gtk_text_view_new();
    gtk_text_view_set_wrap_mode(GTK_TEXT_VIEW(view), GTK_WRAP_WORD_CHAR);
    // The editor's font (the engine's default text font, DejaVu Sans at 13 pixels), so that both
    // show as much text a screen; the desktop's (Cantarell 11, here Noto Sans) is larger.
    GtkCssProvider *font = gtk_css_provider_new();
    gtk_css_provider_load_from_data(font, "textview { font-family: \"DejaVu Sans\"; font-size: 13px; }", -1);
    gtk_style_context_add_provider_for_display(
        gdk_display_get_default(), GTK_STYLE_PROVIDER(font), GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    gtk_text_buffer_set_text(gtk_text_view_get_buffer(GTK_TEXT_VIEW(view)), contents, (int)length);
    g_free(contents);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), view);
    gtk_window_set_child(GTK_WINDOW(window), scrolled);
    g_signal_connect(window, "close-request", G_CALLBACK(close_request), &t);
    GtkEventController *keys = gtk_event_controller_key_new();
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE);
    g_signal_connect(keys, "key-pressed", G_CALLBACK(key_pressed), &t);
    gtk_widget_add_controller(window, keys);
    GtkEventController *scrolls = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
    gtk_event_controller_set_propagation_phase(scrolls, GTK_PHASE_CAPTURE);
    g_signal_connect(scrolls, "scroll", G_CALLBACK(scroll_arrived), &t);
    gtk_widget_add_controller(window, scrolls);
    gtk_window_present(GTK_WINDOW(window));
    gtk_widget_grab_focus(view);
    GdkFrameClock *clock = gtk_widget_get_frame_clock(window);
    g_signal_connect(clock, "before-paint", G_CALLBACK(before_paint), &t);
    g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint), &t);
    while (!t.closed) g_main_context_iteration(NULL, TRUE);
    printf("{\"textBytes\": %lu, \"firstFrameSeconds\": %.3f, \"firstFrameResidentBytes\": %ld, ",
        (unsigned long)length, t.first_frame_seconds, t.first_frame_resident_bytes);
    summary("frameDuration", t.durations, ", ");
    summary("scrollFrameDuration", t.scroll_durations, ", ");
    summary("frameInterval", t.intervals, ", ");
    summary("scrollFrameInterval", t.scroll_intervals, ", ");
    summary("keyToFrame", t.keys, "}\n");
    return 0;
}
