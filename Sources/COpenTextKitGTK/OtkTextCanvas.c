#include "OtkTextCanvasPrivate.h"



enum { PROP_0, PROP_HADJUSTMENT, PROP_VADJUSTMENT, PROP_HSCROLL_POLICY, PROP_VSCROLL_POLICY };

G_DEFINE_FINAL_TYPE_WITH_CODE(
    OtkTextCanvas, otk_text_canvas, GTK_TYPE_WIDGET, G_IMPLEMENT_INTERFACE(GTK_TYPE_SCROLLABLE, NULL))

static void value_changed(GtkAdjustment *adjustment, OtkTextCanvas *canvas) {
    (void)adjustment;
    if (canvas->owner) canvas->callbacks.scrolled(canvas->owner);
}

static void set_adjustment(OtkTextCanvas *canvas, int axis, GtkAdjustment *adjustment) {
    if (adjustment && canvas->adjustments[axis] == adjustment) return;
    if (canvas->adjustments[axis]) {
        g_signal_handler_disconnect(canvas->adjustments[axis], canvas->value_handlers[axis]);
        g_object_unref(canvas->adjustments[axis]);
    }
    if (!adjustment) adjustment = gtk_adjustment_new(0, 0, 0, 0, 0, 0);
    canvas->adjustments[axis] = g_object_ref_sink(adjustment);
    canvas->value_handlers[axis] = g_signal_connect(adjustment, "value-changed", G_CALLBACK(value_changed), canvas);
    if (canvas->owner) canvas->callbacks.scrolled(canvas->owner);
}

static void otk_text_canvas_set_property(GObject *object, guint id, const GValue *value, GParamSpec *spec) {
    OtkTextCanvas *canvas = OTK_TEXT_CANVAS(object);
    switch (id) {
    case PROP_HADJUSTMENT: set_adjustment(canvas, 0, g_value_get_object(value)); break;
    case PROP_VADJUSTMENT: set_adjustment(canvas, 1, g_value_get_object(value)); break;
    case PROP_HSCROLL_POLICY: canvas->scroll_policies[0] = g_value_get_enum(value); break;
    case PROP_VSCROLL_POLICY: canvas->scroll_policies[1] = g_value_get_enum(value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, spec);
    }
}

static void otk_text_canvas_get_property(GObject *object, guint id, GValue *value, GParamSpec *spec) {
    OtkTextCanvas *canvas = OTK_TEXT_CANVAS(object);
    switch (id) {
    case PROP_HADJUSTMENT: g_value_set_object(value, canvas->adjustments[0]); break;
    case PROP_VADJUSTMENT: g_value_set_object(value, canvas->adjustments[1]); break;
    case PROP_HSCROLL_POLICY: g_value_set_enum(value, canvas->scroll_policies[0]); break;
    case PROP_VSCROLL_POLICY: g_value_set_enum(value, canvas->scroll_policies[1]); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, spec);
    }
}

// MARK: The caret's blink

static void stop_blink(OtkTextCanvas *canvas) {
    if (canvas->blink_source) g_source_remove(canvas->blink_source);
    canvas->blink_source = 0;
}

static gboolean blink(gpointer data);

static void schedule_blink(OtkTextCanvas *canvas) {
    GtkSettings *settings = gtk_widget_get_settings(GTK_WIDGET(canvas));
    gboolean blinks = TRUE;
    int cycle = 1200;
    g_object_get(settings, "gtk-cursor-blink", &blinks, "gtk-cursor-blink-time", &cycle, NULL);
    if (!blinks || cycle <= 0 || !canvas->focused || g_get_monotonic_time() > canvas->blink_deadline) {
        canvas->caret_on = TRUE;
        return;
    }
    // On for two thirds of the cycle, off for one, as GTK's own text widgets blink.
    guint phase = canvas->caret_on ? (guint)(cycle * 2 / 3) : (guint)(cycle / 3);
    canvas->blink_source = g_timeout_add(phase, blink, canvas);
}

