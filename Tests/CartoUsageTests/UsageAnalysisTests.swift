import CartoCore
import CartoProbe
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import CartoUsage

/// Analytics on hand-written logs whose answers are known: every figure below follows from the timeline.
final class UsageAnalysisTests: XCTestCase {
    /// Session A: Home 0–10 s, Products 10–100 s (an 80 s pause: 30 s active, 50 s idle), Product 100–340 s with 180 s
    /// in the background; offline 310–330 s with two retries. Session B: Home → Products → Contact. Session C: no consent.
    func makeLogs(_ folder: URL) throws {
        let a = try ScriptedSession(folder: folder, id: "A", user: "u1")
        a.at(0).screenAppeared("Home", container: "/")
        a.at(0).screenshot(file: "shots/home.png")
        a.at(1).location(lat: 51.05, lon: 3.72, alt: 10)
        a.at(5).tap(x: 10, y: 20, recognised: true, target: InteractionTarget(id: "products", type: "button"))
        a.at(5).widgetClick(InteractionTarget(id: "products", type: "button"), x: 10, y: 20)
        a.at(10).screenAppeared("Products", container: "/products")
        a.at(20).gesture("swipe", x: 50, y: 150, recognised: true, direction: "up", path: [[50, 150], [50, 100], [50, 60]])
        a.at(31).location(lat: 51.0501, lon: 3.7202, alt: 11)
        for _ in 0..<5 { a.at(100).tap(x: 30, y: 40, recognised: true, target: InteractionTarget(label: "Apples", type: "cell")) }
        a.at(100).screenAppeared("Product", container: "/products")
        a.at(110).gesture("pinch", x: 50, y: 50, recognised: false, scale: 2)
        a.at(120).lifecycle("background")
        a.at(300).lifecycle("foreground")
        a.at(305).location(lat: 51.0502, lon: 3.7204)
        a.at(310).connectivity(connected: false, network: "none")
        a.at(315).widgetClick(InteractionTarget(id: "retry", type: "button"))
        a.at(320).widgetClick(InteractionTarget(id: "retry", type: "button"))
        a.at(330).connectivity(connected: true, network: "wifi")
        a.at(335).scroll(nil, dx: 0, dy: 50)
        try a.at(340).end()

        let b = try ScriptedSession(folder: folder, id: "B", user: "u2", start: 1_700_000_500_000)
        b.at(0).screenAppeared("Home", container: "/")
        b.at(3).screenAppeared("Products", container: "/products")
        b.at(6).screenAppeared("Contact", container: "/contact")
        b.at(7).controlChanged(InteractionTarget(id: "newsletter", type: "switch"), control: "switch", value: "on")
        try b.at(9).end()

        let c = try ScriptedSession(folder: folder, id: "C", user: "u3", consent: false)
        c.at(0).screenAppeared("Home")
        c.at(1).tap(x: 1, y: 1, recognised: true)
        try c.at(2).end()

        // A 100×200 screenshot for Home: red left half, so the heatmap can be checked against it.
        var shot = RGBAImage(width: 100, height: 200, fill: RGBA(255, 255, 255))
        for y in 0..<200 { for x in 0..<50 { shot[x, y] = RGBA(200, 0, 0) } }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("shots"), withIntermediateDirectories: true)
        try PNG.encode(shot).write(to: folder.appendingPathComponent("shots/home.png"))
    }

    func report(_ options: UsageReportOptions = UsageReportOptions(), output: URL? = nil) throws -> (UsageReport, TempFolder) {
        let temp = TempFolder()
        try makeLogs(temp.path("logs"))
        let store = try UsageStore(path: temp.path("usage.sqlite").path)
        let ingest = try store.ingest(paths: [temp.path("logs").path])
        XCTAssertEqual(ingest.problems, [])
        return (try UsagePipeline.run(store: store, options: options, outputFolder: output ?? temp.path("out")), temp)
    }

    func testTimePerScreenSplitsActiveAndIdleAndLeavesOutTheBackground() throws {
        let (r, _) = try report()
        let screens = Dictionary(uniqueKeysWithValues: r.screens.map { ($0.name, $0) })
        XCTAssertEqual(screens["Home"], .init(name: "Home", visits: 2, sessions: 2, totalSeconds: 13, activeSeconds: 13, idleSeconds: 0, meanVisitSeconds: 6.5))
        XCTAssertEqual(screens["Products"], .init(name: "Products", visits: 2, sessions: 2, totalSeconds: 93, activeSeconds: 43, idleSeconds: 50, meanVisitSeconds: 46.5))
        // 100–120 s and 300–340 s visible; every gap under the threshold.
        XCTAssertEqual(screens["Product"]?.totalSeconds, 60)
        XCTAssertEqual(screens["Product"]?.activeSeconds, 60)
        XCTAssertEqual(screens["Contact"]?.totalSeconds, 3)
        XCTAssertEqual(r.screens.first?.name, "Products", "longest first")
        // Functionalities default to the container: Products and Product share /products.
        let functions = Dictionary(uniqueKeysWithValues: r.functionalities.map { ($0.name, $0) })
        XCTAssertEqual(functions["/products"]?.totalSeconds, 153)
        XCTAssertEqual(functions["/products"]?.visits, 3)

        var options = UsageReportOptions()
        options.idleThresholdSeconds = 5
        options.functionalities = ["Product": "Buying", "Products": "Buying", "Contact": "Support"]
        let (strict, _) = try report(options)
        let products = strict.screens.first { $0.name == "Products" }!
        // Gaps 10 and 80 s in session A count 5 s each; session B's 3 s visit is all active.
        XCTAssertEqual(products.activeSeconds, 13)
        XCTAssertEqual(products.idleSeconds, 80)
        XCTAssertEqual(Set(strict.functionalities.map(\.name)), ["/", "Buying", "Support"])
    }

    func testFlowsFunnelsAndConsent() throws {
        var options = UsageReportOptions()
        options.funnels = [["Home", "Products", "Product"]]
        let (r, _) = try report(options)
        XCTAssertEqual(r.summary.sessions, 2)
        XCTAssertEqual(r.summary.sessionsWithoutConsent, 1)
        XCTAssertEqual(r.summary.users, 2)
        XCTAssertEqual(r.transitions.first, .init(from: "Home", to: "Products", count: 2))
        XCTAssertEqual(Set(r.transitions.dropFirst().map { "\($0.from)>\($0.to)=\($0.count)" }), ["Products>Product=1", "Products>Contact=1"])
        XCTAssertEqual(Set(r.paths.map(\.screens)), [["Home", "Products", "Product"], ["Home", "Products", "Contact"]])
        XCTAssertEqual(r.funnels.first?.steps.map(\.sessions), [2, 2, 1])
        XCTAssertEqual(r.funnels.first?.steps.map(\.conversion), [1, 1, 0.5])
        // Session C's tap on Home is nowhere.
        XCTAssertEqual(r.heatmaps.first { $0.screen == "Home" }?.touches, 1)
    }

    func testGesturesVersusButtonsAndUnrecognisedGestures() throws {
        let (r, _) = try report()
        let gestures = Dictionary(uniqueKeysWithValues: r.gestures.map { ($0.screen, $0) })
        XCTAssertEqual(gestures["Home"]?.buttons, 1)
        XCTAssertEqual(gestures["Products"]?.gestures, ["swipe": 1])
        XCTAssertEqual(gestures["Products"]?.gestureShare, 1)
        XCTAssertEqual(gestures["Product"]?.buttons, 2)
        XCTAssertEqual(gestures["Product"]?.unrecognised, 1)
        XCTAssertEqual(gestures["Contact"]?.buttons, 1, "a switch turned is a control used")
        XCTAssertEqual(r.unrecognised, [.init(screen: "Product", gesture: "pinch", count: 1, sessions: 1)])
    }

    func testConnectivityEpisodeWithWhatThePersonDid() throws {
        var options = UsageReportOptions()
        options.connectivityWindowSeconds = 10
        let (r, _) = try report(options)
        XCTAssertEqual(r.connectivity.count, 1)
        let e = try XCTUnwrap(r.connectivity.first)
        XCTAssertEqual(e.session, "A")
        XCTAssertEqual(e.user, "u1")
        XCTAssertEqual(e.durationSeconds, 20)
        XCTAssertEqual(e.screen, "Product")
        XCTAssertEqual(e.network, "none")
        XCTAssertEqual(e.during, ["app.widget.click": 2])
        XCTAssertEqual(e.after, ["carto.scroll": 1])
        XCTAssertEqual(e.before, [:], "the foreground at 300 s is not an action; the pinch was 200 s earlier")
        XCTAssertEqual(e.start, "2023-11-14T22:18:30.000Z")
    }

    func testGPXTracksAreValidGPX11() throws {
        let temp = TempFolder()
        let (r, _) = try report(output: temp.url)
        XCTAssertEqual(r.locations, [.init(session: "A", points: 3, file: "gpx/A.gpx")])
        let data = try Data(contentsOf: temp.path("gpx/A.gpx"))
        let checker = GPXChecker()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.delegate = checker
        XCTAssertTrue(parser.parse(), "well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")")
        XCTAssertEqual(checker.problems, [])
        XCTAssertEqual(checker.points.count, 3)
        XCTAssertEqual(checker.points.first?.lat, 51.05)
        XCTAssertEqual(checker.points[1].lon, 3.7202)
        XCTAssertEqual(checker.elevations, ["10", "11"], "the third fix has no altitude")
        XCTAssertEqual(checker.times.first, "2023-11-14T22:13:21.000Z")
        // xsd:decimal: no exponent, at most 7 decimals.
        XCTAssertEqual([0.00001, -3.5, 10, -0.00000001, 51.062395, -179.99999999].map(GPX.format), ["0.00001", "-3.5", "10", "0", "51.062395", "-180"])
    }

    func testHeatmapsArePNGsOverTheScreenshot() throws {
        let temp = TempFolder()
        let (r, _) = try report(output: temp.url)
        XCTAssertEqual(Set(r.heatmaps.map(\.screen)), ["Home", "Products", "Product"])
        for map in r.heatmaps {
            let image = try PNG.read(temp.url.appendingPathComponent(map.file))
            XCTAssertEqual(image.width, 100, map.screen)
            XCTAssertEqual(image.height, 200, map.screen)
        }
        // Products: five taps at (30, 40) make it the hottest place (red); far away stays the plain background.
        let products = try PNG.read(temp.url.appendingPathComponent(r.heatmaps.first { $0.screen == "Products" }!.file))
        let hot = products[30, 40], cold = products[90, 190]
        XCTAssertGreaterThan(Int(hot.r), 200, "hot spot is red: \(hot)")
        XCTAssertLessThan(Int(hot.b), 100)
        XCTAssertEqual(cold, RGBA(48, 48, 52), "no screenshot for Products: neutral background")
        // The swipe path is drawn in white along x = 50 from y = 150 to 60.
        let path = products[50, 100]
        XCTAssertGreaterThan(Int(path.r) + Int(path.g) + Int(path.b), 3 * 150, "path drawn: \(path)")
        // Product: the unrecognised pinch at (50, 50) in magenta.
        let product = try PNG.read(temp.url.appendingPathComponent(r.heatmaps.first { $0.screen == "Product" }!.file))
        let pinch = product[50, 50]
        XCTAssertGreaterThan(pinch.r, 190, "\(pinch)"); XCTAssertLessThan(pinch.g, 60, "\(pinch)"); XCTAssertGreaterThan(pinch.b, 140, "\(pinch)")
        // Home: the red-and-white screenshot underneath, dimmed.
        let home = try PNG.read(temp.url.appendingPathComponent(r.heatmaps.first { $0.screen == "Home" }!.file))
        let left = home[20, 180], right = home[80, 180]
        XCTAssertGreaterThan(Int(left.r), Int(left.g) + 60, "red half: \(left)")
        XCTAssertGreaterThan(Int(right.g), 100, "white half, dimmed: \(right)")
        XCTAssertEqual(r.heatmaps.first { $0.screen == "Home" }?.screenshot.map { URL(fileURLWithPath: $0).lastPathComponent }, "home.png")
        XCTAssertNil(r.heatmaps.first { $0.screen == "Products" }?.screenshot)
    }

    func testWrittenReportHasHTMLJSONAndCSV() throws {
        let temp = TempFolder()
        var options = UsageReportOptions()
        options.funnels = [["Home", "Products"]]
        let (r, _) = try report(options, output: temp.url)
        try UsageReportWriter.write(r, to: temp.url)
        let decoded = try JSONDecoder().decode(UsageReport.self, from: Data(contentsOf: temp.path("report.json")))
        XCTAssertEqual(decoded.screens, r.screens)
        let csv = try String(contentsOf: temp.path("screens.csv"), encoding: .utf8)
        XCTAssertTrue(csv.hasPrefix("name,visits,sessions,total_seconds,active_seconds,idle_seconds,mean_visit_seconds\r\n"))
        XCTAssertTrue(csv.contains("Products,2,2,93.0,43.0,50.0,46.5\r\n"), csv)
        let html = try String(contentsOf: temp.path("report.html"), encoding: .utf8)
        for needle in ["Time per screen", "Funnel: Home → Products", "Gestures versus buttons", "Unrecognised gestures", "heatmaps/Products.png", "gpx/A.gpx", "Connectivity losses"] {
            XCTAssertTrue(html.contains(needle), needle)
        }
        for file in try FileManager.default.contentsOfDirectory(atPath: temp.path("heatmaps").path) {
            XCTAssertNoThrow(try PNG.read(temp.path("heatmaps/" + file)), file)
        }
    }
}

