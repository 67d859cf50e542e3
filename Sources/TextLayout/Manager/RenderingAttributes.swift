import Foundation
@_spi(Layout) import TextContent

/// How a stretch of laid-out text is drawn over what its content says: TextKit's rendering
/// attributes as a typed value. A find highlight, a spelling mark, the marked text's underline:
/// set on the layout manager (`setRenderingAttributes(_:for:)`), never stored in the content,
/// read by whatever draws the fragments (TextRendering's Cairo drawing, or a view's own).
///
/// ```swift
/// var misspelled = RenderingAttributes()
/// misspelled.spellingState = .spelling
/// layoutManager.setRenderingAttributes(misspelled, for: wordRange)
/// ```
///
/// TextKit's dictionary API (`addRenderingAttribute(.backgroundColor, value: color, for:)`)
/// reads and writes the same value: each key below maps to one property, and keys drawing does
/// not know are kept, in ``customAttributes``, for the app that set them.
public struct RenderingAttributes {
    /// The colour of the glyphs.
    public var foregroundColor: TextColor?
    /// The colour behind the glyphs, the line's full height.
    public var backgroundColor: TextColor?
    /// The underline.
    public var underlineStyle: TextDecorationStyle?
    /// The underline's colour (nil: the foreground colour).
    public var underlineColor: TextColor?
    /// The line through the glyphs.
    public var strikethroughStyle: TextDecorationStyle?
    /// The strikethrough's colour (nil: the foreground colour).
    public var strikethroughColor: TextColor?
    /// A shadow under the glyphs.
    public var shadow: Shadow?
    /// The colour of the glyphs' outline.
    public var strokeColor: TextColor?
    /// The outline's width in percent of the font size: positive outlines only, negative
    /// fills and outlines (AppKit's convention).
    public var strokeWidth: Double?
    /// The skew of the glyphs (0.25: a quarter of the height leans right).
    public var obliqueness: Double?
    /// A spelling or grammar mark: a wavy underline (red for spelling, green for grammar).
    public var spellingState: SpellingState?
    /// The clause of marked text a run belongs to (AppKit's `markedClauseSegment`): adjacent
    /// clauses' underlines are drawn apart, so the reader sees where each clause ends.
    public var markedClauseSegment: Int?
    /// Attributes under keys drawing does not know, kept as they were set.
    public var customAttributes: [NSAttributedString.Key: Any] = [:]

    /// No rendering attributes.
    public init() {}

    /// The attributes a TextKit dictionary holds. A value of the wrong type for a known key (a
    /// string for `.foregroundColor`) is left out: drawing could not use it.
    public init(_ dictionary: [NSAttributedString.Key: Any]) {
        for (key, value) in dictionary { self[key] = value }
    }

    /// Whether nothing is set.
    public var isEmpty: Bool {
        foregroundColor == nil && backgroundColor == nil && underlineStyle == nil && underlineColor == nil
            && strikethroughStyle == nil && strikethroughColor == nil && shadow == nil && strokeColor == nil
            && strokeWidth == nil && obliqueness == nil && spellingState == nil && markedClauseSegment == nil
            && customAttributes.isEmpty
    }

    /// Whether `self` and `other` are drawn alike: every attribute drawing reads is equal
    /// (`customAttributes`, which drawing does not read, are not compared). What a view that
    /// keeps a fragment's drawing asks before drawing it again.
    public func drawsLike(_ other: RenderingAttributes) -> Bool {
        foregroundColor == other.foregroundColor && backgroundColor == other.backgroundColor
            && underlineStyle == other.underlineStyle && underlineColor == other.underlineColor
            && strikethroughStyle == other.strikethroughStyle && strikethroughColor == other.strikethroughColor
            && shadow == other.shadow && strokeColor == other.strokeColor && strokeWidth == other.strokeWidth
            && obliqueness == other.obliqueness && spellingState == other.spellingState
            && markedClauseSegment == other.markedClauseSegment
    }

    /// The attributes as TextKit's dictionary.
    public var dictionary: [NSAttributedString.Key: Any] {
        var result = customAttributes
        for key in Self.knownKeys {
            if let value = self[key] { result[key] = value }
        }
        return result
    }

    /// The keys with a property of their own.
    static let knownKeys: [NSAttributedString.Key] = [
        .foregroundColor, .backgroundColor, .underlineStyle, .underlineColor, .strikethroughStyle,
        .strikethroughColor, .shadow, .strokeColor, .strokeWidth, .obliqueness, .spellingState, .markedClauseSegment,
    ]

