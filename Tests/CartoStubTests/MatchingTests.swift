import CartoCore
@testable import CartoStub
import XCTest

/// Request matching, rule by rule: each pattern with requests it must match and requests it must not.
final class MatchingTests: XCTestCase {
    private func pattern(_ json: String) throws -> RequestPattern { try RequestPattern(json: try JSONValue.parse(json)) }

    private func check(_ json: String, matches: [StubRequest], misses: [StubRequest], file: StaticString = #filePath, line: UInt = #line) throws {
        let p = try pattern(json)
        for r in matches { XCTAssertTrue(p.matches(r), "\(json) should match \(r.method) \(r.url) \(r.bodyText ?? "")", file: file, line: line) }
        for r in misses { XCTAssertFalse(p.matches(r), "\(json) should not match \(r.method) \(r.url) \(r.bodyText ?? "")", file: file, line: line) }
    }

    private func get(_ url: String, headers: [(String, String)] = []) -> StubRequest { StubRequest(method: "GET", url: url, headers: headers) }
    private func post(_ url: String, _ body: String) -> StubRequest { StubRequest(method: "POST", url: url, body: Array(body.utf8)) }

    func testURLForms() throws {
        try check(#"{"method": "GET", "url": "/users?page=2"}"#, matches: [get("/users?page=2")], misses: [get("/users"), get("/users?page=3"), post("/users?page=2", "")])
        try check(#"{"urlPath": "/users"}"#, matches: [get("/users"), get("/users?page=9"), post("/users", "x")], misses: [get("/users/1")])
        try check(#"{"urlPattern": "/users/[0-9]+\\?.*"}"#, matches: [get("/users/12?x=1")], misses: [get("/users/12"), get("/users/ab?x=1")])
        try check(#"{"urlPathPattern": "/users/[0-9]+"}"#, matches: [get("/users/12"), get("/users/7?x=1")], misses: [get("/users/12/posts")])
        try check(#"{"method": "ANY"}"#, matches: [get("/"), post("/anything", "")], misses: [])
        XCTAssertThrowsError(try pattern(#"{"url": "/a", "urlPath": "/a"}"#))
    }

    func testStringOperatorsOnQueryHeadersCookies() throws {
        try check(#"{"queryParameters": {"q": {"equalTo": "caf\u00e9 au lait"}}}"#, matches: [get("/s?q=caf%C3%A9+au+lait"), get("/s?x=1&q=caf%C3%A9%20au%20lait")], misses: [get("/s?q=cafe"), get("/s")])
        try check(#"{"queryParameters": {"q": {"contains": "AB", "caseInsensitive": true}}}"#, matches: [get("/?q=xaby")], misses: [get("/?q=a-b")])
        try check(#"{"queryParameters": {"id": {"matches": "[0-9]{3}"}}}"#, matches: [get("/?id=123")], misses: [get("/?id=1234"), get("/?id=12a")])
        try check(#"{"queryParameters": {"debug": {"absent": true}}}"#, matches: [get("/?a=1")], misses: [get("/?debug=1")])
        try check(#"{"headers": {"Accept": {"doesNotMatch": ".*xml.*"}}}"#, matches: [get("/", headers: [("accept", "application/json")]), get("/")], misses: [get("/", headers: [("Accept", "text/xml")])])
        try check(#"{"headers": {"X-Token": {"equalTo": "abc"}}}"#, matches: [get("/", headers: [("x-token", "abc")])], misses: [get("/", headers: [("X-Token", "ABC")]), get("/")])
        try check(#"{"headers": {"X-Token": {"equalTo": "abc", "caseInsensitive": true}}}"#, matches: [get("/", headers: [("X-Token", "ABC")])], misses: [])
        try check(#"{"cookies": {"session": {"matches": "s-[a-z]+"}}}"#, matches: [get("/", headers: [("Cookie", "theme=dark; session=s-abc")])], misses: [get("/", headers: [("Cookie", "session=x")]), get("/")])
    }

    func testBodyPatterns() throws {
        try check(#"{"bodyPatterns": [{"contains": "user"}, {"doesNotMatch": ".*password.*"}]}"#,
                  matches: [post("/", "username=ada")], misses: [post("/", "username=ada&password=x"), post("/", "name=ada")])
        let login = #"{"bodyPatterns": [{"equalToJson": {"user": "ada", "roles": ["a", "b"]}}]}"#
        try check(login, matches: [post("/", #"{"roles":["a","b"],"user":"ada"}"#)],
                  misses: [post("/", #"{"user":"ada","roles":["b","a"]}"#), post("/", #"{"user":"ada","roles":["a","b"],"x":1}"#), post("/", "not json")])
        try check(#"{"bodyPatterns": [{"equalToJson": "{\"roles\": [\"a\", \"b\"]}", "ignoreArrayOrder": true, "ignoreExtraElements": true}]}"#,
                  matches: [post("/", #"{"user":"ada","roles":["b","a"]}"#), post("/", #"{"roles":["b","c","a"]}"#)], misses: [post("/", #"{"roles":["a"]}"#)])
        try check(#"{"bodyPatterns": [{"equalToJson": {"n": 1.0}}]}"#, matches: [post("/", #"{"n": 1}"#)], misses: [post("/", #"{"n": "1"}"#)])
    }

    func testJSONPath() throws {
        let order = #"{"id": 7, "items": [{"sku": "A1", "qty": 2}, {"sku": "B2", "qty": 5}], "customer": {"name": "Ada", "vip": true}}"#
        try check(#"{"bodyPatterns": [{"matchesJsonPath": "$.customer.name"}]}"#, matches: [post("/", order)], misses: [post("/", #"{"customer": {}}"#), post("/", "[]")])
        try check(#"{"bodyPatterns": [{"matchesJsonPath": "$.items[?(@.qty > 4)]"}]}"#, matches: [post("/", order)], misses: [post("/", #"{"items": [{"qty": 1}]}"#)])
        try check(#"{"bodyPatterns": [{"matchesJsonPath": "$.items[?(@.sku == 'B2')]"}]}"#, matches: [post("/", order)], misses: [post("/", #"{"items": [{"sku": "A1"}]}"#)])
        try check(#"{"bodyPatterns": [{"matchesJsonPath": {"expression": "$.items[1].sku", "equalTo": "B2"}}]}"#, matches: [post("/", order)], misses: [post("/", #"{"items": [{"sku": "B2"}]}"#)])
        try check(#"{"bodyPatterns": [{"matchesJsonPath": {"expression": "$..qty", "matches": "5"}}]}"#, matches: [post("/", order)], misses: [post("/", #"{"a": {"qty": 4}}"#)])
        try check(#"{"bodyPatterns": [{"matchesJsonPath": "$['customer']['vip']"}]}"#, matches: [post("/", order)], misses: [post("/", #"{"customer": {"name": "x"}}"#)])
        try check(#"{"bodyPatterns": [{"matchesJsonPath": "$.items"}]}"#, matches: [post("/", order)], misses: [post("/", #"{"items": []}"#)])
        let root = try JSONValue.parse(order)
        XCTAssertEqual(try JSONPath("$.items[-1].qty").evaluate(root), [.number(5)])
        XCTAssertEqual(try JSONPath("$.items[*].sku").evaluate(root), [.string("A1"), .string("B2")])
        XCTAssertThrowsError(try JSONPath("items"))
    }

    func testInvalidMappingsNameTheField() throws {
        func error(_ json: String) -> String {
            do { _ = try StubMapping.parseFile(Array(json.utf8), file: "mappings/x.json"); return "no error" } catch { return "\(error)" }
        }
        XCTAssertEqual(error(#"{"request": {"queryParameters": {"id": {"matches": "a("}}}}"#),
                       "mappings/x.json: request.queryParameters.id.matches: invalid regular expression 'a('")
        XCTAssertEqual(error(#"{"request": {}, "response": {"bodyFileName": "../../etc/passwd"}}"#),
                       "mappings/x.json: response.bodyFileName: '../../etc/passwd' must be a path inside __files (no '..', no leading '/')")
        XCTAssertEqual(error("{\"request\": {\n  \"url\": \"/a\"\n  \"method\": \"GET\"}}"), "mappings/x.json: malformed JSON at line 3, column 3: expected ',' or '}'")
        XCTAssertEqual(error(#"{"mappings": [{"request": {}}, {"response": {}}]}"#), "mappings/x.json: mappings[1]: a mapping needs a \"request\"")
        XCTAssertEqual(error(#"{"request": {}, "response": {"fault": "EXPLODE"}}"#).hasPrefix("mappings/x.json: response.fault: unknown fault 'EXPLODE'"), true)
        XCTAssertEqual(error(#"{"request": {"method": 3}}"#), "mappings/x.json: request.method: expected a string, found a number")
    }

    func testMappingRoundTripsThroughJSON() throws {
        let text = #"{"id": "m1", "name": "login", "request": {"method": "POST", "urlPath": "/login", "headers": {"Accept": {"contains": "json"}}, "bodyPatterns": [{"equalToJson": {"u": 1}, "ignoreExtraElements": true}]}, "response": {"status": 201, "headers": {"Set-Cookie": ["a=1", "b=2"]}, "jsonBody": {"ok": true}, "fixedDelayMilliseconds": 20}, "priority": 1, "scenarioName": "s", "requiredScenarioState": "Started", "newScenarioState": "in", "metadata": {"team": "app"}}"#
        let m = try StubMapping.parseFile(Array(text.utf8))[0]
        let again = try StubMapping(json: try JSONValue.parse(m.json.serialized()))
        XCTAssertEqual(m, again)
        XCTAssertEqual(again.json["metadata"]?["team"], .string("app"))
        XCTAssertEqual(m.response.headers.map(\.1), ["a=1", "b=2"])
        XCTAssertEqual(m.response.inlineBody, Array(#"{"ok":true}"#.utf8))
    }

    func testStorePriorityNewestFirstAndScenarios() throws {
        let store = StubStore()
        func add(_ json: String) throws { store.add(try StubMapping(json: try JSONValue.parse(json))) }
        try add(#"{"id": "any", "request": {"urlPathPattern": "/.*"}, "response": {"status": 404}, "priority": 10}"#)
        try add(#"{"id": "old", "request": {"urlPath": "/a"}, "response": {"status": 200}}"#)
        try add(#"{"id": "new", "request": {"urlPath": "/a"}, "response": {"status": 201}}"#)
        XCTAssertEqual(store.decide(get("/a")).mapping?.id, "new")
        XCTAssertEqual(store.decide(get("/b")).mapping?.id, "any")
        try add(#"{"id": "s1", "request": {"method": "GET", "urlPath": "/todo"}, "response": {"body": "empty"}, "scenarioName": "todo", "requiredScenarioState": "Started"}"#)
        try add(#"{"id": "s2", "request": {"method": "POST", "urlPath": "/todo"}, "response": {"status": 201}, "scenarioName": "todo", "newScenarioState": "added"}"#)
        try add(#"{"id": "s3", "request": {"method": "GET", "urlPath": "/todo"}, "response": {"body": "one"}, "scenarioName": "todo", "requiredScenarioState": "added"}"#)
        XCTAssertEqual(store.decide(get("/todo")).mapping?.id, "s1")
        XCTAssertEqual(store.decide(post("/todo", "x")).mapping?.id, "s2")
        XCTAssertEqual(store.decide(get("/todo")).mapping?.id, "s3")
        store.resetScenarios()
        XCTAssertEqual(store.decide(get("/todo")).mapping?.id, "s1")
        XCTAssertTrue(store.remove(id: "any"))
        let miss = store.decide(StubRequest(method: "DELETE", url: "/todo"))
        XCTAssertNil(miss.mapping)
        XCTAssertEqual(store.requests.count, 7)
        XCTAssertEqual(store.unmatchedRequests.count, 1)
    }

    func testNearestMissExplainsWhy() throws {
        let store = StubStore(mappings: [
            try StubMapping(json: try JSONValue.parse(#"{"id": "users", "request": {"method": "GET", "urlPath": "/api/users", "headers": {"Authorization": {"matches": "Bearer .+"}}}}"#)),
            try StubMapping(json: try JSONValue.parse(#"{"id": "orders", "request": {"method": "POST", "urlPath": "/api/orders"}}"#)),
        ])
        let d = store.decide(get("/api/user"))
        XCTAssertEqual(d.nearMiss?.mapping.id, "users")
        XCTAssertEqual(d.nearMiss?.misses, ["url: expected path /api/users, got /api/user", "header Authorization: expected matching /Bearer .+/, got none"])
    }

    func testJSONValueParsesAndWritesFaithfully() throws {
        let text = #"{"b":[1,2.50,-3e2,true,false,null],"a":"\u00e9\n\"x\" \ud83d\ude00"}"#
        let v = try JSONValue.parse(text)
        XCTAssertEqual(v.objectValue?.map(\.0), ["b", "a"])  // order kept
        XCTAssertEqual(v["a"]?.stringValue, "é\n\"x\" 😀")
        XCTAssertEqual(v.serialized(), #"{"b":[1,2.50,-3e2,true,false,null],"a":"é\n\"x\" 😀"}"#)
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "tru", "\"abc", "01x", "{} {}"] {
            XCTAssertThrowsError(try JSONValue.parse(bad), bad)
        }
    }
}

/// The mapping index must never change which mapping answers: every request gets the mapping a scan of all
/// mappings in order would give.
final class MappingIndexTests: XCTestCase {
    func testLiteralPrefixesOfPatterns() {
        XCTAssertEqual(MappingIndex.literalPrefix("/api/users/[0-9]+"), "/api/users/")
        XCTAssertEqual(MappingIndex.literalPrefix("/api/users?/[0-9]+"), "/api/user", "an optional character is not part of it")
        XCTAssertEqual(MappingIndex.literalPrefix("/v1\\.0/items.*"), "/v1.0/items")
        XCTAssertEqual(MappingIndex.literalPrefix("/v1\\.?0"), "/v1", "an optional escaped character neither")
        XCTAssertEqual(MappingIndex.literalPrefix("/a+b"), "/a")
        XCTAssertEqual(MappingIndex.literalPrefix("/a|/b"), "", "a top-level alternative has no common start")
        XCTAssertEqual(MappingIndex.literalPrefix("/x/(a|b)/y"), "/x/")
        XCTAssertEqual(MappingIndex.literalPrefix("(?i)/users"), "")
        XCTAssertEqual(MappingIndex.literalPrefix(".*"), "")
        XCTAssertEqual(MappingIndex.literalPrefix("/files/\\d+"), "/files/")
        XCTAssertEqual(MappingIndex.literalPrefix("^/anchored/[a-z]+"), "/anchored/")
    }

    func testIndexedMatchingPicksWhatAScanWouldPick() throws {
        let urls = [
            #""url": "/users?page=1""#, #""url": "/users""#, #""urlPath": "/users""#, #""urlPath": "/users/7""#,
            #""urlPathPattern": "/users/[0-9]+""#, #""urlPathPattern": "/users?/.*""#, #""urlPathPattern": "/a|/users/7""#,
            #""urlPathPattern": "(?i)/USERS/7""#, #""urlPattern": "/users\\?page=[0-9]""#, #""urlPattern": "/users.*""#,
            #""urlPathPattern": "/v1\\.0/items/\\d+""#, #""urlPathPattern": ".*""#, "",
        ]
        var mappings: [StubMapping] = []
        var rng = SeededGenerator(seed: 3)
        for i in 0..<300 {
            let u = urls[i % urls.count]
            let method = ["GET", "POST", "ANY"][Int.random(in: 0..<3, using: &rng)]
            let priority = Int.random(in: 1...3, using: &rng)
            let header = i % 4 == 0 ? #", "headers": {"X-K": {"equalTo": "\#(i % 3)"}}"# : ""
            let request = u.isEmpty ? #""method": "\#(method)"\#(header)"# : #""method": "\#(method)", \#(u)\#(header)"#
            mappings.append(try StubMapping(json: try JSONValue.parse(#"{"id": "m\#(i)", "priority": \#(priority), "request": {\#(request)}}"#)))
        }
        let store = StubStore(mappings: mappings)
        let ordered = store.mappings
        let paths = ["/users", "/users?page=1", "/users?page=2", "/users/7", "/users/7?x=1", "/user/9", "/USERS/7", "/a", "/v1.0/items/3",
                     "/v1x0/items/3", "/", "/other", "/users/abc"]
        var checked = 0
        for path in paths {
            for method in ["GET", "POST", "PUT"] {
                for k in ["0", "1", "2", nil] {
                    let request = StubRequest(method: method, url: path, headers: k.map { [("X-K", $0)] } ?? [])
                    let expected = ordered.first { $0.request.matches(request) }?.id
                    XCTAssertEqual(store.decide(request).mapping?.id, expected, "\(method) \(path) X-K=\(k ?? "-")")
                    checked += 1
                }
            }
        }
        XCTAssertEqual(checked, 156)
    }
}
