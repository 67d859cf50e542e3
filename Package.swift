// swift-tools-version: 6.1
import Foundation
import PackageDescription

/// A system library reached through pkg-config, with the Debian package that provides it.
func systemLibrary(_ name: String, pkgConfig: String, apt: [String]) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt(apt)])
}

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// Whether GTK 4's development files are installed (pkg-config's `gtk4.pc` in one of its
/// folders): the view and the editor are built only then, so that a machine without GTK still
/// builds and tests the engine.
let hasGTK: Bool = {
    let environment = ProcessInfo.processInfo.environment
    if environment["OTK_WITHOUT_GTK"] != nil { return false }
    var folders = (environment["PKG_CONFIG_PATH"] ?? "").split(separator: ":").map(String.init)
    folders += ["/usr/local/lib/pkgconfig", "/usr/local/share/pkgconfig", "/usr/lib/pkgconfig", "/usr/share/pkgconfig"]
    let multiarch = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib")) ?? []
    folders += multiarch.filter { $0.hasSuffix("-linux-gnu") }.map { "/usr/lib/\($0)/pkgconfig" }
    return folders.contains { FileManager.default.fileExists(atPath: "\($0)/gtk4.pc") }
}()

let package = Package(
    name: "OpenTextKit",
    products: [
        .library(name: "OpenTextKit", targets: ["OpenTextKit"]),
        .executable(name: "otk", targets: ["otk"]),
        // Raw HarfBuzz shaping as the reference figures are given beside: for otk and Benchmarks/.
        .library(name: "TextMeasurement", targets: ["TextMeasurement"]),
        .executable(name: "examples", targets: ["examples"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // System libraries (see scripts/install-deps.sh for the packages).
        systemLibrary("CHarfBuzz", pkgConfig: "harfbuzz", apt: ["libharfbuzz-dev"]),
        systemLibrary("CFreeType", pkgConfig: "freetype2", apt: ["libfreetype-dev"]),
        systemLibrary("CFontconfig", pkgConfig: "fontconfig", apt: ["libfontconfig-dev"]),
        systemLibrary("CCairo", pkgConfig: "cairo", apt: ["libcairo2-dev"]),
        systemLibrary(
            "CCmarkGFM", pkgConfig: "libcmark-gfm", apt: ["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]),
        systemLibrary("CHunspell", pkgConfig: "hunspell", apt: ["libhunspell-dev"]),
        // ICU stays behind this C target: Foundation carries its own ICU, and Swift code that sees
        // both fails to compile ("'UErrorCode' has different definitions").
        .target(
            name: "CUnicodeAnalysis",
            linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n")]
        ),
        // glibc's heap statistics, which Swift's Glibc module does not import (otk edit's memory figure).
        .target(name: "CHeapStatistics"),

        // The layers, bottom up (../shared/DESIGN.md). Dependencies point down only.
        // What text can say: the attribute scope and its values, rich-text formatting, and the
        // stand-ins for Foundation types swift-foundation on Linux lacks.
        .target(name: "TextAttributes", packageAccess: false, swiftSettings: strict),
        // The model: content managers, paragraphs, locations, edits (it re-exports TextAttributes).
        .target(
            name: "TextContent",
            dependencies: ["TextAttributes", .product(name: "_RopeModule", package: "swift-collections")],
            packageAccess: false,
            swiftSettings: strict
        ),
        // The engine's JSON document format for attributed text.
        .target(name: "TextDocument", dependencies: ["TextAttributes"], packageAccess: false, swiftSettings: strict),
        .target(
            name: "TextTypography",
            dependencies: ["TextContent", "CHarfBuzz", "CFreeType", "CFontconfig", "CUnicodeAnalysis"],
            packageAccess: false,
            swiftSettings: strict
        ),
        .target(
            name: "TextLayout",
            dependencies: ["TextContent", "TextTypography"],
            packageAccess: false,
            swiftSettings: strict
        ),
        // Files written whole or not at all (outputs of the renderer and of otk): no text in it.
        .target(name: "FileOutput", packageAccess: false, swiftSettings: strict),
        // The only place Cairo appears.
        .target(
            name: "TextRendering",
            dependencies: [
                "TextContent", "TextTypography", "TextLayout", "FileOutput", "CCairo", "CFontconfig", "CFreeType",
            ],
            packageAccess: false,
            swiftSettings: strict
        ),
        // Measuring, not part of the engine's API: raw HarfBuzz shaping to compare figures with.
        .target(
            name: "TextMeasurement",
            dependencies: ["TextTypography", "CHarfBuzz", "CFreeType", "CFontconfig", "CCmarkGFM"],
            packageAccess: false,
            swiftSettings: strict
        ),
        // The headless text view: input client, marked text, commands, undo.
        .target(
            name: "TextEditing",
            dependencies: ["TextContent", "TextLayout"],
            packageAccess: false,
            swiftSettings: strict
        ),
        // Markdown <-> attributed text with presentation intents; cmark-gfm parses.
        .target(
            name: "TextMarkdown",
            dependencies: ["TextContent", "CCmarkGFM"],
            packageAccess: false,
            swiftSettings: strict
        ),
        // Proofreading with Hunspell: misspelt words, repeated words, capitals after a full stop.
        .target(
            name: "TextProofreading",
            dependencies: ["CHunspell", "CUnicodeAnalysis"],
            packageAccess: false,
            swiftSettings: strict
        ),
        // Writing tools on a text view: continuous spell checking (and the coordinator to come).
        .target(
            name: "TextWritingTools",
            dependencies: ["TextAttributes", "TextContent", "TextLayout", "TextEditing", "TextProofreading"],
            packageAccess: false,
            // A session's calls to its host run where the session was started (a view's main
            // actor), not on the global executor beside the view's drawing.
            swiftSettings: strict + [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]
        ),
        .target(
            name: "OpenTextKit",
            dependencies: [
                "TextContent", "TextTypography", "TextLayout", "TextRendering", "TextEditing", "TextMarkdown",
                "TextDocument", "TextProofreading", "TextWritingTools",
            ], packageAccess: false, swiftSettings: strict),
        .executableTarget(
            name: "otk",
            dependencies: [
                "OpenTextKit", "TextMeasurement", "FileOutput", "CHeapStatistics",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Without package access, as any app: the engine's `package` declarations are out of its reach.
            packageAccess: false,
            swiftSettings: strict
        ),

        // The seed's examples (Examples/): a library the tests check, and a program that runs them.
        // Without package access, as any app.
        .target(
            name: "OpenTextKitExamples", dependencies: ["OpenTextKit"], path: "Examples/Library", packageAccess: false,
            swiftSettings: strict),
        .executableTarget(
            name: "examples", dependencies: ["OpenTextKitExamples"], path: "Examples/Demo", packageAccess: false,
            swiftSettings: strict),

        // What every test target reads from Tests/Fixtures.
        .target(name: "TestFixtures", path: "Tests/TestFixtures", swiftSettings: strict),
        .testTarget(
            name: "TextContentTests",
            dependencies: [
                "TextContent", "TextAttributes", "TextDocument", "TestFixtures",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "TextTypographyTests",
            dependencies: ["TextTypography", "TextMeasurement", "TestFixtures", "CCairo", "CCmarkGFM", "CHunspell"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "TextWritingToolsTests",
            dependencies: ["TextWritingTools", "TextRendering", "TestFixtures"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "TextProofreadingTests",
            dependencies: ["TextProofreading", "TestFixtures"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "TextLayoutTests",
            dependencies: ["TextLayout", "TextDocument", "TestFixtures"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "TextRenderingTests",
            dependencies: ["TextRendering", "FileOutput", "TextMarkdown", "TextDocument", "TestFixtures", "CCairo"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "TextEditingTests",
            dependencies: ["TextEditing", "TextRendering", "TextMarkdown", "TestFixtures"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "TextMarkdownTests",
            dependencies: ["TextMarkdown", "TextDocument", "TestFixtures"],
            swiftSettings: strict
        ),
        .testTarget(name: "otkTests", dependencies: ["otk", "OpenTextKit", "TestFixtures"], swiftSettings: strict),
        .testTarget(
            name: "ExamplesTests", dependencies: ["OpenTextKitExamples", "TestFixtures"], swiftSettings: strict),
    ]
)

// The view: a GTK 4 widget hosting the text view, and the editor built on it.
if hasGTK {
    package.products += [
        .library(name: "OpenTextKitGTK", targets: ["OpenTextKitGTK"]),
        .executable(name: "otk-editor", targets: ["otk-editor"]),
    ]
    package.targets += [
        systemLibrary("CGtk", pkgConfig: "gtk4", apt: ["libgtk-4-dev"]),
        // The GObject side of the widget (a GtkWidget subclass implementing GtkScrollable),
        // forwarding to Swift.
        .target(
            name: "COpenTextKitGTK", dependencies: ["CGtk"],
            // Xlib, for the shared-memory pool kept under GTK's Cairo renderer (OtkUploadPool.c);
            // Pango's fontconfig fonts, for text nodes of the engine's faces (OtkGlyphNodes.c).
            linkerSettings: [.linkedLibrary("X11"), .linkedLibrary("pangoft2-1.0"), .linkedLibrary("fontconfig")]
        ),
        .target(
            name: "OpenTextKitGTK",
            dependencies: ["OpenTextKit", "TextRendering", "COpenTextKitGTK", "CGtk"],
            packageAccess: false,
            swiftSettings: strict
        ),
        // The seed's examples that need the widget: the collapsible sections with their triangles.
        .target(
            name: "OpenTextKitExamplesGTK",
            dependencies: ["OpenTextKitGTK", "OpenTextKit", "OpenTextKitExamples"],
            path: "Examples/LibraryGTK",
            packageAccess: false,
            swiftSettings: strict
        ),
        .executableTarget(
            name: "otk-editor",
            dependencies: [
                "OpenTextKitGTK", "OpenTextKit", "OpenTextKitExamples", "OpenTextKitExamplesGTK", "FileOutput",
                "CGtk",
            ],
            packageAccess: false,
            swiftSettings: strict
        ),
        // The seed's SwiftUI formatting toolbar over TextEditor, in a GTK window.
        .executableTarget(
            name: "formatted-editor",
            dependencies: ["OpenTextKitGTK", "OpenTextKit", "OpenTextKitExamples", "CGtk"],
            path: "Examples/FormattedEditorWindow",
            packageAccess: false,
            swiftSettings: strict
        ),
        // The seed's collapsible sections in a GTK window.
        .executableTarget(
            name: "collapsible-sections",
            dependencies: ["OpenTextKitGTK", "OpenTextKit", "OpenTextKitExamplesGTK", "CGtk"],
            path: "Examples/CollapsibleSectionsWindow",
            packageAccess: false,
            swiftSettings: strict
        ),
        .testTarget(
            name: "OpenTextKitGTKTests",
            dependencies: [
                "otk-editor", "formatted-editor", "collapsible-sections", "OpenTextKitGTK", "OpenTextKitExamplesGTK",
                "TestFixtures",
            ],
            swiftSettings: strict
        ),
    ]
}

// `make docs` builds the DocC catalogs with swift-docc-plugin; it is added only then, so that
// `make test` and `make run` resolve nothing they do not use.
if ProcessInfo.processInfo.environment["OTK_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
