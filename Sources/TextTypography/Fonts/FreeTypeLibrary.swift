@_spi(Typesetting) public import CFreeType
import Synchronization

/// The one FreeType library instance of the process. FreeType lets faces of one library be used
/// from different threads, one thread per face at a time, as long as creating and destroying
/// faces is serialized: that is what the lock here is for.
@_spi(Typesetting) public final class FreeTypeLibrary: @unchecked Sendable {
    @_spi(Typesetting) public static let shared = FreeTypeLibrary()

    private let library: FT_Library?
    private let initError: FT_Error
    private let lock = Mutex(())

    private init() {
        var library: FT_Library?
        initError = FT_Init_FreeType(&library)
        self.library = initError == 0 ? library : nil
    }

    /// Opens face `index` of the file at `path`.
    @_spi(Typesetting) public func newFace(path: String, index: Int) throws(FontError) -> FT_Face {
        guard let library else {
            throw .unreadableFont(
                path: path, index: index, reason: "FreeType failed to initialize (error \(initError))")
        }
        var face: FT_Face?
        let error = lock.withLock { _ in FT_New_Face(library, path, FT_Long(index), &face) }
        guard error == 0, let face else {
            throw .unreadableFont(path: path, index: index, reason: "FT_New_Face error \(error)")
        }
        return face
    }

    /// Closes a face opened by `newFace`.
    @_spi(Typesetting) public func doneFace(_ face: FT_Face) {
        lock.withLock { _ in _ = FT_Done_Face(face) }
    }
}
