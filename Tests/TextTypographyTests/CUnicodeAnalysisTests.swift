import CUnicodeAnalysis
import Testing
@_spi(Typesetting) import TextTypography

/// The C layer's contract for bad input: no trap, a clear result. The Swift wrappers never pass
/// such input, so it is tested here directly.
@Suite struct CUnicodeAnalysisTests {
    @Test func versionNeedsRoom() {
        var small = [CChar](repeating: 65, count: 3)
        #expect(cua_icu_version(&small, small.count) == -1)
        #expect(small[0] == 0)
        #expect(cua_icu_version(nil, 0) == -1)
        var buffer = [CChar](repeating: 0, count: 32)
        let length = cua_icu_version(&buffer, buffer.count)
        #expect(length >= 2)
        let version = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #expect(version == TypographyLibraries.icuVersion)
    }

    @Test func errorsHaveNames() {
        #expect(cua_failed(0) == 0)
        #expect(cua_failed(1) != 0) // U_ILLEGAL_ARGUMENT_ERROR
        #expect(cua_failed(-128) == 0) // U_USING_FALLBACK_WARNING is not a failure
        #expect(String(cString: cua_error_name(1)) == "U_ILLEGAL_ARGUMENT_ERROR")
        #expect(String(cString: cua_error_name(0)) == "U_ZERO_ERROR")
        #expect(!String(cString: cua_error_name(123_456)).isEmpty)
    }

    @Test func breakIteratorRejectsBadArguments() {
        var error: Int32 = 0
        let text: [UInt16] = Array("abc".utf16)
        #expect(cua_break_open(CUA_BREAK_WORD, "", text, -1, &error) == nil)
        #expect(error == 1)
        error = 0
        #expect(cua_break_open(CUA_BREAK_WORD, "", nil, 3, &error) == nil)
        #expect(error == 1)
        error = 0
        #expect(cua_break_open(cua_break_kind(rawValue: 99), "", text, 3, &error) == nil)
        #expect(error == 1)
        #expect(cua_break_open(CUA_BREAK_WORD, "", text, 3, nil) == nil)
        let long = String(repeating: "x", count: Int(CUA_LOCALE_MAX_LENGTH) + 1)
        #expect(cua_break_open(CUA_BREAK_WORD, long, text, 3, &error) == nil)
        #expect(error == 1)
        cua_break_close(nil)
    }

    @Test func breakIteratorOnEmptyTextAndNullLocale() throws {
        var error: Int32 = -1
        let iterator = try #require(cua_break_open(CUA_BREAK_LINE, nil, nil, 0, &error))
        defer { cua_break_close(iterator) }
        #expect(cua_failed(error) == 0)
        #expect(cua_break_first(iterator) == 0)
        #expect(cua_break_next(iterator) == Int32(CUA_BREAK_DONE))
    }

    @Test func unknownLocaleIsAWarningNotAFailure() throws {
        var error: Int32 = 0
        let text: [UInt16] = Array("a b".utf16)
        let iterator = try #require(cua_break_open(CUA_BREAK_WORD, "qq_ZZ_nonsense", text, 3, &error))
        cua_break_close(iterator)
        #expect(cua_failed(error) == 0)
    }

    @Test func bidiRejectsBadArguments() {
        let text: [UInt16] = Array("abc".utf16)
        var levels = [UInt8](repeating: 9, count: 3)
        #expect(cua_bidi_levels(text, 3, 7, &levels, 3) == -1) // unknown direction
        #expect(cua_bidi_levels(text, -1, Int32(CUA_BIDI_LTR), &levels, 3) == -1)
        #expect(cua_bidi_levels(nil, 3, Int32(CUA_BIDI_LTR), &levels, 3) == -1)
        #expect(cua_bidi_levels(text, 3, Int32(CUA_BIDI_LTR), nil, 3) == -1)
        #expect(cua_bidi_levels(text, 3, Int32(CUA_BIDI_LTR), &levels, 2) == -15) // U_BUFFER_OVERFLOW_ERROR
        #expect(cua_bidi_levels(nil, 0, Int32(CUA_BIDI_RTL), nil, 0) == 1)
        #expect(cua_bidi_levels(text, 3, Int32(CUA_BIDI_NATURAL), &levels, 3) == 0)
        #expect(levels == [0, 0, 0])
    }

    @Test func errorDescriptionsAreReadable() {
        let error = TextAnalysisError.icu(operation: "ubrk_open", code: 1, name: "U_ILLEGAL_ARGUMENT_ERROR")
        #expect(error.description == "ICU failed in ubrk_open: U_ILLEGAL_ARGUMENT_ERROR (1)")
        #expect(TextAnalysisError.textTooLong(utf16Count: 3_000_000_000).description.contains("3000000000"))
    }
}
