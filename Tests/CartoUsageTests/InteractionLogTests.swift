import CartoCore
import CartoProbe
import Foundation
import XCTest
@testable import CartoUsage

/// The app-side logger (what goes into the file) and the reader (what comes back out, bad lines included).
final class InteractionLogTests: XCTestCase {
    func testLoggerNumbersStampsScreensAndMasksText() throws {
        let temp = TempFolder()
        let s = try ScriptedSession(folder: temp.url, id: "s1")
        s.at(1).screenAppeared("Login", container: "LoginNavigation")
        s.at(2).textEntry(InteractionTarget(id: "email", type: "textField"), text: "ann@example.org", secure: false)
        s.at(3).textEntry(InteractionTarget(id: "password", type: "secureTextField"), text: "hunter2", secure: true)
        s.at(4).controlChanged(InteractionTarget(id: "remember", type: "switch"), control: "switch", value: "on")
        try s.at(5).end()
        s.at(6).tap(x: 1, y: 1, recognised: true)   // after the end: ignored
        try s.logger.flush()
        let lines = readLines(temp.path("s1.jsonl"))
        XCTAssertEqual(lines.map { $0["name"] as? String }, ["session.start", "carto.screen.appeared", "carto.text.entry", "carto.text.entry", "carto.control.changed", "session.end"])
        XCTAssertEqual(lines.map { $0["seq"] as? Int }, [0, 1, 2, 3, 4, 5])
        XCTAssertEqual(lines.map { $0["v"] as? Int }, Array(repeating: 1, count: 6))
        XCTAssertEqual(lines[2]["screen"] as? String, "Login", "events carry the screen they happened on")
        XCTAssertEqual(lines[2]["length"] as? Int, 15)
        XCTAssertNil(lines[2]["text"], "text is masked by default")
        XCTAssertNil(lines[3]["text"])
        XCTAssertEqual(lines[4]["value"] as? String, "on")
        XCTAssertEqual(lines[0]["consent"] as? Bool, true)
        XCTAssertEqual(lines[5]["ts"] as? Double, s.start + 5000)
        let raw = try String(contentsOf: temp.path("s1.jsonl"), encoding: .utf8)
        XCTAssertFalse(raw.contains("hunter2")); XCTAssertFalse(raw.contains("ann@example.org"))
    }

    func testTextIsKeptOnlyByOptInAndNeverForSecureFields() throws {
        let temp = TempFolder()
        var options = InteractionLogger.Options()
        options.recordText = true
        let s = try ScriptedSession(folder: temp.url, id: "s2", options: options)
        s.at(1).textEntry(InteractionTarget(id: "search", type: "searchField"), text: "cheese", secure: false)
        s.at(2).textEntry(InteractionTarget(id: "pin", type: "secureTextField"), text: "1234", secure: true)
        try s.logger.flush()
        let lines = readLines(temp.path("s2.jsonl"))
        XCTAssertEqual(lines[1]["text"] as? String, "cheese")
        XCTAssertNil(lines[2]["text"])
        XCTAssertEqual(lines[2]["length"] as? Int, 4)
    }

    func testWithoutConsentOnlyTheSessionIsRecorded() throws {
        let temp = TempFolder()
        let s = try ScriptedSession(folder: temp.url, id: "s3", consent: false)
        s.at(1).screenAppeared("Home")
        s.at(2).tap(x: 5, y: 5, recognised: true)
        s.at(3).location(lat: 1, lon: 2)
        try s.at(4).end()
        let lines = readLines(temp.path("s3.jsonl"))
        XCTAssertEqual(lines.map { $0["name"] as? String }, ["session.start", "session.end"])
        XCTAssertEqual(lines[0]["consent"] as? Bool, false)
    }

    func testBufferedEventsReachTheFileOnBackgroundAndEveryFlushInterval() throws {
        let temp = TempFolder()
        var options = InteractionLogger.Options()
        options.flushEvery = 3
        let s = try ScriptedSession(folder: temp.url, id: "s4", options: options)
        s.at(1).screenAppeared("A")
        XCTAssertEqual(readLines(temp.path("s4.jsonl")).count, 1, "buffered")
        s.at(2).tap(x: 1, y: 1, recognised: true)
        s.at(3).tap(x: 1, y: 1, recognised: true)
        XCTAssertEqual(readLines(temp.path("s4.jsonl")).count, 4, "three buffered events written")
        s.at(4).lifecycle("background")
        XCTAssertEqual(readLines(temp.path("s4.jsonl")).count, 5, "backgrounding writes at once: the app may be killed next")
    }

