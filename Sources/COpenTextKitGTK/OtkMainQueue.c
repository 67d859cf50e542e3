// Swift's main queue (the main actor's executor) run by GLib's main loop. On Linux nothing drains
// libdispatch's main queue unless a run loop asks: CoreFoundation's does it through the queue's
// eventfd and `_dispatch_main_queue_callback_4CF`, which libdispatch exports for that purpose.
// A GLib source on the same descriptor does the same for a GTK program, so that `Task { @MainActor
// in ... }` and the continuations of an `async` call made on the main actor run.
#include "include/OtkTextCanvas.h"
#include <glib-unix.h>
#include <stdint.h>
#include <unistd.h>

extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

static gboolean main_queue_ready(gint fd, GIOCondition condition, gpointer data) {
    (void)condition; (void)data;
    // The eventfd counts wake-ups: read to zero (it is non-blocking), then run what is queued.
    uint64_t wakeups;
    while (read(fd, &wakeups, sizeof wakeups) == sizeof wakeups) {}
    _dispatch_main_queue_callback_4CF(NULL);
    return G_SOURCE_CONTINUE;
}

gboolean otk_main_queue_attach_to_glib(void) {
    static gboolean attached = FALSE;
    if (attached) return TRUE;
    int fd = _dispatch_get_main_queue_handle_4CF();
    if (fd < 0) return FALSE;
    g_unix_fd_add(fd, G_IO_IN, main_queue_ready, NULL);
    attached = TRUE;
    // Work queued before the source existed runs at the first iteration.
    g_idle_add_once((GSourceOnceFunc)_dispatch_main_queue_callback_4CF, NULL);
    return TRUE;
}
