import Foundation
import ImageDiff
import Raster

/// Two folders of pictures compared by name (`gallery compare DIR_A DIR_B`): every PNG of
/// the same name through the compare engine, and those only in one folder.
public struct DirectoryComparison {
    /// A picture in both folders that differs.
    public struct Change {
        /// The file's name.
        public let name: String
        /// What the engine found.
        public let comparison: Comparison
    }

    /// The folders compared.
    public let expected: String, actual: String
    /// The pictures that differ, by name.
    public let changed: [Change]
    /// The pictures equal within the tolerance.
    public let same: [String]
    /// The pictures only in the expected folder.
    public let onlyExpected: [String]
    /// The pictures only in the actual folder.
    public let onlyActual: [String]
    /// The pictures that could not be read, with why.
    public let unreadable: [(name: String, reason: String)]
    /// The options used.
    public let options: CompareOptions

    /// Whether the folders hold the same pictures, equal within the tolerance.
    public var passes: Bool { changed.isEmpty && onlyExpected.isEmpty && onlyActual.isEmpty && unreadable.isEmpty }

    /// The PNG files of a folder, sorted.
    static func pictures(in dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.lowercased().hasSuffix(".png") }.sorted()
    }

    /// Compares the folders.
    ///
    /// - Throws: the error of a folder that cannot be listed.
    public init(expected: String, actual: String, options: CompareOptions = CompareOptions()) throws {
        self.expected = expected
        self.actual = actual
        self.options = options
        let a = try Self.pictures(in: expected), b = try Self.pictures(in: actual)
        let inB = Set(b), inA = Set(a)
        onlyExpected = a.filter { !inB.contains($0) }
        onlyActual = b.filter { !inA.contains($0) }
        var changed: [Change] = [], same: [String] = [], unreadable: [(String, String)] = []
        for name in a where inB.contains(name) {
            do {
                let x = try Surface(contentsOfPNG: expected + "/" + name), y = try Surface(contentsOfPNG: actual + "/" + name)
                let (c, _) = try ImageDiff.compare(x, y, options: options)
                if c.passes { same.append(name) } else { changed.append(Change(name: name, comparison: c)) }
            } catch {
                unreadable.append((name, "\(error)"))
            }
        }
        self.changed = changed
        self.same = same
        self.unreadable = unreadable
    }

    /// A summary, one line a picture that is not the same.
    public var summary: String {
        var lines = ["\(changed.count) changed, \(same.count) the same, \(onlyExpected.count) only in \(expected), "
                     + "\(onlyActual.count) only in \(actual)"]
        for c in changed { lines.append("changed: \(c.name): \(c.comparison.differingPixels) pixels") }
        for n in onlyExpected { lines.append("only in \(expected): \(n)") }
        for n in onlyActual { lines.append("only in \(actual): \(n)") }
        for u in unreadable { lines.append("unreadable: \(u.name): \(u.reason)") }
        return lines.joined(separator: "\n")
    }

    static func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func dataURI(_ png: [UInt8]) -> String { "data:image/png;base64," + Data(png).base64EncodedString() }

    /// One self-contained HTML page: the summary table, and for each changed picture the
    /// expected, the actual and the diff side by side with a slider of the actual over
    /// the expected, and the figures. Pictures are inlined as data URIs.
    ///
    /// - Throws: the errors of reading the pictures again or of drawing a diff.
    public func report() throws -> String {
        var html = """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>Vitrine comparison</title>
        <style>
        body { font: 14px sans-serif; margin: 24px; color: #222; }
        table { border-collapse: collapse; margin-bottom: 24px; }
        td, th { border: 1px solid #ccc; padding: 4px 10px; text-align: left; }
        .changed { color: #b00; } .same { color: #070; }
        .pictures { display: flex; gap: 16px; align-items: flex-start; flex-wrap: wrap; }
        figure { margin: 0; } figcaption { color: #666; }
        .slider { position: relative; display: inline-block; }
        .slider .over { position: absolute; left: 0; top: 0; overflow: hidden; width: 50%; height: 100%; }
        .slider input { display: block; width: 100%; }
        img { image-rendering: pixelated; background: repeating-conic-gradient(#ddd 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        </style></head><body>
        <h1>Vitrine comparison</h1>
        <p>Expected: \(Self.escaped(expected)) &mdash; actual: \(Self.escaped(actual))</p>
        <table id="summary"><tr><th>picture</th><th>result</th><th>differing pixels</th><th>edge noise</th></tr>

        """
        for c in changed {
            html += "<tr class=\"changed\"><td><a href=\"#\(Self.escaped(c.name))\">\(Self.escaped(c.name))</a></td><td>changed</td>"
                + "<td>\(c.comparison.sameSize ? String(c.comparison.differingPixels) : "sizes differ")</td>"
                + "<td>\(c.comparison.antialiasedPixels)</td></tr>\n"
        }
        for n in onlyExpected { html += "<tr><td>\(Self.escaped(n))</td><td>only in the expected set</td><td></td><td></td></tr>\n" }
        for n in onlyActual { html += "<tr><td>\(Self.escaped(n))</td><td>only in the actual set</td><td></td><td></td></tr>\n" }
        for u in unreadable { html += "<tr><td>\(Self.escaped(u.name))</td><td>unreadable: \(Self.escaped(u.reason))</td><td></td><td></td></tr>\n" }
        for n in same { html += "<tr class=\"same\"><td>\(Self.escaped(n))</td><td>the same</td><td>0</td><td></td></tr>\n" }
        html += "</table>\n"
        for c in changed {
            let x = try Surface(contentsOfPNG: expected + "/" + c.name), y = try Surface(contentsOfPNG: actual + "/" + c.name)
            let (_, diff) = try ImageDiff.compare(x, y, options: options, diff: true)
            let e = Self.dataURI(try x.pngData()), a = Self.dataURI(try y.pngData())
            html += "<section id=\"\(Self.escaped(c.name))\"><h2>\(Self.escaped(c.name))</h2>"
                + "<pre>\(Self.escaped(c.comparison.report))</pre><div class=\"pictures\">"
                + "<figure><img alt=\"expected\" src=\"\(e)\"><figcaption>expected</figcaption></figure>"
                + "<figure><img alt=\"actual\" src=\"\(a)\"><figcaption>actual</figcaption></figure>"
            if let diff {
                html += "<figure><img alt=\"diff\" src=\"\(Self.dataURI(try diff.pngData()))\"><figcaption>diff</figcaption></figure>"
            }
            if c.comparison.sameSize {
                html += "<figure><div class=\"slider\"><img alt=\"expected under\" src=\"\(e)\">"
                    + "<div class=\"over\"><img alt=\"actual over\" src=\"\(a)\"></div>"
                    + "<input type=\"range\" min=\"0\" max=\"100\" value=\"50\" "
                    + "oninput=\"this.parentNode.querySelector('.over').style.width = this.value + '%'\"></div>"
                    + "<figcaption>the actual over the expected</figcaption></figure>"
            }
            html += "</div></section>\n"
        }
        // Once loaded, the page notes how many of its pictures decoded (for checking it
        // headless).
        html += "<script>window.addEventListener('load', function () { document.body.dataset.decoded = "
            + "Array.prototype.filter.call(document.images, function (i) { return i.naturalWidth > 0; }).length + '/' "
            + "+ document.images.length; });</script>\n"
        html += "</body></html>\n"
        return html
    }
}
