import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// `carto stub` as users run it: a long-running server process, stopped by the admin API or a signal.
final class StubCLITests: XCTestCase, CLIHarness {
    func testServesTheExampleAndStopsOnAdminShutdownOrSIGTERM() throws {
        let root = repoRoot + "/Examples/login-app"
        let (process, base, _) = try startServer(["stub", "--root", root, "--port", "0"])
        let (status, body) = try http("GET", base + "/app")
        XCTAssertEqual(status, 200)
        XCTAssertTrue(body.contains("<title>Sign in</title>"))
        XCTAssertEqual(try http("GET", base + "/nothing").0, 404)
        XCTAssertEqual(try http("POST", base + "/__admin/shutdown").0, 200)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)

        let (second, base2, _) = try startServer(["stub", "serve", "--root", root, "--port", "0", "--quiet"])
        XCTAssertEqual(try http("GET", base2 + "/__admin/health").0, 200)
        second.terminate()
        second.waitUntilExit()
        XCTAssertEqual(second.terminationStatus, 0)
    }

    func testBadInputIsOneLineAndExitTwo() throws {
        let missing = try carto(["stub", "--root", "/nonexistent/stubs", "--port", "0"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "error: /nonexistent/stubs: no such folder; pass --root DIR with a mappings/ folder (WireMock layout)\n")

        let (_, base, _) = try startServer(["stub", "--root", repoRoot + "/Examples/login-app", "--port", "0"])
        let port = base.split(separator: ":").last!
        let busy = try carto(["stub", "--root", repoRoot + "/Examples/login-app", "--port", String(port)])
        XCTAssertEqual(busy.status, 2)
        XCTAssertTrue(busy.stderr.hasPrefix("error: cannot listen on 127.0.0.1:\(port) (address already in use)"), busy.stderr)

        let badPort = try carto(["stub", "--port", "70000"])
        XCTAssertEqual(badPort.status, 2)

        let dir = try tempDir()
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: dir + "/bad.har"))
        let har = try carto(["stub", "import-har", dir + "/bad.har", "--root", dir + "/out"])
        XCTAssertEqual(har.status, 2)
        XCTAssertTrue(har.stderr.hasPrefix("error: \(dir)/bad.har: not a HAR file, malformed JSON at line 1, column 2"), har.stderr)
        let none = try carto(["stub", "import-har", dir + "/none.har"])
        XCTAssertEqual(none.status, 2)
    }

    func testImportHARWritesMappings() throws {
        let dir = try tempDir()
        let har = #"{"log": {"entries": [{"request": {"method": "GET", "url": "https://api.example.com/v1/me", "headers": []}, "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}], "content": {"text": "{\"name\":\"Ada\"}"}}}]}}"#
        try Data(har.utf8).write(to: URL(fileURLWithPath: dir + "/c.har"))
        let r = try carto(["stub", "import-har", dir + "/c.har", "--root", dir + "/stubs"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("1 entries: 1 mappings written, 0 scenario steps, 0 duplicates, 0 skipped"), r.stdout)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/stubs/mappings")
        XCTAssertEqual(files.count, 1)
        XCTAssertTrue(files[0].hasPrefix("get-v1-me-"))
    }

    func testHelp() throws {
        for args in [["stub", "--help"], ["stub", "record", "--help"], ["stub", "import-har", "--help"], ["stub", "serve", "--help"]] {
            let r = try carto(args)
            XCTAssertEqual(r.status, 0)
            XCTAssertTrue(r.stdout.contains("USAGE"), args.joined(separator: " "))
        }
    }
}
