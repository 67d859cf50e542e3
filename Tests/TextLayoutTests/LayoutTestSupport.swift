import Foundation
import TestFixtures
import TextContent
@_spi(Rendering) @testable import TextLayout
@_spi(Typesetting) import TextTypography

enum LayoutSamples {
    /// Every script of the shared corpus (Tests/Fixtures/mixed-sample.tsv).
    static var mixed: [(tag: String, text: String)] { MixedSamples.all }

    static let english =
        "In the beginning God created the heaven and the earth. And the earth was without form, and void; and "
        + "darkness was upon the face of the deep."
}

/// A storage and a layout manager for `text` in a container `width` wide.
func makeLayout(
    _ text: String, width: CGFloat = 300, configure: (inout TextContainer) -> Void = { _ in }
) -> (TextContentStorage, TextLayoutManager) {
    let storage = TextContentStorage(string: text)
    var container = TextContainer(size: CGSize(width: width, height: 0))
    configure(&container)
    let manager = TextLayoutManager(textContainer: container)
    manager.recordLayoutFailures()
    storage.addTextLayoutManager(manager)
    manager.ensureLayoutForEntireDocument()
    RetainedStorages.keep(storage)
    return (storage, manager)
}

/// What layout could not lay out, for tests to check that nothing failed, or that what must
/// fail did: a manager's failures, by the manager.
enum LayoutFailureLog {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var errors: [ObjectIdentifier: [TextLayoutError]] = [:]

    static func record(_ error: TextLayoutError, of manager: ObjectIdentifier) {
        lock.withLock { errors[manager, default: []].append(error) }
    }

    static func start(_ manager: ObjectIdentifier) { lock.withLock { errors[manager] = [] } }

    static func errors(of manager: ObjectIdentifier) -> [TextLayoutError]? { lock.withLock { errors[manager] } }
}

extension TextLayoutManager {
    /// Records this manager's layout failures from now on (its `layoutFailureHandler`).
    func recordLayoutFailures() {
        let identifier = ObjectIdentifier(self)
        LayoutFailureLog.start(identifier)
        layoutFailureHandler = { _, error in LayoutFailureLog.record(error, of: identifier) }
    }

    /// The failures layout met since `recordLayoutFailures()`; nil when it was not called.
    var layoutFailures: [TextLayoutError]? { LayoutFailureLog.errors(of: ObjectIdentifier(self)) }
}

/// A layout manager holds its content weakly (as TextKit's does) and lays out from it whenever
/// asked, so tests that keep only the manager have their storage kept alive here.
enum RetainedStorages {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var storages: [TextContentStorage] = []
    static func keep(_ storage: TextContentStorage) {
        lock.withLock { storages.append(storage) }
    }
}

func allFragments(_ manager: TextLayoutManager) -> [TextLayoutFragment] {
    var result: [TextLayoutFragment] = []
    manager.enumerateTextLayoutFragments(from: nil) {
        result.append($0); return true
    }
    return result
}

extension TextContentStorage {
    /// The range of `offsets` with an edge that falls inside a surrogate pair moved to the pair's
    /// start: random edits then land at every other UTF-16 boundary, inside clusters too.
    func textRange(avoidingSurrogateSplits offsets: Range<Int>) -> TextRange {
        let units = Array(string.utf16)
        func aligned(_ offset: Int) -> Int {
            offset > 0 && offset < units.count && UTF16.isTrailSurrogate(units[offset]) ? offset - 1 : offset
        }
        return textRange(for: aligned(offsets.lowerBound) ..< aligned(offsets.upperBound))!
    }
}

extension TextContentStorage {
    /// The range of UTF-16 offsets `offsets` (which must be in bounds).
    func range(_ offsets: Range<Int>) -> TextRange {
        textRange(for: offsets)!
    }
}

extension TextContentStorage {
    /// The location at UTF-16 offset `offset` (which must be in bounds).
    func location(at offset: Int) -> any TextLocation {
        location(documentRange.location, offsetBy: offset)!
    }
}

