import Foundation
import Synchronization
import TextContent

/// A large Markdown document imported section by section (`MarkdownSections`) in a pipeline:
/// cmark-gfm parses a section while the one before it is read into runs, and sections already
/// read are made into their parts (a storage's paragraphs, drawn; or an attributed string) on
/// the other cores. Parsing goes in order on the caller's thread (cmark-gfm's parses take turns
/// anyway), and so does reading, on one queue (presentation identities count on through the
/// document, as in one walk), so the parts joined have the characters and attributes of a
/// whole import.
final class SectionedMarkdownImport<Part: Sendable>: @unchecked Sendable {
    /// What a section's runs become, after the look the section before left (see
    /// `MarkdownPresentation.LookContext`; the standard one when there is no presentation).
    typealias MakePart = @Sendable (MarkdownRuns, MarkdownPresentation.LookContext) -> Part

    private let sections: [MarkdownSections.Section]
    private let presentation: MarkdownPresentation?
    private let make: MakePart
    /// Only the reading queue touches the reader, the look context and the parsed sections,
    /// until `run` has waited for all the work.
    private var reader: MarkdownReader
    private var context = MarkdownPresentation.LookContext()
    private var parsed: [CmarkDocument] = []
    private let readQueue = DispatchQueue(label: "TextMarkdown.SectionedMarkdownImport.read")
    private let made: Mutex<[Part?]>
    /// The first failure in document order: its section and error.
    private let failure = Mutex<(section: Int, error: MarkdownError)?>(nil)

    private init(
        sections: [MarkdownSections.Section], options: AttributedString.MarkdownParsingOptions, baseURL: URL?,
        scope: any AttributeScope.Type, presentation: MarkdownPresentation?, make: @escaping MakePart
    ) {
        self.sections = sections
        self.presentation = presentation
        self.make = make
        reader = MarkdownReader(options: options, baseURL: baseURL, scope: scope)
        made = Mutex(Array(repeating: nil, count: sections.count))
    }

    /// The parts of `markdown` imported in sections of about `sectionBytes`, in order, each
    /// made by `make` (with the look context `presentation` leaves between sections); nil when
    /// the document is not cut: it is small, its syntax is not the full one, something in it
    /// may reach across sections, or source positions are asked for (cmark-gfm ends a block
    /// that the next section's heading closes on that heading's line, which a section alone
    /// cannot know).
    static func parts(
        of markdown: String, options: AttributedString.MarkdownParsingOptions, baseURL: URL?,
        scope: any AttributeScope.Type = AttributeScopes.OpenTextKitAttributes.self,
        presentation: MarkdownPresentation?, sectionBytes: Int, make: @escaping MakePart
    ) throws(MarkdownError) -> [Part]? {
        guard options.interpretedSyntax == .full, !options.appliesSourcePositionAttributes else { return nil }
        var source = markdown
        let result = source.withUTF8 { bytes in
            Result { () throws(MarkdownError) -> [Part]? in
                let sections = MarkdownSections.split(bytes, targetBytes: sectionBytes)
                guard sections.count > 1 else { return nil }
                let pipeline = SectionedMarkdownImport(
                    sections: sections, options: options, baseURL: baseURL,
                    scope: scope, presentation: presentation, make: make)
                return try pipeline.run(bytes)
            }
        }
        return try result.get()
    }

    private func run(_ bytes: UnsafeBufferPointer<UInt8>) throws(MarkdownError) -> [Part] {
        let group = DispatchGroup()
        for (number, section) in sections.enumerated() {
            guard failure.withLock({ $0 == nil }) else { break }
            do throws(MarkdownError) {
                let document = try CmarkDocument(
                    utf8: UnsafeBufferPointer(rebasing: bytes[section.bytes]), extensions: CmarkDocument.blockExtensions
                )
                readQueue.async(group: group) { self.read(document, section: number, group: group) }
            } catch {
                fail(error, in: number)
            }
        }
        group.wait()
        CmarkDocument.freeInBackground(parsed)
        parsed = []
        if let failure = failure.withLock({ $0 }) { throw failure.error }
        return made.withLock { $0.compactMap { $0 } }
    }

    /// Reads section `number` (on the reading queue, in order), then makes its part on any
    /// thread.
    private func read(_ document: CmarkDocument, section number: Int, group: DispatchGroup) {
        // Kept to be freed at the end: freeing takes cmark's lock, which the parsing holds.
        parsed.append(document)
        // Sections after a failure are not read; those before it are (theirs comes first).
        guard failure.withLock({ $0.map { $0.section > number } ?? true }) else { return }
        let runs: MarkdownRuns
        do throws(MarkdownError) {
            runs = try reader.readRuns(
                section: document, linesBefore: sections[number].linesBefore, isLast: number == sections.count - 1)
        } catch {
            fail(error, in: number)
            return
        }
        let before = context
        if let presentation { context = presentation.lookContext(after: runs) }
        let make = make
        DispatchQueue.global().async(group: group) {
            let part = make(runs, before)
            self.made.withLock { $0[number] = part }
        }
    }

    private func fail(_ error: MarkdownError, in section: Int) {
        failure.withLock { failure in
            if failure == nil || section < failure!.section { failure = (section, error) }
        }
    }
}
