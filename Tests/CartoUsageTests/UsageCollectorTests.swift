import CartoCore
import CartoProbe
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest
@testable import CartoUsage
#if canImport(Glibc)
import Glibc
#endif

/// `carto usage serve` in-process on 127.0.0.1, fed by the app-side uploader and by raw sockets.
final class UsageCollectorTests: XCTestCase {
    func startCollector(_ temp: TempFolder, token: String = "s3cret") async throws -> (UsageCollector, URL) {
        let store = try UsageStore(path: temp.path("collected.sqlite").path)
        var config = UsageCollector.Configuration(token: token)
        config.port = 0
        let collector = try UsageCollector(store: store, configuration: config)
        let port = try await collector.start()
        return (collector, URL(string: "http://127.0.0.1:\(port)")!)
    }

    func writeSessions(_ folder: URL) throws {
        for (id, user) in [("a", "ann"), ("b", "bob")] {
            let s = try ScriptedSession(folder: folder, id: id, user: user)
            s.at(0).screenAppeared("Home")
            s.at(1).tap(x: 3, y: 4, recognised: true)
            s.at(2).screenAppeared("Products")
            try s.at(3).end()
        }
    }

    func testUploadsAreAuthenticatedStoredAndIdempotent() async throws {
        let temp = TempFolder()
        let (collector, url) = try await startCollector(temp)
        try writeSessions(temp.path("outbox"))

        let wrong = InteractionLogUploader(server: url, token: "guess").uploadAll(in: temp.path("outbox"))
        XCTAssertEqual(wrong.uploaded, [])
        XCTAssertTrue(wrong.failed["a.jsonl"]?.contains("answered 401") == true, "\(wrong.failed)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: temp.path("outbox/a.jsonl").path), "kept for the next try")
        XCTAssertEqual(collector.store.eventCount, 0)

        // Keep a copy to upload twice, as a retry after a lost answer would.
        try FileManager.default.copyItem(at: temp.path("outbox/a.jsonl"), to: temp.path("retry.jsonl"))
        let uploader = InteractionLogUploader(server: url, token: "s3cret")
        let outcome = uploader.uploadAll(in: temp.path("outbox"))
        XCTAssertEqual(outcome.uploaded, ["a.jsonl", "b.jsonl"])
        XCTAssertEqual(outcome.failed, [:])
        XCTAssertFalse(FileManager.default.fileExists(atPath: temp.path("outbox/a.jsonl").path), "deleted once confirmed")
        XCTAssertEqual(collector.store.eventCount, 10)
        guard case .success = uploader.upload(temp.path("retry.jsonl")) else { return XCTFail("retry failed") }
        XCTAssertEqual(collector.store.eventCount, 10, "a retried batch adds nothing")

        let (status, body) = try await http("GET", url.appendingPathComponent("v1/health"))
        XCTAssertEqual(status, 200)
        XCTAssertTrue(body.contains("\"events\":10"), body)

        let (deleteStatus, deleteBody) = try await http("DELETE", url.appendingPathComponent("v1/users/ann"), token: "s3cret")
        XCTAssertEqual(deleteStatus, 200)
        XCTAssertEqual(deleteBody, #"{"events":5,"sessions":1}"#)
        let unauthorised = try await http("DELETE", url.appendingPathComponent("v1/users/bob"))
        XCTAssertEqual(unauthorised.0, 401)
        XCTAssertEqual(collector.store.eventCount, 5)
        await collector.stop()
    }

    func testAnInterruptedUploadLosesNothing() async throws {
        let temp = TempFolder()
        let (collector, url) = try await startCollector(temp)
        try writeSessions(temp.path("outbox"))
        let body = try Data(contentsOf: temp.path("outbox/a.jsonl"))

        // The connection drops halfway through the body: nothing half-stored, the app keeps its file.
        let half = body.prefix(body.count / 2)
        try rawRequest(port: url.port!, head: "POST /v1/logs HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer s3cret\r\nContent-Length: \(body.count)\r\n\r\n", body: half)
        try await Task.sleep(for: .milliseconds(200))
        XCTAssertEqual(collector.store.eventCount, 0)

        // A body cut at a line boundary but complete as a request (the app sent what it had): the whole lines are
        // stored, the cut line is reported, and the full retry adds exactly the rest.
        let lines = body.split(separator: 10, omittingEmptySubsequences: false)
        let partial = Data(lines.prefix(2).joined(separator: [10])) + Data("\n".utf8) + Data(lines[2].prefix(10))
        let (status, answer) = try await http("POST", url.appendingPathComponent("v1/logs"), token: "s3cret", body: partial)
        XCTAssertEqual(status, 200)
        XCTAssertTrue(answer.contains("\"accepted\":2"), answer)
        XCTAssertTrue(answer.contains("upload:3: the line is cut off"), answer)
        XCTAssertEqual(collector.store.eventCount, 2)
        let outcome = InteractionLogUploader(server: url, token: "s3cret").uploadAll(in: temp.path("outbox"))
        XCTAssertEqual(outcome.uploaded.count, 2)
        XCTAssertEqual(collector.store.eventCount, 10, "every event exactly once")

        let (badStatus, badBody) = try await http("POST", url.appendingPathComponent("v1/logs"), token: "s3cret", body: Data("garbage\n".utf8))
        XCTAssertEqual(badStatus, 400)
        XCTAssertTrue(badBody.contains("upload:1: not a JSON object"), badBody)
        await collector.stop()
    }

    func testBusyPortIsAClearError() async throws {
        let temp = TempFolder()
        let (first, url) = try await startCollector(temp)
        var config = UsageCollector.Configuration(token: "t")
        config.port = url.port!
        let second = try UsageCollector(store: first.store, configuration: config)
        do {
            try await second.start()
            XCTFail("bound twice")
        } catch {
            XCTAssertEqual("\(error)", "cannot listen on 127.0.0.1:\(url.port!) (address already in use); pick another --port or stop what uses it")
        }
        await first.stop()
    }

    // MARK: helpers

    func http(_ method: String, _ url: URL, token: String? = nil, body: Data? = nil) async throws -> (Int, String) {
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        request.httpBody = body
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as! HTTPURLResponse).statusCode, String(decoding: data, as: UTF8.self))
    }

    /// Sends a request head and part of its body over a plain socket, then closes the connection.
    func rawRequest(port: Int, head: String, body: Data) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard connected == 0 else { throw CartoError("cannot connect to 127.0.0.1:\(port)") }
        let bytes = Array(head.utf8) + Array(body)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        usleep(50_000)
    }
}