/// The x (container coordinates) of the caret at `offset` with `affinity`, as the text segments
/// of an empty range give it: where a text view draws the caret.
func caretX(
    _ manager: TextLayoutManager, _ storage: TextContentStorage, _ offset: Int, _ affinity: TextLocationAffinity
) -> CGFloat? {
    var x: CGFloat?
    _ = manager.enumerateTextSegments(
        in: storage.range(offset ..< offset), type: .standard,
        options: affinity == .upstream ? .upstreamAffinity : []
    ) { _, rect, _, _ in
        x = rect.minX
        return false
    }
    return x
}

/// The distinct values of `xs`, sorted (values closer than 1/64 point are one).
func distinctPlaces(_ xs: [CGFloat]) -> [CGFloat] {
    var result: [CGFloat] = []
    for x in xs.sorted() where result.last.map({ abs($0 - x) > 1.0 / 64 }) ?? true { result.append(x) }
    return result
}

/// The top of the caret at `offset` with `affinity` (which line it is on).
func caretRectY(
    _ manager: TextLayoutManager, _ storage: TextContentStorage, _ offset: Int, _ affinity: TextLocationAffinity
) -> CGFloat? {
    var y: CGFloat?
    _ = manager.enumerateTextSegments(
        in: storage.range(offset ..< offset), type: .standard,
        options: affinity == .upstream ? .upstreamAffinity : []
    ) { _, rect, _, _ in
        y = rect.minY
        return false
    }
    return y
}

/// What a line shows and where: what tests compare between two layouts of the same text.
struct LineSummary: Equatable {
    var range: NSRange
    var bounds: CGRect
    var glyphOrigin: CGPoint
    var baseline: CGFloat

    /// The same line, its geometry to a millionth of a point: sections add a line's top to its
    /// section's, the whole paragraph adds the heights one after another, and with heights
    /// binary fractions cannot hold (a line height of 1.2 times) the last bits differ.
    static func same(_ one: LineSummary, _ other: LineSummary) -> Bool {
        func close(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) < 0.000_001 }
        return one.range == other.range && close(one.bounds.minX, other.bounds.minX)
            && close(one.bounds.minY, other.bounds.minY)
            && close(one.bounds.width, other.bounds.width) && close(one.bounds.height, other.bounds.height)
            && close(one.glyphOrigin.x, other.glyphOrigin.x) && close(one.glyphOrigin.y, other.glyphOrigin.y)
            && close(one.baseline, other.baseline)
    }
}

/// Each fragment's lines, summarized.
func lines(_ manager: TextLayoutManager) -> [[LineSummary]] {
    allFragments(manager).map { fragment in
        fragment.textLineFragments.map {
            LineSummary(
                range: $0.characterRange, bounds: $0.typographicBounds, glyphOrigin: $0.glyphOrigin,
                baseline: $0.baseline)
        }
    }
}

// The engine's internal stages always name their typesetting context; these tests shape in
// the standard one.
extension ParagraphContent {
    init(
        _ paragraph: TextParagraph, defaultFont: FontDescriptor, context: FontResolutionContext = .standard
    ) throws(TextLayoutError) {
        try self.init(paragraph, defaultFont: defaultFont, context: context, matcher: .shared)
    }

    init(
        _ paragraph: TextParagraph, defaultFont: FontDescriptor, context: FontResolutionContext = .standard,
        plainRuns: PlainAttributeRuns
    ) throws(TextLayoutError) {
        try self.init(paragraph, defaultFont: defaultFont, context: context, matcher: .shared, plainRuns: plainRuns)
    }
}

extension ShapedParagraph {
    convenience init(_ content: ParagraphContent, scratch: LayoutScratch) throws(TextLayoutError) {
        try self.init(content, scratch: scratch, shaper: TypesettingContext.standard.shaper)
    }

    static func reshaped(
        _ content: ParagraphContent, from old: ShapedParagraph, edits: [ParagraphEdit], scratch: LayoutScratch
    ) throws(TextLayoutError) -> ShapedParagraph? {
        try reshapedWithWindows(
            content, from: old, edits: edits, scratch: scratch, shaper: TypesettingContext.standard.shaper)?.paragraph
    }
}
