import Foundation
import Testing

/// ARCHITECTURE.md's claims about the modules, checked against the sources: what each module
/// imports (its "Imports" table, exactly), and that every Swift module has a DocC catalog.
@Suite struct ArchitectureTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let swiftOwn: Set<String> = ["Swift", "Foundation", "Glibc", "Dispatch", "Synchronization", "Observation"]

    /// The modules a module's sources import (a line that starts with `import`, possibly after
    /// an access level, `@_exported` or `@_spi(...)`), Swift's own left out.
    static func imports(of module: String) throws -> Set<String> {
        let folder = repository.appendingPathComponent("Sources/\(module)")
        var found: Set<String> = []
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                    words[..<index].allSatisfy({
                        $0.hasPrefix("@_spi(")
                            || ["@_exported", "internal", "public", "package", "private", "fileprivate"].contains($0)
                    })
                else { continue }
                found.insert(String(words[index + 1]))
            }
        }
        return found.subtracting(swiftOwn)
    }

    /// ARCHITECTURE.md's "Imports" table: module -> the modules it lists.
    static func table() throws -> [String: Set<String>] {
        let text = try String(contentsOf: repository.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        guard let start = text.range(of: "### Imports") else { return [:] }
        var table: [String: Set<String>] = [:]
        for line in text[start.upperBound...].split(separator: "\n") {
            if line.hasPrefix("#") { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 3, cells[1].hasPrefix("`") else { continue }
            let names = cells[2].split(separator: ",").map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: " `"))
            }.filter { !$0.isEmpty }
            table[cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = Set(names)
        }
        return table
    }

    /// The Swift modules under Sources/ (C targets have no Swift files).
    static func swiftModules() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("Sources").path).sorted()
            .filter { module in
                let files = FileManager.default.enumerator(
                    atPath: repository.appendingPathComponent("Sources/\(module)").path)
                while let file = files?.nextObject() as? String { if file.hasSuffix(".swift") { return true } }
                return false
            }
    }

    @Test func everyModuleImportsWhatTheTableSays() throws {
        let table = try Self.table()
        let modules = try Self.swiftModules()
        #expect(Set(table.keys) == Set(modules), "the table lists every Swift module and no other")
        for module in modules {
            #expect(try Self.imports(of: module) == table[module], "\(module)")
        }
        // The layering the table stands for: the view layer never reaches Cairo.
        #expect(table["TextEditing"]?.contains("TextRendering") == false)
        #expect(table["TextEditing"]?.contains("CCairo") == false)
    }

    @Test func everyEngineModuleHasADocCCatalog() throws {
        // The programs (otk, otk-editor) are not modules an app imports.
        for module in try Self.swiftModules() where !["otk", "otk-editor"].contains(module) {
            let catalog = Self.repository.appendingPathComponent("Sources/\(module)/\(module).docc")
            #expect(FileManager.default.fileExists(atPath: catalog.path), "\(module) has no DocC catalog")
        }
    }

    /// The modules built as any app is, without package access: otk, the examples, and the
    /// layers above the engine's core (ARCHITECTURE.md says which).
    /// Every module, and the examples, are built without package access: a module reaches another
    /// only through its public API (and its documented SPI); tests reach internals by
    /// `@testable import`. No source declares anything `package`.
    @Test func modulesAreBuiltWithoutPackageAccess() throws {
        let manifest = try String(contentsOf: Self.repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets =
            try Self.swiftModules() + [
                "OpenTextKitExamples", "examples", "OpenTextKitExamplesGTK", "formatted-editor", "collapsible-sections",
            ]
        #expect(targets.contains("TextLayout") && targets.contains("otk"))
        for target in targets {
            // The target's declaration: from its `.target(` (or `.executableTarget(`) to the next one.
            let starts = [".target(", ".executableTarget(", ".testTarget("].flatMap { marker in
                manifest.ranges(of: marker).map(\.lowerBound)
            }.sorted()
            let declarations = zip(starts, starts.dropFirst() + [manifest.endIndex]).map { manifest[$0 ..< $1] }
            guard
                let declaration = declarations.first(where: {
                    !$0.hasPrefix(".testTarget(") && $0.contains("name: \"\(target)\"")
                })
            else {
                Issue.record("\(target) is not a target in Package.swift")
                continue
            }
            #expect(declaration.contains("packageAccess: false"), "\(target)")
        }
        // And nothing is declared `package`: with no module able to see it, it would be an
        // internal declaration in disguise.
        var packageDeclarations: [String] = []
        let files = FileManager.default.enumerator(
            at: Self.repository.appendingPathComponent("Sources"), includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            for (number, line) in try String(contentsOf: file, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false
            ).enumerated() {
                let words = line.split(separator: " ")
                guard let first = words.first, first != "///", first != "//" else { continue }
                if words.contains("package"), !line.contains("package:") {
                    packageDeclarations.append("\(file.lastPathComponent):\(number + 1)")
                }
            }
        }
        #expect(packageDeclarations.isEmpty, "\(packageDeclarations)")
    }

    /// No line of Swift over 120 columns (characters, as an editor shows them), anywhere in the
    /// repository's sources, tests, examples and benchmarks; swift-format (`make lint`) keeps the
    /// rest of the layout.
    @Test func noLineIsLongerThan120Columns() throws {
        var long: [String] = []
        for folder in ["Sources", "Tests", "Examples", "Benchmarks/Benchmarks"] {
            let root = Self.repository.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            while let file = files?.nextObject() as? URL {
                guard file.pathExtension == "swift" else { continue }
                let lines = try String(contentsOf: file, encoding: .utf8).split(
                    separator: "\n", omittingEmptySubsequences: false)
                for (number, line) in lines.enumerated() where line.count > 120 {
                    long.append("\(file.path.dropFirst(Self.repository.path.count + 1)):\(number + 1) (\(line.count))")
                }
            }
        }
        #expect(long.isEmpty, "\(long.count) lines over 120 columns: \(long.prefix(20).joined(separator: ", "))")
    }
}
