/// A path flattened to lists of points, one per subpath, in the path's own space.
struct Polylines: PolylineSink {
    var points: [Point] = []
    /// Where each subpath ends in `points`, and whether it was closed.
    var ends: [(end: Int, closed: Bool)] = []

    mutating func begin(_ p: Point) { points.append(p) }

    mutating func line(_ p: Point) { points.append(p) }

    mutating func end(closed: Bool) { ends.append((points.count, closed)) }

    /// Forgets every subpath, keeping the storage for the next path.
    mutating func removeAll() {
        points.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
    }

    /// Each subpath's points and closed flag.
    var subpaths: [(points: ArraySlice<Point>, closed: Bool)] {
        var out: [(ArraySlice<Point>, Bool)] = []
        var s = 0
        for e in ends {
            out.append((points[s..<e.end], e.closed))
            s = e.end
        }
        return out
    }
}