    /// The value under `key`, as TextKit's dictionary has it; setting nil (or a value of the
    /// wrong type for a known key) removes it.
    public subscript(key: NSAttributedString.Key) -> Any? {
        get {
            switch key {
            case .foregroundColor: foregroundColor
            case .backgroundColor: backgroundColor
            case .underlineStyle: underlineStyle
            case .underlineColor: underlineColor
            case .strikethroughStyle: strikethroughStyle
            case .strikethroughColor: strikethroughColor
            case .shadow: shadow
            case .strokeColor: strokeColor
            case .strokeWidth: strokeWidth
            case .obliqueness: obliqueness
            case .spellingState: spellingState
            case .markedClauseSegment: markedClauseSegment
            default: customAttributes[key]
            }
        }
        set {
            switch key {
            case .foregroundColor: foregroundColor = newValue as? TextColor
            case .backgroundColor: backgroundColor = newValue as? TextColor
            case .underlineStyle: underlineStyle = Self.decoration(newValue)
            case .underlineColor: underlineColor = newValue as? TextColor
            case .strikethroughStyle: strikethroughStyle = Self.decoration(newValue)
            case .strikethroughColor: strikethroughColor = newValue as? TextColor
            case .shadow: shadow = newValue as? Shadow
            case .strokeColor: strokeColor = newValue as? TextColor
            case .strokeWidth: strokeWidth = Self.double(newValue)
            case .obliqueness: obliqueness = Self.double(newValue)
            // AppKit's values are the flags as an integer (1 spelling, 2 grammar).
            case .spellingState:
                spellingState = (newValue as? SpellingState) ?? (newValue as? Int).map { SpellingState(rawValue: $0) }
            case .markedClauseSegment: markedClauseSegment = newValue as? Int
            default: customAttributes[key] = newValue
            }
        }
    }

    /// A decoration style, or AppKit's `NSUnderlineStyle` raw value (0 is none).
    private static func decoration(_ value: Any?) -> TextDecorationStyle? {
        if let style = value as? TextDecorationStyle { return style }
        guard let raw = value as? Int, raw & 0xF != 0 else { return nil }
        let line: TextDecorationStyle.Line = raw & 0xF == 0x9 ? .double : raw & 0xF == 0x2 ? .thick : .single
        let pattern: TextDecorationStyle.Pattern =
            switch raw & 0x700 {
            case 0x100: .dot
            case 0x200: .dash
            case 0x300: .dashDot
            case 0x400: .dashDotDot
            default: .solid
            }
        return TextDecorationStyle(pattern: pattern, line: line, byWord: raw & 0x8000 != 0)
    }

    private static func double(_ value: Any?) -> Double? {
        switch value {
        case let value as Double: value
        case let value as CGFloat: Double(value)
        case let value as Int: Double(value)
        default: nil
        }
    }

    /// These attributes with `other`'s set over them (custom attributes too).
    public func merging(_ other: RenderingAttributes) -> RenderingAttributes {
        var result = self
        for (key, value) in other.dictionary { result[key] = value }
        return result
    }
}

/// What a spelling checker says of a stretch of text (AppKit's `NSSpellingState` flags).
public struct SpellingState: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// A misspelled word.
    public static let spelling = SpellingState(rawValue: 1)
    /// A grammatical error.
    public static let grammar = SpellingState(rawValue: 2)
}

/// The names of the rendering attributes (TextKit's keys): what
/// `addRenderingAttribute(_:value:for:)` takes; they override the content's attributes of the same
/// name when drawing. Values: `TextColor` for colours, `TextDecorationStyle` (or AppKit's
/// `NSUnderlineStyle` raw value) for decorations, `Shadow` for the shadow, `Double` for the stroke
/// width and the obliqueness, `SpellingState` (or AppKit's `Int` flags) for the spelling state,
/// `Int` for the marked clause segment.
extension NSAttributedString.Key {
    public static let foregroundColor = NSAttributedString.Key(
        AttributeScopes.OpenTextKitAttributes.ForegroundColorAttribute.name)
    public static let backgroundColor = NSAttributedString.Key(
        AttributeScopes.OpenTextKitAttributes.BackgroundColorAttribute.name)
    public static let underlineStyle = NSAttributedString.Key(
        AttributeScopes.OpenTextKitAttributes.UnderlineStyleAttribute.name)
    public static let underlineColor = NSAttributedString.Key(
        AttributeScopes.OpenTextKitAttributes.UnderlineColorAttribute.name)
    public static let strikethroughStyle = NSAttributedString.Key(
        AttributeScopes.OpenTextKitAttributes.StrikethroughStyleAttribute.name)
    public static let strikethroughColor = NSAttributedString.Key(
        AttributeScopes.OpenTextKitAttributes.StrikethroughColorAttribute.name)
    public static let shadow = NSAttributedString.Key(AttributeScopes.OpenTextKitAttributes.ShadowAttribute.name)
    public static let strokeColor = NSAttributedString.Key(
        AttributeScopes.OpenTextKitAttributes.StrokeColorAttribute.name)
    public static let strokeWidth = NSAttributedString.Key(
        AttributeScopes.OpenTextKitAttributes.StrokeWidthAttribute.name)
    public static let obliqueness = NSAttributedString.Key(
        AttributeScopes.OpenTextKitAttributes.ObliquenessAttribute.name)
    /// AppKit's `NSSpellingStateAttributeName`.
    public static let spellingState = NSAttributedString.Key("NSSpellingState")
    /// AppKit's `NSMarkedClauseSegmentAttributeName`.
    public static let markedClauseSegment = NSAttributedString.Key("NSMarkedClauseSegment")
}