static gboolean blink(gpointer data) {
    OtkTextCanvas *canvas = data;
    canvas->blink_source = 0;
    canvas->caret_on = !canvas->caret_on;
    gtk_widget_queue_draw(GTK_WIDGET(canvas));
    schedule_blink(canvas);
    return G_SOURCE_REMOVE;
}

void otk_text_canvas_restart_blink(OtkTextCanvas *canvas) {
    stop_blink(canvas);
    GtkSettings *settings = gtk_widget_get_settings(GTK_WIDGET(canvas));
    int timeout = 10;
    g_object_get(settings, "gtk-cursor-blink-timeout", &timeout, NULL);
    canvas->blink_deadline = g_get_monotonic_time() + (gint64)timeout * G_USEC_PER_SEC;
    canvas->caret_on = TRUE;
    schedule_blink(canvas);
    gtk_widget_queue_draw(GTK_WIDGET(canvas));
}

gboolean otk_text_canvas_caret_is_visible(OtkTextCanvas *canvas) { return canvas->focused && canvas->caret_on; }

// MARK: Events

static gboolean key_pressed(
    GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state, OtkTextCanvas *canvas) {
    (void)controller;
    // A key an attachment's widget (an entry) did not take is not the text's.
    if (!gtk_widget_is_focus(GTK_WIDGET(canvas))) return FALSE;
    return canvas->owner ? canvas->callbacks.key_pressed(canvas->owner, keyval, keycode, state) : FALSE;
}

static void commit(GtkIMContext *context, const char *text, OtkTextCanvas *canvas) {
    (void)context;
    if (canvas->owner) canvas->callbacks.commit(canvas->owner, text);
}

static void preedit_changed(GtkIMContext *context, OtkTextCanvas *canvas) {
    (void)context;
    if (canvas->owner) canvas->callbacks.preedit_changed(canvas->owner);
}

static gboolean retrieve_surrounding(GtkIMContext *context, OtkTextCanvas *canvas) {
    (void)context;
    return canvas->owner ? canvas->callbacks.retrieve_surrounding(canvas->owner) : FALSE;
}

static gboolean delete_surrounding(GtkIMContext *context, int offset, int n_chars, OtkTextCanvas *canvas) {
    (void)context;
    return canvas->owner ? canvas->callbacks.delete_surrounding(canvas->owner, offset, n_chars) : FALSE;
}

// Whether (x, y) is over one of the canvas's children (an attachment's widget): the press is
// the child's, and the text neither moves its caret nor takes the focus.
static gboolean over_child(OtkTextCanvas *canvas, double x, double y) {
    GtkWidget *picked = gtk_widget_pick(GTK_WIDGET(canvas), x, y, GTK_PICK_DEFAULT);
    return picked && picked != GTK_WIDGET(canvas);
}

static void pressed(GtkGestureClick *gesture, int n_press, double x, double y, OtkTextCanvas *canvas) {
    GtkEventController *controller = GTK_EVENT_CONTROLLER(gesture);
    if (over_child(canvas, x, y)) {
        gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_DENIED);
        return;
    }
    guint button = gtk_gesture_single_get_current_button(GTK_GESTURE_SINGLE(gesture));
    GdkModifierType state = gtk_event_controller_get_current_event_state(controller);
    if (!gtk_widget_has_focus(GTK_WIDGET(canvas))) gtk_widget_grab_focus(GTK_WIDGET(canvas));
    if (canvas->owner) canvas->callbacks.pressed(canvas->owner, n_press, x, y, button, state);
}

static void released(GtkGestureClick *gesture, int n_press, double x, double y, OtkTextCanvas *canvas) {
    (void)gesture; (void)n_press; (void)x; (void)y;
    if (canvas->owner) canvas->callbacks.released(canvas->owner);
}

