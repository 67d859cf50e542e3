import ArgumentParser
import OpenTextKit

/// `--font "Family Size"` or `--font body`, the default font every layout command takes.
struct FontOption: ParsableArguments {
    @Option(
        name: .customLong("font"),
        help: ArgumentHelp(
            "Default font, as \"Family Size\" (e.g. \"DejaVu Sans 13\"), or a text style (body, title, "
                + "headline...) resolved in the font resolution context.",
            valueName: "font"))
    var text: String = "DejaVu Sans 13"

    /// The descriptor `--font` names; a clear error for anything but a text style, or a family
    /// and a positive size.
    func descriptor() throws -> FontDescriptor {
        if let style = FontDescriptor.TextStyle(rawValue: text) { return .system(style) }
        let parts = text.split(separator: " ")
        guard parts.count >= 2, let size = Double(parts.last!), size.isFinite, size > 0 else {
            let styles = FontDescriptor.TextStyle.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError(
                "--font takes a family and a positive size, as in \"DejaVu Sans 13\", or a text style "
                    + "(\(styles)); got \"\(QuotedValue(text))\"."
            )
        }
        return FontDescriptor(family: parts.dropLast().joined(separator: " "), size: size)
    }
}
