// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Vitrine",
    products: [
        .library(name: "Raster", targets: ["Raster"]),
        .executable(name: "raster-bench", targets: ["raster-bench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        .target(
            name: "Raster",
            dependencies: ["CPNG"]
        ),
        .target(
            name: "RasterScenes",
            dependencies: ["Raster"]
        ),
        .executableTarget(
            name: "raster-bench",
            dependencies: ["Raster", "RasterScenes"]
        ),
        .testTarget(
            name: "RasterTests",
            dependencies: ["Raster", "RasterScenes"],
            exclude: ["Golden", "CairoReference", "Data"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
