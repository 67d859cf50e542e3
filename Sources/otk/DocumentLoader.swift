import ArgumentParser
import Foundation
import OpenTextKit

/// Opens what `otk` is given: the engine's document format (`.otk.json`) or plain UTF-8 text.
enum DocumentLoader {
    static let documentExtension = ".otk.json"

    static func isDocument(_ path: String) -> Bool {
        path.lowercased().hasSuffix(documentExtension)
    }

    static func open(_ path: String, allowsLossyDecoding: Bool) throws -> TextContentStorage {
        let url = URL(fileURLWithPath: path)
        guard FileManager.default.fileExists(atPath: path) else {
            throw ValidationError("No such file: \(path)")
        }
        if isDocument(path) {
            let data: Data
            do { data = try Data(contentsOf: url) } catch {
                throw ValidationError("Cannot read \(path): \(error.localizedDescription)")
            }
            do {
                return TextContentStorage(attributedString: try TextDocumentFormat.decode(data))
            } catch {
                throw ValidationError("\(path) is not a valid OpenTextKit document: \(error)")
            }
        }
        do {
            return try TextContentStorage(contentsOf: url, allowsLossyDecoding: allowsLossyDecoding)
        } catch {
            throw ValidationError("\(path): \(error)")
        }
    }
}
