import CartoCore
import CartoExplore
@testable import CartoJourneys
import Foundation
import SwiftParser
import SwiftSyntax
import XCTest
import Yams

final class ScriptAndGeneratorTests: XCTestCase {
    let script = JourneyScript(platform: "ios", start: "com.example.shop", steps: [
        JourneyStep(command: "type", component: "textField", target: Locators(id: "email", label: "Email"), args: ["ann@example.org"]),
        JourneyStep(command: "type", component: "secureTextField", target: Locators(id: "password"), args: ["${SECRET_PASSWORD}"]),
        JourneyStep(command: "tap", component: "button", target: Locators(id: "login", label: "Sign in", text: "Sign in")),
        JourneyStep(command: "swipe", args: ["left"]),
        JourneyStep(command: "setValue", component: "slider", target: Locators(label: "Volume"), args: ["0.8"]),
        JourneyStep(command: "verify", args: ["screen", "Welcome"]),
        JourneyStep(command: "verify", args: ["text", "Hello \"Ann\""]),
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
            JourneyStep(command: "type", component: "textField", target: Locators(label: #"Say "hi" \ now"#), args: ["line 1\nline 2 \\ \"q\""]),
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
        // A model.json as carto crawl writes it (only the fields the journey needs matter).
        func modelJSON(_ edges: [(String, String, String, String)]) -> String {
            let states = [("s0", "Home"), ("s1", "Products"), ("s2", "Product"), ("s3", "Sign in"), ("s4", "Account")]
                .map { #"{"id":"\#($0.0)","title":"\#($0.1)","context":"/","depth":0,"elements":1,"events":1}"# }.joined(separator: ",")
            let edgeText = edges.map { e -> String in
                let event = String(decoding: try! JSONSerialization.data(withJSONObject: [e.2]), as: UTF8.self).dropFirst().dropLast()
                return #"{"from":"\#(e.0)","to":"\#(e.1)","event":\#(event),"kind":"\#(e.3)"}"#
            }.joined(separator: ",")
            return #"{"format":"carto-crawl-model","version":1,"app":{"platform":"web","start":"http://127.0.0.1:8080/"},"# +
                #""settings":{"strategy":"dfs","wait":"idle","rows":"first","weights":{"container":0.8,"title":0.8,"elementCount":0.8,"type":0.7,"hidden":0.7,"enabled":0.7,"target":0.7,"action":0.7,"threshold":70}},"# +
                #""states":[\#(states)],"edges":[\#(edgeText)],"stats":{"events":6,"uniqueStates":5,"totalStates":6,"edges":6,"durationSeconds":1,"failures":0,"stopReason":"explored"},"failures":[]}"#
        }
        var edges = [
            ("s0", "s1", "tap link \"Products\"", "new"),
            ("s1", "s2", "tap cell \"Apples, 1.20 €\"", "new"),
            ("s2", "s1", "back", "back"),
            ("s0", "s3", "tap button \"Sign in\"", "new"),
            ("s3", "s4", "fill textField \"Email\", secureTextField \"Password\" and submit", "new"),
            ("s1", "s4", "tap link \"Account\"", "new"),
        ]
        func decode() throws -> CrawlModel { try JSONDecoder().decode(CrawlModel.self, from: Data(modelJSON(edges).utf8)) }
        let model = try decode()
        let product = try ModelJourney.path(in: model, to: "Product")
        XCTAssertEqual(product.steps.map(\.summary), [#"tap link "Products""#, #"tap cell "Apples, 1.20 €""#, #"verify "screen" "Product""#])
        let account = try ModelJourney.path(in: model, to: "s4")
        XCTAssertEqual(account.steps.map(\.command), ["tap", "tap", "verify"], "two taps beat sign-in's three steps")
        edges.removeLast()
        let viaForm = try ModelJourney.path(in: try decode(), to: "s4")
        XCTAssertEqual(viaForm.steps.map(\.command), ["tap", "type", "type", "submit", "verify"])
        XCTAssertEqual(viaForm.steps[1].args, ["carto@example.com"])
        XCTAssertEqual(viaForm.steps[2].args, ["${SECRET_PASSWORD}"])
        XCTAssertThrowsError(try ModelJourney.path(in: model, to: "s9")) { XCTAssertTrue("\($0)".contains("no state s9")) }
    }
}
