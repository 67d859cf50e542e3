import FileOutput
import Foundation
import Testing
import TestFixtures

/// The writer gathers small writes (Cairo's PDF writer makes tens of thousands) and hands them
/// to the system a buffer at a time: every byte arrives, in order, whatever the sizes.
@Suite struct AtomicFileWriterBufferTests {
    @Test func writesOfEverySizeArriveWhole() throws {
        let folder = try SpecialFiles.folder("otk-buffer")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.bin").path
        var random = SplitMix64(seed: 9)
        var expected: [UInt8] = []
        let writer = try AtomicFileWriter(path: path)
        let text = Array("English, العربية, ಕನ್ನಡ, ไทย, 👍🏽 ".utf8)
        for _ in 0 ..< 20_000 {
            // Mostly small, some empty, some as large as the buffer and past it.
            let size = [0, 1, 7, 40, 300, AtomicFileWriter.bufferCapacity, AtomicFileWriter.bufferCapacity + 3]
                .randomElement(using: &random)!
            let piece = (0 ..< size).map { text[($0 + expected.count) % text.count] }
            expected += piece
            #expect(piece.withUnsafeBytes { writer.write($0) })
            if expected.count > 8_000_000 { break }
        }
        // Nothing is renamed over the target before the commit.
        #expect(!FileManager.default.fileExists(atPath: path))
        try writer.commit()
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == expected)
    }

    @Test(.enabled(if: SpecialFiles.isRoot, "only root can make device nodes"))
    func aFullDeviceIsFoundAtTheCommitAtTheLatest() throws {
        let folder = try SpecialFiles.folder("otk-buffer-full")
        defer { try? FileManager.default.removeItem(at: folder) }
        let node = folder.appendingPathComponent("full").path
        try SpecialFiles.makeCharacterDevice(at: node, major: 1, minor: 7)
        let writer = try AtomicFileWriter(path: node)
        // A small write is only gathered: the refusal shows at the commit.
        #expect(Data("a few bytes".utf8).withUnsafeBytes { writer.write($0) })
        #expect(throws: FileOutputError.unwritable(path: node, reason: "No space left on device")) {
            try writer.commit()
        }
        // A write past the buffer reaches the device at once and is refused there.
        let second = try AtomicFileWriter(path: node)
        let large = [UInt8](repeating: 0x41, count: AtomicFileWriter.bufferCapacity * 2)
        #expect(!large.withUnsafeBytes { second.write($0) })
        #expect(second.failure == "No space left on device")
    }

    @Test func whatAFIFOWasGivenReachesItsReaderEvenWhenDiscarded() throws {
        let folder = try SpecialFiles.folder("otk-buffer-fifo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("out").path
        try SpecialFiles.makeFIFO(at: fifo)
        let reader = SpecialFiles.Reader(fifo: fifo)
        let writer = try AtomicFileWriter(path: fifo)
        let text = Data("English, العربية, ಕನ್ನಡ 👍🏽".utf8)
        #expect(text.withUnsafeBytes { writer.write($0) })
        writer.discard()
        #expect(reader.finish() == text)
    }
}
