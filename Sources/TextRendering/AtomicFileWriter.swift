import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a file so that nobody ever finds it half-written: the bytes go to a temporary file in
/// the target's folder, every write and the close are checked, and only a complete file is
/// renamed over the target. A failure, a crash or a kill leaves the target as it was.
///
/// ```swift
/// let writer = try AtomicFileWriter(path: "out.json")
/// try writer.write(Data(json.utf8))
/// try writer.commit()
/// ```
/// A writer dropped without `commit()` removes its temporary file.
package final class AtomicFileWriter {
    /// The file replaced on commit (a symbolic link's target, so that the link keeps working).
    package let path: String
    /// Where the bytes go until the commit.
    package let temporaryPath: String
    private var descriptor: Int32
    /// The first failed write's reason; later writes are skipped.
    package private(set) var failure: String?
    private var isDone = false

    /// The temporary files of every writer not yet committed or discarded, so that a process
    /// stopped by a signal can remove them (see `removeAllTemporaryFiles()`).
    nonisolated(unsafe) private static var temporaryPaths: Set<String> = []
    private static let lock = NSLock()

    /// Opens a temporary file beside `path`. Throws `.unwritable` naming `path` and the reason.
    package init(path: String) throws(RenderingError) {
        // Follow a symbolic link to an existing file, so that the link itself is not replaced.
        var target = path
        if let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        // A rename would replace a file the user may not write: refuse, as writing in place would.
        if access(target, F_OK) == 0, access(target, W_OK) != 0 {
            throw .unwritable(path: path, reason: String(cString: strerror(errno)))
        }
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        var opened: (Int32, String)?
        var reason = "cannot make a temporary file"
        for _ in 0 ..< 16 {
            let random = String(UInt64.random(in: 0 ... UInt64.max), radix: 36)
            let candidate = (folder.isEmpty ? "" : folder + "/") + ".\(name).\(random).tmp"
            // 0o666 lets the umask decide the permissions, as for any file a program creates.
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 {
                opened = (fd, candidate)
                break
            }
            let code = errno
            reason = String(cString: strerror(code))
            guard code == EEXIST else { break }
        }
        guard let (fd, temporary) = opened else { throw .unwritable(path: path, reason: reason) }
        self.path = target
        temporaryPath = temporary
        descriptor = fd
        Self.lock.withLock { _ = Self.temporaryPaths.insert(temporary) }
    }

    /// Removes the temporary file of every writer still open: for a process that is being
    /// stopped (by SIGINT or SIGTERM) and will never commit them. Their targets are untouched.
    package static func removeAllTemporaryFiles() {
        lock.withLock {
            for path in temporaryPaths { unlink(path) }
            temporaryPaths = []
        }
    }

    deinit { discard() }

    /// Appends `bytes`; false (and `failure` set) when the system refused them.
    @discardableResult
    package func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard failure == nil, !isDone else { return false }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                failure = String(cString: strerror(errno))
                return false
            }
            offset += written
        }
        return true
    }

    /// Appends `data`, throwing `.unwritable` when the system refused it.
    package func write(_ data: Data) throws(RenderingError) {
        let ok = data.withUnsafeBytes { write($0) }
        guard ok else { throw .unwritable(path: path, reason: failure ?? "the file is already closed") }
    }

    /// Flushes and closes the temporary file and renames it over the target. Throws (leaving
    /// the target as it was) when any write, the flush, the close or the rename failed.
    package func commit() throws(RenderingError) {
        guard !isDone else { throw .unwritable(path: path, reason: "the file is already closed") }
        if let failure {
            discard()
            throw .unwritable(path: path, reason: failure)
        }
        // The data must be on disk before the name points at it, or a crash could leave an empty file.
        if fsync(descriptor) != 0, errno != EINVAL {
            let reason = String(cString: strerror(errno))
            discard()
            throw .unwritable(path: path, reason: reason)
        }
        let closed = close(descriptor)
        descriptor = -1
        if closed != 0 {
            let reason = String(cString: strerror(errno))
            discard()
            throw .unwritable(path: path, reason: reason)
        }
        if rename(temporaryPath, path) != 0 {
            let reason = String(cString: strerror(errno))
            discard()
            throw .unwritable(path: path, reason: reason)
        }
        isDone = true
        Self.lock.withLock { _ = Self.temporaryPaths.remove(temporaryPath) }
    }

    /// Closes and removes the temporary file; the target is untouched.
    package func discard() {
        guard !isDone else { return }
        isDone = true
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(temporaryPath)
        Self.lock.withLock { _ = Self.temporaryPaths.remove(temporaryPath) }
    }
}
