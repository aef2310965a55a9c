import Raster

extension DirectoryComparison {
    /// Writes one self-contained HTML page to `path`: the summary table, and for each
    /// changed picture the expected, the actual and the diff side by side with a slider of
    /// the actual over the expected, and the figures. Pictures are inlined as data URIs.
    ///
    /// The page is streamed: each changed pair is read again, its diff drawn, and each
    /// picture encoded and written before the next pair is read, so the memory held is
    /// one pair's whatever the number of changes. The file is written atomically: a kill
    /// or a full disk leaves the old file whole.
    ///
    /// - Throws: `RasterError.file` naming the path and the cause when it cannot be
    ///   written; the errors of reading a picture again or of drawing a diff.
    public func writeReport(to path: String) throws(RasterError) {
        let file = try AtomicFile(path: path, refusingSymbolicLinks: true)
        let h = TextEscaping.html
        try file.write(
            Self.head + "<p>Expected: \(h(expected)) &mdash; actual: \(h(actual))</p>\n"
                + "<table id=\"summary\"><tr><th>picture</th><th>result</th><th>differing pixels</th>"
                + "<th>edge noise</th></tr>\n")
        for c in changed {
            let r = c.comparison
            try file.write(
                "<tr class=\"changed\"><td><a href=\"#\(h(c.name))\">\(h(c.name))</a></td><td>changed</td>"
                    + "<td>\(r.sameSize ? String(r.differingPixels) : "sizes differ")</td>"
                    + "<td>\(r.antialiasedPixels)</td></tr>\n")
        }
        for n in onlyExpected {
            try file.write("<tr><td>\(h(n))</td><td>only in the expected set</td><td></td><td></td></tr>\n")
        }
        for n in onlyActual {
            try file.write("<tr><td>\(h(n))</td><td>only in the actual set</td><td></td><td></td></tr>\n")
        }
        for u in unreadable {
            try file.write("<tr><td>\(h(u.name))</td><td>unreadable: \(h(u.reason))</td><td></td><td></td></tr>\n")
        }
        for n in same {
            try file.write("<tr class=\"same\"><td>\(h(n))</td><td>the same</td><td>0</td><td></td></tr>\n")
        }
        try file.write("</table>\n")
        let folderA = try Folder(expected)
        let folderB = try Folder(actual)
        for c in changed {
            // Each figure written as soon as it is encoded; only this pair is held.
            let x = try Self.picture(c.name, in: folderA)
            let y = try Self.picture(c.name, in: folderB)
            try file.write(
                "<section id=\"\(h(c.name))\"><h2>\(h(c.name))</h2>"
                    + "<pre>\(h(c.comparison.report))</pre><div class=\"pictures\">")
            // Each picture encoded once, for its figure and the slider.
            let px = try x.pngDataFavouringSpeed()
            let py = try y.pngDataFavouringSpeed()
            try Self.figure(px, alt: "expected", to: file)
            try Self.figure(py, alt: "actual", to: file)
            if c.comparison.sameSize, let diff = try ImageDiff.compare(x, y, options: options, diff: true).1 {
                try Self.figure(try diff.pngDataFavouringSpeed(), alt: "diff", to: file)
                try file.write("<figure><div class=\"slider\">")
                try Self.image(px, alt: "expected under", to: file)
                try file.write("<div class=\"over\">")
                try Self.image(py, alt: "actual over", to: file)
                try file.write(
                    "</div><input type=\"range\" min=\"0\" max=\"100\" value=\"50\" "
                        + "oninput=\"this.parentNode.querySelector('.over').style.width = this.value + '%'\"></div>"
                        + "<figcaption>the actual over the expected</figcaption></figure>")
            }
            try file.write("</div></section>\n")
        }
        // Once loaded, the page notes how many of its pictures decoded (for checking it
        // headless).
        try file.write(
            "<script>window.addEventListener('load', function () { document.body.dataset.decoded = "
                + "Array.prototype.filter.call(document.images, function (i) { return i.naturalWidth > 0; }).length "
                + "+ '/' + document.images.length; });</script>\n</body></html>\n")
        try file.commit()
    }

    /// A picture with its caption.
    static func figure(_ png: [UInt8], alt: String, to file: AtomicFile) throws(RasterError) {
        try file.write("<figure>")
        try image(png, alt: alt, to: file)
        try file.write("<figcaption>\(alt)</figcaption></figure>")
    }

    /// An `img` element whose source is the picture as a PNG data URI, written in pieces.
    static func image(_ png: [UInt8], alt: String, to file: AtomicFile) throws(RasterError) {
        try file.write("<img alt=\"\(alt)\" src=\"data:image/png;base64,")
        // Three bytes make four characters: pieces of 48 KiB stay whole groups.
        var start = 0
        while start < png.count {
            let end = min(start + 49_152, png.count)
            try file.write(Base64.encode(png[start..<end]))
            start = end
        }
        try file.write("\">")
    }

    static let head = """
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

        """
}
