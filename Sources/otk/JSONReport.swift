import Foundation

/// Prints `report` as a JSON object, one member a line, in order.
func printJSONReport(_ report: [(String, String)]) {
    print("{\n" + report.map { "  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n}")
}

/// A JSON string literal.
func jsonString(_ value: String) -> String {
    let data = (try? JSONEncoder().encode(value)) ?? Data("\"\"".utf8)
    return String(decoding: data, as: UTF8.self)
}

extension Duration {
    var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) / 1e18
    }
}
