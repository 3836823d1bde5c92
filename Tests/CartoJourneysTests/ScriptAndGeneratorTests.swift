import CartoCore
import CartoDrivers
@testable import CartoExplore
@testable import CartoJourneys
import CartoModel
import Foundation
import SwiftParser
import SwiftSyntax
import XCTest
import Yams

final class ScriptAndGeneratorTests: XCTestCase {
    let script = JourneyScript(platform: "ios", start: "com.example.shop", steps: [
        JourneyStep(command: .action(.type), component: "textField", target: Locators(id: "email", label: "Email"), args: ["ann@example.org"]),
        JourneyStep(command: .action(.type), component: "secureTextField", target: Locators(id: "password"), args: ["${SECRET_PASSWORD}"]),
        JourneyStep(command: .action(.tap), component: "button", target: Locators(id: "login", label: "Sign in", text: "Sign in")),
        JourneyStep(command: .action(.swipe), args: ["left"]),
        JourneyStep(command: .action(.setValue), component: "slider", target: Locators(label: "Volume"), args: ["0.8"]),
        JourneyStep(command: .verify, args: ["screen", "Welcome"]),
        JourneyStep(command: .verify, args: ["text", "Hello \"Ann\""]),
    ])

    func testJSONAndYAMLRoundTripAndBadScriptsAreClearErrors() throws {
        let dir = NSTemporaryDirectory() + "carto-script-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for name in ["s.json", "s.yaml", "s.yml"] {
            try script.write(to: dir + "/" + name)
            XCTAssertEqual(try JourneyScript.read(dir + "/" + name), script, name)
        }
        let yaml = try String(contentsOfFile: dir + "/s.yaml", encoding: .utf8)
        XCTAssertTrue(yaml.contains("- command: tap\n  component: button\n"), yaml)

        func expectError(_ text: String, _ name: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
            try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
            XCTAssertThrowsError(try JourneyScript.read(dir + "/" + name), file: file, line: line) { error in
                XCTAssertEqual("\(error)", "\(dir)/\(name): \(message)", file: file, line: line)
            }
        }
        try expectError(#"{"platform":"web","start":"x","steps":[{"command":"jump"}]}"#, "a.json",
                        "step 1 (jump): unknown command; use one of back, doubleTap, longPress, scroll, setValue, submit, swipe, tap, type, verify; fix the script")
        try expectError(#"{"platform":"web","start":"x","steps":[{"command":"tap"}]}"#, "b.json",
                        "step 1 (tap): needs a target with at least one locator (id, label, text or path); fix the script")
        try expectError("platform: web\nstart: x\nsteps:\n  - command: verify\n    args: [colour, red]\n", "c.yaml",
                        "step 1 (verify): verify needs args [what, expected] with what one of absent, exists, screen, text, value; fix the script")
        try expectError(#"{"platform":"web","steps":[]}"#, "d.json", ".start is missing; fix the script")
        try expectError("{ not json", "e.json", "not valid JSON or YAML; fix the script")
        XCTAssertThrowsError(try JourneyScript.read(dir + "/missing.json")) { error in
            XCTAssertTrue("\(error)".hasSuffix("missing.json: cannot read the script; check the path (record one with `carto record URL --output DIR`)"), "\(error)")
        }
    }

