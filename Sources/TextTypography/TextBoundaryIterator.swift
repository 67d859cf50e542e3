internal import CUnicodeAnalysis

/// Walks the boundaries of one string with ICU, one query at a time: the tool for line breaking
/// and caret movement, which ask "what is the next break after this offset?".
///
/// Offsets are UTF-16 code units. The iterator owns a copy of the text's UTF-16, because ICU keeps
/// a pointer to the text for as long as the iterator lives. It is not `Sendable`: an ICU break
/// iterator has a current position and must stay in one isolation domain.
public final class TextBoundaryIterator {
    /// The kind of boundary this iterator finds.
    public let kind: BoundaryKind
    /// The locale whose rules apply, as given ("" means the root rules).
    public let locale: String
    /// The length of the text in UTF-16 code units: the last boundary.
    public private(set) var utf16Count: Int

    private var storage: UnsafeMutableBufferPointer<UInt16>
    private let handle: OpaquePointer

    /// Opens an iterator over `text`.
    ///
    /// An unknown locale falls back to the root rules (ICU's behaviour); a locale containing NUL or
    /// longer than any real identifier throws ``TextAnalysisError/invalidLocale(_:)``.
    public init(_ text: String, kind: BoundaryKind, locale: String = "") throws(TextAnalysisError) {
        let count = text.utf16.count
        guard count <= Int(Int32.max) else { throw .textTooLong(utf16Count: count) }
        guard !locale.utf8.contains(0), locale.utf8.count <= Int(CUA_LOCALE_MAX_LENGTH) else {
            throw .invalidLocale(locale)
        }
        let storage = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: max(count, 1))
        _ = storage.initialize(from: text.utf16)
        var error: Int32 = 0
        let handle = locale.withCString { localeID in
            cua_break_open(kind.icuKind, localeID, storage.baseAddress, Int32(count), &error)
        }
        guard let handle else {
            storage.deallocate()
            throw .icu(operation: "ubrk_open", code: error, name: String(cString: cua_error_name(error)))
        }
        self.kind = kind
        self.locale = locale
        self.utf16Count = count
        self.storage = storage
        self.handle = handle
    }

    deinit {
        // The iterator goes first: ICU may touch the text until it is closed.
        cua_break_close(handle)
        storage.deallocate()
    }

    /// Points the iterator at `text`, keeping its kind and locale, and moves to the start.
    ///
    /// Far cheaper than opening a new iterator: opening costs a few microseconds, more than
    /// segmenting a typical paragraph, so reuse one iterator for many paragraphs. After a failure
    /// the iterator is over empty text.
    public func setText(_ text: String) throws(TextAnalysisError) {
        try setText(count: text.utf16.count) { _ = $0.initialize(from: text.utf16) }
    }

    /// Points the iterator at UTF-16 text (copied), as ``setText(_:)`` does.
    @_spi(Typesetting) public func setText(utf16 text: UnsafeBufferPointer<UInt16>) throws(TextAnalysisError) {
        try setText(count: text.count) { _ = $0.initialize(fromContentsOf: text) }
    }

    private func setText(count: Int, copy: (UnsafeMutableBufferPointer<UInt16>) -> Void) throws(TextAnalysisError) {
        guard count <= Int(Int32.max) else { throw .textTooLong(utf16Count: count) }
        // ICU re-reads the text from scratch on every ubrk_setText, so the buffer can be reused.
        let old = storage
        if count > storage.count {
            storage = .allocate(capacity: count)
        }
        copy(UnsafeMutableBufferPointer(rebasing: storage[0 ..< count]))
        let error = cua_break_set_text(handle, storage.baseAddress, Int32(count))
        if error != 0 {
            _ = cua_break_set_text(handle, nil, 0) // ICU must not keep pointing at `old`
        }
        if storage.baseAddress != old.baseAddress {
            old.deallocate()
        }
        guard error == 0 else {
            utf16Count = 0
            throw .icu(operation: "ubrk_setText", code: error, name: String(cString: cua_error_name(error)))
        }
        utf16Count = count
    }

    /// Moves to the start of the text and returns 0.
    @discardableResult
    public func first() -> Int {
        Int(cua_break_first(handle))
    }

    /// Moves to the end of the text and returns its length.
    @discardableResult
    public func last() -> Int {
        Int(cua_break_last(handle))
    }

    /// Advances to the next boundary, or returns nil past the last one.
    public func next() -> Int? {
        Self.offset(cua_break_next(handle))
    }

    /// The first boundary after `offset`, or nil when there is none. Any offset is accepted:
    /// a negative one gives 0, one at or past the end gives nil.
    public func following(_ offset: Int) -> Int? {
        if offset < 0 { return first() }
        if offset >= utf16Count { return nil }
        return Self.offset(cua_break_following(handle, Int32(offset)))
    }

    /// The last boundary before `offset`, or nil when there is none. Any offset is accepted:
    /// one at or before 0 gives nil, one past the end gives the end.
    public func preceding(_ offset: Int) -> Int? {
        if offset <= 0 { return nil }
        if offset > utf16Count { return last() }
        // ICU first moves an offset inside a surrogate pair back to the pair's start and then
        // looks before that, skipping the pair's own start; asking from the pair's end instead
        // gives the last boundary before `offset`, as documented.
        var query = offset
        if offset < utf16Count, UTF16.isTrailSurrogate(storage[offset]), UTF16.isLeadSurrogate(storage[offset - 1]) {
            query = offset + 1
        }
        return Self.offset(cua_break_preceding(handle, Int32(query)))
    }

    /// Every boundary from the start, in order: always begins with 0 and ends with
    /// ``utf16Count``, so empty text gives `[0]`.
    public func allBoundaries() -> [Int] {
        var result = [first()]
        while let boundary = next() {
            result.append(boundary)
        }
        return result
    }

    private static func offset(_ value: Int32) -> Int? {
        value == CUA_BREAK_DONE ? nil : Int(value)
    }
}

/// An ICU break iterator has a current position: share the text, not the iterator.
@available(*, unavailable)
extension TextBoundaryIterator: Sendable {}
