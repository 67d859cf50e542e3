import Foundation

/// A coding key made from any string or index, used to see every key a container holds.
struct AnyCodingKey: CodingKey, Hashable {
    let stringValue: String
    let intValue: Int?

    init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    init(stringValue: String) { self.init(stringValue) }

    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// The underlying error of a `DecodingError` raised for a key the type does not know. The
/// document format recognises it and reports `TextDocumentError.unknownField`.
struct UnknownKeyError: Error, Equatable {}

extension Decoder {
    /// A keyed container that throws for any key `Keys` does not name.
    ///
    /// The attribute values decode strictly: a key this version does not know would otherwise be
    /// dropped without a word, and the next save would lose it for good.
    func strictContainer<Keys: CodingKey>(keyedBy type: Keys.Type) throws -> KeyedDecodingContainer<Keys> {
        let all = try container(keyedBy: AnyCodingKey.self)
        let unknown = all.allKeys.filter { Keys(stringValue: $0.stringValue) == nil }
        if let first = unknown.min(by: { $0.stringValue < $1.stringValue }) {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath + [first],
                debugDescription: "unknown key \"\(first.stringValue)\"",
                underlyingError: UnknownKeyError()))
        }
        return try container(keyedBy: type)
    }
}

extension KeyedDecodingContainer {
    /// A number that must be finite (JSON has no NaN or infinity, but other decoders do).
    func decodeFinite(_ key: Key) throws -> Double {
        let value = try decode(Double.self, forKey: key)
        guard value.isFinite else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "\(value) is not a finite number")
        }
        return value
    }

    /// A finite number, or `defaultValue` when the key is absent.
    func decodeFinite(_ key: Key, default defaultValue: Double) throws -> Double {
        contains(key) ? try decodeFinite(key) : defaultValue
    }

    /// A number inside `range`.
    func decode(_ key: Key, in range: ClosedRange<Double>) throws -> Double {
        let value = try decode(Double.self, forKey: key)
        guard range.contains(value) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "\(value) is outside \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }
}
