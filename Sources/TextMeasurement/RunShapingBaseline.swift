@_spi(Typesetting) import TextTypography
internal import CFreeType
internal import CHarfBuzz

/// Raw HarfBuzz shaping of runs already itemized, each in the font layout chose for it: the
/// reference for text that needs several fonts (``ShapingBaseline`` shapes with one font, and a
/// font without the script's glyphs shapes .notdef boxes, which is cheaper than real shaping).
/// Fonts are loaded with FreeType (hb-ft, as ``ShapingBaseline`` does) when the baseline is made,
/// outside the timed ``shape()``.
///
/// ```swift
/// let baseline = try RunShapingBaseline(paragraphs: paragraphs)
/// let glyphs = baseline.shape()  // time this
/// ```
public final class RunShapingBaseline {
    /// A paragraph's UTF-16 text (the context of its runs) and its runs, as layout shaped it
    /// (`TextLayoutFragment.shapingRuns`).
    public typealias Paragraph = ShapingRuns
    /// One run: a range of its paragraph, in one font and one direction.
    public typealias Run = ShapingRuns.Run

    private struct FontKey: Hashable {
        var path: String
        var index: Int
        var size: Double
    }

    private let paragraphs: [Paragraph]
    private let library: FT_Library
    private var faces: [FT_Face] = []
    /// For each paragraph, the HarfBuzz font of each run.
    private var runFonts: [[OpaquePointer]] = []
    private var fonts: [OpaquePointer] = []
    private let buffer: OpaquePointer

    /// Loads every font the runs use. Throws when FreeType cannot load one.
    public init(paragraphs: [Paragraph]) throws(ShapingBaseline.Failure) {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else { throw .fontUnreadable(path: "(FreeType)", freeTypeError: error) }
        self.library = library
        self.paragraphs = paragraphs
        self.buffer = hb_buffer_create()
        var loaded: [FontKey: OpaquePointer] = [:]
        for paragraph in paragraphs {
            var perRun: [OpaquePointer] = []
            for run in paragraph.runs {
                let key = FontKey(path: run.font.filePath, index: run.font.faceIndex, size: run.font.size)
                if let font = loaded[key] {
                    perRun.append(font)
                    continue
                }
                var face: FT_Face?
                let error = FT_New_Face(library, key.path, FT_Long(key.index), &face)
                guard error == 0, let face else { throw .fontUnreadable(path: key.path, freeTypeError: error) }
                faces.append(face)
                if FT_Set_Char_Size(face, 0, FT_F26Dot6(key.size * 64), 72, 72) != 0, face.pointee.num_fixed_sizes > 0 {
                    FT_Select_Size(face, 0) // a bitmap-only face (colour emoji): its first strike
                }
                let font = hb_ft_font_create_referenced(face)!
                fonts.append(font)
                loaded[key] = font
                perRun.append(font)
            }
            runFonts.append(perRun)
        }
    }

    deinit {
        hb_buffer_destroy(buffer)
        for font in fonts { hb_font_destroy(font) }
        for face in faces { FT_Done_Face(face) }
        FT_Done_FreeType(library)
    }

    /// Shapes every run once, with its paragraph around it as context; returns the number of
    /// glyphs, so the work cannot be optimized away.
    @discardableResult
    public func shape() -> Int {
        var glyphs = 0
        for (paragraph, fonts) in zip(paragraphs, runFonts) {
            paragraph.utf16.withUnsafeBufferPointer { units in
                for (run, font) in zip(paragraph.runs, fonts) {
                    hb_buffer_clear_contents(buffer)
                    hb_buffer_add_utf16(
                        buffer, units.baseAddress, Int32(units.count), UInt32(run.range.lowerBound),
                        Int32(run.range.count))
                    hb_buffer_set_direction(buffer, run.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
                    hb_buffer_guess_segment_properties(buffer)
                    hb_shape(font, buffer, nil, 0)
                    glyphs += Int(hb_buffer_get_length(buffer))
                }
            }
        }
        return glyphs
    }
}
