import ArgumentParser
import Foundation
import OpenTextKit
#if canImport(Glibc)
import Glibc
#endif

/// A file as the system knows it (device and inode), whatever name or symbolic link reaches
/// it: two paths with the same identity are one file, so writing one overwrites the other.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64
    /// Whether it is a regular file (not a device, FIFO, socket or folder).
    let isRegularFile: Bool

    /// The identity of the file at `path` (symbolic links followed), or nil when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        isRegularFile = info.st_mode & S_IFMT == S_IFREG
    }

    /// The one check every command that writes makes before it writes `output`: refuses when
    /// `output` is the input file `input` by any name (itself, `./`, a symbolic or hard link),
    /// which writing would destroy. A device or FIFO read and written (`/dev/null`) is no file
    /// to lose, and is allowed.
    static func checkOutput(_ output: String, option: String, isNotInput input: String) throws {
        guard let inputIdentity = FileIdentity(path: input), inputIdentity.isRegularFile,
            FileIdentity(path: output) == inputIdentity
        else { return }
        throw ValidationError(
            "The output \(QuotedValue(output, limit: 200)) is the input file \(QuotedValue(input, limit: 200)) "
                + "itself; it is not overwritten. Choose another output with \(option)."
        )
    }
}
