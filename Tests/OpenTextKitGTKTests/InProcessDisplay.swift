import CGtk
import Foundation

/// GTK in the test process itself, for tests that call the widget as GTK does (an input
/// method's signals): a virtual display of its own (Xvfb with `-terminate`, so that it ends
/// when this process's connection to it closes at exit) and GTK initialised on it, once, on the
/// main thread (tests using it run on the main actor).
@MainActor
enum InProcessDisplay {
    /// Whether GTK could start on a display of its own.
    static let isReady: Bool = {
        guard VirtualDisplay.isAvailable else { return false }
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        server.arguments = ["-displayfd", "1", "-screen", "0", "1024x768x24", "-nolisten", "tcp", "-terminate"]
        let announced = Pipe()
        server.standardOutput = announced
        server.standardError = FileHandle.nullDevice
        guard (try? server.runWithSignalsUnblocked()) != nil, let number = try? announced.firstLine() else {
            return false
        }
        setenv("DISPLAY", ":\(number)", 1)
        setenv("GSK_RENDERER", "cairo", 1)
        setenv("GTK_IM_MODULE", "gtk-im-context-simple", 1)
        return gtk_init_check() != 0
    }()
}
