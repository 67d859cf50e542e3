import Foundation

/// The colours SwiftUI names (`Color.red`, `.mint`, `.primary` ...), as fixed sRGB values.
///
/// SwiftUI's named colours adapt to the appearance (light or dark) and to the platform; a
/// document here is drawn one way, so each name stands for its value in the light appearance on
/// iOS, and `primary` and `secondary` for the label colours text is drawn in there. `red`,
/// `green` and `blue` stay the pure sRGB primaries they always were in this engine (documents
/// and drawings made with them keep their colour); SwiftUI's system tints of those three are
/// `systemRed`, `systemGreen` and `systemBlue`.
extension TextColor {
    /// Opaque black.
    public static let black = TextColor(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = TextColor(red: 1, green: 1, blue: 1)
    /// Fully transparent black.
    public static let clear = TextColor(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque pure red (sRGB 1, 0, 0).
    public static let red = TextColor(red: 1, green: 0, blue: 0)
    /// Opaque pure green (sRGB 0, 1, 0).
    public static let green = TextColor(red: 0, green: 1, blue: 0)
    /// Opaque pure blue (sRGB 0, 0, 1).
    public static let blue = TextColor(red: 0, green: 0, blue: 1)

    /// The colour of links that set none of their own, in drawing and in Markdown's
    /// presentation: a readable blue.
    public static let link = TextColor(red: 0.0, green: 0.35, blue: 0.8)

    /// The colour of primary text: black, as SwiftUI's `Color.primary` in the light appearance.
    public static let primary = TextColor.black
    /// The colour of secondary text: SwiftUI's `Color.secondary` in the light appearance, a
    /// blue-grey at 60% opacity (#3C3C4399).
    public static let secondary = TextColor(bytes: 60, 60, 67, opacity: 0.6)

    /// SwiftUI's system red (#FF3B30).
    public static let systemRed = TextColor(bytes: 255, 59, 48)
    /// SwiftUI's system green (#34C759).
    public static let systemGreen = TextColor(bytes: 52, 199, 89)
    /// SwiftUI's system blue (#007AFF).
    public static let systemBlue = TextColor(bytes: 0, 122, 255)
    /// SwiftUI's `Color.orange` (#FF9500).
    public static let orange = TextColor(bytes: 255, 149, 0)
    /// SwiftUI's `Color.yellow` (#FFCC00).
    public static let yellow = TextColor(bytes: 255, 204, 0)
    /// SwiftUI's `Color.mint` (#00C7BE).
    public static let mint = TextColor(bytes: 0, 199, 190)
    /// SwiftUI's `Color.teal` (#30B0C7).
    public static let teal = TextColor(bytes: 48, 176, 199)
    /// SwiftUI's `Color.cyan` (#32ADE6).
    public static let cyan = TextColor(bytes: 50, 173, 230)
    /// SwiftUI's `Color.indigo` (#5856D6).
    public static let indigo = TextColor(bytes: 88, 86, 214)
    /// SwiftUI's `Color.purple` (#AF52DE).
    public static let purple = TextColor(bytes: 175, 82, 222)
    /// SwiftUI's `Color.pink` (#FF2D55).
    public static let pink = TextColor(bytes: 255, 45, 85)
    /// SwiftUI's `Color.brown` (#A2845E).
    public static let brown = TextColor(bytes: 162, 132, 94)
    /// SwiftUI's `Color.gray` (#8E8E93).
    public static let gray = TextColor(bytes: 142, 142, 147)

    /// Every colour SwiftUI names, by its name: what a colour picker offers, and what
    /// `TextColor(named:)` reads.
    public static let named: [(name: String, color: TextColor)] = [
        ("red", .red), ("orange", .orange), ("yellow", .yellow), ("green", .green), ("mint", .mint), ("teal", .teal),
        ("cyan", .cyan), ("blue", .blue), ("indigo", .indigo), ("purple", .purple), ("pink", .pink), ("brown", .brown),
        ("white", .white), ("gray", .gray), ("black", .black), ("clear", .clear), ("primary", .primary),
        ("secondary", .secondary),
    ]

    /// The colour SwiftUI names `name` ("mint", "primary"; case matters, as in Swift), or nil.
    public init?(named name: String) {
        guard let color = Self.named.first(where: { $0.name == name })?.color else { return nil }
        self = color
    }

    /// A colour from 8-bit components.
    private init(bytes red: Int, _ green: Int, _ blue: Int, opacity: Double = 1) {
        self.init(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255, alpha: opacity)
    }
}
