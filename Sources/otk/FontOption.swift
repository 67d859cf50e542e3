import ArgumentParser
import OpenTextKit

/// `--font "Family Size"`, the default font every layout command takes.
struct FontOption: ParsableArguments {
    @Option(name: .customLong("font"), help: "Default font, as \"Family Size\" (e.g. \"DejaVu Sans 13\").")
    var text: String = "DejaVu Sans 13"

    /// The descriptor `--font` names; a clear error for anything but a family and a positive size.
    func descriptor() throws -> FontDescriptor {
        let parts = text.split(separator: " ")
        guard parts.count >= 2, let size = Double(parts.last!), size.isFinite, size > 0 else {
            throw ValidationError("--font takes a family and a positive size, as in \"DejaVu Sans 13\"; got \"\(text)\".")
        }
        return FontDescriptor(family: parts.dropLast().joined(separator: " "), size: size)
    }
}
