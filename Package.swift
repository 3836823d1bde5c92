// swift-tools-version: 6.1
import PackageDescription

// One library target per subsystem; the `carto` executable is a thin shell on top.
// Later subsystems (drivers, exploration, test support, journeys) slot in beside CartoArch.
let package = Package(
    name: "Cartographer",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "carto", targets: ["carto"]),
        .library(name: "CartoCore", targets: ["CartoCore"]),
        .library(name: "CartoArch", targets: ["CartoArch"]),
        .library(name: "CartoReports", targets: ["CartoReports"]),
        .library(name: "CartoDrivers", targets: ["CartoDrivers"]),
        .plugin(name: "CartoArchPlugin", targets: ["CartoArchPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax.git", exact: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams.git", exact: "6.2.2"),
    ],
    targets: [
        // Shared foundations: multigraph, globbing, file discovery, diagnostics, terminal styling,
        // generic exporters (DOT, SARIF model, HTML escaping). No subsystem logic lives here.
        .target(name: "CartoCore"),
        // Static architecture analysis: detection → extraction → categorisation → analysis.
        .target(
            name: "CartoArch",
            dependencies: [
                "CartoCore",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // Drivers for apps under test: so far iOS page sources (Appium XCUITest / WebDriverAgent).
        .target(name: "CartoDrivers", dependencies: ["CartoCore"]),
        // Renderers of analysis results: text, JSON, SARIF, DOT, HTML, Markdown.
        .target(name: "CartoReports", dependencies: ["CartoCore", "CartoArch"]),
        .executableTarget(
            name: "carto",
            dependencies: [
                "CartoCore", "CartoArch", "CartoReports",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Release-build benchmarks (see Benchmarks/README.md).
        .executableTarget(
            name: "carto-bench",
            dependencies: [
                "CartoCore", "CartoArch",
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ]
        ),
        .plugin(
            name: "CartoArchPlugin",
            capability: .command(
                intent: .custom(verb: "carto-arch", description: "Check the package's architecture with carto arch"),
                permissions: []
            ),
            dependencies: ["carto"]
        ),
        .testTarget(name: "CartoCoreTests", dependencies: ["CartoCore"]),
        .testTarget(
            name: "CartoArchTests",
            dependencies: ["CartoArch", "CartoCore"]
        ),
        .testTarget(name: "CartoReportsTests", dependencies: ["CartoReports", "CartoArch", "CartoCore"]),
        .testTarget(name: "CartoCLITests", dependencies: ["CartoCore"]),
        .testTarget(name: "CartoDriversTests", dependencies: ["CartoDrivers", "CartoCore"]),
    ]
)
