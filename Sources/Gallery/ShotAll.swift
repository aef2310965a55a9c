import Foundation
import Raster
import Views

/// Every specimen in every state it has, for comparing whole sets of pictures
/// (`gallery shot --all DIR`).
public enum ShotAll {
    /// The version of Vitrine the manifest names.
    public static let version = "0.3.0"

    /// One picture written.
    public struct Entry: Equatable, Sendable {
        /// The file's name in the folder.
        public let file: String
        /// The specimen.
        public let specimen: String
        /// The state: normal, highlighted, disabled, selected or focused.
        public let state: String
        /// The size in pixels.
        public let width: Int, height: Int
        /// The scale.
        public let scale: Double
    }

    /// The states a specimen's control can be shown in, besides normal; each change says
    /// whether it could be made (a control that cannot take the focus has no focused
    /// picture).
    @MainActor static let states: [(String, @MainActor (Control) -> Bool)] = [
        (
            "highlighted",
            {
                $0.isHighlighted = true
                return true
            }
        ),
        (
            "disabled",
            {
                $0.isEnabled = false
                return true
            }
        ),
        (
            "selected",
            {
                $0.isSelected = true
                return true
            }
        ),
        ("focused", { $0.root?.updateFocus(to: $0) ?? false })
    ]

    /// Writes `NAME.png` for every specimen (or those named), and `NAME.STATE.png` for each
    /// state of the specimens that are controls (focused only for those that can take the
    /// focus), into `directory`, with `manifest.json`; each picture is taken after
    /// `replay`, whose own shots are written below `directory`. Returns the entries written.
    ///
    /// The folder is made if it does not exist. Every file is written atomically, and the
    /// manifest twice: first with `"complete": false` before any picture, last with
    /// `"complete": true` and every entry. A run that is killed leaves a manifest that
    /// says it is incomplete, never an old manifest beside new pictures.
    ///
    /// - Throws: the errors of making the folder, drawing or writing a picture.
    @MainActor
    public static func write(
        to directory: String, size: Size = GalleryPage.defaultSize, scale: Double = 1,
        specimens: [String]? = nil, replay: [Replay.Action] = []
    ) throws -> [Entry] {
        let dir = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try writeManifest([], complete: false, to: dir)
        var entries: [Entry] = []
        func shoot(_ name: String, _ state: String?, _ change: ((Control) -> Bool)?) throws {
            guard
                let picture = try Gallery.shot(
                    size: size, scale: scale, specimen: name, replay: replay, time: 0,
                    outputFolder: dir, control: change)
            else { return }
            let file = state.map { "\(name).\($0).png" } ?? "\(name).png"
            try picture.writePNG(to: file, beneath: dir)
            entries.append(
                Entry(
                    file: file, specimen: name, state: state ?? "normal", width: picture.width,
                    height: picture.height, scale: scale))
        }
        for specimen in Catalog.all where specimens?.contains(specimen.name) ?? true {
            try shoot(specimen.name, nil, nil)
            for (state, change) in states { try shoot(specimen.name, state, change) }
        }
        try writeManifest(entries, complete: true, to: dir)
        return entries
    }

    /// The manifest: whether the set is complete, each file's specimen, state, size and
    /// scale, and the version.
    static func manifest(_ entries: [Entry], complete: Bool = true) -> String {
        func quoted(_ s: String) -> String {
            "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        let items = entries.map {
            "    {\"file\": \(quoted($0.file)), \"specimen\": \(quoted($0.specimen)), \"state\": \(quoted($0.state)), "
                + "\"width\": \($0.width), \"height\": \($0.height), \"scale\": \($0.scale)}"
        }
        return "{\n  \"vitrine\": \(quoted(version)),\n  \"complete\": \(complete),\n  \"pictures\": [\n"
            + items.joined(separator: ",\n") + "\n  ]\n}\n"
    }

    static func writeManifest(_ entries: [Entry], complete: Bool, to dir: String) throws {
        let file = try AtomicFile(relativePath: "manifest.json", beneath: dir)
        try file.write(manifest(entries, complete: complete))
        try file.commit()
    }
}
