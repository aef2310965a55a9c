import Foundation
import ImageDiff
import Layers
import Raster
import Testing
import Views

/// The test function's name without its parentheses.
func testName(_ function: String) -> String {
    String(function.prefix { $0 != "(" })
}

/// Expects a view to look as its reference picture (`__Snapshots__/<test file>/<test>.<name>.png`,
/// `<name>` being `line<N>` of the call when no name is given,
/// beside the test file), recording it as `record` (or `VITRINE_RECORD`) says. The view is
/// drawn alone on a transparent root of `size` points (its frame's size by default) at
/// `scale`; no X server is needed. A failure is one Swift Testing issue naming the
/// expected, actual and diff pictures written under the results folder, with the figures.
@MainActor
public func expectSnapshot(
    of view: View, named name: String? = nil, size: Size? = nil, scale: Double = 1,
    tolerance: CompareOptions = .exact, record: RecordMode? = nil,
    filePath: String = #filePath, function: String = #function,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let picture = snapshotPicture(of: view, size: size, scale: scale) else {
        Issue.record(
            "the view could not be drawn: its size at this scale is no picture, or there is no memory for it",
            sourceLocation: sourceLocation)
        return
    }
    expectSnapshot(
        of: picture, named: name, tolerance: tolerance, record: record, filePath: filePath, function: function,
        sourceLocation: sourceLocation)
}

/// Expects a layer tree, drawn in its own coordinates at `scale`, to look as its reference.
@MainActor
public func expectSnapshot(
    of layer: Layer, named name: String? = nil, size: Size? = nil, scale: Double = 1,
    tolerance: CompareOptions = .exact, record: RecordMode? = nil,
    filePath: String = #filePath, function: String = #function,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let s = size ?? layer.bounds.size
    guard
        let p = PixelSize(
            covering: Size(width: max(s.width, 1 / scale), height: max(s.height, 1 / scale)), scale: scale),
        let picture = try? Surface(width: p.width, height: p.height, scale: scale)
    else {
        Issue.record(
            "the layer could not be drawn: its size at this scale is no picture, or there is no memory for it",
            sourceLocation: sourceLocation)
        return
    }
    let c = Context(surface: picture)
    c.translateBy(x: -layer.bounds.minX, y: -layer.bounds.minY)
    layer.render(in: c)
    expectSnapshot(
        of: picture, named: name, tolerance: tolerance, record: record, filePath: filePath, function: function,
        sourceLocation: sourceLocation)
}

/// Expects an image to equal its reference.
@MainActor
public func expectSnapshot(
    of image: Image, named name: String? = nil, tolerance: CompareOptions = .exact,
    record: RecordMode? = nil, filePath: String = #filePath, function: String = #function,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let s = try? image.makeSurface() else {
        Issue.record("the image could not be copied: no memory", sourceLocation: sourceLocation)
        return
    }
    expectSnapshot(
        of: s, named: name, tolerance: tolerance, record: record, filePath: filePath, function: function,
        sourceLocation: sourceLocation)
}

/// Expects a surface to equal its reference.
@MainActor
public func expectSnapshot(
    of picture: Surface, named name: String? = nil, tolerance: CompareOptions = .exact,
    record: RecordMode? = nil, filePath: String = #filePath, function: String = #function,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let test = testName(function)
    // An unnamed snapshot is named after its line, so that its name does not depend on
    // what ran before it; in a loop, name each.
    let label = name ?? "line\(sourceLocation.line)"
    let outcome = Snapshotter(filePath: filePath, mode: record).check(
        picture, file: "\(test).\(label)", tolerance: tolerance)
    if !outcome.passed { Issue.record(Comment(rawValue: outcome.message), sourceLocation: sourceLocation) }
}

/// A view drawn alone on a transparent root of `size` points at `scale`.
@MainActor
func snapshotPicture(of view: View, size: Size?, scale: Double) -> Surface? {
    let s = size ?? view.frame.size
    let k = scale > 0 && scale.isFinite ? scale : 1
    guard let p = PixelSize(covering: Size(width: max(s.width, 1 / k), height: max(s.height, 1 / k)), scale: k),
        let picture = try? Surface(width: p.width, height: p.height, scale: k)
    else { return nil }
    if view.superview == nil {
        let root = RootView(size: s)
        root.backgroundColor = nil
        root.isOpaque = false
        let frame = view.frame
        view.frame = Rect(origin: .zero, size: frame.size)
        root.addSubview(view)
        root.render(into: picture, full: true)
        view.removeFromSuperview()
        view.frame = frame
    } else if let root = view.root {
        // A view in a tree: the root drawn, cut to the view's frame.
        guard let p = PixelSize(covering: root.size, scale: k),
            let whole = try? Surface(width: p.width, height: p.height, scale: k)
        else { return nil }
        root.render(into: whole, full: true)
        let f = view.convert(view.bounds, to: root)
        let c = Context(surface: picture)
        c.draw(whole, in: Rect(x: -f.minX, y: -f.minY, width: root.size.width, height: root.size.height))
    }
    return picture
}
