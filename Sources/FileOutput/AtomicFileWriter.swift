import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a file so that nobody ever finds it half-written: the bytes go to a temporary file in
/// the target's folder, every write and the close are checked, and only a complete file is
/// renamed over the target. A failure, a crash or a kill leaves the target as it was. A regular
/// file replaced keeps its permission bits and (when the process runs as root) its owner and
/// group; a new file gets the umask's mode.
///
/// What is not a regular file is never replaced:
/// - a symbolic link is followed (a chain of them too, and a link to a file not yet made): the
///   file it names is what is replaced, and the link is kept;
/// - a character or block device (`/dev/null`, a tape, a terminal), a FIFO or a Unix socket is
///   written in place, as `cat > target` would: the bytes stream into it, a failed write (ENOSPC
///   from a full device) is an error naming the target and the reason, and nothing can be taken
///   back. A FIFO with no reader is waited for at most ``defaultFIFOReaderWait`` seconds, then an error;
/// - a folder is an error.
///
/// ```swift
/// let writer = try AtomicFileWriter(path: "out.json")
/// try writer.write(Data(json.utf8))
/// try writer.commit()
/// ```
/// A writer dropped without `commit()` removes its temporary file.
public final class AtomicFileWriter {
    /// The path as the caller gave it (what errors name).
    public let path: String
    /// What is written: `path` with its symbolic links followed.
    public let target: String
    /// Where the bytes go until the commit (nil when the target is written in place).
    public let temporaryPath: String?
    /// Whether the target is a device, FIFO or socket written in place.
    public var writesInPlace: Bool { temporaryPath == nil }
    private var descriptor: Int32
    /// The first failed write's reason; later writes are skipped.
    public private(set) var failure: String?
    private var isDone = false
    /// Bytes written but not yet handed to the system: small writes (Cairo's PDF writer makes
    /// 60,000 of them for the KJV, a system call each) are gathered up to `bufferCapacity`.
    private let buffer = UnsafeMutableRawBufferPointer.allocate(
        byteCount: AtomicFileWriter.bufferCapacity, alignment: 16)
    private var buffered = 0
    /// How many bytes are gathered before they are written.
    public static let bufferCapacity = 64 * 1024

    /// How long opening a FIFO waits for a process to read it, in seconds.
    public static let defaultFIFOReaderWait: Double = 10

    /// The temporary files of every writer not yet committed or discarded, so that a process
    /// stopped by a signal can remove them (see `removeAllTemporaryFiles()`).
    nonisolated(unsafe) private static var temporaryPaths: Set<String> = []
    private static let lock = NSLock()

