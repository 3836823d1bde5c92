import CartoCore
import CartoDrivers
import CartoHTTP
@testable import CartoExplore
import Foundation
import XCTest

/// The iOS dialect's session flow against an HTTP fake of Appium/WebDriverAgent that serves page sources written in
/// WDA's format (Tests/CartoExploreTests/Fixtures/wda-recipes) and switches screens on taps, as the app would.
final class IOSCrawlTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/wda-recipes").path

    /// A tiny Recipes app: a list, a detail screen with a back button, a settings tab with a switch and a button
    /// that crashes the app.
    final class FakeWDA: @unchecked Sendable {
        let lock = NSLock()
        var screen = "home"
        var notifications = false
        var appState = 4
        var commands: [String] = []
        var ids: [String] = []   // element ids are opaque numbers, as WDA's are opaque UUIDs
        let sources: [String: String]

        init() throws {
            var s: [String: String] = [:]
            for name in ["home", "detail", "settings"] {
                s[name] = try String(contentsOfFile: IOSCrawlTests.fixtures + "/\(name).xml", encoding: .utf8)
            }
            sources = s
        }

        func source() -> String {
            sources[screen]!.replacingOccurrences(of: "{{notifications}}", with: notifications ? "1" : "0")
        }

        func handle(_ r: LoopbackServer.Request) -> LoopbackServer.Response {
            lock.lock(); defer { lock.unlock() }
            commands.append("\(r.method) \(r.path) \(r.json?["script"] ?? "")")
            let ok = LoopbackServer.Response.json(["value": NSNull()])
            func error(_ code: String, _ status: Int) -> LoopbackServer.Response { .json(["value": ["error": code, "message": code]], status: status) }
            switch (r.method, r.path) {
            case ("POST", "/session"):
                return .json(["value": ["sessionId": "fake", "capabilities": ["platformName": "iOS"]]])
            case ("DELETE", "/session/fake"), ("POST", "/session/fake/appium/settings"):
                return ok
            case ("GET", "/session/fake/source"):
                return .json(["value": appState == 4 ? source() : "<XCUIElementTypeApplication type=\"XCUIElementTypeApplication\" name=\"SpringBoard\"/>"])
            case ("GET", "/session/fake/screenshot"):
                return .json(["value": Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).base64EncodedString()])
            case ("POST", "/session/fake/execute/sync"):
                let script = r.json?["script"] as? String ?? ""
                switch script {
                case "mobile: terminateApp": appState = 1
                case "mobile: activateApp": appState = 4; screen = "home"; notifications = false
                case "mobile: queryAppState": return .json(["value": appState])
                case "mobile: scroll": break
                default: return error("unknown command", 404)
                }
                return ok
            case ("POST", "/session/fake/element"):
                let using = r.json?["using"] as? String ?? "", value = r.json?["value"] as? String ?? ""
                guard let snapshot = try? IOSPageSource.parse(Data(source().utf8)),
                      snapshot.elements.contains(where: { $0.locator == "\(using):\(value)" }) else { return error("no such element", 404) }
                ids.append("\(using):\(value)")
                return .json(["value": ["element-6066-11e4-a52e-4f735466cecf": String(ids.count - 1)]])
            default:
                guard r.method == "POST", r.path.hasPrefix("/session/fake/element/"), r.path.hasSuffix("/click") else { return error("unknown command", 404) }
                guard let id = Int(r.path.dropFirst("/session/fake/element/".count).dropLast("/click".count)), id < ids.count else {
                    return error("no such element", 404)
                }
                let locator = ids[id]
                let snapshot = try! IOSPageSource.parse(Data(source().utf8))
                guard let element = snapshot.elements.first(where: { $0.locator == locator }) else { return error("stale element reference", 404) }
                switch (screen, element.identifier ?? "") {
                case ("home", "recipe-pancakes"), ("home", "recipe-waffles"): screen = "detail"
                case (_, "BackButton"): screen = "home"
                case (_, "Settings") where element.role == .button: screen = "settings"
                case (_, "Recipes") where element.role == .button: screen = "home"
                case ("settings", "notifications"): notifications.toggle()
                case ("settings", "reset-data"): appState = 1
                default: break
                }
                return ok
            }
        }
    }

    func testCrawlOfAnIOSAppThroughWebDriverAgent() throws {
        let fake = try FakeWDA()
        let server = try LoopbackServer { fake.handle($0) }
        defer { server.stop() }
        let driver = try IOSDriver(webdriver: server.url, bundleID: "com.example.Recipes")
        defer { driver.close() }
        let crawler = Crawler(driver: driver, configuration: CrawlConfiguration())
        let model = try crawler.run()

        XCTAssertEqual(model.app, .init(platform: "ios", start: "com.example.Recipes"))
        XCTAssertEqual(model.stats.stopReason, .explored)
        XCTAssertEqual(model.states.map(\.context), ["navigationBar:Recipes", "navigationBar:Pancakes", "navigationBar:Settings"])
        // Back goes through the navigation bar's back button.
        XCTAssertTrue(model.edges.contains { $0.from == "s1" && $0.to == "s0" && $0.event == "tap button \"Recipes\"" && $0.kind == .back }, "\(model.edges)")
        XCTAssertTrue(model.edges.contains { $0.from == "s0" && $0.to == "s2" && $0.event == "tap button \"Settings\"" })
        // The switch changes a value, not the state; "Reset all data" crashes the app: a failure with its path.
        XCTAssertEqual(model.failures.map(\.kind), ["crash"])
        XCTAssertEqual(model.failures.first?.path, ["tap button \"Settings\"", "tap button \"Reset all data\""])
        // Only the first row is opened, and the app was relaunched (terminate + activate) after the crash.
        XCTAssertTrue(fake.commands.contains("POST /session/fake/execute/sync mobile: activateApp"))
        XCTAssertEqual(model.states.filter { $0.context == "navigationBar:Pancakes" }.count, 1)
        // One page source per observation: each tap and each launch is followed by exactly one read (WDA's own
        // quiescence wait is the idle wait), never the three of a wait + snapshot + scope check.
        let reads = fake.commands.filter { $0.hasPrefix("GET /session/fake/source") }.count
        let acts = fake.commands.filter { $0.hasSuffix("/click ") || $0.hasSuffix("mobile: activateApp") || $0.hasSuffix("mobile: scroll") }.count
        XCTAssertEqual(reads, acts, fake.commands.joined(separator: "\n"))
        XCTAssertGreaterThan(acts, 5)
    }
}
