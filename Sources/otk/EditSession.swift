import ArgumentParser
import Foundation
import OpenTextKit

/// One `otk edit` run: a text view on the document with an 800 x 600 viewport in the middle,
/// then each measurement in turn through the view's public calls, collecting the JSON report.
struct EditSession {
    let view: TextView
    let host: BenchmarkView
    /// The first paragraph that could not be laid out.
    let layoutFailures: LayoutFailures
    let font: FontDescriptor
    let clock = ContinuousClock()
    private(set) var report: [(String, String)]
    private let firstViewportSeconds: Double
    private let firstViewportText: [String]
    private let notFound = NSRange(location: NSNotFound, length: 0)

    var storage: TextContentStorage { view.textContentStorage }
    var controller: TextViewportLayoutController { view.textLayoutManager.textViewportLayoutController }

    init(
        path: String, reportedName: String, copies: Int, document: DocumentOptions, font: FontDescriptor, size: CGSize
    ) throws {
        self.font = font
        var report: [(String, String)] = [("file", jsonString(reportedName)), ("copies", "\(copies)")]
        let clock = ContinuousClock()
        let openStart = clock.now
        let storage = try DocumentLoader.open(path, document: document, formatOf: reportedName, copies: copies)
        let manager = TextLayoutManager(
            textContainer: TextContainer(size: CGSize(width: size.width, height: 0)), defaultFont: font)
        layoutFailures = LayoutFailures(watching: manager)
        view = TextView(storage: storage, layoutManager: manager)
        host = BenchmarkView(visibleRect: CGRect(origin: .zero, size: size))
        manager.textViewportLayoutController.delegate = host
        // The tree of paragraphs first, so that the viewport's figure is its layout alone.
        let indexStart = clock.now
        _ = manager.usageBoundsForTextContainer
        let indexSeconds = (clock.now - indexStart).seconds
        let viewportStart = clock.now
        manager.textViewportLayoutController.layoutViewport()
        firstViewportSeconds = (clock.now - viewportStart).seconds
        report.append(("utf16Length", "\(storage.utf16Length)"))
        report.append(("paragraphs", "\(storage.paragraphCount)"))
        report.append(("openToFirstViewportSeconds", jsonNumber((clock.now - openStart).seconds, "%.6f")))
        report.append(("layoutTreeSeconds", jsonNumber(indexSeconds, "%.6f")))
        report.append(("firstViewportLayoutSeconds", jsonNumber(firstViewportSeconds, "%.6f")))
        firstViewportText = manager.textViewportLayoutController.visibleFragments.map {
            $0.textElement.plainText ?? String($0.textElement.attributedString.characters[...])
        }
        self.report = report
    }

    private mutating func record(_ key: String, _ seconds: Double) {
        report.append((key, jsonNumber(seconds, "%.6f")))
    }

    private mutating func recordPercentiles(_ name: String, _ timer: KeystrokeTimer) {
        let sorted = timer.samples.sorted()
        report.append(("\(name)Count", "\(sorted.count)"))
        record("\(name)MedianSeconds", percentile(sorted, 0.5))
        record("\(name)P99Seconds", percentile(sorted, 0.99))
        record("\(name)MaxSeconds", sorted.last ?? 0)
        report.append(("\(name)Preempted", "\(timer.preempted)"))
    }

    /// Puts the viewport at the middle of the document and the caret in the middle of it.
    private func caretToMiddle() {
        guard let middle = storage.location(storage.documentRange.location, offsetBy: storage.utf16Length / 2) else {
            return
        }
        controller.relocateViewport(to: middle)
        controller.layoutViewport()
        let visible = controller.visibleFragments
        guard let target = visible.isEmpty ? nil : visible[visible.count / 2], let range = target.rangeInElement,
            let start = try? storage.offset(of: range.location)
        else { return }
        // A paragraph taller than the viewport (a long one): the point in the viewport's middle.
        let bounds = controller.viewportBounds
        if target.layoutFragmentFrame.height > bounds.height,
            let middle = view.closestPosition(to: CGPoint(x: bounds.midX, y: bounds.midY))
        {
            view.setSelectedRange(NSRange(location: middle, length: 0))
            return
        }
        let length = storage.offset(from: range.location, to: range.endLocation)
        view.setSelectedRange(NSRange(location: start + min(10, max(0, length - 1)), length: 0))
    }

