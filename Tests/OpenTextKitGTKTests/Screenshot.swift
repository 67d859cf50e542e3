import Foundation

/// A picture of an X screen, read from the XWD file Xvfb keeps its screen in (a 32-bit
/// TrueColor image, blue green red and an unused byte per pixel on this machine's server).
struct Screenshot: Equatable {
    struct Unreadable: Error {}

    let width: Int
    let height: Int
    /// Each pixel's grey level, 0 (black) ... 255 (white), row by row.
    let grey: [UInt8]
    /// How much each pixel's red passes its other channels (0 for greys, and other colours).
    let redExcess: [UInt8]
    /// How much each pixel's green passes its other channels.
    let greenExcess: [UInt8]
    /// How much each pixel's blue passes its other channels.
    let blueExcess: [UInt8]

    init(xwd data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.count >= 100 else { throw Unreadable() }
        func field(_ index: Int) -> Int {
            bytes[index * 4 ..< index * 4 + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        let headerSize = field(0), width = field(4), height = field(5), bitsPerPixel = field(11)
        let bytesPerLine = field(12), colorCount = field(19)
        let start = headerSize + colorCount * 12
        guard bitsPerPixel == 32, width > 0, height > 0, start + bytesPerLine * height <= bytes.count else {
            throw Unreadable()
        }
        self.width = width
        self.height = height
        var grey = [UInt8](repeating: 0, count: width * height)
        var redExcess = grey, greenExcess = grey, blueExcess = grey
        for y in 0 ..< height {
            let row = start + y * bytesPerLine
            for x in 0 ..< width {
                let pixel = row + x * 4
                let (blue, green, red) = (bytes[pixel], bytes[pixel + 1], bytes[pixel + 2])
                grey[y * width + x] = UInt8((Int(blue) + Int(green) + Int(red)) / 3)
                redExcess[y * width + x] = red > max(green, blue) ? red - max(green, blue) : 0
                greenExcess[y * width + x] = green > max(red, blue) ? green - max(red, blue) : 0
                blueExcess[y * width + x] = blue > max(red, green) ? blue - max(red, green) : 0
            }
        }
        self.grey = grey
        self.redExcess = redExcess
        self.greenExcess = greenExcess
        self.blueExcess = blueExcess
    }

    /// How many pixels of `rect` (x, y, width, height; clipped to the screen) are darker than
    /// `threshold` (mid-grey by default): ink.
    func ink(x: Int, y: Int, width: Int, height: Int, threshold: UInt8 = 128) -> Int {
        var count = 0
        for row in max(0, y) ..< min(self.height, y + height) {
            for column in max(0, x) ..< min(self.width, x + width) where grey[row * self.width + column] < threshold {
                count += 1
            }
        }
        return count
    }

    /// Whether the editor's window shows text: its white background at the top left (the
    /// screen is black elsewhere) with ink on it, right of the gutter's numbers.
    /// How many pixels of `rect` (x, y, width, height; clipped to the screen) are clearly red
    /// (a spelling mark), and clearly green (a grammar mark).
    func marks(x: Int, y: Int, width: Int, height: Int) -> (red: Int, green: Int) {
        var red = 0, green = 0
        for row in max(0, y) ..< min(self.height, y + height) {
            for column in max(0, x) ..< min(self.width, x + width) {
                if redExcess[row * self.width + column] > 60 { red += 1 }
                if greenExcess[row * self.width + column] > 60 { green += 1 }
            }
        }
        return (red, green)
    }

    /// How many pixels of `rect` (clipped to the screen) are clearly blue (a proposal's
    /// underline).
    func blues(x: Int, y: Int, width: Int, height: Int) -> Int {
        var count = 0
        for row in max(0, y) ..< min(self.height, y + height) {
            for column in max(0, x) ..< min(self.width, x + width) where blueExcess[row * self.width + column] > 60 {
                count += 1
            }
        }
        return count
    }

    var showsText: Bool {
        var white = 0
        for row in 0 ..< min(height, 40) {
            for column in 40 ..< min(width, 600) where grey[row * width + column] > 200 { white += 1 }
        }
        return white > 1_000 && ink(x: 24, y: 0, width: 856, height: 40) > 0
    }

    /// How many pixels of the band of rows `rows` differ from `other`'s.
    func differences(from other: Screenshot, rows: Range<Int>, columns: Range<Int>? = nil) -> Int {
        let columns = columns ?? 0 ..< width
        var count = 0
        for row in rows.clamped(to: 0 ..< height) {
            for column in columns.clamped(to: 0 ..< width)
            where grey[row * width + column] != other.grey[row * width + column] {
                count += 1
            }
        }
        return count
    }

    /// The bands of `rows` holding ink within `columns`, top to bottom (the lines of text shown).
    func inkBands(columns: Range<Int>, rows: Range<Int>) -> [Range<Int>] {
        var bands: [Range<Int>] = []
        var start: Int?
        let rows = rows.clamped(to: 0 ..< height)
        for row in rows {
            let hasInk = columns.clamped(to: 0 ..< width).contains { grey[row * width + $0] < 128 }
            if hasInk, start == nil { start = row }
            if !hasInk, let first = start {
                bands.append(first ..< row)
                start = nil
            }
        }
        if let start { bands.append(start ..< rows.upperBound) }
        return bands
    }

    /// How far down `other` shows what this shows: the shift (`0 ..< maximum`) at which the rows
    /// `rows` of this, moved up by it, best match `other`'s within `columns`, and how many
    /// pixels still differ there (a few, where a line came to stand a fraction of a pixel
    /// elsewhere; many, where the text moved by something other than the scroll).
    func verticalShift(
        to other: Screenshot, rows: Range<Int>, columns: Range<Int>, maximum: Int
    ) -> (
        shift: Int, differing: Int
    ) {
        let columns = columns.clamped(to: 0 ..< width)
        var best = (shift: 0, differing: Int.max)
        for shift in 0 ..< maximum {
            let compared = (rows.lowerBound + shift) ..< rows.upperBound
            guard compared.count > rows.count / 2 else { break }
            var differing = 0
            for row in compared where differing < best.differing {
                for column in columns where grey[row * width + column] != other.grey[(row - shift) * width + column] {
                    differing += 1
                }
            }
            if differing < best.differing { best = (shift, differing) }
        }
        return best
    }
}
