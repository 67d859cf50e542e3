import CCmarkGFM
import Foundation
import TextContent

/// Apple's extended attribute syntax, `^[text](name: value, ...)`, read when
/// `allowsExtendedAttributes` is set: the names are the `markdownName`s of the reader's scope
/// (see `AttributeContainer(markdownAttributes:including:)`), names it does not have are
/// ignored, and attributes that cannot be read throw `MarkdownError.invalidExtendedAttributes`
/// (under `.returnPartiallyParsedIfPossible` the text is kept without them).
extension MarkdownReader {
    private typealias Intents = AttributeScopes.OpenTextKitAttributes.InlinePresentationIntentAttribute

    /// The attributes of a link that is the extended syntax (a caret just before it in
    /// ordinary text, and a destination cmark-gfm accepted, as `^[text](inflect:true)`), the
    /// caret taken out; nil for an ordinary link.
    mutating func extendedAttributes(ofLink node: CmarkNode) throws(MarkdownError) -> AttributeContainer? {
        guard bytes.count > leafFirstByte, output.runs.count > leafFirstRun, bytes.last == UInt8(ascii: "^"),
            !isCodeOrHTML(output.runs[output.runs.count - 1])
        else { return nil }
        var text = node.url
        let title = node.title
        if !title.isEmpty {
            // `(name: "value")` is a destination and a title to cmark: put the title back, its
            // quotes escaped again (cmark took `\"` to `"`; JSON escapes such as `\u00E9` are
            // no Markdown escapes and come through as written).
            text += " \"" + title.replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        let attributes = try decodeExtendedAttributes(text)
        bytes.removeLast()
        output.runs[output.runs.count - 1].length -= 1
        if output.runs[output.runs.count - 1].length == 0 { output.runs.removeLast() }
        return attributes
    }

    /// Takes the extended syntax out of the leaf just read, its text keeping the attributes.
    mutating func takeExtendedAttributes() throws(MarkdownError) {
        guard options.allowsExtendedAttributes, bytes.count - leafFirstByte >= 5 else { return }
        let leafBytes = Array(bytes[leafFirstByte...])
        let leafRuns = Array(output.runs[leafFirstRun...])
        var eligible = [Bool](repeating: true, count: leafBytes.count)
        var offset = 0
        for run in leafRuns {
            if isCodeOrHTML(run) { for index in offset ..< offset + run.length { eligible[index] = false } }
            offset += run.length
        }
        // cmark-gfm joins neighbouring text nodes: the brackets are found in the text.
        var brackets: [Int] = []
        var hasOpener = false
        for (index, byte) in leafBytes.enumerated()
        where (byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")) && eligible[index] {
            brackets.append(index)
            if byte == UInt8(ascii: "["), index > 0, leafBytes[index - 1] == UInt8(ascii: "^") { hasOpener = true }
        }
        guard hasOpener else { return }
        let matches = try ExtendedAttributeSyntax.matches(in: leafBytes, eligible: eligible, brackets: brackets) {
            text throws(MarkdownError) in
            try decodeExtendedAttributes(text)
        }
        guard !matches.isEmpty else { return }
        let rewritten = ExtendedAttributeSyntax.rewrite(runs: leafRuns, bytes: leafBytes, matches: matches)
        bytes.removeSubrange(leafFirstByte...)
        bytes += rewritten.bytes
        output.runs.removeSubrange(leafFirstRun...)
        output.runs += rewritten.runs
        leafHasCharacters = !rewritten.bytes.isEmpty
    }

    /// The attributes `text` (what stands between the parentheses) names in the scope.
    func decodeExtendedAttributes(_ text: String) throws(MarkdownError) -> AttributeContainer {
        do {
            return try AttributeContainer(markdownAttributes: text, including: scope)
        } catch {
            if options.failurePolicy == .returnPartiallyParsedIfPossible { return AttributeContainer() }
            throw .invalidExtendedAttributes(line: leafLine, attributes: text, reason: Self.reason(error))
        }
    }

    private func isCodeOrHTML(_ run: MarkdownRuns.Run) -> Bool {
        guard let intents = run.attributes[Intents.self] else { return false }
        return intents.contains(.code) || intents.contains(.inlineHTML)
    }

    /// A sentence from a decoding error: where in the attributes, and what was wrong.
    static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            let names = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return names.isEmpty ? "" : "at \(names.joined(separator: ".")): "
        }
        func detail(_ context: DecodingError.Context) -> String {
            guard let underlying = context.underlyingError else { return context.debugDescription }
            let more = (underlying as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(underlying)"
            return context.debugDescription + " (" + more + ")"
        }
        switch error {
        case .dataCorrupted(let context): return path(context) + detail(context)
        case .typeMismatch(let type, let context): return path(context) + "expected \(type): " + detail(context)
        case .valueNotFound(let type, let context): return path(context) + "expected \(type), found nothing"
        case .keyNotFound(let key, let context): return path(context) + "\"\(key.stringValue)\" is missing"
        @unknown default: return "\(error)"
        }
    }
}
