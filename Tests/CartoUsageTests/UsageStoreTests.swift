import CartoCore
import CartoProbe
import Foundation
import XCTest
@testable import CartoUsage

final class UsageStoreTests: XCTestCase {
    func writeSession(_ folder: URL, id: String, user: String, taps: Int) throws {
        let s = try ScriptedSession(folder: folder, id: id, user: user)
        s.at(0).screenAppeared("Home")
        for i in 0..<taps { s.at(Double(i + 1)).tap(x: 1, y: 1, recognised: true) }
        try s.at(Double(taps + 1)).end()
    }

    func testIngestIsIdempotentAndSkipsUnchangedFiles() throws {
        let temp = TempFolder()
        try writeSession(temp.path("logs"), id: "a", user: "ann", taps: 3)
        try writeSession(temp.path("logs"), id: "b", user: "bob", taps: 2)
        let store = try UsageStore(path: temp.path("db.sqlite").path)
        var first = try store.ingest(paths: [temp.path("logs").path])
        XCTAssertEqual(first.files, 2); XCTAssertEqual(first.events, 6 + 5); XCTAssertEqual(first.duplicates, 0)
        first = try store.ingest(paths: [temp.path("logs").path])
        XCTAssertEqual(first.unchangedFiles, 2); XCTAssertEqual(first.events, 0)
        // The same session under another name (a copy, a second upload): nothing new.
        try FileManager.default.createDirectory(at: temp.path("copy"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: temp.path("logs/a.jsonl"), to: temp.path("copy/a-again.jsonl"))
        let copy = try store.ingest(paths: [temp.path("copy/a-again.jsonl").path])
        XCTAssertEqual(copy.events, 0); XCTAssertEqual(copy.duplicates, 6)
        XCTAssertEqual(store.eventCount, 11)
        // A session that grew (the app appended) adds only the new lines.
        let s = try InteractionLogger(directory: temp.path("logs"), session: "a",
                                      info: .init(user: "ann", app: "x", screenWidth: 1, screenHeight: 1, consent: true))
        s.tap(x: 2, y: 2, recognised: true)
        try s.flush()
        XCTAssertEqual(try store.ingest(paths: [temp.path("logs").path]).files, 2)
        // (The new logger restarted seq at 0, so its start and tap collide with existing events and are ignored.)
        XCTAssertEqual(store.eventCount, 11)
        // Reopening the database keeps everything.
        XCTAssertEqual(try UsageStore(path: temp.path("db.sqlite").path).eventCount, 11)
    }

    func testDeletingAUserRemovesAllTheirSessionsAndEvents() throws {
        let temp = TempFolder()
        try writeSession(temp.path("logs"), id: "a1", user: "ann", taps: 3)
        try writeSession(temp.path("logs"), id: "a2", user: "ann", taps: 1)
        try writeSession(temp.path("logs"), id: "b", user: "bob", taps: 2)
        let store = try UsageStore(path: temp.path("db.sqlite").path)
        _ = try store.ingest(paths: [temp.path("logs").path])
        let deletion = try store.deleteUser("ann")
        XCTAssertEqual(deletion.sessions, 2)
        XCTAssertEqual(deletion.events, 6 + 4)
        XCTAssertEqual(deletion.sources.map { URL(fileURLWithPath: $0).lastPathComponent }, ["a1.jsonl", "a2.jsonl"])
        XCTAssertEqual(store.eventCount, 5)
        XCTAssertEqual(Set(try store.sessions().values.compactMap(\.user)), ["bob"])
        let report = try UsagePipeline.run(store: store, options: .init(), outputFolder: nil)
        XCTAssertEqual(report.summary.users, 1)
        // Unchanged files are not read again, so the deleted sessions do not come back.
        _ = try store.ingest(paths: [temp.path("logs").path])
        XCTAssertEqual(store.eventCount, 5)
    }

    func testMissingInputAndDamagedDatabaseAreClearErrors() throws {
        let temp = TempFolder()
        let store = try UsageStore(path: temp.path("db.sqlite").path)
        XCTAssertThrowsError(try store.ingest(paths: [temp.path("nope").path])) { error in
            XCTAssertEqual("\(error)", "\(temp.path("nope").path): no such file or folder; pass folders or .jsonl files of interaction logs")
        }
        try Data("this is not a database, just text that is long enough to have a header....................".utf8).write(to: temp.path("bad.sqlite"))
        XCTAssertThrowsError(try UsageStore(path: temp.path("bad.sqlite").path)) { error in
            XCTAssertTrue("\(error)".contains("bad.sqlite"), "\(error)")
        }
    }
}

final class UnreadableLogTests: XCTestCase {
    func testAnUnreadableFileIsReportedAndTheOthersAreIngested() throws {
        #if !os(Linux)
        throw XCTSkip("uses /proc/self/mem as a file that cannot be read")
        #endif
        let temp = TempFolder()
        let s = try ScriptedSession(folder: temp.path("logs"), id: "ok")
        s.at(0).screenAppeared("Home")
        try s.at(1).end()
        // A log that exists but cannot be read (permissions cannot be tested as root: /proc/self/mem fails every read).
        try FileManager.default.createSymbolicLink(atPath: temp.path("logs/broken.jsonl").path, withDestinationPath: "/proc/self/mem")
        let store = try UsageStore(path: temp.path("db.sqlite").path)
        let summary = try store.ingest(paths: [temp.path("logs").path])
        XCTAssertEqual(summary.events, 3)
        XCTAssertEqual(summary.problems.count, 1)
        let problem = try XCTUnwrap(summary.problems.first)
        XCTAssertEqual(problem.line, 0)
        XCTAssertTrue(problem.description.hasPrefix(temp.path("logs/broken.jsonl").path + ": cannot read the log"), problem.description)
        XCTAssertTrue(problem.description.hasSuffix("; file skipped"), problem.description)
    }
}
