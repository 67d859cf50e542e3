import Foundation
import Synchronization
import Testing
import TextContent
import TextMarkdown

/// cmark-gfm keeps its extensions' special characters in one table for the whole process:
/// parses on several threads at once must still each see strikethrough and autolinks.
@Suite struct ConcurrentParsingTests {
    @Test func parsesOnManyThreadsAtOnceAgree() throws {
        let markdown = "~~struck~~ مرحبا www.example.com ಕನ್ನಡ\n\n| a | ~~b~~ |\n|---|---|\n| 1 | 2 |\n"
        let expectedHTML = try MarkdownHTML.render(markdown)
        #expect(
            expectedHTML.contains("<del>struck</del>") && expectedHTML.contains("<a href=\"http://www.example.com\">"))
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for _ in 0 ..< 40 {
                do {
                    let text = try AttributedString(markdown: markdown)
                    let struck = text.runs.filter { $0.inlinePresentationIntent?.contains(.strikethrough) == true }
                    let html = try MarkdownHTML.render(markdown)
                    if struck.count != 2 || text.runs.allSatisfy({ $0.link == nil }) || html != expectedHTML {
                        failures.withLock {
                            $0.append(
                                "thread \(thread): \(struck.count) struck runs, HTML equal: \(html == expectedHTML)")
                        }
                    }
                } catch {
                    failures.withLock { $0.append("thread \(thread): \(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 }.prefix(3))")
    }
}
