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
        .library(name: "CartoHTTP", targets: ["CartoHTTP"]),
        .library(name: "CartoModel", targets: ["CartoModel"]),
        .library(name: "CartoExplore", targets: ["CartoExplore"]),
        .library(name: "CartoStub", targets: ["CartoStub"]),
        .library(name: "CartoTestKit", targets: ["CartoTestKit"]),
        .library(name: "CartoProbe", targets: ["CartoProbe"]),
        .library(name: "CartoUsage", targets: ["CartoUsage"]),
        .library(name: "CartoJourneys", targets: ["CartoJourneys"]),
        .plugin(name: "CartoArchPlugin", targets: ["CartoArchPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax.git", exact: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams.git", exact: "6.2.2"),
        // The stub server (issue 4): Hummingbird 2 on SwiftNIO; AsyncHTTPClient for recording and the test kit.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/async-http-client.git", exact: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        // DevTools sessions over a maintained WebSocket client (our own crashed on a large message; see DevToolsSocket).
        .package(url: "https://github.com/vapor/websocket-kit.git", exact: "2.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
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
        // WebDriver over AsyncHTTPClient (host names, IPv6, https with --cacert, basic auth).
        .target(
            name: "CartoDrivers",
            dependencies: [
                "CartoCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "WebSocketKit", package: "websocket-kit"),
            ],
            // The page scripts are JavaScript files (linted and read as JavaScript), compiled into the binary so an
            // installed `carto` needs no resource bundle beside it.
            resources: [
                .embedInCode("Browser/Scripts/instrumentation.js"),
                .embedInCode("Browser/Scripts/element-helpers.js"),
                .embedInCode("Browser/Scripts/snapshot.js"),
                .embedInCode("Browser/Scripts/idle.js"),
                .embedInCode("Browser/Scripts/seeded-random.js"),
                .embedInCode("Browser/Scripts/recorder.js"),
                .embedInCode("Browser/Scripts/find.js"),
                .embedInCode("Browser/Scripts/locate.js"),
                .embedInCode("Browser/Scripts/scroll-element.js"),
                .embedInCode("Browser/Scripts/set-value.js"),
                .embedInCode("Browser/Scripts/focus-for-typing.js"),
                .embedInCode("Browser/Scripts/describe.js"),
                .embedInCode("Browser/Scripts/own-scroll.js"),
            ]
        ),
        // Serving HTTP: Hummingbird applications run as services (the stub, the usage collector), and a loopback
        // server with a synchronous handler for local sites (`carto crawl DIR`) and the fakes tests drive.
        .target(
            name: "CartoHTTP",
            dependencies: [
                "CartoCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // What crawling and record/replay produce and read, below both: the crawl model (model.json), the state graph
        // with its shortest paths, the one crawl settings type, journey scripts (carto.journey/1).
        .target(name: "CartoModel", dependencies: ["CartoCore", "CartoDrivers", .product(name: "Yams", package: "Yams")]),
        // GUI exploration: state recognition (the paper's Algorithm 1), event planning, the crawl engine (recorder,
        // frontier and its passes, navigator, sessions), outputs. Setup journeys replay through CartoJourneys.
        .target(name: "CartoExplore", dependencies: ["CartoCore", "CartoDrivers", "CartoHTTP", "CartoModel", "CartoJourneys", .product(name: "Yams", package: "Yams")]),
        // The stub HTTP server for apps under test: WireMock-compatible mappings, admin API, scenarios, recording,
        // HAR import, and the app-event hub tests wait on (long-poll and server-sent events).
        .target(
            name: "CartoStub",
            dependencies: [
                "CartoCore", "CartoHTTP",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // The test-side API (XCTest and Swift Testing): an in-process or remote stub server, stubbing, verifying,
        // waiting on app events, reset between tests, slow mode.
        .target(
            name: "CartoTestKit",
            dependencies: [
                "CartoStub", "CartoProbe", "CartoCore",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        // The app-side helper: reads the launch environment, posts events. Foundation only (UIKit part behind
        // `#if canImport(UIKit)`), so an app can link it without SwiftNIO.
        .target(name: "CartoProbe"),
        // Record and replay: the in-browser recorder's session (log + commands), journey scripts (JSON/YAML) with
        // locator fallback, the replayer, and XCUITest / Maestro generators (from scripts or crawled models).
        .target(
            name: "CartoJourneys",
            dependencies: ["CartoCore", "CartoDrivers", "CartoProbe", "CartoModel", .product(name: "Yams", package: "Yams")]
        ),
        // Usability analytics over interaction logs: ingest into SQLite, a pipeline of analysis passes (time per
        // screen, flows and funnels, gestures, heatmaps, connectivity, GPX), report writers, the collection server.
        .target(
            name: "CartoUsage",
            dependencies: [
                "CartoCore", "CartoProbe", "CartoHTTP",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Renderers of analysis results: text, JSON, SARIF, DOT, HTML, Markdown.
        .target(name: "CartoReports", dependencies: ["CartoCore", "CartoArch"]),
        .executableTarget(
            name: "carto",
            dependencies: [
                "CartoCore", "CartoArch", "CartoReports", "CartoDrivers", "CartoHTTP", "CartoModel", "CartoExplore", "CartoStub", "CartoUsage", "CartoProbe", "CartoJourneys",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Release-build benchmarks (see Benchmarks/README.md).
        .executableTarget(
            name: "carto-bench",
            dependencies: [
                "CartoCore", "CartoArch", "CartoDrivers", "CartoHTTP", "CartoModel", "CartoExplore", "CartoStub", "CartoTestKit", "CartoUsage", "CartoProbe",
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
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
        .testTarget(name: "CartoDriversTests", dependencies: ["CartoDrivers", "CartoHTTP", "CartoCore"]),
        .testTarget(name: "CartoExploreTests", dependencies: ["CartoExplore", "CartoModel", "CartoDrivers", "CartoHTTP", "CartoCore", "CartoJourneys"]),
        .testTarget(
            name: "CartoStubTests",
            dependencies: [
                "CartoStub", "CartoTestKit", "CartoProbe", "CartoCore", "CartoDrivers", "CartoHTTP",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .testTarget(
            name: "CartoJourneysTests",
            dependencies: [
                "CartoJourneys", "CartoModel", "CartoDrivers", "CartoHTTP", "CartoExplore", "CartoProbe", "CartoCore", "CartoUsage",
                // Generated XCUITests are checked for syntax errors with the Swift parser (XCTest UI cannot build here).
                .product(name: "SwiftParser", package: "swift-syntax"), .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .testTarget(
            name: "CartoUsageTests",
            dependencies: [
                "CartoUsage", "CartoProbe", "CartoCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
    ]
)
