import ArgumentParser
import Foundation
import OpenTextKit
import TextMeasurement

/// `otk proofread FILE`: each issue Hunspell and the proofreader's rules find, a line each
/// (`LINE:COLUMN: kind: text -> suggestions`, the column in UTF-16 units from 1); with
/// `--stats`, figures as JSON beside raw HarfBuzz shaping of the same paragraphs in the same run.
/// With `--viewport --stats`, what continuous spell checking costs a view of the document
/// instead (`ViewportProofreading`).
struct ProofreadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "proofread",
        abstract: "Proofread a document: misspelt words (Hunspell), repeated words, small letters after a full stop."
    )

    @OptionGroup var document: DocumentOptions

    @OptionGroup var view: ViewportOptions

    @Option(help: "The language of the text (BCP 47, as en-US), whose Hunspell dictionary checks its words.")
    var language = "en-US"

    @Option(parsing: .unconditional, help: "How many suggestions to print for each misspelt word.")
    var suggestions = 3

    @Flag(help: "Print figures as JSON instead of the issues.")
    var stats = false

    @Flag(help: "With --stats: measure spell checking of fresh viewports of a view (--jumps of them) instead.")
    var viewport = false

    @Option(parsing: .unconditional, help: "With --viewport: how many places down the document the view jumps to.")
    var jumps = 20

    func validate() throws {
        guard (0 ... 100).contains(suggestions) else {
            throw ValidationError("--suggestions takes 0 to 100; got \(suggestions).")
        }
        guard (1 ... 10_000).contains(jumps) else { throw ValidationError("--jumps takes 1 to 10000; got \(jumps).") }
        guard !viewport || stats else { throw ValidationError("--viewport measures: give --stats with it.") }
    }

    func run() throws {
        let proofreader: Proofreader
        do { proofreader = try Proofreader(language: language) } catch {
            throw CommandFailure(.unavailable, "\(error)")
        }
        let storage = try DocumentLoader.open(
            try view.path(of: document), document: document, formatOf: document.file, copies: view.copies)
        if viewport {
            var session = try ViewportProofreading(storage: storage, size: view.size, language: language)
            printJSONReport(
                [
                    ("file", jsonString(document.file)), ("copies", "\(view.copies)"),
                    ("language", jsonString(language)), ("paragraphs", "\(storage.paragraphCount)"),
                ] + session.measure(jumps: jumps))
            return
        }
        let paragraphs = RawShaping.paragraphs(of: storage)
        let clock = ContinuousClock()
        let start = clock.now
        let found = Self.issues(of: paragraphs, with: proofreader, threads: Self.threads)
        let seconds = (clock.now - start).seconds
        guard stats else {
            var output = ""
            for (index, issues) in found.enumerated() {
                for issue in issues {
                    let proposed = suggestions == 0 ? [] : proofreader.suggestions(for: issue).prefix(suggestions)
                    output += "\(index + 1):\(issue.range.lowerBound + 1): \(issue.kind): \(issue.text)"
                    output +=
                        proposed.isEmpty ? "\n" : " -> " + proposed.map { "\"\($0)\"" }.joined(separator: ", ") + "\n"
                }
                if output.utf8.count > 1 << 16 {
                    FileHandle.standardOutput.write(Data(output.utf8))
                    output = ""
                }
            }
            FileHandle.standardOutput.write(Data(output.utf8))
            return
        }
        let all = found.joined()
        let shaper = try ShapingBaseline(
            family: FontDescriptor.defaultText.family, size: FontDescriptor.defaultText.size)
        let shapeStart = clock.now
        shaper.shape(paragraphs)
        let rawSeconds = (clock.now - shapeStart).seconds
        printJSONReport([
            ("file", jsonString(document.file)),
            ("language", jsonString(language)),
            ("dictionary", jsonString(proofreader.dictionary.path)),
            ("paragraphs", "\(paragraphs.count)"),
            ("threads", "\(Self.threads)"),
            ("words", "\(proofreader.wordsChecked)"),
            ("issues", "\(all.count)"),
            ("spelling", "\(all.filter { $0.kind == .spelling }.count)"),
            ("repeatedWords", "\(all.filter { $0.kind == .repeatedWord }.count)"),
            ("capitalization", "\(all.filter { $0.kind == .capitalization }.count)"),
            ("seconds", jsonNumber(seconds, "%.6f")),
            ("rawHarfBuzzShapingSeconds", jsonNumber(rawSeconds, "%.6f")),
            ("ratioToRawShaping", jsonNumber(seconds / max(rawSeconds, 1e-9), "%.3f")),
        ])
    }

    /// The processor's cores: the paragraphs are checked on all of them (the proofreader is
    /// thread-safe).
    static var threads: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// The issues of each of `paragraphs`, in order, checked on `threads` threads a run of
    /// paragraphs at a time.
    static func issues(
        of paragraphs: [String], with proofreader: Proofreader, threads: Int
    ) -> [[ProofreadingIssue]] {
        guard threads > 1, paragraphs.count > 1 else { return paragraphs.map { proofreader.issues(in: $0) } }
        // Eight runs a thread: one slow run (long paragraphs) does not leave the others idle.
        let length = max(1, (paragraphs.count + threads * 8 - 1) / (threads * 8))
        let runs = stride(from: 0, to: paragraphs.count, by: length).map { $0 ..< min($0 + length, paragraphs.count) }
        // Each paragraph's issues written once, by the thread that checked it, into its own slot.
        let slots = IssueSlots(count: paragraphs.count)
        DispatchQueue.concurrentPerform(iterations: runs.count) { run in
            for index in runs[run] { slots.set(index, proofreader.issues(in: paragraphs[index])) }
        }
        return slots.take()
    }
}

/// One slot of issues for each paragraph, each written by one thread, read when all are done.
private final class IssueSlots: @unchecked Sendable {
    private let base: UnsafeMutablePointer<[ProofreadingIssue]>
    private let count: Int

    init(count: Int) {
        self.count = count
        base = .allocate(capacity: count)
        base.initialize(repeating: [], count: count)
    }

    func set(_ index: Int, _ issues: [ProofreadingIssue]) { base[index] = issues }

    func take() -> [[ProofreadingIssue]] { Array(UnsafeBufferPointer(start: base, count: count)) }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }
}
