import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Files that are not regular files, made in a temporary folder for output tests: device nodes
/// (made with mknod, as root only; never the system's /dev, which a failing test would
/// destroy), FIFOs and Unix sockets, each with a reader.
public enum SpecialFiles {
    /// Whether the tests run as root (as CI and containers do): only root can make device nodes.
    public static var isRoot: Bool { getuid() == 0 }

    /// A new empty folder anyone may write (so that a child process without privileges can).
    public static func folder(_ prefix: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o777)
        return folder
    }

    /// Linux's dev_t of `major`, `minor` (gnu_dev_makedev).
    static func device(_ major: UInt32, _ minor: UInt32) -> dev_t {
        let major = UInt64(major), minor = UInt64(minor)
        return dev_t((minor & 0xFF) | ((major & 0xFFF) << 8) | ((minor & ~0xFF) << 12) | ((major & ~0xFFF) << 32))
    }

    /// Makes a character device node at `path` with mode 0666, as /dev/null (1, 3) and /dev/full
    /// (1, 7) are.
    public static func makeCharacterDevice(at path: String, major: UInt32, minor: UInt32) throws {
        guard mknod(path, S_IFCHR | 0o666, device(major, minor)) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPERM)
        }
        chmod(path, 0o666)
    }

    /// Makes a FIFO at `path` anyone may write.
    public static func makeFIFO(at path: String) throws {
        guard mkfifo(path, 0o666) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPERM) }
        chmod(path, 0o666)
    }

    /// Whether `path` itself (not followed) is a character device of `major`, `minor`.
    public static func isCharacterDevice(_ path: String, major: UInt32, minor: UInt32) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR && info.st_rdev == device(major, minor)
    }

    /// The file type bits of `path` itself (not followed): S_IFREG, S_IFLNK, S_IFIFO, ...
    public static func type(of path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    /// Reads everything written into a FIFO or a listening Unix socket, on a thread of its own,
    /// until the writer closes it.
    public final class Reader: @unchecked Sendable {
        private let path: String
        private let isSocket: Bool
        private let listener: Int32
        /// The FIFO itself (O_PATH: neither a reader nor a writer), to unblock the reader even
        /// when a writer replaced the name with a file of its own.
        private let fifo: Int32
        private let done = DispatchSemaphore(value: 0)
        private let received = Mutex(Data())

        /// Starts reading the FIFO at `path`.
        public init(fifo path: String) {
            self.path = path
            isSocket = false
            listener = -1
            fifo = open(path, Self.pathOnly | O_CLOEXEC)
            start()
        }

        /// Makes a Unix stream socket listening at `path` and starts reading its first connection.
        public init(socketAt path: String) throws {
            self.path = path
            isSocket = true
            fifo = -1
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = Self.address(path)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            guard fd >= 0, bound == 0, listen(fd, 1) == 0 else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPERM)
            }
            chmod(path, 0o777)
            listener = fd
            start()
        }

        /// Linux's O_PATH (a macro Swift does not import).
        static let pathOnly: Int32 = 0o10_000_000

        static func address(_ path: String) -> sockaddr_un {
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
            return address
        }

        private func start() {
            let thread = Thread { [self] in
                let fd = isSocket ? accept(listener, nil, nil) : open("/proc/self/fd/\(fifo)", O_RDONLY)
                if fd >= 0 {
                    var buffer = [UInt8](repeating: 0, count: 1 << 16)
                    while true {
                        let count = read(fd, &buffer, buffer.count)
                        if count < 0, errno == EINTR { continue }
                        guard count > 0 else { break }
                        received.withLock { $0.append(contentsOf: buffer[0 ..< count]) }
                    }
                    close(fd)
                }
                done.signal()
            }
            thread.start()
        }

        /// Everything read, once the writer has closed (or after `timeout` seconds, when the
        /// reader is unblocked by a writer of its own that writes nothing).
        public func finish(timeout: Double = 30) -> Data {
            if done.wait(timeout: .now() + timeout) == .timedOut {
                if isSocket {
                    // Wakes accept() even when the name now leads elsewhere.
                    shutdown(listener, Int32(SHUT_RDWR))
                } else {
                    close(open("/proc/self/fd/\(fifo)", O_WRONLY | O_NONBLOCK))
                }
                done.wait()
            }
            if listener >= 0 { close(listener) }
            if fifo >= 0 { close(fifo) }
            return received.withLock { $0 }
        }
    }
}
