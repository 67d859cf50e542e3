import Foundation
import Testing

/// The seed's collapsible sections (Examples' `CollapsibleSectionsTextView`, unchanged) in the
/// GTK widget (Examples/CollapsibleSectionsWindow): a click on a heading's disclosure triangle
/// hides its section's paragraphs from layout, and a second shows them again.
@Suite(.serialized, .enabled(if: VirtualDisplay.isAvailable, "needs Xvfb and xdotool (scripts/install-deps.sh)"))
struct CollapsibleSectionsWindowTests {
    @Test func aClickOnATriangleCollapsesAndExpandsItsSection() throws {
        let text = """
            # Genesis ಕನ್ನಡ
            In the beginning
            the earth was
            without form
            # Exodus مرحبا
            Now these are
            the names
            # Leviticus ภาษาไทย
            And the LORD called
            unto Moses

            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sections-\(UUID().uuidString).txt")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try VirtualDisplay.with { display in
            let process = try display.launch("collapsible-sections", [file.path], title: "collapsible-sections")
            defer { process.stop() }
            func lines() throws -> [Range<Int>] {
                usleep(400_000)
                return try display.screenshot().inkBands(columns: 28 ..< 690, rows: 0 ..< 500)
            }
            let expanded = try lines()
            try #require(expanded.count == 10, "\(expanded)")
            // The first heading's triangle: its three lines go.
            try display.click(x: 12, y: (expanded[0].lowerBound + expanded[0].upperBound) / 2)
            let collapsed = try lines()
            #expect(collapsed.count == 7, "\(collapsed)")
            // The second heading (now the second line) collapses too; then the first opens again.
            try display.click(x: 12, y: (collapsed[1].lowerBound + collapsed[1].upperBound) / 2)
            #expect(try lines().count == 5)
            try display.click(x: 12, y: (collapsed[0].lowerBound + collapsed[0].upperBound) / 2)
            #expect(try lines().count == 8)
        }
    }
}
