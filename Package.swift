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
        .library(name: "CartoExplore", targets: ["CartoExplore"]),
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
        // (SQLite is loaded at run time: no headers or -dev package needed to build.)
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
        // Drivers for apps under test over W3C WebDriver: the browser dialect (chromedriver + Chromium) and the
        // iOS dialect (Appium XCUITest / WebDriverAgent page sources), behind one AppDriver protocol.
        .target(name: "CartoDrivers", dependencies: ["CartoCore"]),
        // GUI exploration: state recognition (the paper's Algorithm 1), event planning, strategies, outputs.
        .target(name: "CartoExplore", dependencies: ["CartoCore", "CartoDrivers"]),
        // Renderers of analysis results: text, JSON, SARIF, DOT, HTML, Markdown.
        .target(name: "CartoReports", dependencies: ["CartoCore", "CartoArch"]),
        .executableTarget(
            name: "carto",
            dependencies: [
                "CartoCore", "CartoArch", "CartoReports", "CartoDrivers", "CartoExplore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Release-build benchmarks (see Benchmarks/README.md).
        .executableTarget(
            name: "carto-bench",
            dependencies: [
                "CartoCore", "CartoArch", "CartoDrivers", "CartoExplore",
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
        .testTarget(name: "CartoExploreTests", dependencies: ["CartoExplore", "CartoDrivers", "CartoCore"]),
    ]
)
