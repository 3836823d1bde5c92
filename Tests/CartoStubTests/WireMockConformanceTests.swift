import AsyncHTTPClient
import CartoCore
import CartoHTTP
@testable import CartoStub
import Foundation
import NIOCore
import NIOHTTP1
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The differential suite: the same generated mapping folder served by the real WireMock (2.35.1, the jar the
/// PyPI package `wiremock` ships, on the machine's Java) and by `carto stub`; every request goes to both and the
/// answers are compared — status, body, and the headers the mapping declares. Skipped with a message when no
/// Java runtime or jar is present (`bash scripts/test.sh` installs both).
final class WireMockConformanceTests: XCTestCase {
    /// Answers that differ on purpose (README, "Differences from WireMock"): the family and why.
    static let documentedDeviations: [String: String] = [:]

    func testSameAnswersAsWireMock() async throws {
        let (java, jar) = try Self.peer()
        let backend = try LoopbackServer { request in
            // A neutral origin for the proxy mappings: echoes what it received.
            if request.path.hasSuffix("/unknown") { return .text("no such thing", status: 404) }
            let body = String(decoding: request.body, as: UTF8.self)
            let via = request.headers.first { $0.key.lowercased() == "x-via" }?.value ?? "-"
            return LoopbackServer.Response(status: 200, contentType: "text/plain", body: Data("origin \(request.method) \(request.path)?\(request.query ?? "") via=\(via) body=\(body)".utf8),
                                           headers: ["X-Origin": "yes"])
        }
        defer { backend.stop() }
        let corpus = ConformanceCorpus(scale: 7, backend: "http://127.0.0.1:\(backend.port)")
        XCTAssertGreaterThanOrEqual(corpus.mappings.count, 300)
        XCTAssertGreaterThanOrEqual(corpus.probes.count, 1000)

        let root = try TempRoot()
        for (file, json) in corpus.mappings { try root.mapping(file, json) }
        for (name, text) in corpus.files { try root.file(name, text) }

        let wiremock = try await WireMockProcess.start(java: java, jar: jar, root: root.url)
        defer { wiremock.stop() }
        let stub = try await startServer(root: root.url) { $0.watchInterval = nil }
        XCTAssertEqual(stub.loadProblems.map(\.description), [], "every corpus mapping loads in carto stub")

        var identical = 0
        var differences: [(family: String, text: String)] = []
        var byFamily: [String: (same: Int, total: Int)] = [:]
        for probe in corpus.probes {
            let theirs = await Self.answer(probe, base: "http://127.0.0.1:\(wiremock.port)")
            let ours = await Self.answer(probe, base: stub.baseURL)
            let verdict = Self.compare(ours, theirs, probe: probe)
            byFamily[probe.family, default: (0, 0)].total += 1
            if let verdict {
                differences.append((probe.family, "[\(probe.family)] \(probe.method) \(probe.path): \(verdict)"))
            } else {
                identical += 1
                byFamily[probe.family, default: (0, 0)].same += 1
            }
        }
        let share = Double(identical) / Double(corpus.probes.count)
        var report = String(format: "differential suite: %d of %d answers identical (%.1f%%), %d mappings\n", identical, corpus.probes.count, share * 100, corpus.mappings.count)
        for (family, n) in byFamily.sorted(by: { $0.key < $1.key }) where n.same < n.total { report += "  \(family): \(n.same)/\(n.total)\n" }
        for d in differences.prefix(60) { report += "  " + d.text + "\n" }
        print(report)
        XCTAssertGreaterThanOrEqual(share, 0.99, report)
        let undocumented = differences.filter { Self.documentedDeviations[$0.family] == nil }
        XCTAssertEqual(undocumented.map(\.text), [], "differences that are neither fixed nor documented")
    }

    // MARK: Comparing answers

    struct Answer {
        var status: Int?
        var headers: HTTPHeaders = [:]
        var body: [UInt8] = []
        var failed: String?
    }

    static func answer(_ probe: ConformanceCorpus.Probe, base: String) async -> Answer {
        var r = HTTPClientRequest(url: base + probe.path)
        r.method = HTTPMethod(rawValue: probe.method)
        for (k, v) in probe.headers { r.headers.add(name: k, value: v) }
        if let body = probe.body { r.body = .bytes(ByteBuffer(string: body)) }
        do {
            let response = try await client.execute(r, timeout: .seconds(10))
            let bytes = try await response.body.collect(upTo: 16 << 20)
            return Answer(status: Int(response.status.code), headers: response.headers, body: Array(bytes.readableBytesView))
        } catch {
            return Answer(status: nil, failed: "\(error)")
        }
    }

    /// nil when the answers agree. Unmatched requests agree on the status (each server explains the miss in its
    /// own words); faults agree when both fail at the connection; templated random values and clocks agree on shape.
    static func compare(_ ours: Answer, _ theirs: Answer, probe: ConformanceCorpus.Probe) -> String? {
        if ours.failed != nil || theirs.failed != nil {
            if ours.failed != nil && theirs.failed != nil { return nil }
            return "carto: \(ours.failed ?? "status \(ours.status ?? 0)"), WireMock: \(theirs.failed ?? "status \(theirs.status ?? 0)")"
        }
        if ours.status != theirs.status {
            return "status \(ours.status ?? 0) vs WireMock \(theirs.status ?? 0) (carto body: \(shown(ours.body)); WireMock body: \(shown(theirs.body)))"
        }
        if ours.status == 404 && theirs.headers.first(name: "Matched-Stub-Id") == nil && String(decoding: theirs.body, as: UTF8.self).contains("Request was not matched") {
            return nil
        }
        if let shape = probe.bodyShape {
            let re = try! NSRegularExpression(pattern: shape)
            for (who, body) in [("carto", ours.body), ("WireMock", theirs.body)] {
                let s = String(decoding: body, as: UTF8.self)
                if re.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) == nil { return "\(who) body \(shown(body)) does not match /\(shape)/" }
            }
        } else if ours.body != theirs.body {
            return "body \(shown(ours.body)) vs WireMock \(shown(theirs.body))"
        }
        // Headers WireMock's mapping put there (its own Server, Date, Matched-Stub-Id, Vary are not compared).
        let ignored: Set = ["server", "date", "matched-stub-id", "matched-stub-name", "vary", "transfer-encoding", "content-length", "connection", "content-encoding"]
        for name in Set((theirs.headers.map(\.name) + ours.headers.map(\.name)).map { $0.lowercased() }) where !ignored.contains(name) {
            let a = ours.headers[name], b = theirs.headers[name]
            if a != b { return "header \(name): \(a) vs WireMock \(b)" }
        }
        return nil
    }

    static func shown(_ body: [UInt8]) -> String {
        let s = String(decoding: body.prefix(160), as: UTF8.self).replacingOccurrences(of: "\n", with: "⏎")
        return "\"\(s)\"" + (body.count > 160 ? "…" : "")
    }

    static let client: HTTPClient = {
        var c = HTTPClient.Configuration()
        c.timeout = .init(connect: .seconds(5), read: .seconds(10))
        c.redirectConfiguration = .disallow
        c.decompression = .disabled
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: c)
    }()

    // MARK: The peer

    /// Java and the WireMock jar, or a skip that says how to get them.
    static func peer() throws -> (java: String, jar: String) {
        let java = ProcessInfo.processInfo.environment["JAVA"] ?? (["/usr/bin/java", "/usr/local/bin/java"].first { FileManager.default.isExecutableFile(atPath: $0) })
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let jar = ProcessInfo.processInfo.environment["CARTO_WIREMOCK_JAR"] ?? repo.appendingPathComponent(".build/wiremock/wiremock-standalone-2.35.1.jar").path
        guard let java else { throw XCTSkip("no Java runtime: install default-jre-headless (bash scripts/test.sh does) to compare with WireMock") }
        guard FileManager.default.fileExists(atPath: jar) else { throw XCTSkip("no WireMock jar at \(jar): run bash scripts/wiremock-jar.sh (bash scripts/test.sh does)") }
        return (java, jar)
    }
}

