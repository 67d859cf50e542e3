import Foundation

/// Prints `report` as a JSON object, one member a line, in order. A value that is not valid
/// JSON (a bug: numbers go through `jsonNumber`) is printed as null rather than breaking the
/// whole report for the program reading it.
func printJSONReport(_ report: [(String, String)]) {
    let members = report.map { key, value in
        let valid = (try? JSONSerialization.jsonObject(with: Data(value.utf8), options: .fragmentsAllowed)) != nil
        return "  \(jsonString(key)): \(valid ? value : "null")"
    }
    print("{\n" + members.joined(separator: ",\n") + "\n}")
}

/// A JSON string literal.
func jsonString(_ value: String) -> String {
    let data = (try? JSONEncoder().encode(value)) ?? Data("\"\"".utf8)
    return String(decoding: data, as: UTF8.self)
}

/// A JSON number written with `format` (a printf format such as "%.6f"), or null when the
/// number is infinite or NaN, which JSON cannot hold.
func jsonNumber(_ value: Double, _ format: String? = nil) -> String {
    guard value.isFinite else { return "null" }
    return format.map { String(format: $0, value) } ?? "\(value)"
}

func jsonNumber(_ value: CGFloat, _ format: String? = nil) -> String {
    jsonNumber(Double(value), format)
}

extension Duration {
    var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) / 1e18
    }
}
