import Testing
@_spi(Typesetting) import TextTypography

@Suite struct TypographyLibrariesTests {
    @Test func versionsAreReported() {
        for (library, version) in TypographyLibraries.all {
            #expect(!version.isEmpty, "\(library)")
            #expect(version.first?.isNumber == true, "\(library) reports \(version)")
            #expect(!version.contains("unavailable"), "\(library) reports \(version)")
        }
    }

    @Test func harfBuzzIsSixOrLater() throws {
        let major = try #require(Int(TypographyLibraries.harfBuzzVersion.prefix { $0 != "." }))
        #expect(major >= 6, "HarfBuzz \(TypographyLibraries.harfBuzzVersion)")
    }

    @Test func versionsHaveDottedNumbers() {
        let versions = [
            TypographyLibraries.harfBuzzVersion, TypographyLibraries.freeTypeVersion,
            TypographyLibraries.fontconfigVersion, TypographyLibraries.icuVersion,
            TypographyLibraries.icuUnicodeVersion,
        ]
        for version in versions {
            let parts = version.split(separator: ".")
            #expect(parts.count >= 2, "\(version)")
            #expect(parts.allSatisfy { Int($0) != nil }, "\(version)")
        }
    }

    @Test func icuImplementsUnicodeFifteenOrLater() throws {
        let major = try #require(Int(TypographyLibraries.icuUnicodeVersion.prefix { $0 != "." }))
        #expect(major >= 15)
        let icuMajor = try #require(Int(TypographyLibraries.icuVersion.prefix { $0 != "." }))
        #expect(icuMajor >= 72)
    }
}