static void drag_update(GtkGestureDrag *gesture, double dx, double dy, OtkTextCanvas *canvas) {
    double x = 0, y = 0;
    gtk_gesture_drag_get_start_point(gesture, &x, &y);
    if (over_child(canvas, x, y)) return;
    if (canvas->owner) canvas->callbacks.dragged(canvas->owner, x + dx, y + dy);
}

static void focus_enter(GtkEventControllerFocus *controller, OtkTextCanvas *canvas) {
    (void)controller;
    canvas->focused = TRUE;
    gtk_im_context_focus_in(canvas->im_context);
    otk_text_canvas_restart_blink(canvas);
    if (canvas->owner) canvas->callbacks.focus_changed(canvas->owner, TRUE);
}

static void focus_leave(GtkEventControllerFocus *controller, OtkTextCanvas *canvas) {
    (void)controller;
    canvas->focused = FALSE;
    gtk_im_context_focus_out(canvas->im_context);
    stop_blink(canvas);
    gtk_widget_queue_draw(GTK_WIDGET(canvas));
    if (canvas->owner) canvas->callbacks.focus_changed(canvas->owner, FALSE);
}

// MARK: Widget

static void otk_text_canvas_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    OtkTextCanvas *canvas = OTK_TEXT_CANVAS(widget);
    if (canvas->owner) {
        canvas->callbacks.snapshot(
            canvas->owner, snapshot, gtk_widget_get_width(widget), gtk_widget_get_height(widget));
    }
}

static void otk_text_canvas_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)baseline;
    OtkTextCanvas *canvas = OTK_TEXT_CANVAS(widget);
    if (canvas->owner) canvas->callbacks.size_allocate(canvas->owner, width, height);
    // A popover is placed by its parent's allocation.
    if (canvas->menu) gtk_popover_present(GTK_POPOVER(canvas->menu));
}

static void menu_action(GSimpleAction *action, GVariant *parameter, OtkTextCanvas *canvas) {
    const char *argument = parameter ? g_variant_get_string(parameter, NULL) : NULL;
    if (canvas->owner) canvas->callbacks.menu_action(canvas->owner, g_action_get_name(G_ACTION(action)), argument);
}

// The actions a context menu's items name ("text.cut"; "text.replace-word" with a string).
static void add_menu_actions(OtkTextCanvas *canvas) {
    GSimpleActionGroup *group = g_simple_action_group_new();
    const char *names[] = {"cut", "copy", "paste", "select-all", "replace-word"};
    for (guint i = 0; i < G_N_ELEMENTS(names); i++) {
        gboolean takes_string = g_str_equal(names[i], "replace-word");
        GSimpleAction *action = g_simple_action_new(names[i], takes_string ? G_VARIANT_TYPE_STRING : NULL);
        g_signal_connect(action, "activate", G_CALLBACK(menu_action), canvas);
        g_action_map_add_action(G_ACTION_MAP(group), G_ACTION(action));
        g_object_unref(action);
    }
    gtk_widget_insert_action_group(GTK_WIDGET(canvas), "text", G_ACTION_GROUP(group));
    g_object_unref(group);
}

void otk_text_canvas_show_menu(OtkTextCanvas *canvas, GMenuModel *model, double x, double y) {
    g_clear_pointer(&canvas->menu, gtk_widget_unparent);
    canvas->menu = gtk_popover_menu_new_from_model(model);
    gtk_widget_set_parent(canvas->menu, GTK_WIDGET(canvas));
    gtk_popover_set_has_arrow(GTK_POPOVER(canvas->menu), FALSE);
    gtk_widget_set_halign(canvas->menu, GTK_ALIGN_START);
    GdkRectangle at = {(int)x, (int)y, 1, 1};
    gtk_popover_set_pointing_to(GTK_POPOVER(canvas->menu), &at);
    gtk_popover_popup(GTK_POPOVER(canvas->menu));
}

GtkWidget *otk_text_canvas_get_menu(OtkTextCanvas *canvas) {
    return canvas->menu && gtk_widget_get_visible(canvas->menu) ? canvas->menu : NULL;
}