    func testReaderReportsBadLinesWithFileAndLineAndKeepsTheRest() throws {
        let temp = TempFolder()
        let file = temp.path("broken.jsonl")
        let good = #"{"v":1,"ts":1700000000000,"session":"x","seq":0,"name":"session.start","user":"u"}"#
        let lines = [
            good,
            "this is not json",
            #"{"v":1,"ts":1700000000001,"seq":1,"name":"carto.screen.appeared","screen":"Home"}"#,
            #"{"v":2,"ts":1700000000002,"session":"x","seq":2,"name":"carto.future"}"#,
            #"{"v":1,"ts":"yesterday","session":"x","seq":3,"name":"app.screen.click"}"#,
            "",
            #"{"v":1,"ts":1700000000004,"session":"x","seq":4,"name":"app.screen.click","x":3,"y":4}"#,
            #"{"v":1,"ts":1700000000005,"session":"x","seq":5,"na"#,
        ]
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        let result = try InteractionLogReader.read(file)
        XCTAssertEqual(result.events.map(\.seq), [0, 4])
        XCTAssertEqual(result.problems.map(\.line), [2, 3, 4, 5, 8])
        XCTAssertTrue(result.problems.allSatisfy { $0.file == file.path })
        XCTAssertEqual(result.problems[0].message, "not a JSON object")
        XCTAssertEqual(result.problems[1].message, #"required field "session" is missing"#)
        XCTAssertTrue(result.problems[2].message.contains("schema version 2"), result.problems[2].message)
        XCTAssertEqual(result.problems[3].message, #"field "ts" has the wrong type"#)
        XCTAssertTrue(result.problems[4].message.contains("cut off"), result.problems[4].message)
        XCTAssertEqual(result.problems[4].description, "\(file.path):8: the line is cut off (the app stopped while writing?); line skipped")
    }

    func testMissingLogIsAClearError() {
        XCTAssertThrowsError(try InteractionLogReader.read(URL(fileURLWithPath: "/nonexistent/x.jsonl"))) { error in
            XCTAssertTrue("\(error)".hasPrefix("/nonexistent/x.jsonl: cannot read the log"), "\(error)")
        }
    }
}

/// The hand-written line parser must read exactly what Foundation's JSONDecoder reads.
final class InteractionLineParserTests: XCTestCase {
    func parse(_ line: String) throws -> InteractionEvent {
        var bytes = Array(line.utf8)
        return try bytes.withUnsafeMutableBufferPointer { try InteractionLineParser.parse(UnsafeBufferPointer($0)) }
    }

    func testAgreesWithJSONDecoderOnTheBundledSessionsAndEdgeCases() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var lines: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: root.path + "/Examples/usage-sessions") where file.hasSuffix(".jsonl") {
            lines += try String(contentsOfFile: root.path + "/Examples/usage-sessions/" + file, encoding: .utf8).split(separator: "\n").map(String.init)
        }
        XCTAssertGreaterThan(lines.count, 3000)
        lines += [
            #"{"v":1,"ts":1.7e12,"session":"é\"\\\/\n\u00e9\ud83d\ude00","seq":0,"name":"x","future":{"a":[1,{"b":null}],"c":"}"},"x":-0.5,"y":1E-3}"#,
            #"  { "v" : 1 , "ts" : 1700000000000.123 , "session" : "s" , "seq" : 3 , "name" : "carto.gesture" , "path" : [ [ 1 , 2.5 ] , [ ] ] , "target" : { "id" : null , "label" : "L", "extra": true } , "recognised" : false }  "#,
            #"{"v":1,"ts":123456789012345678901,"session":"s","seq":1,"name":"n","lat":51.0623951234567,"lon":3.7210080000000001}"#,
        ]
        let decoder = JSONDecoder()
        for line in lines {
            XCTAssertEqual(try parse(line), try decoder.decode(InteractionEvent.self, from: Data(line.utf8)), line)
        }
    }

    func testFailuresNameTheField() {
        func failure(_ line: String) -> InteractionLineParser.Failure? {
            do { _ = try parse(line); return nil } catch { return error as? InteractionLineParser.Failure }
        }
        XCTAssertEqual(failure(#"{"v":1,"ts":1,"session":"s","seq":0}"#), .missing("name"))
        XCTAssertEqual(failure(#"{"v":1,"ts":1,"session":"s","seq":0.5,"name":"n"}"#), .wrongType("seq"))
        XCTAssertEqual(failure(#"{"v":1,"ts":1,"session":"s","seq":0,"name":"n","recognised":"yes"}"#), .wrongType("recognised"))
        XCTAssertEqual(failure(#"{"v":1,"ts":1,"session":"s","seq":0,"name":"n","target":{"id":3}}"#), .wrongType("target.id"))
        XCTAssertEqual(failure(#"{"v":1,"ts":1,"session":"s","seq":0,"name":"n"} trailing"#), .syntax)
        XCTAssertEqual(failure(#"[1,2]"#), .syntax)
        XCTAssertEqual(failure(#"{"v":1,"ts":1,"session":"s"#), .syntax)
    }
}
