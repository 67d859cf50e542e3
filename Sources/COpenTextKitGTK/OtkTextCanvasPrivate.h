// What the canvas's source files share: the instance structure and the functions one file
// gives another. Not part of the module's interface.
#pragma once
#include "OtkTextCanvas.h"

struct _OtkTextCanvas {
    GtkWidget parent_instance;
    GtkAdjustment *adjustments[2]; // horizontal, vertical
    gulong value_handlers[2];
    guint scroll_policies[2];
    OtkTextCanvasCallbacks callbacks;
    void *owner;
    GtkIMContext *im_context;
    gboolean focused;
    // The caret's blink: its phase, the timer that flips it, and when blinking stops.
    gboolean caret_on;
    guint blink_source;
    gint64 blink_deadline;
    // The drag gesture (extending the selection, or starting a drag of it) and the drag of the
    // selection under way, if any.
    GtkGesture *drag_gesture;
    GdkDrag *active_drag;
    // The context menu while it is shown (a child of the canvas).
    GtkWidget *menu;
};

/// Makes the canvas a drop target for text (OtkTextCanvasTransfer.c).
void otk_text_canvas_add_drop_target(OtkTextCanvas *canvas);
