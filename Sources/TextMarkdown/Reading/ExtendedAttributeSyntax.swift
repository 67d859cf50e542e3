import Foundation
import TextContent

/// Apple's extended attribute syntax, `^[text](name: value, ...)`, found in a leaf block the
/// reader has written out (cmark-gfm reads it as a caret, a bracket, the text, a bracket and
/// parenthesised text, since a destination cannot hold spaces), and taken out of it: the text
/// keeps its characters and takes the attributes; the syntax goes.
///
/// Brackets are found in the text cmark-gfm left (it joins neighbouring text nodes, so one
/// escaped as `\[` looks like any other), never inside code spans or raw HTML. The attributes
/// run from the parenthesis to the first `)` outside a JSON5 string, at most
/// `maximumAttributeBytes` later; without one the text is left as written, as for any bracket
/// that is no syntax.
enum ExtendedAttributeSyntax {
    /// The most bytes the attributes of one use may take: enough for any real use, and it
    /// bounds the scanning an unclosed parenthesis costs.
    static let maximumAttributeBytes = 4_096
    /// The deepest uses may nest in one another; a deeper `^[` is text.
    static let maximumNesting = 32

    /// One use, in byte offsets of the leaf: the caret, the closing bracket, the closing
    /// parenthesis; and its attributes.
    struct Match {
        let caret: Int
        let close: Int
        let end: Int
        let attributes: AttributeContainer
    }

    /// The uses in `bytes` whose brackets (as text) are at `brackets` (sorted), reading only
    /// bytes `eligible` says are ordinary text; `decode` reads each one's attributes. Inner
    /// uses come before the ones around them.
    static func matches(
        in bytes: [UInt8], eligible: [Bool], brackets: [Int],
        decode: (String) throws(MarkdownError) -> AttributeContainer
    ) throws(MarkdownError) -> [Match] {
        var found: [Match] = []
        // Where the last `)` is: a parenthesis opened after it closes nowhere, which is known
        // without scanning (a paragraph of a thousand `^[a](` costs one pass).
        let lastClose = bytes.lastIndex(of: UInt8(ascii: ")")) ?? -1
        var openers: [(position: Int, isExtended: Bool)] = []
        var extendedOpen = 0
        var skipUntil = -1
        for position in brackets where position > skipUntil {
            if bytes[position] == UInt8(ascii: "[") {
                let isExtended =
                    position > 0 && bytes[position - 1] == UInt8(ascii: "^") && eligible[position - 1]
                    && extendedOpen < maximumNesting
                openers.append((position, isExtended))
                if isExtended { extendedOpen += 1 }
                continue
            }
            guard let opener = openers.popLast(), opener.isExtended else { continue }
            extendedOpen -= 1
            let open = position + 1
            guard open < lastClose, bytes[open] == UInt8(ascii: "("), eligible[open],
                let end = attributesEnd(in: bytes, from: open + 1, eligible: eligible)
            else { continue }
            let text = String(decoding: bytes[(open + 1) ..< end], as: UTF8.self)
            found.append(Match(caret: opener.position - 1, close: position, end: end, attributes: try decode(text)))
            skipUntil = end
        }
        return found
    }

    /// The offset of the `)` that ends attributes starting at `start` (the first outside a
    /// JSON5 string), or nil.
    static func attributesEnd(in bytes: [UInt8], from start: Int, eligible: [Bool]) -> Int? {
        var quote: UInt8?
        var escaped = false
        var index = start
        let limit = min(bytes.count, start + maximumAttributeBytes)
        while index < limit {
            guard eligible[index] else { return nil }
            let byte = bytes[index]
            if let open = quote {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == open {
                    quote = nil
                }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ")") {
                return index
            }
            index += 1
        }
        return nil
    }

    /// `runs` over `bytes` without the syntax of `matches`, each use's text with its
    /// attributes (an inner use's over an outer one's, both over the text's own).
    static func rewrite(
        runs: [MarkdownRuns.Run], bytes: [UInt8], matches: [Match]
    ) -> (runs: [MarkdownRuns.Run], bytes: [UInt8]) {
        enum Kind: Int { case removeStart, applyStart, removeEnd, applyEnd }
        var events: [(position: Int, kind: Kind, match: Int)] = []
        for (number, match) in matches.enumerated() {
            events += [
                (match.caret, .removeStart, number), (match.caret + 2, .removeEnd, number),
                (match.caret + 2, .applyStart, number), (match.close, .applyEnd, number),
                (match.close, .removeStart, number), (match.end + 1, .removeEnd, number),
            ]
        }
        // At one offset, starts before ends: a use with no text starts and ends there.
        events.sort { ($0.position, $0.kind.rawValue) < ($1.position, $1.kind.rawValue) }
        var boundaries = events.map(\.position)
        var offset = 0
        for run in runs {
            offset += run.length
            boundaries.append(offset)
        }
        boundaries = Array(Set(boundaries)).sorted()

        var newRuns: [MarkdownRuns.Run] = []
        var newBytes: [UInt8] = []
        newBytes.reserveCapacity(bytes.count)
        var removing = 0
        var active: Set<Int> = []
        var added = AttributeContainer()
        var nextEvent = 0
        var runIndex = 0, runStart = 0
        var start = 0
        for end in boundaries where end > start || end == 0 {
            // Events at `start` take effect for the stretch start ..< end.
            var changed = false
            while nextEvent < events.count, events[nextEvent].position <= start {
                let event = events[nextEvent]
                switch event.kind {
                case .removeStart: removing += 1
                case .removeEnd: removing -= 1
                case .applyStart: active.insert(event.match); changed = true
                case .applyEnd: active.remove(event.match); changed = true
                }
                nextEvent += 1
            }
            if changed {
                added = AttributeContainer()
                for number in active.sorted(by: { matches[$0].caret < matches[$1].caret }) {
                    added.merge(matches[number].attributes)
                }
            }
            guard end > start else { continue }
            while runIndex < runs.count, runStart + runs[runIndex].length <= start {
                runStart += runs[runIndex].length
                runIndex += 1
            }
            if removing == 0, runIndex < runs.count {
                var attributes = runs[runIndex].attributes
                if !active.isEmpty { attributes.merge(added) }
                newRuns.append(MarkdownRuns.Run(length: end - start, attributes: attributes, leaf: runs[runIndex].leaf))
                newBytes.append(contentsOf: bytes[start ..< end])
            }
            start = end
        }
        return (newRuns, newBytes)
    }
}