    /// The view's work after an edit or a move: the viewport laid out, and scrolled to the caret.
    private func followCaret() {
        controller.layoutViewport()
        view.scrollRangeToVisible(view.selectedRange())
    }

    /// Typing in the middle of the viewport, one character at a time through `insertText` (a
    /// line break every 60), each followed by the viewport; then the undo stack's memory, as
    /// the heap bytes its steps hold (freed to measure them, so this runs once).
    mutating func type(_ keystrokes: Int) {
        caretToMiddle()
        var timer = KeystrokeTimer(capacity: keystrokes)
        for index in 0 ..< keystrokes {
            let character = index % 60 == 59 ? "\n" : index % 8 == 7 ? " " : "a"
            timer.time {
                view.insertText(character, replacementRange: notFound)
                followCaret()
            }
        }
        recordPercentiles("insertText", timer)
        report.append(("undoSteps", "\(view.undoStack.undoStepCount)"))
        report.append(("undoStoredUTF16", "\(view.undoStack.storedUTF16Count)"))
        let before = HeapMemory.allocatedBytes()
        view.undoStack.removeAllActions()
        report.append(("undoStackBytesAfterTyping", "\(max(0, before - HeapMemory.allocatedBytes()))"))
    }

    /// Backspace through `deleteBackward:`, each followed by the viewport.
    mutating func backspace(_ count: Int) {
        var timer = KeystrokeTimer(capacity: count)
        for _ in 0 ..< count {
            timer.time {
                view.doCommand(by: "deleteBackward:")
                followCaret()
            }
        }
        recordPercentiles("deleteBackward", timer)
    }

    /// The caret moved down a line at a time from the middle, the viewport following.
    mutating func moveDown(_ count: Int) {
        caretToMiddle()
        var timer = KeystrokeTimer(capacity: count)
        let startOffset = view.selectedRange().location
        for _ in 0 ..< count {
            timer.time {
                view.doCommand(by: "moveDown:")
                view.scrollRangeToVisible(view.selectedRange())
            }
        }
        recordPercentiles("moveDown", timer)
        record(
            "moveDownMeanSeconds", timer.samples.isEmpty ? 0 : timer.samples.reduce(0, +) / Double(timer.samples.count))
        report.append(("moveDownUTF16Travelled", "\(view.selectedRange().location - startOffset)"))
        report.append(("viewportTopAfterMoves", jsonNumber(controller.viewportBounds.minY, "%.1f")))
    }

