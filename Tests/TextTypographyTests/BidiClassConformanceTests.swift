import Foundation
import Testing
@_spi(Typesetting) import TextTypography

/// Unicode's BidiTest.txt through the engine's bidi layer: every sequence of bidi classes, with
/// every paragraph direction its bitset names, resolved by ``BidiAnalyzer`` and reordered by
/// ``BidiReordering``.
@Suite struct BidiClassConformanceTests {
    /// One BMP character per bidi class, none of them a paired bracket (BidiTest.txt assumes
    /// brackets play no part). B (U+2029) only ever ends a sequence in the file, so ICU sees one
    /// paragraph: a trailing separator belongs to the paragraph it ends (P1).
    static let representatives: [(bidiClass: String, unit: UInt16)] = [
        ("L", 0x61), ("R", 0x05D0), ("AL", 0x0627), ("EN", 0x31), ("ES", 0x2B), ("ET", 0x24),
        ("AN", 0x0660), ("CS", 0x2C), ("NSM", 0x0300), ("BN", 0x00AD), ("B", 0x2029), ("S", 0x09),
        ("WS", 0x20), ("ON", 0x21), ("LRE", 0x202A), ("LRO", 0x202D), ("RLE", 0x202B),
        ("RLO", 0x202E), ("PDF", 0x202C), ("LRI", 0x2066), ("RLI", 0x2067), ("FSI", 0x2068),
        ("PDI", 0x2069),
    ]

