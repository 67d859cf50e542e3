import Foundation

/// A coding key made from any string or index, used to see every key a container holds.
@_spi(Coding) public struct AnyCodingKey: CodingKey, Hashable {
    public let stringValue: String
    public let intValue: Int?

    @_spi(Coding) public init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    @_spi(Coding) public init(stringValue: String) { self.init(stringValue) }

    @_spi(Coding) public init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// The underlying error of a `DecodingError` raised for a key the type does not know. The
/// document format recognises it and reports `TextDocumentError.unknownField`.
@_spi(Coding) public struct UnknownKeyError: Error, Equatable {}

extension Decoder {
    /// A keyed container that throws for any key `Keys` does not name.
    ///
    /// The attribute values decode strictly: a key this version does not know would otherwise be
    /// dropped without a word, and the next save would lose it for good.
    @_spi(Coding) public func strictContainer<Keys: CodingKey>(
        keyedBy type: Keys.Type
    ) throws -> KeyedDecodingContainer<Keys> {
        let all = try container(keyedBy: AnyCodingKey.self)
        let unknown = all.allKeys.filter { Keys(stringValue: $0.stringValue) == nil }
        if let first = unknown.min(by: { $0.stringValue < $1.stringValue }) {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath + [first],
                    debugDescription: "unknown key \"\(first.stringValue)\"",
                    underlyingError: UnknownKeyError()))
        }
        return try container(keyedBy: type)
    }
}

extension KeyedDecodingContainer {
    /// A number of type `T` (Int or Double).
    ///
    /// JSONDecoder on Linux parses numbers lazily; one that does not fit the type (1.5 or 1e20 for
    /// an Int, 1e400 for a Double) fails with an internal error that reaches the caller as "The
    /// given data was not valid JSON." with an empty coding path. That failure is rethrown here as a
    /// `DecodingError` at `key`, so the document error can say where.
    @_spi(Coding) public func decodeNumber<T: Decodable & Numeric>(_ type: T.Type, forKey key: Key) throws -> T {
        do {
            return try decode(type, forKey: key)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.count <= codingPath.count {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: numberMismatch(T.self, context))
        } catch let error as DecodingError {
            throw error
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: numberMismatch(T.self, error))
        }
    }

    /// Whether `key` has a value: present and not null (null reads as absent, as in
    /// `decodeIfPresent`).
    @_spi(Coding) public func hasValue(_ key: Key) throws -> Bool {
        try contains(key) && !decodeNil(forKey: key)
    }

    /// A number of type `T`, or nil when the key is absent or null.
    @_spi(Coding) public func decodeNumberIfPresent<T: Decodable & Numeric>(
        _ type: T.Type, forKey key: Key
    ) throws -> T? {
        try hasValue(key) ? try decodeNumber(type, forKey: key) : nil
    }

    /// A finite number, or nil when the key is absent or null.
    @_spi(Coding) public func decodeFiniteIfPresent(_ key: Key) throws -> Double? {
        try hasValue(key) ? try decodeFinite(key) : nil
    }

    /// A number that must be finite (JSON has no NaN or infinity, but other decoders do).
    @_spi(Coding) public func decodeFinite(_ key: Key) throws -> Double {
        let value = try decodeNumber(Double.self, forKey: key)
        guard value.isFinite else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "\(value) is not a finite number")
        }
        return value
    }

    /// A finite number, or `defaultValue` when the key is absent or null.
    @_spi(Coding) public func decodeFinite(_ key: Key, default defaultValue: Double) throws -> Double {
        try decodeFiniteIfPresent(key) ?? defaultValue
    }

    /// A number inside `range`.
    @_spi(Coding) public func decode(_ key: Key, in range: ClosedRange<Double>) throws -> Double {
        let value = try decodeNumber(Double.self, forKey: key)
        guard range.contains(value) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "\(value) is outside \(range.lowerBound)...\(range.upperBound)"
            )
        }
        return value
    }
}

extension SingleValueDecodingContainer {
    /// A number of type `T`; see `KeyedDecodingContainer.decodeNumber(_:forKey:)`.
    @_spi(Coding) public func decodeNumber<T: Decodable & Numeric>(_ type: T.Type) throws -> T {
        do {
            return try decode(type)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.count < codingPath.count {
            throw DecodingError.dataCorruptedError(in: self, debugDescription: numberMismatch(T.self, context))
        } catch let error as DecodingError {
            throw error
        } catch {
            throw DecodingError.dataCorruptedError(in: self, debugDescription: numberMismatch(T.self, error))
        }
    }
}

/// Says which number did not fit. JSONDecoder's internal error names the number's text
/// (`numberIsNotRepresentableInSwift(parsed: "1e400")`); it is quoted when it can be found.
private func numberMismatch<T>(_ type: T.Type, _ cause: Any) -> String {
    var number = "the number"
    let text = String(describing: cause)
    if let start = text.range(of: "parsed: \""), let end = text[start.upperBound...].firstIndex(of: "\"") {
        number += " " + text[start.upperBound ..< end]
    }
    return type == Int.self
        ? "\(number) is not an integer that fits in 64 bits" : "\(number) does not fit in a 64-bit float"
}
