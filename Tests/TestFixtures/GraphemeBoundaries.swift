/// The grapheme-cluster boundaries of `text` as UTF-16 offsets (0 and the end included): where
/// a caret or a word edge may stand, for tests that check one never lands inside a cluster.
public func graphemeBoundaries(_ text: String) -> Set<Int> {
    var offsets: Set<Int> = [0], offset = 0
    for character in text {
        offset += character.utf16.count
        offsets.insert(offset)
    }
    return offsets
}
