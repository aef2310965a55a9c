// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Vitrine",
    products: [
        .library(name: "Raster", targets: ["Raster"]),
        .library(name: "Text", targets: ["Text"]),
        .library(name: "Layers", targets: ["Layers"]),
        .library(name: "Views", targets: ["Views"]),
        .library(name: "ImageDiff", targets: ["ImageDiff"]),
        .library(name: "VitrineTesting", targets: ["VitrineTesting"]),
        .library(name: "X11Host", targets: ["X11Host"]),
        .executable(name: "gallery", targets: ["gallery"]),
        .executable(name: "raster-bench", targets: ["raster-bench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        .target(name: "CRasterKernels"),
        .target(
            name: "Raster",
            dependencies: ["CPNG", "CRasterKernels"],
            swiftSettings: [.strictMemorySafety()]
        ),
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev", "libfontconfig-dev"])]
        ),
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        .systemLibrary(
            name: "CFriBidi",
            pkgConfig: "fribidi",
            providers: [.apt(["libfribidi-dev"])]
        ),
        .systemLibrary(
            name: "CUnibreak",
            pkgConfig: "libunibreak",
            providers: [.apt(["libunibreak-dev"])]
        ),
        .target(
            name: "Text",
            dependencies: ["Raster", "CFreeType", "CHarfBuzz", "CFriBidi", "CUnibreak"],
            swiftSettings: [.strictMemorySafety()]
        ),
        .target(
            name: "Layers",
            dependencies: ["Raster"],
            swiftSettings: [.strictMemorySafety()]
        ),
        .target(
            name: "Views",
            dependencies: ["Raster", "Text", "Layers"],
            swiftSettings: [.strictMemorySafety()]
        ),
        .target(
            name: "ImageDiff",
            dependencies: ["Raster"]
        ),
        .target(
            name: "VitrineTesting",
            dependencies: ["ImageDiff", "Views", "Layers", "Raster"]
        ),
        .systemLibrary(
            name: "CX11",
            pkgConfig: "x11",
            providers: [.apt(["libx11-dev", "libxext-dev"])]
        ),
        .systemLibrary(
            name: "CDBus",
            pkgConfig: "dbus-1",
            providers: [.apt(["libdbus-1-dev"])]
        ),
        .target(
            name: "AccessibilityBus",
            dependencies: ["CDBus", "Views", "Raster"],
            swiftSettings: [.strictMemorySafety()]
        ),
        .target(
            name: "X11Host",
            dependencies: ["CX11", "Layers", "Views", "Raster", "AccessibilityBus"],
            swiftSettings: [.strictMemorySafety()]
        ),
        .target(
            name: "Gallery",
            dependencies: ["Views", "Layers", "X11Host", "Raster", "Text", "ImageDiff"]
        ),
        .executableTarget(
            name: "gallery",
            dependencies: ["Gallery", "Raster", "X11Host"]
        ),
        .executableTarget(
            name: "hello-window",
            dependencies: ["Raster", "Views", "X11Host"]
        ),
        .executableTarget(
            name: "draw-badge",
            dependencies: ["Raster"]
        ),
        .target(
            name: "RasterScenes",
            dependencies: ["Raster"]
        ),
        .executableTarget(
            name: "raster-bench",
            dependencies: [
                "Raster", "RasterScenes", "Text", "Layers", "Views", "Gallery", "X11Host", "ImageDiff", "AccessibilityBus",
            ],
            exclude: ["bench-vs-peers", "instructions-since"]
        ),
        .systemLibrary(
            name: "CCairo",
            path: "Tests/CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]
        ),
        .testTarget(
            name: "RasterTests",
            dependencies: ["Raster", "RasterScenes", "TestSupport", "CCairo"],
            exclude: ["Golden", "CairoReference", "Data"]
        ),
        .testTarget(
            name: "LayersTests",
            dependencies: ["Layers", "Raster", "TestSupport", "VitrineTesting"]
        ),
        .testTarget(
            name: "ImageDiffTests",
            dependencies: ["ImageDiff", "Raster", "TestSupport"]
        ),
        .testTarget(
            name: "VitrineTestingTests",
            dependencies: ["VitrineTesting", "ImageDiff", "Views", "Raster"],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "ViewsTests",
            dependencies: ["Views", "Layers", "Gallery", "Raster", "Text", "RasterScenes", "TestSupport", "VitrineTesting"],
            exclude: ["Golden"]
        ),
        .target(
            name: "TestSupport",
            dependencies: ["Raster", "VitrineTesting"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "AccessibilityBusTests",
            dependencies: ["AccessibilityBus", "Views", "Raster"]
        ),
        .testTarget(
            name: "X11HostTests",
            dependencies: ["X11Host", "AccessibilityBus", "Layers", "Views", "Raster", "CX11", "TestSupport"],
            exclude: ["InputMethod"]
        ),
        .testTarget(
            name: "GalleryTests",
            dependencies: ["Gallery", "gallery", "hello-window", "draw-badge", "Views", "Layers", "X11Host", "Raster", "CX11",
                           "TestSupport", "VitrineTesting"],
            exclude: ["Golden", "Accessibility"]
        ),
        .testTarget(
            name: "TextTests",
            dependencies: ["Text", "Raster", "TestSupport", "CFreeType"],
            exclude: ["Golden"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
