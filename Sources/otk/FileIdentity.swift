import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file as the system knows it (device and inode), whatever name or symbolic link reaches
/// it: two paths with the same identity are one file, so writing one overwrites the other.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    /// The identity of the file at `path` (symbolic links followed), or nil when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
