import Foundation

/// The accessibility bus a screen reader reads, for a test: a D-Bus session of its own with
/// AT-SPI's bus launcher on it (as a desktop session starts it), and a reader of what the
/// programs on it expose, through AT-SPI's own client library (Debian's python3 with
/// gir1.2-atspi-2.0, as Orca reads it). Stopped when the test's closure returns.
final class AccessibilityBus {
    /// Whether this machine has AT-SPI's bus, its registry and its Python client
    /// (scripts/install-deps.sh installs them).
    static let isAvailable = [
        "/usr/bin/dbus-daemon", "/usr/bin/dbus-send", "/usr/libexec/at-spi-bus-launcher",
        "/usr/libexec/at-spi2-registryd", "/usr/bin/python3",
        "/usr/lib/x86_64-linux-gnu/girepository-1.0/Atspi-2.0.typelib",
    ].allSatisfy { FileManager.default.fileExists(atPath: $0) }

    private let bus: SessionBus
    private let launcher = Process()
    private let base: [String: String]
    /// What a GTK program needs in its environment to be on this bus.
    let environment: [String: String]

    private init(display: VirtualDisplay) throws {
        bus = try SessionBus()
        base = [
            "HOME": NSHomeDirectory(), "DISPLAY": display.name, "DBUS_SESSION_BUS_ADDRESS": bus.address,
            "PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "LANG": "C.UTF-8",
        ]
        launcher.executableURL = URL(fileURLWithPath: "/usr/libexec/at-spi-bus-launcher")
        launcher.arguments = ["--launch-immediately"]
        launcher.environment = base
        launcher.standardOutput = FileHandle.nullDevice
        launcher.standardError = FileHandle.nullDevice
        try launcher.runWithSignalsUnblocked()
        let base = base
        try waitUntil("the accessibility bus") {
            runProgram(
                "/usr/bin/dbus-send",
                ["--session", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus.GetAddress"],
                base
            ).status == 0
        }
        environment = ["DBUS_SESSION_BUS_ADDRESS": bus.address, "GTK_A11Y": "atspi"]
    }

    deinit {
        launcher.stop()
    }

    static func with<T>(on display: VirtualDisplay, _ body: (AccessibilityBus) throws -> T) throws -> T {
        let bus = try AccessibilityBus(display: display)
        return try withExtendedLifetime(bus) { try body(bus) }
    }

    /// An accessible object as a screen reader finds it.
    struct Node: Decodable, Equatable {
        let role: String
        let name: String
        let description: String
        let states: [String]
    }

    /// Every accessible object of every program on the bus whose role is `role` (AT-SPI's role
    /// name, such as "text").
    func nodes(role: String) throws -> [Node] {
        let script = """
            import gi, json, sys
            gi.require_version('Atspi', '2.0')
            from gi.repository import Atspi
            found = []
            def walk(node, depth):
                if node is None or depth > 40: return
                if node.get_role_name() == sys.argv[1]:
                    states = node.get_state_set()
                    names = [Atspi.StateType(s).value_nick for s in range(Atspi.StateType.LAST_DEFINED)
                             if states.contains(Atspi.StateType(s))]
                    found.append({"role": node.get_role_name(), "name": node.get_name() or "",
                                  "description": node.get_description() or "", "states": names})
                for i in range(node.get_child_count()): walk(node.get_child_at_index(i), depth + 1)
            desktop = Atspi.get_desktop(0)
            for i in range(desktop.get_child_count()): walk(desktop.get_child_at_index(i), 0)
            print(json.dumps(found))
            """
        let result = runProgram("/usr/bin/python3", ["-c", script, role], base)
        return try JSONDecoder().decode([Node].self, from: Data(result.output.utf8))
    }
}
