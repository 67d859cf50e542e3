import CGtk
import Foundation

/// What `otk-editor --measure` reports when its window closes: how long each frame took to
/// draw (the frame clock's before-paint to after-paint: layout of the viewport, the snapshot,
/// GTK's rendering) and the time since the frame before, both also apart for the frames that
/// show a scroll (painted after a scroll event arrived: GtkTextView also paints while it
/// measures lines in the background, frames that show nothing new), and how long a key press
/// took to reach the screen (from the key's arrival at the window to the end of the frame after it). The same as
/// Benchmarks/GtkTextView measures of GTK's own text view.
final class FrameTimings {
    private(set) var frameDurations: [Double] = []
    private(set) var scrollFrameDurations: [Double] = []
    private(set) var frameIntervals: [Double] = []
    private(set) var scrollFrameIntervals: [Double] = []
    private(set) var keyLatencies: [Double] = []
    private var frameStart: gint64?
    private var lastFrameEnd: gint64?
    private var keyArrival: gint64?
    private var scrolled = false
    /// The first frame: seconds since `OTK_LAUNCH_TIME` (nanoseconds of the real-time clock
    /// when the program was started) and the resident memory then.
    private var firstFrame: (seconds: Double, residentBytes: Int)?
    /// The size of the text shown, for the report.
    var textBytes = 0

    /// Starts measuring `window`'s frames (it must be realized) and keys.
    func attach(to window: UnsafeMutablePointer<GtkWidget>) {
        let owner = Unmanaged.passUnretained(self).toOpaque()
        guard let clock = gtk_widget_get_frame_clock(window) else { return }
        g_signal_connect_data(
            UnsafeMutableRawPointer(clock), "before-paint", unsafeBitCast(Self.beforePaint, to: GCallback.self), owner,
            nil,
            GConnectFlags(rawValue: 0))
        g_signal_connect_data(
            UnsafeMutableRawPointer(clock), "after-paint", unsafeBitCast(Self.afterPaint, to: GCallback.self), owner,
            nil,
            GConnectFlags(rawValue: 0))
        guard let keys = gtk_event_controller_key_new() else { return }
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        g_signal_connect_data(
            UnsafeMutableRawPointer(keys), "key-pressed", unsafeBitCast(Self.keyPressed, to: GCallback.self), owner,
            nil,
            GConnectFlags(rawValue: 0))
        gtk_widget_add_controller(window, keys)
        guard let scrolls = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES) else { return }
        gtk_event_controller_set_propagation_phase(scrolls, GTK_PHASE_CAPTURE)
        g_signal_connect_data(
            UnsafeMutableRawPointer(scrolls), "scroll", unsafeBitCast(Self.scrollArrived, to: GCallback.self), owner,
            nil,
            GConnectFlags(rawValue: 0))
        gtk_widget_add_controller(window, scrolls)
    }

    /// The report, as JSON: each series' count, median, 99th percentile and maximum, in
    /// milliseconds.
    func report() -> String {
        func summary(_ name: String, _ values: [Double]) -> String {
            let sorted = values.sorted()
            func percentile(_ p: Double) -> Double {
                sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
            }
            return String(
                format: "\"%@\": {\"count\": %d, \"medianMs\": %.3f, \"p99Ms\": %.3f, \"maxMs\": %.3f}", name,
                sorted.count, percentile(0.5) * 1000, percentile(0.99) * 1000, (sorted.last ?? 0) * 1000)
        }
        let first = firstFrame ?? (0, 0)
        return "{"
            + [
                "\"textBytes\": \(textBytes)", String(format: "\"firstFrameSeconds\": %.3f", first.seconds),
                "\"firstFrameResidentBytes\": \(first.residentBytes)", summary("frameDuration", frameDurations),
                summary("scrollFrameDuration", scrollFrameDurations),
                summary("frameInterval", frameIntervals), summary("scrollFrameInterval", scrollFrameIntervals),
                summary("keyToFrame", keyLatencies),
            ].joined(separator: ", ") + "}"
    }

    private static func timings(_ owner: UnsafeMutableRawPointer?) -> FrameTimings {
        Unmanaged<FrameTimings>.fromOpaque(owner!).takeUnretainedValue()
    }

    private static let beforePaint: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = {
        _, owner in
        timings(owner).frameStart = g_get_monotonic_time()
    }

    private static let afterPaint: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = {
        _, owner in
        let timings = timings(owner)
        let now = g_get_monotonic_time()
        if let start = timings.frameStart {
            timings.frameDurations.append(Double(now - start) / 1e6)
            if timings.scrolled { timings.scrollFrameDurations.append(Double(now - start) / 1e6) }
        }
        if let last = timings.lastFrameEnd {
            timings.frameIntervals.append(Double(now - last) / 1e6)
            if timings.scrolled { timings.scrollFrameIntervals.append(Double(now - last) / 1e6) }
        }
        if let key = timings.keyArrival { timings.keyLatencies.append(Double(now - key) / 1e6) }
        timings.frameStart = nil
        timings.keyArrival = nil
        timings.scrolled = false
        timings.lastFrameEnd = now
        if timings.firstFrame == nil, let launch = ProcessInfo.processInfo.environment["OTK_LAUNCH_TIME"],
            let nanoseconds = Double(launch)
        {
            timings.firstFrame = ((Double(g_get_real_time()) * 1_000 - nanoseconds) / 1e9, residentBytes())
        }
    }

    /// The process's resident memory (VmRSS), in bytes.
    private static func residentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return -1 }
        return kilobytes * 1024
    }

    private static let keyPressed:
        @convention(c) (OpaquePointer?, guint, guint, GdkModifierType, UnsafeMutableRawPointer?) -> gboolean = {
            _, _, _, _, owner in
            let timings = timings(owner)
            if timings.keyArrival == nil { timings.keyArrival = g_get_monotonic_time() }
            return 0
        }

    private static let scrollArrived:
        @convention(c) (OpaquePointer?, Double, Double, UnsafeMutableRawPointer?) -> gboolean = { _, _, _, owner in
            timings(owner).scrolled = true
            return 0
        }
}