/// The real WireMock standalone server on a free port, serving a root folder.
final class WireMockProcess {
    let process: Process
    let port: Int

    private init(process: Process, port: Int) {
        self.process = process
        self.port = port
    }

    static func start(java: String, jar: String, root: URL, extraArguments: [String] = []) async throws -> WireMockProcess {
        let port = try freePort()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: java)
        p.arguments = ["-jar", jar, "--port", String(port), "--bind-address", "127.0.0.1", "--root-dir", root.path,
                       "--disable-banner", "--async-response-enabled", "true",
                       // WireMock 2 standalone applies the response-template transformer only with this flag (3 does by default).
                       "--local-response-templating"] + extraArguments
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("wiremock-\(port).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        p.standardOutput = handle
        p.standardError = handle
        try p.run()
        let w = WireMockProcess(process: p, port: port)
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if !p.isRunning {
                let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                throw CartoError("WireMock exited at start-up: \(text.suffix(2000))")
            }
            if let r = try? await TestHTTP.send("GET", "http://127.0.0.1:\(port)/__admin/mappings?limit=1"), r.status == 200 { return w }
            try await Task.sleep(for: .milliseconds(200))
        }
        w.stop()
        throw CartoError("WireMock did not answer within 60 s (log: \(log.path))")
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}

/// A port nothing listens on now (bind to 0, read it back, close).
func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { _ = Glibc.close(fd) }
    var addr = sockaddr_in()
    addr.sin_family = sa_family_t(AF_INET)
    addr.sin_addr.s_addr = inet_addr("127.0.0.1")
    var len = socklen_t(MemoryLayout<sockaddr_in>.size)
    let ok = withUnsafeMutablePointer(to: &addr) { a in
        a.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) == 0 && getsockname(fd, $0, &len) == 0 }
    }
    guard ok else { throw CartoError("no free port: errno \(errno)") }
    return Int(UInt16(bigEndian: addr.sin_port))
}