/// Checks a GPX document against the rules of the GPX 1.1 schema that matter here: root, namespace, version,
/// creator, element order inside trkpt (ele before time), coordinate ranges, xsd:dateTime times.
final class GPXChecker: NSObject, XMLParserDelegate {
    var problems: [String] = []
    var points: [(lat: Double, lon: Double)] = []
    var elevations: [String] = []
    var times: [String] = []
    private var stack: [String] = []
    private var text = ""
    private var sawTimeInPoint = false

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        if stack.isEmpty {
            if name != "gpx" { problems.append("root is \(name)") }
            if attributes["version"] != "1.1" { problems.append("version \(attributes["version"] ?? "missing")") }
            if attributes["creator"]?.isEmpty != false { problems.append("no creator") }
        }
        if namespaceURI != "http://www.topografix.com/GPX/1/1" { problems.append("\(name) outside the GPX 1.1 namespace") }
        let allowedParents: [String: String] = ["metadata": "gpx", "trk": "gpx", "trkseg": "trk", "trkpt": "trkseg"]
        if let parent = allowedParents[name], stack.last != parent { problems.append("\(name) inside \(stack.last ?? "nothing")") }
        if name == "trkpt" {
            sawTimeInPoint = false
            guard let lat = attributes["lat"].flatMap(Double.init), let lon = attributes["lon"].flatMap(Double.init),
                  (-90...90).contains(lat), (-180..<180).contains(lon) else { problems.append("bad trkpt \(attributes)"); return }
            points.append((lat, lon))
        }
        if name == "ele", sawTimeInPoint { problems.append("ele after time") }
        stack.append(name)
        text = ""
    }
    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        stack.removeLast()
        if stack.last == "trkpt" {
            if name == "ele" { elevations.append(text); if Double(text) == nil { problems.append("ele \(text)") } }
            if name == "time" {
                sawTimeInPoint = true
                times.append(text)
                if text.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$"#, options: .regularExpression) == nil { problems.append("time \(text)") }
            }
        }
    }
}

final class ReportTimeTests: XCTestCase {
    func testISOTimesMatchFoundation() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for ms in [0.0, 1_700_000_310_000, 951_782_400_123, 4_102_444_799_999, 1_583_020_800_007, 1_709_251_199_050.7] {
            XCTAssertEqual(ReportTime.iso(ms), formatter.string(from: Date(timeIntervalSince1970: (ms / 1000).rounded(.down) + Double(Int(ms) % 1000) / 1000)), "\(ms)")
        }
    }
}
