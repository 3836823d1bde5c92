import CartoCore
@testable import CartoStub
import Foundation
import XCTest

/// What the differential suite cannot hold against WireMock 2.35.1: the WireMock 3 matchers it refuses
/// (`hasExactly`, `includes`, `formParameters`), refusals with a clear message, templating errors, delays drawn
/// from distributions, and proxying to a backend that is down.
final class WireMockFeatureTests: XCTestCase {
    private func pattern(_ json: String) throws -> RequestPattern { try RequestPattern(json: try JSONValue.parse(json)) }
    private func get(_ url: String, headers: [(String, String)] = []) -> StubRequest { StubRequest(method: "GET", url: url, headers: headers) }

    func testHasExactlyNeedsEveryPatternAndNoOtherValueInAnyOrder() throws {
        let p = try pattern(#"{"queryParameters": {"id": {"hasExactly": [{"equalTo": "1"}, {"matches": "[2-3]"}]}}}"#)
        XCTAssertTrue(p.matches(get("/?id=1&id=2")))
        XCTAssertTrue(p.matches(get("/?id=3&id=1")))
        XCTAssertFalse(p.matches(get("/?id=1&id=2&id=3")), "a value left over")
        XCTAssertFalse(p.matches(get("/?id=1")), "a pattern without a value")
        XCTAssertFalse(p.matches(get("/?id=1&id=1")), "one value cannot satisfy two patterns")
    }

    func testIncludesAllowsOtherValues() throws {
        let p = try pattern(#"{"headers": {"X-Role": {"includes": [{"equalTo": "admin"}, {"contains": "audit"}]}}}"#)
        XCTAssertTrue(p.matches(get("/", headers: [("X-Role", "user"), ("x-role", "admin"), ("X-Role", "auditor")])))
        XCTAssertFalse(p.matches(get("/", headers: [("X-Role", "admin")])))
        XCTAssertEqual(p.evaluate(get("/", headers: [("X-Role", "admin")])).misses,
                       [#"header X-Role: expected including [equal to "admin", containing "audit"], got "admin""#])
    }

    func testFormParametersDecodeTheBody() throws {
        let p = try pattern(#"{"formParameters": {"name": {"equalTo": "Ada Lovelace"}, "tag": {"hasExactly": [{"equalTo": "a&b"}, {"equalTo": "c"}]}}}"#)
        func form(_ body: String, type: String = "application/x-www-form-urlencoded; charset=UTF-8") -> StubRequest {
            StubRequest(method: "POST", url: "/f", headers: [("Content-Type", type)], body: Array(body.utf8))
        }
        XCTAssertTrue(p.matches(form("name=Ada+Lovelace&tag=a%26b&tag=c")))
        XCTAssertTrue(p.matches(form("tag=c&name=Ada%20Lovelace&tag=a%26b")))
        XCTAssertFalse(p.matches(form("name=Ada+Lovelace&tag=c")))
        XCTAssertFalse(p.matches(form("name=Ada+Lovelace&tag=a%26b&tag=c", type: "text/plain")), "only form bodies have form fields")
    }

    /// `binaryEqualTo`: the body's exact bytes (any bytes, not only text), on the body and on a multipart part.
    func testBinaryEqualToComparesTheBytes() throws {
        let expected: [UInt8] = [0x08, 0x96, 0x01, 0xFF, 0x00, 0x7A]
        let p = try pattern(#"{"bodyPatterns": [{"binaryEqualTo": "\#(Data(expected).base64EncodedString())"}]}"#)
        func post(_ body: [UInt8]) -> StubRequest { StubRequest(method: "POST", url: "/b", body: body) }
        XCTAssertTrue(p.matches(post(expected)))
        XCTAssertFalse(p.matches(post(Array(expected.dropLast()))))
        XCTAssertFalse(p.matches(post(expected + [0])))
        XCTAssertFalse(p.matches(post([])))
        let part = try pattern(#"{"multipartPatterns": [{"bodyPatterns": [{"binaryEqualTo": "AAEC"}]}]}"#)
        func upload(_ bytes: [UInt8]) -> StubRequest {
            let body = Array("--B\r\nContent-Disposition: form-data; name=\"f\"\r\n\r\n".utf8) + bytes + Array("\r\n--B--\r\n".utf8)
            return StubRequest(method: "POST", url: "/u", headers: [("Content-Type", "multipart/form-data; boundary=B")], body: body)
        }
        XCTAssertTrue(part.matches(upload([0, 1, 2])))
        XCTAssertFalse(part.matches(upload([0, 1, 3])))
        XCTAssertThrowsError(try StubMapping.parseFile(Array(#"{"request": {"bodyPatterns": [{"binaryEqualTo": "not base64!"}]}, "response": {}}"#.utf8), file: "mappings/x.json")) {
            XCTAssertEqual("\($0)", "mappings/x.json: request.bodyPatterns[0].binaryEqualTo: needs the expected bytes in base64")
        }
    }

    func testMultipartAllNeedsEveryPart() throws {
        let p = try pattern(#"{"multipartPatterns": [{"matchingType": "ALL", "headers": {"Content-Type": {"equalTo": "text/plain"}}}]}"#)
        func upload(_ types: [String]) -> StubRequest {
            let body = types.enumerated().map { "--B\r\nContent-Disposition: form-data; name=\"p\($0.offset)\"\r\nContent-Type: \($0.element)\r\n\r\nx\r\n" }.joined() + "--B--\r\n"
            return StubRequest(method: "POST", url: "/u", headers: [("Content-Type", "multipart/form-data; boundary=B")], body: Array(body.utf8))
        }
        XCTAssertTrue(p.matches(upload(["text/plain", "text/plain"])))
        XCTAssertFalse(p.matches(upload(["text/plain", "image/png"])))
        XCTAssertFalse(p.matches(StubRequest(method: "POST", url: "/u", body: Array("x".utf8))), "not multipart")
    }

    func testRefusalsNameTheFieldAndWhatToDo() throws {
        func error(_ json: String) -> String {
            do { _ = try StubMapping.parseFile(Array(json.utf8), file: "mappings/x.json"); return "no error" } catch { return "\(error)" }
        }
        XCTAssertTrue(error(#"{"request": {}, "response": {"body": "{{upperCase request.path}}", "transformers": ["response-template"]}}"#)
            .hasPrefix("mappings/x.json: response.body: template: unknown helper 'upperCase'; carto stub has "))
        XCTAssertEqual(error(#"{"request": {}, "response": {"body": "{{#if request.path}}x", "transformers": ["response-template"]}}"#),
                       "mappings/x.json: response.body: template: {{#if}} is not closed by {{/if}}")
        XCTAssertEqual(error(#"{"request": {}, "response": {"transformers": ["my-java-extension"]}}"#),
                       "mappings/x.json: response.transformers[0]: unknown transformer my-java-extension; carto stub has response-template (Java extensions cannot run here)")
        XCTAssertEqual(error(#"{"request": {}, "response": {"delayDistribution": {"type": "poisson"}}}"#),
                       "mappings/x.json: response.delayDistribution.type: 'poisson'; use uniform, lognormal or fixed")
        XCTAssertEqual(error(#"{"request": {}, "response": {"delayDistribution": {"type": "uniform", "lower": 50, "upper": 10}}}"#),
                       "mappings/x.json: response.delayDistribution.upper: must not be below lower (50)")
        XCTAssertEqual(error(#"{"request": {}, "response": {"proxyBaseUrl": "ftp://x"}}"#),
                       "mappings/x.json: response.proxyBaseUrl: 'ftp://x' is not an http:// or https:// URL")
        XCTAssertEqual(error(#"{"request": {"scheme": "ws"}}"#), "mappings/x.json: request.scheme: 'ws' is not http or https")
        XCTAssertEqual(error(#"{"request": {}, "response": {"delayDistribution": {"type": "uniform", "lower": 0, "upper": 1e300}}}"#),
                       "mappings/x.json: response.delayDistribution.upper: needs a number of milliseconds from 0 to 3600000")
        XCTAssertEqual(error(#"{"request": {"basicAuthCredentials": {"username": "u"}}}"#),
                       #"mappings/x.json: request.basicAuthCredentials: needs "username" and "password""#)
        XCTAssertEqual(error(#"{"request": {"queryParameters": {"q": {"and": []}}}}"#), "mappings/x.json: request.queryParameters.q.and: needs at least one pattern")
    }

    func testDelayDistributionsStayInTheirRange() throws {
        var rng = SeededGenerator(seed: 7)
        let uniform = DelayDistribution.uniform(lower: 10, upper: 20)
        let draws = (0..<2000).map { _ in uniform.sample(using: &rng) }
        XCTAssertEqual(draws.min(), 10)
        XCTAssertEqual(draws.max(), 20)
        let lognormal = DelayDistribution.lognormal(median: 80, sigma: 0.4, maxValue: 200)
        let l = (0..<4001).map { _ in lognormal.sample(using: &rng) }.sorted()
        XCTAssertEqual(l[2000], 80, accuracy: 6, "the median of the draws is the median asked for")
        XCTAssertLessThanOrEqual(l.last!, 200, "capped at maxValue")
        let wild = DelayDistribution.lognormal(median: 3_600_000, sigma: 50, maxValue: nil)
        XCTAssertTrue((0..<200).allSatisfy { _ in (0...3_600_000).contains(wild.sample(using: &rng)) }, "never past an hour, never infinite")
    }

    func testTemplatesRenderAgainstTheRequest() async throws {
        let root = try TempRoot()
        try root.mapping("t.json", #"{"request": {"urlPathPattern": "/orders/[0-9]+"}, "response": {"status": 201, "headers": {"Location": "/orders/{{request.pathSegments.[1]}}"}, "jsonBody": {"id": "{{request.pathSegments.[1]}}", "by": "{{jsonPath request.body '$.user'}}"}, "transformers": ["response-template"], "transformerParameters": {"region": "eu"}}}"#)
        try root.mapping("w.json", #"{"request": {"urlPath": "/wild"}, "response": {"body": "{{randomValue length=1e30}}{{substring 'abc' -1e30 1e30}}{{randomInt lower=1e300 upper=-1e300}}{{now offset='99999999999999999 days' format='yyyy'}}", "transformers": ["response-template"]}}"#)
        try root.mapping("g.json", #"{"request": {"urlPath": "/global"}, "response": {"body": "{{request.query.x}} {{parameters.region}}"}}"#)
        try root.mapping("f.json", #"{"request": {"urlPathPattern": "/file/.*"}, "response": {"bodyFileName": "{{request.pathSegments.[1]}}.txt", "transformers": ["response-template"]}}"#)
        try root.file("hello.txt", "hello {{request.query.who}}")
        let plain = try await startServer(root: root.url)
        let r = try await TestHTTP.send("POST", "\(plain.baseURL)/orders/42", body: #"{"user": "ada"}"#)
        XCTAssertEqual(r.status, 201)
        XCTAssertEqual(r.headers["Location"].first, "/orders/42")
        XCTAssertEqual(r.json, try JSONValue.parse(#"{"id": "42", "by": "ada"}"#))
        let file = try await TestHTTP.send("GET", "\(plain.baseURL)/file/hello?who=grace")
        XCTAssertEqual(file.body, "hello grace", "the file name and the file's contents are templates")
        let wild = try await TestHTTP.send("GET", "\(plain.baseURL)/wild")
        XCTAssertEqual(wild.status, 200, "numbers out of range in a template do not bring the server down")
        let bytes = Array(wild.body.utf8)
        XCTAssertEqual(String(decoding: bytes[(1 << 20)..<((1 << 20) + 3)], as: UTF8.self), "abc", "randomValue capped at 1 MiB, substring clamped")
        let untouched = try await TestHTTP.send("GET", "\(plain.baseURL)/global?x=1")
        XCTAssertEqual(untouched.body, "{{request.query.x}} {{parameters.region}}", "without the transformer a body is sent as written")
        let global = try await startServer(root: root.url) { $0.globalTemplating = true }
        let rendered = try await TestHTTP.send("GET", "\(global.baseURL)/global?x=1")
        XCTAssertEqual(rendered.body, "1 ")
    }

    /// Found on wiremock/wiremock-docker's samples: a body using an extension's helper, in a mapping that does not
    /// ask for templating, is served as written (as WireMock does), not refused; templating every response makes
    /// it a 500 naming the helper (WireMock answers 500 too).
    func testAnUntemplatedBodyWithAnUnknownHelperIsServedAsWritten() async throws {
        let root = try TempRoot()
        try root.mapping("u.json", #"{"request": {"urlPath": "/user"}, "response": {"body": "{{ random 'Name.first_name' }}"}}"#)
        let plain = try await startServer(root: root.url)
        XCTAssertEqual(plain.loadProblems.map(\.description), [])
        let literal = try await TestHTTP.send("GET", "\(plain.baseURL)/user")
        XCTAssertEqual(literal.status, 200)
        XCTAssertEqual(literal.body, "{{ random 'Name.first_name' }}")
        let global = try await startServer(root: root.url) { $0.globalTemplating = true }
        let failed = try await TestHTTP.send("GET", "\(global.baseURL)/user")
        XCTAssertEqual(failed.status, 500)
        XCTAssertTrue(failed.body.contains("unknown helper 'random'"), failed.body)
        XCTAssertEqual(global.store.requests.last?.responseStatus, 500)
    }

    func testProxyToABackendThatIsDownAnswers500NamingIt() async throws {
        let root = try TempRoot()
        try root.mapping("p.json", #"{"request": {"urlPathPattern": "/api/.*"}, "response": {"proxyBaseUrl": "http://127.0.0.1:9"}}"#)
        let server = try await startServer(root: root.url)
        let r = try await TestHTTP.send("GET", "\(server.baseURL)/api/users")
        XCTAssertEqual(r.status, 500)
        XCTAssertTrue(r.body.hasPrefix("carto stub: the proxy target http://127.0.0.1:9 did not answer GET /api/users"), r.body)
        XCTAssertEqual(server.store.requests.last?.responseStatus, 500, "the journal has what the client got")
    }
}

/// The event-loop fast path answers body files and small request bodies itself; what it keeps must never be stale.
final class FastPathTests: XCTestCase {
    func testAnEditedBodyFileIsServedFreshAtOnce() async throws {
        let root = try TempRoot()
        try root.mapping("f.json", #"{"request": {"urlPath": "/f"}, "response": {"bodyFileName": "f.txt"}}"#)
        try root.file("f.txt", "first")
        let server = try await startServer(root: root.url) { $0.watchInterval = nil }
        let one = try await TestHTTP.send("GET", "\(server.baseURL)/f")
        XCTAssertEqual(one.body, "first")
        try root.file("f.txt", "again")  // same size: the modification time tells the change
        let two = try await TestHTTP.send("GET", "\(server.baseURL)/f")
        XCTAssertEqual(two.body, "again")
        try FileManager.default.removeItem(at: root.url.appendingPathComponent("__files/f.txt"))
        let gone = try await TestHTTP.send("GET", "\(server.baseURL)/f")
        XCTAssertEqual(gone.status, 500)
        XCTAssertEqual(server.store.requests.map(\.responseStatus), [200, 200, 500], "the journal has what the client got")
    }

    func testRequestBodiesAreMatchedAndJournaledWhateverTheirSize() async throws {
        let root = try TempRoot()
        try root.mapping("j.json", #"{"request": {"method": "POST", "urlPath": "/j", "bodyPatterns": [{"matchesJsonPath": "$.items[?(@.n > 1)]"}]}, "response": {"status": 201}}"#)
        let server = try await startServer(root: root.url) { $0.maxBodyBytes = 1 << 20 }
        let small = #"{"items": [{"n": 2}]}"#
        let large = #"{"pad": ""# + String(repeating: "x", count: 100_000) + #"", "items": [{"n": 2}]}"#  // over the fast path's 64 KiB
        for body in [small, large] {
            let r = try await TestHTTP.send("POST", "\(server.baseURL)/j", body: body)
            XCTAssertEqual(r.status, 201)
        }
        let miss = try await TestHTTP.send("POST", "\(server.baseURL)/j", body: #"{"items": [{"n": 1}]}"#)
        XCTAssertEqual(miss.status, 404)
        XCTAssertEqual(server.store.requests.map { $0.request.body.count }, [small.utf8.count, large.utf8.count, 21])
    }
}