    func testXCUITestGeneration() {
        let code = XCUITestGenerator.generate(script, className: "SignIn Tests")
        XCTAssertTrue(code.contains("final class SignIn_Tests: XCTestCase {"))
        XCTAssertTrue(code.contains(#"do { let field = element(app.textFields, ["email", "Email"]); field.tap(); field.typeText("ann@example.org") }"#), code)
        XCTAssertTrue(code.contains(#"field.typeText(secret("SECRET_PASSWORD"))"#), code)
        XCTAssertTrue(code.contains(#"element(app.buttons, ["login", "Sign in"]).tap()"#), "duplicate names once: \(code)")
        XCTAssertTrue(code.contains("app.swipeLeft()"))
        XCTAssertTrue(code.contains(#"element(app.sliders, ["Volume"]).adjust(toNormalizedSliderPosition: 0.8)"#))
        XCTAssertTrue(code.contains(#"app.navigationBars["Welcome"].waitForExistence(timeout: 5)"#))
        XCTAssertTrue(code.contains(#""label CONTAINS %@", "Hello \"Ann\"""#), code)
        let tree = Parser.parse(source: code)
        XCTAssertFalse(tree.hasError, "generated Swift parses without errors:\n\(code)")
        // Awkward text survives as valid string literals.
        let awkward = JourneyScript(platform: "ios", start: "x", steps: [
            JourneyStep(command: .action(.type), component: "textField", target: Locators(label: #"Say "hi" \ now"#), args: ["line 1\nline 2 \\ \"q\""]),
        ])
        XCTAssertFalse(Parser.parse(source: XCUITestGenerator.generate(awkward, className: "2 weird-name")).hasError)
    }

    func testMaestroGeneration() {
        let flow = MaestroGenerator.generate(script)
        XCTAssertTrue(flow.contains("appId: \"com.example.shop\"\n---\n- launchApp\n"), flow)
        XCTAssertTrue(flow.contains("- tapOn:\n    id: \"email\"\n- eraseText\n- inputText: \"ann@example.org\"\n"), flow)
        XCTAssertTrue(flow.contains("- inputText: \"${SECRET_PASSWORD}\""))
        XCTAssertTrue(flow.contains("- swipe:\n    direction: LEFT\n"))
        XCTAssertTrue(flow.contains("- assertVisible: \"Welcome\"\n"))
        XCTAssertTrue(flow.contains(#"- assertVisible: "Hello \"Ann\"""#))
        XCTAssertTrue(MaestroGenerator.generate(JourneyScript(platform: "web", start: "http://127.0.0.1:8080/", steps: [])).contains("url: \"http://127.0.0.1:8080/\""))
        // Valid YAML: a config document, then the list of commands.
        let documents = Array(try! Yams.load_all(yaml: flow))
        XCTAssertEqual(documents.count, 2)
        XCTAssertEqual((documents[0] as? [String: Any])?["appId"] as? String, "com.example.shop")
        let commands = documents[1] as? [Any] ?? []
        XCTAssertEqual(commands.first as? String, "launchApp")
        XCTAssertEqual(((commands[1] as? [String: Any])?["tapOn"] as? [String: Any])?["id"] as? String, "email")
        XCTAssertEqual(((commands.last as? [String: Any])?["assertVisible"] as? String), #"Hello "Ann""#)
    }

    func testJourneyAlongTheShortestPathOfACrawledModel() throws {
        // Edges as the crawler records them: the readable event and its typed actions, from real crawl events.
        func element(_ role: UIRole, _ label: String, id: String? = nil, css: String) -> UIElement {
            UIElement(role: role, platformType: role.rawValue, identifier: id, label: label, actions: [.tap], locator: "css selector:" + css)
        }
        let products = CrawlEvent(kind: .tap, target: element(.link, "Products", css: "#products"))
        let apples = CrawlEvent(kind: .tap, target: element(.cell, "Apples, 1.20 € — the crisp ones from the orchard down the road", css: "li:nth-of-type(1)"))
        let signIn = CrawlEvent(kind: .tap, target: element(.button, "Sign in", css: "#sign-in"))
        let email = element(.textField, "Email", id: "email", css: "#email"), password = element(.secureTextField, "Password", id: "pw", css: "#pw")
        let fill = CrawlEvent(kind: .fill, target: nil, fields: [.init(field: email, kind: .email, text: "carto@example.com"),
                                                               .init(field: password, kind: .password, text: "hunter2")],
                              submit: element(.button, "Go", css: "form button"))
        let account = CrawlEvent(kind: .tap, target: element(.link, "Account", css: "#account"))
        var edges: [(String, String, CrawlEvent, EdgeKind)] = [
            ("s0", "s1", products, .new), ("s1", "s2", apples, .new), ("s2", "s1", .back, .back),
            ("s0", "s3", signIn, .new), ("s3", "s4", fill, .new), ("s1", "s4", account, .new),
        ]
        func model(typed: Bool = true) throws -> CrawlModel {
            let states = [("s0", "Home"), ("s1", "Products"), ("s2", "Product"), ("s3", "Sign in"), ("s4", "Account")]
                .map { #"{"id":"\#($0.0)","title":"\#($0.1)","context":"/","depth":0,"elements":1,"events":1}"# }.joined(separator: ",")
            let edgeText = try edges.map { e in
                String(decoding: try JSONEncoder().encode(CrawlModel.Edge(from: e.0, to: e.1, event: e.2.description, kind: e.3,
                                                                          action: typed ? e.2.userActions : nil)), as: UTF8.self)
            }.joined(separator: ",")
            let json = #"{"format":"carto-crawl-model","version":1,"app":{"platform":"web","start":"http://127.0.0.1:8080/"},"# +
                #""settings":{"strategy":"dfs","wait":"idle","rows":"first","weights":{"container":0.8,"title":0.8,"elementCount":0.8,"type":0.7,"hidden":0.7,"enabled":0.7,"target":0.7,"action":0.7,"threshold":70}},"# +
                #""states":[\#(states)],"edges":[\#(edgeText)],"stats":{"events":6,"uniqueStates":5,"totalStates":6,"edges":6,"durationSeconds":1,"failures":0,"stopReason":"explored"},"failures":[]}"#
            return try JSONDecoder().decode(CrawlModel.self, from: Data(json.utf8))
        }
        let product = try ModelJourney.path(in: try model(), to: "Product")
        XCTAssertEqual(product.steps.map(\.summary), [#"tap link "Products""#, #"tap cell "Apples, 1.20 € — the crisp ones from the orchard down the road""#,
                                                      #"verify "screen" "Product""#], "full labels, not the event's 39-character cut")
        XCTAssertEqual(product.steps[1].target, Locators(label: "Apples, 1.20 € — the crisp ones from the orchard down the road", path: "css selector:li:nth-of-type(1)"),
                       "every locator the crawler saw")
        XCTAssertEqual(product.steps[1].screen, "Products")
        let toAccount = try ModelJourney.path(in: try model(), to: "s4")
        XCTAssertEqual(toAccount.steps.map(\.command), [.action(.tap), .action(.tap), .verify], "two taps beat sign-in's three steps")
        edges.removeLast()
        let viaForm = try ModelJourney.path(in: try model(), to: "s4")
        XCTAssertEqual(viaForm.steps.map(\.command), [.action(.tap), .action(.type), .action(.type), .action(.tap), .verify])
        XCTAssertEqual(viaForm.steps[1].args, ["carto@example.com"], "the value the crawl typed")
        XCTAssertEqual(viaForm.steps[2].args, ["${SECRET_PW}"], "a password is a variable, never the text")
        XCTAssertEqual(viaForm.steps[2].target?.id, "pw")
        XCTAssertEqual(viaForm.steps[3].target?.path, "css selector:form button")
        XCTAssertThrowsError(try ModelJourney.path(in: try model(), to: "s9")) { XCTAssertTrue("\($0)".contains("no state s9")) }
        XCTAssertThrowsError(try ModelJourney.path(in: try model(typed: false), to: "s4")) {
            XCTAssertTrue("\($0)".contains("written by an older carto; crawl again"), "\($0)")
        }
    }
}