    /// Opens a temporary file beside `path` (or `path` itself when it is a device, FIFO or
    /// socket). Throws `.unwritable` naming `path` and the reason. A FIFO that no process
    /// opens for reading within `fifoReaderWait` seconds is an error.
    public init(path: String, fifoReaderWait: Double = AtomicFileWriter.defaultFIFOReaderWait) throws(FileOutputError) {
        self.path = path
        let target = try Self.followingLinks(path)
        self.target = target
        var info = stat()
        if stat(target, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                break
            case S_IFDIR:
                throw .unwritable(path: path, reason: "it is a folder")
            case S_IFSOCK:
                descriptor = try Self.connect(toSocket: target, path: path)
                temporaryPath = nil
                return
            default: // character and block devices, FIFOs
                descriptor = try Self.openInPlace(
                    target, isFIFO: info.st_mode & S_IFMT == S_IFIFO, wait: fifoReaderWait, path: path)
                temporaryPath = nil
                return
            }
            // A rename would replace a file the user may not write: refuse, as writing in place would.
            if access(target, W_OK) != 0 { throw .unwritable(path: path, reason: String(cString: strerror(errno))) }
        }
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        var opened: (Int32, String)?
        var reason = "cannot make a temporary file"
        for _ in 0 ..< 16 {
            let random = String(UInt64.random(in: 0 ... UInt64.max), radix: 36)
            let candidate = (folder.isEmpty ? "" : folder + "/") + ".\(name).\(random).tmp"
            // 0o666 lets the umask decide the permissions, as for any file a program creates.
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
            if fd >= 0 {
                opened = (fd, candidate)
                break
            }
            let code = errno
            reason = String(cString: strerror(code))
            guard code == EEXIST else { break }
        }
        guard let (fd, temporary) = opened else { throw .unwritable(path: path, reason: reason) }
        temporaryPath = temporary
        descriptor = fd
        Self.lock.withLock { _ = Self.temporaryPaths.insert(temporary) }
    }

    /// `path` with every symbolic link in its last component followed (relative links resolve
    /// against their own folder), so that the file a link names is replaced and the link kept;
    /// also a link to a file not yet made. Links in the folders are left to the system.
    private static func followingLinks(_ path: String) throws(FileOutputError) -> String {
        var current = path
        for _ in 0 ..< 40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { throw .unwritable(path: path, reason: String(cString: strerror(errno))) }
            let destination = String(decoding: buffer[0 ..< count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current =
                destination.hasPrefix("/")
                ? destination
                : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        }
        throw .unwritable(path: path, reason: String(cString: strerror(ELOOP)))
    }

    /// Opens a device or FIFO for writing where it is. A FIFO is opened without blocking, so
    /// that one nobody reads is an error after a wait rather than a hang.
    private static func openInPlace(
        _ target: String, isFIFO: Bool, wait: Double, path: String
    ) throws(FileOutputError) -> Int32 {
        let flags = O_WRONLY | O_CLOEXEC | O_NOCTTY
        guard isFIFO else {
            let fd = open(target, flags)
            guard fd >= 0 else { throw .unwritable(path: path, reason: String(cString: strerror(errno))) }
            return fd
        }
        let deadline = ContinuousClock.now + .milliseconds(Int(max(0, min(wait, 86_400)) * 1000))
        while true {
            let fd = open(target, flags | O_NONBLOCK)
            if fd >= 0 {
                // Writes block again, as a pipe's writer expects: a slow reader is waited for.
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
                return fd
            }
            let code = errno
            guard code == ENXIO || code == EINTR else {
                throw .unwritable(path: path, reason: String(cString: strerror(code)))
            }
            guard ContinuousClock.now < deadline else {
                throw .unwritable(
                    path: path, reason: "it is a FIFO and no process opened it for reading within \(wait) seconds")
            }
            usleep(10_000)
        }
    }

    /// Connects to the Unix socket at `target` (a stream socket), to write into it.
    private static func connect(toSocket target: String, path: String) throws(FileOutputError) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(target.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            throw .unwritable(path: path, reason: "a socket's path can be at most \(capacity - 1) bytes")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .unwritable(path: path, reason: String(cString: strerror(errno))) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .unwritable(path: path, reason: "cannot connect to the socket: \(reason)")
        }
        return fd
    }

    /// Removes the temporary file of every writer still open: for a process that is being
    /// stopped (by SIGINT or SIGTERM) and will never commit them. Their targets are untouched.
    public static func removeAllTemporaryFiles() {
        lock.withLock {
            for path in temporaryPaths { unlink(path) }
            temporaryPaths = []
        }
    }

    deinit {
        discard()
        buffer.deallocate()
    }

    /// Appends `bytes`; false (and `failure` set) when the system refused them. Bytes are
    /// gathered and written `bufferCapacity` at a time, so a refusal may show at a later write
    /// or at `commit()`; a device or FIFO receives them in such chunks.
    @discardableResult
    public func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard failure == nil, !isDone else { return false }
        if buffered + bytes.count > buffer.count {
            guard flush() else { return false }
            // What would fill the buffer goes straight through.
            if bytes.count >= buffer.count { return writeThrough(bytes) }
        }
        if let base = bytes.baseAddress, !bytes.isEmpty {
            (buffer.baseAddress! + buffered).copyMemory(from: base, byteCount: bytes.count)
            buffered += bytes.count
        }
        return true
    }

    /// Hands the gathered bytes to the system; false (and `failure` set) when it refused them.
    private func flush() -> Bool {
        guard buffered > 0 else { return failure == nil }
        let count = buffered
        buffered = 0
        return writeThrough(UnsafeRawBufferPointer(rebasing: buffer[0 ..< count]))
    }

    private func writeThrough(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard failure == nil else { return false }
        var offset = 0
        while offset < bytes.count {
            // A FIFO's or socket's reader gone away raises SIGPIPE, as for any Unix writer (a
            // process that ignores the signal gets EPIPE here, reported as a failure).
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                failure = String(cString: strerror(errno))
                return false
            }
            if written == 0 {
                failure = "the device took no more bytes"
                return false
            }
            offset += written
        }
        return true
    }

    /// Appends `data`, throwing `.unwritable` when the system refused it.
    public func write(_ data: Data) throws(FileOutputError) {
        let ok = data.withUnsafeBytes { write($0) }
        guard ok else { throw .unwritable(path: path, reason: failure ?? "the file is already closed") }
    }

    /// Gives the temporary file the replaced file's mode (and, as root, owner and group), flushes
    /// and closes it and renames it over the target (or closes the device, FIFO or socket
    /// written in place). Throws (leaving a regular target as it was) when any write, the mode,
    /// the flush, the close or the rename failed.
    public func commit() throws(FileOutputError) {
        guard !isDone else { throw .unwritable(path: path, reason: "the file is already closed") }
        _ = flush()
        if let failure {
            discard()
            throw .unwritable(path: path, reason: failure)
        }
        if temporaryPath != nil, let reason = keepModeAndOwnerOfTarget() {
            discard()
            throw .unwritable(path: path, reason: reason)
        }
        // The data must be on disk before the name points at it, or a crash could leave an empty file.
        if temporaryPath != nil, fsync(descriptor) != 0, errno != EINVAL {
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
        if let temporaryPath, rename(temporaryPath, target) != 0 {
            let reason = String(cString: strerror(errno))
            discard()
            throw .unwritable(path: path, reason: reason)
        }
        isDone = true
        if let temporaryPath { Self.lock.withLock { _ = Self.temporaryPaths.remove(temporaryPath) } }
    }

    /// Gives the temporary file what the regular file it replaces had: its permission bits
    /// (read, write and execute for owner, group and others; not set-user-ID, set-group-ID or
    /// sticky, which a write clears too) and, when the process may (as root), its owner and
    /// group; without privileges, its group when the user belongs to it. A new file keeps the
    /// umask's mode. Returns the reason when the mode could not be set (an owner or group that
    /// cannot be given is left as it is: the file then belongs to the user who wrote it).
    private func keepModeAndOwnerOfTarget() -> String? {
        var info = stat()
        guard stat(target, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        if geteuid() == 0 {
            _ = fchown(descriptor, info.st_uid, info.st_gid)
        } else if info.st_gid != getegid() {
            _ = fchown(descriptor, uid_t.max, info.st_gid) // uid -1: the owner unchanged
        }
        guard fchmod(descriptor, info.st_mode & 0o777) == 0 else { return String(cString: strerror(errno)) }
        return nil
    }

    /// Closes and removes the temporary file; a regular target is untouched (what was written
    /// to a device, FIFO or socket is already there).
    public func discard() {
        guard !isDone else { return }
        // What a device, FIFO or socket was given is delivered: nothing written there is taken back.
        if writesInPlace { _ = flush() }
        isDone = true
        buffered = 0
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if let temporaryPath {
            unlink(temporaryPath)
            Self.lock.withLock { _ = Self.temporaryPaths.remove(temporaryPath) }
        }
    }
}