static void otk_text_canvas_measure(
    GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum, int *natural, int *minimum_baseline,
    int *natural_baseline) {
    (void)widget; (void)orientation; (void)for_size;
    // It scrolls: any size will do; a window gives it what it has.
    *minimum = 1;
    *natural = 1;
    *minimum_baseline = -1;
    *natural_baseline = -1;
}

// The input method gets its client when the widget has a surface (as GtkTextView does it):
// ibus makes its input context for the client's window.
static void otk_text_canvas_realize(GtkWidget *widget) {
    GTK_WIDGET_CLASS(otk_text_canvas_parent_class)->realize(widget);
    gtk_im_context_set_client_widget(OTK_TEXT_CANVAS(widget)->im_context, widget);
}

static void otk_text_canvas_unrealize(GtkWidget *widget) {
    gtk_im_context_set_client_widget(OTK_TEXT_CANVAS(widget)->im_context, NULL);
    GTK_WIDGET_CLASS(otk_text_canvas_parent_class)->unrealize(widget);
}

static void otk_text_canvas_dispose(GObject *object) {
    OtkTextCanvas *canvas = OTK_TEXT_CANVAS(object);
    stop_blink(canvas);
    g_clear_pointer(&canvas->menu, gtk_widget_unparent);
    if (canvas->owner) {
        void *owner = canvas->owner;
        canvas->owner = NULL;
        canvas->callbacks.dispose(owner);
    }
    for (int axis = 0; axis < 2; axis++) {
        if (canvas->adjustments[axis]) {
            g_signal_handler_disconnect(canvas->adjustments[axis], canvas->value_handlers[axis]);
            g_clear_object(&canvas->adjustments[axis]);
        }
    }
    if (canvas->im_context) {
        gtk_im_context_set_client_widget(canvas->im_context, NULL);
        g_clear_object(&canvas->im_context);
    }
    G_OBJECT_CLASS(otk_text_canvas_parent_class)->dispose(object);
}

static void otk_text_canvas_class_init(OtkTextCanvasClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    object_class->set_property = otk_text_canvas_set_property;
    object_class->get_property = otk_text_canvas_get_property;
    object_class->dispose = otk_text_canvas_dispose;
    widget_class->snapshot = otk_text_canvas_snapshot;
    widget_class->size_allocate = otk_text_canvas_size_allocate;
    widget_class->measure = otk_text_canvas_measure;
    widget_class->realize = otk_text_canvas_realize;
    widget_class->unrealize = otk_text_canvas_unrealize;
    g_object_class_override_property(object_class, PROP_HADJUSTMENT, "hadjustment");
    g_object_class_override_property(object_class, PROP_VADJUSTMENT, "vadjustment");
    g_object_class_override_property(object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
    g_object_class_override_property(object_class, PROP_VSCROLL_POLICY, "vscroll-policy");
    gtk_widget_class_set_css_name(widget_class, "otktextview");
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_TEXT_BOX);
}

