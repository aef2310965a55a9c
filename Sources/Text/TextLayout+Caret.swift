import Raster

/// Carets, hit testing and selections: positions are offsets between characters (grapheme
/// clusters, Swift's `Character`), counted from the start of the laid-out text, as a
/// text field counts them. Every position is found in the line's visual order: in a
/// right-to-left run the caret before a character stands at its right edge.
extension TextLayout {
    /// The left and right edges of each character of line `i`, from the line's left end,
    /// and whether it runs right to left. A ligature's width is shared equally by the
    /// characters it joins (the first from its reading side).
    func characterEdges(line i: Int) -> [Int: (left: Double, right: Double, rightToLeft: Bool)] {
        let line = lines[i]
        let present = Set(line.glyphs.map(\.character).filter { $0 >= 0 }).sorted()
        var edges: [Int: (left: Double, right: Double, rightToLeft: Bool)] = [:]
        var x = 0.0
        var k = 0
        while k < line.glyphs.count {
            let first = line.glyphs[k]
            var j = k
            var w = 0.0
            while j < line.glyphs.count && line.glyphs[j].cluster == first.cluster
                && line.glyphs[j].level == first.level
            {
                w += line.glyphs[j].advance
                j += 1
            }
            let c = line.glyphs[k..<j].map(\.character).filter { $0 >= 0 }.min() ?? -1
            if c >= 0 {
                let next = present.first { $0 > c } ?? line.characters.upperBound
                let count = max(1, next - c)
                let rtl = first.level % 2 == 1
                for n in 0..<count {
                    let part = w / Double(count)
                    let from = rtl ? x + w - Double(n + 1) * part : x + Double(n) * part
                    edges[c + n] = (from, from + part, rtl)
                }
            }
            x += w
            k = j
        }
        return edges
    }

    /// The line a position belongs to: the line holding the character after it, else
    /// the line it ends.
    func line(of offset: Int) -> Int {
        if let i = lines.firstIndex(where: { $0.characters.contains(offset) }) { return i }
        return lines.lastIndex { $0.characters.upperBound == offset } ?? max(0, lines.count - 1)
    }

    /// Whether the character after a position runs right to left (the one before it at
    /// a line's end; the paragraph's direction in an empty line): which way a word move
    /// goes for Left and Right.
    public func isRightToLeft(at offset: Int) -> Bool {
        guard !lines.isEmpty else { return false }
        let i = line(of: offset)
        let edges = characterEdges(line: i)
        return (edges[offset] ?? edges[offset - 1])?.rightToLeft ?? lines[i].rightToLeft
    }

    /// The caret's x on line `i` for a position, from the line's left end.
    func caretX(line i: Int, at offset: Int, edges: [Int: (left: Double, right: Double, rightToLeft: Bool)]) -> Double {
        if let e = edges[offset] { return e.rightToLeft ? e.right : e.left }
        if let e = edges[offset - 1] { return e.rightToLeft ? e.left : e.right }
        return lines[i].rightToLeft ? lines[i].width : 0
    }

    /// Where line `i` starts in `rect`, aligned as `alignment` says.
    func lineOrigin(_ i: Int, in rect: Rect, alignment: TextAlignment) -> Point {
        let line = lines[i]
        let x: Double
        switch alignment {
        case .natural: x = line.rightToLeft ? rect.maxX - line.width : rect.minX
        case .left: x = rect.minX
        case .center: x = rect.minX + (rect.width - line.width) / 2
        case .right: x = rect.maxX - line.width
        }
        return Point(x: x, y: rect.minY + Double(i) * font.lineHeight)
    }

    /// The caret's rectangle at a position, one point wide and a line high, for the text
    /// drawn in `rect` with `alignment` (`caretRect(for:)`).
    public func caretRect(at offset: Int, in rect: Rect, alignment: TextAlignment = .natural) -> Rect {
        guard !lines.isEmpty else {
            let x = alignment == .right ? rect.maxX : alignment == .center ? rect.midX : rect.minX
            return Rect(x: x, y: rect.minY, width: 1, height: font.lineHeight)
        }
        let i = line(of: offset)
        let o = lineOrigin(i, in: rect, alignment: alignment)
        return Rect(
            x: o.x + caretX(line: i, at: offset, edges: characterEdges(line: i)), y: o.y, width: 1,
            height: font.lineHeight)
    }

    /// The position nearest a point (`closestPosition(to:)`): on the line under it, the
    /// position whose caret is closest.
    public func offset(at point: Point, in rect: Rect, alignment: TextAlignment = .natural) -> Int {
        guard !lines.isEmpty, font.lineHeight > 0 else { return 0 }
        let row = Int(((point.y - rect.minY) / font.lineHeight).rounded(.down))
        let i = min(max(row, 0), lines.count - 1)
        let x = point.x - lineOrigin(i, in: rect, alignment: alignment).x
        let edges = characterEdges(line: i)
        let range = lines[i].characters
        var best = range.lowerBound
        var distance = Double.infinity
        for k in range.lowerBound...range.upperBound {
            let d = abs(caretX(line: i, at: k, edges: edges) - x)
            if d < distance {
                distance = d
                best = k
            }
        }
        return best
    }

    /// The position one caret stop to the right or left of `offset` on its line, in
    /// visual order (the Left and Right keys); `offset` itself at the line's end.
    public func offset(from offset: Int, movingRight: Bool) -> Int {
        guard !lines.isEmpty else { return offset }
        let i = line(of: offset)
        let edges = characterEdges(line: i)
        let range = lines[i].characters
        let here = caretX(line: i, at: offset, edges: edges)
        let stops = (range.lowerBound...range.upperBound).map { ($0, caretX(line: i, at: $0, edges: edges)) }
        let ahead = stops.filter { movingRight ? $0.1 > here + 1e-9 : $0.1 < here - 1e-9 }
        let next = movingRight ? ahead.min { $0.1 < $1.1 } : ahead.max { $0.1 < $1.1 }
        return next?.0 ?? offset
    }

    /// The rectangles that show a selection of the characters from `start` up to `end`,
    /// one per visual stretch of each line (a mixed-direction line may need several).
    public func selectionRects(from start: Int, to end: Int, in rect: Rect, alignment: TextAlignment = .natural)
        -> [Rect]
    {
        let lo = min(start, end)
        let hi = max(start, end)
        var rects: [Rect] = []
        for i in lines.indices where lines[i].characters.lowerBound < hi && lines[i].characters.upperBound > lo {
            let o = lineOrigin(i, in: rect, alignment: alignment)
            let spans = characterEdges(line: i).filter { $0.key >= lo && $0.key < hi }.map(\.value).sorted {
                $0.left < $1.left
            }
            var merged: [(Double, Double)] = []
            for s in spans {
                if let last = merged.last, s.left <= last.1 + 1e-9 {
                    merged[merged.count - 1].1 = max(last.1, s.right)
                } else {
                    merged.append((s.left, s.right))
                }
            }
            for (a, b) in merged {
                rects.append(Rect(x: o.x + a, y: o.y, width: b - a, height: font.lineHeight))
            }
        }
        return rects
    }
}