    /// Counting every match of `pattern` through the view, beside `grep -o PATTERN FILE | wc -l`
    /// as a whole process on the same file; then replacing them all and undoing that.
    mutating func findAndReplace(_ pattern: String, with replacement: String, grepping path: String) throws {
        let findStart = clock.now
        let matches = try view.countMatches(of: pattern)
        let findSeconds = (clock.now - findStart).seconds
        report.append(("findPattern", jsonString(pattern)))
        report.append(("findMatches", "\(matches)"))
        record("findAllSeconds", findSeconds)
        let grep = try Self.grepCount(pattern, in: path)
        report.append(("grepMatches", "\(grep.count)"))
        record("grepSeconds", grep.seconds)
        report.append(("findRatioToGrep", jsonNumber(findSeconds / max(grep.seconds, 1e-9), "%.3f")))

        let length = storage.utf16Length
        let replaceStart = clock.now
        let replaced = try view.replaceAll(pattern, with: replacement)
        controller.layoutViewport()
        record("replaceAllSeconds", (clock.now - replaceStart).seconds)
        report.append(("replaced", "\(replaced)"))
        let selections = view.textLayoutManager.textSelections.count
        let undoStart = clock.now
        view.undo()
        controller.layoutViewport()
        record("undoReplaceAllSeconds", (clock.now - undoStart).seconds)
        let restored = try view.countMatches(of: pattern)
        report.append(("undoRestoredText", "\(storage.utf16Length == length && restored == matches)"))
        // Redo and undo once more: each leaves the selection the user had then (one caret), not
        // a caret a match, so the next edit moves one caret.
        let redoStart = clock.now
        view.redo()
        controller.layoutViewport()
        record("redoReplaceAllSeconds", (clock.now - redoStart).seconds)
        let selectionsAfterRedo = view.textLayoutManager.textSelections.count
        let undoAgainStart = clock.now
        view.undo()
        controller.layoutViewport()
        record("undoAgainReplaceAllSeconds", (clock.now - undoAgainStart).seconds)
        report.append(("selectionsAfterReplaceAll", "\(selections)"))
        report.append(("selectionsAfterRedo", "\(selectionsAfterRedo)"))
        report.append(("selectionsAfterUndoAgain", "\(view.textLayoutManager.textSelections.count)"))
    }

    /// Select all, delete it all, and undo that, each with the viewport laid out after it.
    mutating func selectAllDeleteAndUndo() {
        let length = storage.utf16Length
        // Select all, 1,000 times from a caret (each a separate key press).
        var timer = KeystrokeTimer(capacity: 1_000)
        for _ in 0 ..< 1_000 {
            view.setSelectedRange(NSRange(location: length / 2, length: 0))
            timer.time { view.doCommand(by: "selectAll:") }
        }
        recordPercentiles("selectAll", timer)
        let deleteStart = clock.now
        view.doCommand(by: "deleteBackward:")
        controller.layoutViewport()
        record("deleteAllSeconds", (clock.now - deleteStart).seconds)
        report.append(("lengthAfterDeleteAll", "\(storage.utf16Length)"))
        let undoStart = clock.now
        view.undo()
        controller.layoutViewport()
        record("undoDeleteAllSeconds", (clock.now - undoStart).seconds)
        report.append(("undoRestoredLength", "\(storage.utf16Length == length)"))
    }

    /// A 1 MiB selection (UTF-16 units) from the viewport's top made bold through the view's
    /// `transformAttributes(in:body:)`, the viewport laid out again after it; then undone.
    mutating func boldSelection(utf16Length: Int) {
        guard utf16Length > 0, let top = controller.viewportRange.flatMap({ try? storage.offsets(of: $0) })?.lowerBound
        else { return }
        let range = top ..< min(storage.utf16Length, top + utf16Length)
        view.setSelectedRange(NSRange(location: range.lowerBound, length: range.count))
        var selection = view.attributedTextSelection
        let font = self.font
        let start = clock.now
        view.transformAttributes(in: &selection) { $0.font = ($0.font ?? font).with(weight: .bold) }
        controller.layoutViewport()
        record("boldSelectionSeconds", (clock.now - start).seconds)
        report.append(("boldSelectionUTF16", "\(range.count)"))
        let bold = controller.visibleFragments.first?.textElement.attributedString.runs.first?.font?.weight == .bold
        report.append(("boldVisible", "\(bold)"))
        let undoStart = clock.now
        view.undo()
        controller.layoutViewport()
        record("undoBoldSelectionSeconds", (clock.now - undoStart).seconds)
    }