static void otk_text_canvas_init(OtkTextCanvas *canvas) {
    GtkWidget *widget = GTK_WIDGET(canvas);
    gtk_widget_set_focusable(widget, TRUE);
    gtk_widget_set_focus_on_click(widget, TRUE);
    gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN);
    gtk_widget_set_cursor_from_name(widget, "text");
    canvas->caret_on = TRUE;
    set_adjustment(canvas, 0, NULL);
    set_adjustment(canvas, 1, NULL);

    canvas->im_context = gtk_im_multicontext_new();
    g_signal_connect(canvas->im_context, "commit", G_CALLBACK(commit), canvas);
    g_signal_connect(canvas->im_context, "preedit-changed", G_CALLBACK(preedit_changed), canvas);
    g_signal_connect(canvas->im_context, "retrieve-surrounding", G_CALLBACK(retrieve_surrounding), canvas);
    g_signal_connect(canvas->im_context, "delete-surrounding", G_CALLBACK(delete_surrounding), canvas);

    GtkEventController *keys = gtk_event_controller_key_new();
    gtk_event_controller_key_set_im_context(GTK_EVENT_CONTROLLER_KEY(keys), canvas->im_context);
    g_signal_connect(keys, "key-pressed", G_CALLBACK(key_pressed), canvas);
    gtk_widget_add_controller(widget, keys);

    GtkEventController *focus = gtk_event_controller_focus_new();
    g_signal_connect(focus, "enter", G_CALLBACK(focus_enter), canvas);
    g_signal_connect(focus, "leave", G_CALLBACK(focus_leave), canvas);
    gtk_widget_add_controller(widget, focus);

    GtkGesture *click = gtk_gesture_click_new();
    gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(click), 0);
    g_signal_connect(click, "pressed", G_CALLBACK(pressed), canvas);
    g_signal_connect(click, "released", G_CALLBACK(released), canvas);
    gtk_widget_add_controller(widget, GTK_EVENT_CONTROLLER(click));

    canvas->drag_gesture = gtk_gesture_drag_new();
    g_signal_connect(canvas->drag_gesture, "drag-update", G_CALLBACK(drag_update), canvas);
    gtk_widget_add_controller(widget, GTK_EVENT_CONTROLLER(canvas->drag_gesture));

    otk_text_canvas_add_drop_target(canvas);
    add_menu_actions(canvas);
}

GtkWidget *otk_text_canvas_new(const OtkTextCanvasCallbacks *callbacks, void *owner) {
    OtkTextCanvas *canvas = g_object_new(OTK_TYPE_TEXT_CANVAS, NULL);
    canvas->callbacks = *callbacks;
    canvas->owner = owner;
    gtk_accessible_update_property(
        GTK_ACCESSIBLE(canvas), GTK_ACCESSIBLE_PROPERTY_MULTI_LINE, TRUE, -1);
    return GTK_WIDGET(canvas);
}

GtkAdjustment *otk_text_canvas_get_hadjustment(OtkTextCanvas *canvas) { return canvas->adjustments[0]; }
GtkAdjustment *otk_text_canvas_get_vadjustment(OtkTextCanvas *canvas) { return canvas->adjustments[1]; }
GtkIMContext *otk_text_canvas_get_im_context(OtkTextCanvas *canvas) { return canvas->im_context; }

void otk_text_canvas_set_accessible_text(OtkTextCanvas *canvas, const char *label, const char *description) {
    gtk_accessible_update_property(
        GTK_ACCESSIBLE(canvas), GTK_ACCESSIBLE_PROPERTY_LABEL, label, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
        description, -1);
}

gboolean otk_text_canvas_uses_cairo_renderer(OtkTextCanvas *canvas) {
    GtkNative *native = gtk_widget_get_native(GTK_WIDGET(canvas));
    GskRenderer *renderer = native ? gtk_native_get_renderer(native) : NULL;
    return renderer && g_str_equal(G_OBJECT_TYPE_NAME(renderer), "GskCairoRenderer");
}

gboolean otk_text_canvas_pointer_button_is_down(OtkTextCanvas *canvas) {
    GtkNative *native = gtk_widget_get_native(GTK_WIDGET(canvas));
    GdkSurface *surface = native ? gtk_native_get_surface(native) : NULL;
    GdkSeat *seat = gdk_display_get_default_seat(gtk_widget_get_display(GTK_WIDGET(canvas)));
    GdkDevice *pointer = seat ? gdk_seat_get_pointer(seat) : NULL;
    if (!surface || !pointer) return FALSE;
    GdkModifierType state = 0;
    gdk_surface_get_device_position(surface, pointer, NULL, NULL, &state);
    return (state & (GDK_BUTTON1_MASK | GDK_BUTTON2_MASK | GDK_BUTTON3_MASK)) != 0;
}
