import Foundation

/// Enumerations stored by their case names: decoding anything else is an error that lists them
/// (a document is untrusted, and its author should learn what would have been accepted).
enum NamedCaseCoding {
    /// One of `Value`'s case names from `decoder`; `valueName` says what a value is called in
    /// the error ("text style").
    static func decode<Value: RawRepresentable<String> & CaseIterable>(
        _: Value.Type, from decoder: any Decoder, valueName: String
    ) throws -> Value {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let value = Value(rawValue: name) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription:
                    "\"\(name.prefix(40))\" is not a \(valueName) "
                    + "(\(Value.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
        }
        return value
    }

    /// `value`'s case name into `encoder`.
    static func encode<Value: RawRepresentable<String>>(_ value: Value, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value.rawValue)
    }
}