    /// Typing beside an attachment shown by a live view, `.onEditingInlineParagraphs`
    /// registered for its provider: each keystroke lays the attachment's paragraph out again
    /// and shows the viewport's views. In a view of its own (the viewport delegate is the text
    /// view, as in an app), once the session's view has let go of the document; the views
    /// loaded while typing should be none. Beside it, raw HarfBuzz shaping of the paragraph.
    mutating func typeBesideAttachment(_ keystrokes: Int, size: CGSize) throws {
        guard keystrokes > 0 else { return }
        storage.removeTextLayoutManager(view.textLayoutManager)
        let manager = TextLayoutManager(
            textContainer: TextContainer(size: CGSize(width: size.width, height: 0)), defaultFont: font)
        let attached = TextView(storage: storage, layoutManager: manager)
        attached.visibleRect = CGRect(origin: .zero, size: size)
        TextAttachment.registerViewProviderClass(
            AttachmentProbeProvider.self, forFileType: AttachmentProbeProvider.fileType)
        attached.register([.onEditingInlineParagraphs], forTextAttachmentViewProviderType: AttachmentProbeProvider.self)
        // An attachment in the middle of the document, then the caret after it.
        let middle = storage.utf16Length / 2
        attached.setSelectedRange(NSRange(location: middle, length: 0))
        var piece = AttributedString(" \u{FFFC} ")
        let attachment = TextAttachment(data: nil, ofType: AttachmentProbeProvider.fileType)
        attachment.bounds = CGRect(x: 0, y: -4, width: 120, height: 24)
        piece[piece.range(of: "\u{FFFC}")!].attachment = attachment
        attached.insertText(piece, replacementRange: notFound)
        attached.scrollRangeToVisible(attached.selectedRange())
        attached.layoutIfNeeded()
        let views = { for placement in attached.textAttachmentViewPlacements { _ = placement.provider.view } }
        views()
        let cache = manager.textAttachmentViewProviderCache
        let before = cache.statistics
        var timer = KeystrokeTimer(capacity: keystrokes)
        for index in 0 ..< keystrokes {
            timer.time {
                attached.insertText(index % 8 == 7 ? " " : "a", replacementRange: notFound)
                attached.layoutIfNeeded()
                views()
            }
        }
        let after = cache.statistics
        recordPercentiles("attachmentParagraphInsertText", timer)
        report.append(("attachmentViewsShown", "\(attached.textAttachmentViewPlacements.count)"))
        report.append(("attachmentLoadViewCallsWhileTyping", "\(after.viewsLoaded - before.viewsLoaded)"))
        report.append(("attachmentProvidersReusedWhileTyping", "\(after.providersReused - before.providersReused)"))
        report.append(("attachmentProvidersMadeWhileTyping", "\(after.providersMade - before.providersMade)"))
        // The paragraph typed into, shaped by raw HarfBuzz once (its text without the U+FFFC,
        // which layout does not shape either).
        let paragraph = attached.textAttachmentViewPlacements.first.map {
            String($0.textLayoutFragment.textElement.attributedString.characters[...])
                .replacingOccurrences(of: "\u{FFFC}", with: "")
        }
        guard let paragraph else { return }
        let raw = try RawShaping.seconds(toShape: [paragraph], font: font)
        record("attachmentParagraphRawHarfBuzzSeconds", raw)
        report.append(("attachmentParagraphUTF16", "\(paragraph.utf16.count + 1)"))
        report.append(
            (
                "attachmentParagraphInsertTextMedianRatioToRawShaping",
                jsonNumber(percentile(timer.samples.sorted(), 0.5) / max(raw, 1e-9), "%.3f")
            ))
    }

    /// Raw HarfBuzz shaping of the first viewport's paragraphs, and the memory, last.
    mutating func compareWithRawShaping() throws {
        report.append(("residentBytes", "\(ProcessMemory.residentBytes())"))
        report += try RawShaping.firstViewportFigures(
            firstViewportText, font: font, layoutSeconds: firstViewportSeconds)
    }

    /// `grep -o PATTERN FILE | wc -l` run by the shell, timed from launch to exit.
    static func grepCount(_ pattern: String, in path: String) throws -> (count: Int, seconds: Double) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "grep -o -F -e \"$1\" \"$2\" | wc -l", "otk", pattern, path]
        let output = Pipe()
        process.standardOutput = output
        let clock = ContinuousClock()
        let start = clock.now
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let seconds = (clock.now - start).seconds
        let count = Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        return (count, seconds)
    }
}