    /// The representatives have the class they stand for, according to UnicodeData.txt, and none
    /// is listed in BidiBrackets.txt.
    @Test func representativesHaveTheirBidiClass() throws {
        var classes: [UInt16: String] = [:]
        for line in try TestData.unicodeTestLines("UnicodeData.txt") {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count > 4, let code = UInt32(fields[0], radix: 16), code <= 0xFFFF else { continue }
            classes[UInt16(code)] = String(fields[4])
        }
        for (bidiClass, unit) in Self.representatives {
            #expect(classes[unit] == bidiClass, "U+\(String(unit, radix: 16, uppercase: true))")
        }
        let brackets = Set(
            try TestData.unicodeTestLines("BidiBrackets.txt").compactMap {
                UInt16($0.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces), radix: 16)
            })
        #expect(brackets.count > 100)
        #expect(brackets.isDisjoint(with: Self.representatives.map(\.unit)))
    }

    /// BidiTest.txt (UAX #9's conformance test over bidi classes). `@Levels` and `@Reorder` lines
    /// set the expected levels ("x" for characters rule X9 removes) and visual order (removed
    /// characters left out) of the data lines below them; a data line is a sequence of classes and
    /// a bitset of paragraph directions (1 auto, 2 LTR, 4 RTL), each one case.
    ///
    /// Levels are compared the way ICU's own conformance test (bidiconf.cpp) compares them: when
    /// every expected level has one parity, ICU may report the paragraph level throughout, which
    /// gives the same visual order. The visual order is ``BidiReordering/visualOrder(levels:)``
    /// applied to the analyzer's levels of the characters that are not removed: the line is the
    /// whole paragraph, and ICU has applied rule L1 already. ``BidiReordering`` is also checked
    /// alone, on the file's own levels.
    ///
    /// Every case passes with ICU 72, so no exception is listed: should a later ICU break some,
    /// list them by cause with their exact count and `withKnownIssue`, as BidiAnalyzerTests does.
    @Test func unicodeBidiTest() throws {
        let file = [UInt8](try Data(contentsOf: TestData.unicodeDirectory.appendingPathComponent("BidiTest.txt")))
        var classUnits: [UInt32: UInt16] = [:]
        for (bidiClass, unit) in Self.representatives {
            classUnits[bidiClass.utf8.reduce(0) { $0 << 8 | UInt32($1) }] = unit // names have 1 to 3 letters
        }

        var expectedLevels: [Int16] = [] // -1 for "x"
        var expectedOrder: [Int] = []
        var kept: [Int] = [] // the indices whose expected level is not "x"
        var groupChecked = false
        var units: [UInt16] = []
        units.reserveCapacity(128)
        var lineLevels: [UInt8] = []
        lineLevels.reserveCapacity(128)

        var cases = 0
        var groups = 0
        var failures = Failures()

        for line in Self.lines(file) {
            guard let first = line.first, first != UInt8(ascii: "#") else { continue }
            if first == UInt8(ascii: "@") {
                let (name, values) = Self.directive(line)
                if name == "Levels" {
                    expectedLevels = values.map { Int16($0) ?? -1 }
                    kept = expectedLevels.indices.filter { expectedLevels[$0] >= 0 }
                    groupChecked = false
                } else if name == "Reorder" {
                    expectedOrder = values.map { Int($0) ?? -1 }
                    groupChecked = false
                }
                continue
            }
            // BidiReordering alone, on the file's levels: once per @Levels/@Reorder pair.
            if !groupChecked {
                groupChecked = true
                groups += 1
                let order = BidiReordering.visualOrder(levels: kept.map { UInt8(expectedLevels[$0]) })
                if order.map({ kept[$0] }) != expectedOrder {
                    failures.record(
                        "BidiReordering on the file's levels",
                        "\(String(decoding: line, as: UTF8.self)): "
                            + "order \(order.map { kept[$0] }), expected \(expectedOrder)")
                }
            }
            // The classes, then the bitset after ";".
            units.removeAll(keepingCapacity: true)
            var index = line.startIndex
            var bitset = 0
            while index < line.endIndex {
                let byte = line[index]
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                    index += 1
                } else if byte == UInt8(ascii: ";") {
                    for digit in line[(index + 1)...] {
                        if let value = Self.hexValue(digit) { bitset = bitset << 4 | Int(value) }
                    }
                    break
                } else {
                    var end = index
                    while end < line.endIndex, line[end] > UInt8(ascii: ";") { end += 1 } // letters only
                    var key: UInt32 = 0
                    while index < end {
                        key = key << 8 | UInt32(line[index])
                        index += 1
                    }
                    guard let unit = classUnits[key] else {
                        Issue.record("unknown class in \(String(decoding: line, as: UTF8.self))")
                        return
                    }
                    units.append(unit)
                }
            }
            guard units.count == expectedLevels.count else {
                let text = String(decoding: line, as: UTF8.self)
                Issue.record("\(units.count) classes for \(expectedLevels.count) levels: \(text)")
                return
            }
            // ICU would end a paragraph at a B inside the sequence; the file only puts B last.
            if let separator = units.firstIndex(of: 0x2029), separator != units.count - 1 {
                Issue.record("B inside a sequence: \(String(decoding: line, as: UTF8.self))")
            }
            let text = String(decoding: units, as: UTF16.self)

            // P2, P3: the first L, R or AL outside isolates decides; left to right without one.
            var naturalLevel: UInt8 = 0
            var isolates = 0
            for unit in units {
                if (0x2066 ... 0x2068).contains(unit) { // LRI, RLI, FSI
                    isolates += 1
                } else if unit == 0x2069 { // PDI
                    isolates = max(isolates - 1, 0)
                } else if isolates == 0 && unit == 0x61 { // L
                    break
                } else if isolates == 0 && (unit == 0x05D0 || unit == 0x0627) { // R, AL
                    naturalLevel = 1
                    break
                }
            }

            for (bit, direction, paragraphLevel) in Self.directions where bitset & bit != 0 {
                cases += 1
                let result = try BidiAnalyzer.levels(for: text, baseDirection: direction)
                let actual = result.levels
                var levelsMatch = true
                for position in kept where actual[position] != UInt8(expectedLevels[position]) {
                    levelsMatch = false
                    break
                }
                if !levelsMatch {
                    // ICU's shortcut for unidirectional text: the parities must agree.
                    let expectedParities = Set(kept.map { expectedLevels[$0] & 1 })
                    let actualParities = Set(kept.map { Int16(actual[$0] & 1) })
                    levelsMatch = expectedParities.count == 1 && actualParities == expectedParities
                }
                lineLevels.removeAll(keepingCapacity: true)
                for position in kept { lineLevels.append(actual[position]) }
                let order = BidiReordering.visualOrder(levels: lineLevels)
                var orderMatches = order.count == expectedOrder.count
                var visual = 0
                while orderMatches && visual < order.count {
                    orderMatches = kept[order[visual]] == expectedOrder[visual]
                    visual += 1
                }
                let paragraphLevelMatches = result.paragraphLevel == (paragraphLevel ?? naturalLevel)
                if levelsMatch && orderMatches && paragraphLevelMatches { continue }
                let example =
                    "\(String(decoding: line, as: UTF8.self)) [\(direction)]: paragraph level "
                    + "\(result.paragraphLevel), levels \(actual.map(String.init).joined(separator: " ")), expected "
                    + "\(expectedLevels.map { $0 < 0 ? "x" : String($0) }.joined(separator: " ")); order "
                    + "\(order.map { kept[$0] }), expected \(expectedOrder)"
                let cause =
                    if !paragraphLevelMatches { "paragraph level (P2, P3)" } else if !levelsMatch {
                        "resolved levels"
                    } else { "visual order of the analyzer's levels" }
                failures.record(cause, example)
            }
        }

        #expect(groups > 1_000)
        #expect(cases > 700_000) // 770,241 in Unicode 15.0
        for (cause, failure) in failures.byCause.sorted(by: { $0.key < $1.key }) {
            Issue.record("\(cause): \(failure.count) of \(cases) cases, first: \(failure.examples)")
        }
    }

    /// The bitset's bits, the base directions they stand for and the paragraph level each forces.
    static let directions: [(Int, BidiAnalyzer.BaseDirection, UInt8?)] = [
        (1, .natural, nil), (2, .leftToRight, 0), (4, .rightToLeft, 1),
    ]

    /// The failing cases by cause: how many, and the first few.
    struct Failures {
        var byCause: [String: (count: Int, examples: [String])] = [:]

        mutating func record(_ cause: String, _ example: String) {
            var entry = byCause[cause] ?? (0, [])
            entry.count += 1
            if entry.examples.count < 3 { entry.examples.append(example) }
            byCause[cause] = entry
        }
    }

    // MARK: Reading the file without a String per line (about half a million lines).

    /// The lines of `bytes`, leading whitespace dropped.
    static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            var first = start
            while first < end, bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t") { first += 1 }
            result.append(bytes[first ..< end])
            start = end + 1
        }
        return result
    }

    /// "@Name: a b c" as ("Name", ["a", "b", "c"]).
    static func directive(_ line: ArraySlice<UInt8>) -> (String, [Substring]) {
        let text = String(decoding: line.dropFirst(), as: UTF8.self)
        let parts = text.split(separator: ":", maxSplits: 1)
        let values = parts.count > 1 ? parts[1].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }) : []
        return (String(parts.first ?? ""), values)
    }

    static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
