import Foundation

/// A generated corpus of WireMock mappings and requests for the differential suite: every supported matcher and
/// response feature, each mapping probed by requests that should match and by near misses that should not.
/// Deterministic (a seeded generator), so a difference found once is found again.
struct ConformanceCorpus {
    struct Probe {
        var method: String
        var path: String
        var headers: [(String, String)] = []
        var body: String? = nil
        /// Which family it tests, shown when answers differ.
        var family: String
        /// Answers that may legitimately differ byte for byte (random values, clock): a regular expression both
        /// bodies must match instead of being equal.
        var bodyShape: String? = nil
    }

    var mappings: [(file: String, json: String)] = []
    var files: [(name: String, text: String)] = []
    var probes: [Probe] = []

    /// - Parameter backend: base URL of a real HTTP server the `proxyBaseUrl` mappings forward to.
    init(scale: Int = 6, backend: String) {
        var rng = SeededGenerator(seed: 20261124)
        let methods = ["GET", "POST", "PUT", "DELETE", "PATCH"]
        func add(_ family: String, _ i: Int, _ json: String) { mappings.append(("\(family)-\(i).json", json)) }
        func probe(_ family: String, _ method: String, _ path: String, headers: [(String, String)] = [], body: String? = nil, shape: String? = nil) {
            probes.append(Probe(method: method, path: path, headers: headers, body: body, family: family, bodyShape: shape))
        }
        func word(_ n: Int = 6) -> String { String((0..<n).map { _ in "abcdefghijklmnopqrstuvwxyz".randomElement(using: &rng)! }) }

        for i in 0..<(scale * 4) {
            // url: path and query exactly; method.
            let m = methods[i % methods.count], w = word()
            add("url", i, #"{"request": {"method": "\#(m)", "url": "/url/\#(i)/\#(w)?a=\#(i)&b=x"}, "response": {"status": 200, "body": "url \#(i)"}}"#)
            probe("url", m, "/url/\(i)/\(w)?a=\(i)&b=x")
            probe("url", m, "/url/\(i)/\(w)?b=x&a=\(i)")
            probe("url", m, "/url/\(i)/\(w)")
            probe("url", m == "GET" ? "POST" : "GET", "/url/\(i)/\(w)?a=\(i)&b=x")
        }
        for i in 0..<(scale * 3) {
            // urlPath (query ignored) and ANY method.
            add("urlPath", i, #"{"request": {"method": "ANY", "urlPath": "/path/\#(i)"}, "response": {"status": \#(200 + i % 5), "body": "path \#(i)"}}"#)
            probe("urlPath", methods[i % methods.count], "/path/\(i)?x=\(i)")
            probe("urlPath", "GET", "/path/\(i)/more")
        }
        for i in 0..<(scale * 3) {
            // urlPathPattern and urlPattern.
            add("urlPathPattern", i, #"{"request": {"method": "GET", "urlPathPattern": "/rp/\#(i)/[0-9]+(/[a-z]+)?"}, "response": {"status": 200, "body": "rp \#(i)"}}"#)
            probe("urlPathPattern", "GET", "/rp/\(i)/123?z=1")
            probe("urlPathPattern", "GET", "/rp/\(i)/123/abc")
            probe("urlPathPattern", "GET", "/rp/\(i)/abc")
            add("urlPattern", i, #"{"request": {"method": "GET", "urlPattern": "/re/\#(i)/[a-z]+\\?q=\\d+"}, "response": {"status": 200, "body": "re \#(i)"}}"#)
            probe("urlPattern", "GET", "/re/\(i)/abc?q=42")
            probe("urlPattern", "GET", "/re/\(i)/abc?q=x")
        }
        let stringPatterns: [(String, String, String)] = [  // (pattern JSON, matching value, non-matching value)
            (#"{"equalTo": "blue"}"#, "blue", "Blue"),
            (#"{"equalTo": "blue", "caseInsensitive": true}"#, "BLUE", "bluee"),
            (#"{"contains": "lu"}"#, "blue", "red"),
            (#"{"matches": "[a-z]+-[0-9]{2}"}"#, "abc-12", "abc-123"),
            (#"{"doesNotMatch": "[0-9]+"}"#, "abc", "123"),
            (#"{"and": [{"contains": "ab"}, {"contains": "yz"}]}"#, "abxyz", "abxy"),
            (#"{"or": [{"equalTo": "one"}, {"matches": "t.o"}]}"#, "two", "three"),
        ]
        for (k, (pattern, yes, no)) in stringPatterns.enumerated() {
            for j in 0..<scale {
                let i = k * 100 + j
                add("query", i, #"{"request": {"method": "GET", "urlPath": "/query/\#(i)", "queryParameters": {"color": \#(pattern)}}, "response": {"status": 200, "body": "query \#(i)"}}"#)
                probe("query", "GET", "/query/\(i)?color=\(yes)")
                probe("query", "GET", "/query/\(i)?color=\(no)")
                add("header", i, #"{"request": {"method": "GET", "urlPath": "/header/\#(i)", "headers": {"X-Color": \#(pattern)}}, "response": {"status": 200, "body": "header \#(i)"}}"#)
                probe("header", "GET", "/header/\(i)", headers: [("X-Color", yes)])
                probe("header", "GET", "/header/\(i)", headers: [("X-Color", no)])
                add("cookie", i, #"{"request": {"method": "GET", "urlPath": "/cookie/\#(i)", "cookies": {"session": \#(pattern)}}, "response": {"status": 200, "body": "cookie \#(i)"}}"#)
                probe("cookie", "GET", "/cookie/\(i)", headers: [("Cookie", "theme=dark; session=\(yes)")])
                probe("cookie", "GET", "/cookie/\(i)", headers: [("Cookie", "session=\(no)")])
                add("body", i, #"{"request": {"method": "POST", "urlPath": "/body/\#(i)", "bodyPatterns": [\#(pattern)]}, "response": {"status": 201, "body": "body \#(i)"}}"#)
                probe("body", "POST", "/body/\(i)", body: yes)
                probe("body", "POST", "/body/\(i)", body: no)
            }
        }
        for i in 0..<scale {
            // absent, and a missing value against the other patterns.
            add("absent", i, #"{"request": {"method": "GET", "urlPath": "/absent/\#(i)", "queryParameters": {"debug": {"absent": true}}, "headers": {"X-Trace": {"absent": true}}}, "response": {"status": 200, "body": "absent \#(i)"}}"#)
            probe("absent", "GET", "/absent/\(i)")
            probe("absent", "GET", "/absent/\(i)?debug=1")
            probe("absent", "GET", "/absent/\(i)", headers: [("X-Trace", "t")])
            add("missing", i, #"{"request": {"method": "GET", "urlPath": "/missing/\#(i)", "headers": {"X-Opt": {"doesNotMatch": "no.*"}}}, "response": {"status": 200, "body": "missing \#(i)"}}"#)
            probe("missing", "GET", "/missing/\(i)")
            probe("missing", "GET", "/missing/\(i)", headers: [("X-Opt", "nope")])
            // hasExactly / includes are WireMock 3 (2.35.1 refuses them): MatchingTests covers them.
            // Repeated query parameters and headers: any value may match.
            add("repeated", i, #"{"request": {"method": "GET", "urlPath": "/repeated/\#(i)", "queryParameters": {"id": {"equalTo": "7"}}, "headers": {"X-Role": {"equalTo": "admin"}}}, "response": {"status": 200, "body": "repeated \#(i)"}}"#)
            probe("repeated", "GET", "/repeated/\(i)?id=1&id=7", headers: [("X-Role", "user"), ("X-Role", "admin")])
            probe("repeated", "GET", "/repeated/\(i)?id=1&id=3", headers: [("X-Role", "admin")])
        }
        for i in 0..<scale {
            // JSON bodies.
            add("equalToJson", i, #"{"request": {"method": "POST", "urlPath": "/json/\#(i)", "bodyPatterns": [{"equalToJson": {"id": \#(i), "tags": ["a", "b"], "owner": {"name": "ada"}}}]}, "response": {"status": 200, "body": "json \#(i)"}}"#)
            probe("equalToJson", "POST", "/json/\(i)", body: #"{"owner": {"name": "ada"}, "tags": ["a", "b"], "id": \#(i)}"#)
            probe("equalToJson", "POST", "/json/\(i)", body: #"{"id": \#(i), "tags": ["b", "a"], "owner": {"name": "ada"}}"#)
            probe("equalToJson", "POST", "/json/\(i)", body: #"{"id": \#(i), "tags": ["a", "b"], "owner": {"name": "ada"}, "extra": 1}"#)
            probe("equalToJson", "POST", "/json/\(i)", body: "not json")
            // Bytes, given in base64.
            let bytes = Data("frame \(i)\n\u{1}\u{2}".utf8).base64EncodedString()
            add("binaryEqualTo", i, #"{"request": {"method": "POST", "urlPath": "/binary/\#(i)", "bodyPatterns": [{"binaryEqualTo": "\#(bytes)"}]}, "response": {"status": 200, "body": "binary \#(i)"}}"#)
            probe("binaryEqualTo", "POST", "/binary/\(i)", body: "frame \(i)\n\u{1}\u{2}")
            probe("binaryEqualTo", "POST", "/binary/\(i)", body: "frame \(i)\n\u{1}")
            probe("binaryEqualTo", "POST", "/binary/\(i)", body: "")
            add("equalToJsonLoose", i, #"{"request": {"method": "POST", "urlPath": "/jsonloose/\#(i)", "bodyPatterns": [{"equalToJson": "{\"id\": \#(i), \"tags\": [\"a\", \"b\"]}", "ignoreArrayOrder": true, "ignoreExtraElements": true}]}, "response": {"status": 200, "body": "loose \#(i)"}}"#)
            probe("equalToJsonLoose", "POST", "/jsonloose/\(i)", body: #"{"id": \#(i), "tags": ["b", "a"], "more": true}"#)
            probe("equalToJsonLoose", "POST", "/jsonloose/\(i)", body: #"{"id": \#(i + 1), "tags": ["a", "b"]}"#)
            add("jsonPath", i, #"{"request": {"method": "POST", "urlPath": "/jsonpath/\#(i)", "bodyPatterns": [{"matchesJsonPath": "$.items[?(@.qty > 2)]"}, {"matchesJsonPath": {"expression": "$.user.name", "equalTo": "ada"}}]}, "response": {"status": 200, "body": "jsonpath \#(i)"}}"#)
            probe("jsonPath", "POST", "/jsonpath/\(i)", body: #"{"user": {"name": "ada"}, "items": [{"qty": 1}, {"qty": 3}]}"#)
            probe("jsonPath", "POST", "/jsonpath/\(i)", body: #"{"user": {"name": "ada"}, "items": [{"qty": 1}]}"#)
            probe("jsonPath", "POST", "/jsonpath/\(i)", body: #"{"user": {"name": "bob"}, "items": [{"qty": 5}]}"#)
        }
        for i in 0..<scale {
            // Basic authentication, host, scheme, port, forms, multipart.
            add("basicAuth", i, #"{"request": {"method": "GET", "urlPath": "/auth/\#(i)", "basicAuthCredentials": {"username": "user\#(i)", "password": "pa:ss"}}, "response": {"status": 200, "body": "auth \#(i)"}}"#)
            let good = Data("user\(i):pa:ss".utf8).base64EncodedString(), bad = Data("user\(i):nope".utf8).base64EncodedString()
            probe("basicAuth", "GET", "/auth/\(i)", headers: [("Authorization", "Basic \(good)")])
            probe("basicAuth", "GET", "/auth/\(i)", headers: [("Authorization", "Basic \(bad)")])
            probe("basicAuth", "GET", "/auth/\(i)")
            add("host", i, #"{"request": {"method": "GET", "urlPath": "/host/\#(i)", "host": {"equalTo": "api\#(i).example.com"}}, "response": {"status": 200, "body": "host \#(i)"}}"#)
            probe("host", "GET", "/host/\(i)", headers: [("Host", "api\(i).example.com")])
            probe("host", "GET", "/host/\(i)", headers: [("Host", "www.example.com")])
            add("scheme", i, #"{"request": {"method": "GET", "urlPath": "/scheme/\#(i)", "scheme": "\#(i % 2 == 0 ? "http" : "https")"}, "response": {"status": 200, "body": "scheme \#(i)"}}"#)
            probe("scheme", "GET", "/scheme/\(i)")
            add("port", i, #"{"request": {"method": "GET", "urlPath": "/port/\#(i)", "port": 1}, "response": {"status": 200, "body": "port \#(i)"}}"#)
            probe("port", "GET", "/port/\(i)")
            // formParameters is WireMock 3 (2.35.1 refuses it): MatchingTests covers it.
            add("multipart", i, #"{"request": {"method": "POST", "urlPath": "/upload/\#(i)", "multipartPatterns": [{"matchingType": "ANY", "headers": {"Content-Disposition": {"contains": "name=\"file\""}}, "bodyPatterns": [{"contains": "hello"}]}]}, "response": {"status": 200, "body": "upload \#(i)"}}"#)
            let boundary = "b0undary\(i)"
            func part(_ name: String, _ content: String) -> String {
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\nContent-Type: text/plain\r\n\r\n\(content)\r\n"
            }
            let mp = [("Content-Type", "multipart/form-data; boundary=\(boundary)")]
            probe("multipart", "POST", "/upload/\(i)", headers: mp, body: part("title", "x") + part("file", "hello world") + "--\(boundary)--\r\n")
            probe("multipart", "POST", "/upload/\(i)", headers: mp, body: part("file", "goodbye") + "--\(boundary)--\r\n")
        }
        for i in 0..<scale {
            // Priorities and overlapping mappings (same priority: the one added last wins; WireMock's file order).
            add("priorityLow", i, #"{"priority": 10, "request": {"method": "GET", "urlPathPattern": "/prio/\#(i)/.*"}, "response": {"status": 200, "body": "fallback \#(i)"}}"#)
            add("priorityHigh", i, #"{"priority": 1, "request": {"method": "GET", "urlPath": "/prio/\#(i)/special"}, "response": {"status": 200, "body": "special \#(i)"}}"#)
            probe("priority", "GET", "/prio/\(i)/special")
            probe("priority", "GET", "/prio/\(i)/other")
            // Scenarios: a three-step flow.
            let s = "flow\(i)"
            add("scenarioA", i, #"{"scenarioName": "\#(s)", "requiredScenarioState": "Started", "newScenarioState": "added", "request": {"method": "POST", "urlPath": "/cart/\#(i)"}, "response": {"status": 201, "body": "added"}}"#)
            add("scenarioB", i, #"{"scenarioName": "\#(s)", "requiredScenarioState": "Started", "request": {"method": "GET", "urlPath": "/cart/\#(i)"}, "response": {"status": 200, "body": "empty"}}"#)
            add("scenarioC", i, #"{"scenarioName": "\#(s)", "requiredScenarioState": "added", "newScenarioState": "checked out", "request": {"method": "GET", "urlPath": "/cart/\#(i)"}, "response": {"status": 200, "body": "one item"}}"#)
            probe("scenario", "GET", "/cart/\(i)")
            probe("scenario", "POST", "/cart/\(i)")
            probe("scenario", "POST", "/cart/\(i)")
            probe("scenario", "GET", "/cart/\(i)")
            probe("scenario", "GET", "/cart/\(i)")
        }
        for i in 0..<scale {
            // Response features: status, headers (repeated), JSON, base64, files, delays, faults.
            add("headers", i, #"{"request": {"method": "GET", "url": "/resp/headers/\#(i)"}, "response": {"status": \#([200, 201, 202, 400, 418, 503][i % 6]), "headers": {"Content-Type": "text/csv", "X-Multi": ["a", "b"], "Cache-Control": "no-store"}, "body": "a,b\n\#(i),2\n"}}"#)
            probe("headers", "GET", "/resp/headers/\(i)")
            add("jsonBody", i, #"{"request": {"method": "GET", "url": "/resp/json/\#(i)"}, "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "jsonBody": {"id": \#(i), "name": "item \#(i)", "tags": ["x"], "price": 1.5, "ok": true, "none": null}}}"#)
            probe("jsonBody", "GET", "/resp/json/\(i)")
            let b64 = Data("binary \(i) \u{00e9}".utf8).base64EncodedString()
            add("base64Body", i, #"{"request": {"method": "GET", "url": "/resp/b64/\#(i)"}, "response": {"status": 200, "base64Body": "\#(b64)"}}"#)
            probe("base64Body", "GET", "/resp/b64/\(i)")
            files.append(("files/item\(i).json", #"{"file": \#(i)}"#))
            add("bodyFile", i, #"{"request": {"method": "GET", "url": "/resp/file/\#(i)"}, "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "bodyFileName": "files/item\#(i).json"}}"#)
            probe("bodyFile", "GET", "/resp/file/\(i)")
            add("fixedDelay", i, #"{"request": {"method": "GET", "url": "/resp/delay/\#(i)"}, "response": {"status": 200, "body": "late", "fixedDelayMilliseconds": 20}}"#)
            probe("fixedDelay", "GET", "/resp/delay/\(i)")
            add("uniformDelay", i, #"{"request": {"method": "GET", "url": "/resp/uniform/\#(i)"}, "response": {"status": 200, "body": "uniform", "delayDistribution": {"type": "uniform", "lower": 5, "upper": 25}}}"#)
            probe("uniformDelay", "GET", "/resp/uniform/\(i)")
            add("lognormalDelay", i, #"{"request": {"method": "GET", "url": "/resp/lognormal/\#(i)"}, "response": {"status": 200, "body": "lognormal", "delayDistribution": {"type": "lognormal", "median": 10, "sigma": 0.2}}}"#)
            probe("lognormalDelay", "GET", "/resp/lognormal/\(i)")
        }
        for (i, fault) in ["EMPTY_RESPONSE", "CONNECTION_RESET_BY_PEER", "RANDOM_DATA_THEN_CLOSE", "MALFORMED_RESPONSE_CHUNK"].enumerated() {
            add("fault", i, #"{"request": {"method": "GET", "url": "/fault/\#(i)"}, "response": {"fault": "\#(fault)"}}"#)
            probe("fault", "GET", "/fault/\(i)")
        }
        for i in 0..<scale {
            // Response templating (WireMock 2: per mapping with the response-template transformer).
            func templated(_ name: String, _ body: String, request: String = #""method": "ANY""#, headers: String = "") -> Int {
                add("template-" + name, i, #"{"request": {\#(request), "urlPathPattern": "/tpl/\#(name)/\#(i)(/.*)?"}, "response": {"status": 200, \#(headers)"body": "\#(body)", "transformers": ["response-template"]}}"#)
                return i
            }
            _ = templated("path", "{{request.path}} {{request.pathSegments.[1]}} {{request.pathSegments.[3]}} {{request.method}}")
            probe("template", "GET", "/tpl/path/\(i)/users/42?x=1")
            _ = templated("url", "{{request.url}}")
            probe("template", "GET", "/tpl/url/\(i)/a?b=c&d=e")
            _ = templated("query", "{{request.query.search}} {{request.query.id.[1]}} [{{request.query.none}}]")
            probe("template", "GET", "/tpl/query/\(i)?search=shoes&id=1&id=2")
            _ = templated("header", "{{request.headers.X-Request-Id}} {{request.headers.x-request-id}} {{request.cookies.session}}")
            probe("template", "GET", "/tpl/header/\(i)", headers: [("X-Request-Id", "abc-\(i)"), ("Cookie", "session=s\(i)")])
            _ = templated("body", "{{request.body}}|{{jsonPath request.body '$.user.name'}}|{{jsonPath request.body '$.items[1]'}}")
            probe("template", "POST", "/tpl/body/\(i)", body: #"{"user": {"name": "ada"}, "items": ["x", "y"]}"#)
            _ = templated("headerTemplate", "ok", headers: #""headers": {"Location": "/things/{{request.pathSegments.[3]}}", "X-Echo": "{{request.headers.X-In}}"}, "#)
            probe("template", "GET", "/tpl/headerTemplate/\(i)/77", headers: [("X-In", "echo\(i)")])
            _ = templated("random", "{{randomValue length=12 type='ALPHANUMERIC'}}-{{randomValue length=6 type='NUMERIC'}}-{{randomValue type='UUID'}}")
            probe("template", "GET", "/tpl/random/\(i)", shape: "^[A-Za-z0-9]{12}-[0-9]{6}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
            _ = templated("now", "{{now format='yyyy-MM-dd'}} {{now offset='3 days' format='yyyy'}}")
            probe("template", "GET", "/tpl/now/\(i)", shape: "^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{4}$")
            _ = templated("helpers", "{{#if request.query.flag}}on{{else}}off{{/if}} {{#each request.query.tag}}[{{this}}]{{/each}} {{upper request.query.name}} {{lower request.query.name}} {{size request.query.tag}}")
            probe("template", "GET", "/tpl/helpers/\(i)?flag=1&tag=a&tag=b&name=Ada")
            probe("template", "GET", "/tpl/helpers/\(i)?name=Bob&tag=z")
            _ = templated("json", #"{\"id\": {{request.pathSegments.[3]}}, \"name\": \"{{jsonPath request.body '$.name'}}\"}"#, headers: #""headers": {"Content-Type": "application/json"}, "#)
            probe("template", "POST", "/tpl/json/\(i)/9", body: #"{"name": "Grace"}"#)
        }
        for i in 0..<scale {
            // Harder corners: repeated values printed whole, JSON selections printed, the default clock format,
            // overlapping mappings of equal priority in different files, encoded paths, header-name case.
            func templated(_ name: String, _ body: String) {
                add("template-" + name, i, #"{"request": {"method": "ANY", "urlPathPattern": "/tpl2/\#(name)/\#(i)(/.*)?"}, "response": {"status": 200, "body": "\#(body)", "transformers": ["response-template"]}}"#)
            }
            templated("lists", "{{request.query.id}} {{request.pathSegments}} {{request.query.id.[0]}} {{request.headers.X-Multi}}")
            probe("template2", "GET", "/tpl2/lists/\(i)/a/b?id=1&id=2", headers: [("X-Multi", "m1"), ("X-Multi", "m2")])
            templated("jsonSelections", "{{jsonPath request.body '$.items'}} {{jsonPath request.body '$.user'}} {{jsonPath request.body '$.n'}} {{jsonPath request.body '$.missing'}} {{jsonPath request.body '$.items[*]'}}")
            probe("template2", "POST", "/tpl2/jsonSelections/\(i)", body: #"{"user": {"name": "ada", "age": 36}, "items": [1, 2], "n": 2.50}"#)
            templated("clock", "{{now}}|{{now format='epoch'}}|{{now format='unix'}}")
            probe("template2", "GET", "/tpl2/clock/\(i)", shape: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?Z\\|[0-9]{13}\\|[0-9]{10}$")
            templated("triple", "{{{request.body}}} {{{request.query.q}}} {{request.query.q}}")
            probe("template2", "POST", "/tpl2/triple/\(i)?q=%3Cb%3E%26", body: #"<a href="x">'y'</a>"#)
            templated("conditions", "{{#eq request.query.kind 'book'}}B{{else}}N{{/eq}} {{#eq request.query.kind.[0] 'book'}}b{{else}}n{{/eq}} {{#unless request.query.kind}}none{{/unless}} {{#with request.query}}{{kind}}{{/with}} {{#each request.query.kind}}{{@index}}:{{this}} {{/each}}")
            probe("template2", "GET", "/tpl2/conditions/\(i)?kind=book&kind=film")
            probe("template2", "GET", "/tpl2/conditions/\(i)")
            probe("template2", "GET", "/tpl2/conditions/\(i)?kind=book")
            templated("strings", "{{capitalize request.query.s}} {{trim request.query.s}} {{substring request.query.s 0 3}} {{replace request.query.s 'a' 'o'}} {{base64 request.query.s}} {{urlEncode request.query.s}} {{regexExtract request.query.s '[0-9]+'}}")
            probe("template2", "GET", "/tpl2/strings/\(i)?s=%20alpha%20beta%2042%20")
            add("overlapA", i, #"{"request": {"method": "GET", "urlPathPattern": "/overlap/\#(i)/.*"}, "response": {"status": 200, "body": "pattern \#(i)"}}"#)
            add("overlapB", i, #"{"request": {"method": "GET", "urlPath": "/overlap/\#(i)/x"}, "response": {"status": 200, "body": "exact \#(i)"}}"#)
            probe("overlap", "GET", "/overlap/\(i)/x")
            probe("overlap", "GET", "/overlap/\(i)/y")
            add("encoded", i, #"{"request": {"method": "GET", "urlPath": "/enc/\#(i)/a%20b"}, "response": {"status": 200, "body": "encoded \#(i)"}}"#)
            probe("encoded", "GET", "/enc/\(i)/a%20b")
            probe("encoded", "GET", "/enc/\(i)/a+b")
            add("headerCase", i, #"{"request": {"method": "GET", "urlPath": "/hcase/\#(i)", "headers": {"x-lower": {"equalTo": "v"}}}, "response": {"status": 200, "body": "hcase \#(i)"}}"#)
            probe("headerCase", "GET", "/hcase/\(i)", headers: [("X-LOWER", "v")])
            add("noContentType", i, #"{"request": {"method": "GET", "url": "/plainjson/\#(i)"}, "response": {"status": 200, "jsonBody": {"k": \#(i)}}}"#)
            probe("noContentType", "GET", "/plainjson/\(i)")
            add("bodyFileNoType", i, #"{"request": {"method": "GET", "url": "/plainfile/\#(i)"}, "response": {"status": 200, "bodyFileName": "files/item\#(i).json"}}"#)
            probe("noContentType", "GET", "/plainfile/\(i)")
            add("jsonPathContains", i, #"{"request": {"method": "POST", "urlPath": "/jpc/\#(i)", "bodyPatterns": [{"matchesJsonPath": {"expression": "$.tags", "contains": "red"}}]}, "response": {"status": 200, "body": "jpc \#(i)"}}"#)
            probe("jsonPathContains", "POST", "/jpc/\(i)", body: #"{"tags": ["blue", "red"]}"#)
            probe("jsonPathContains", "POST", "/jpc/\(i)", body: #"{"tags": ["blue"]}"#)
            add("numbers", i, #"{"request": {"method": "POST", "urlPath": "/num/\#(i)", "bodyPatterns": [{"equalToJson": {"price": 1.0, "qty": 2}}]}, "response": {"status": 200, "body": "num \#(i)"}}"#)
            probe("numbers", "POST", "/num/\(i)", body: #"{"price": 1, "qty": 2.0}"#)
            probe("numbers", "POST", "/num/\(i)", body: #"{"price": "1", "qty": 2}"#)
        }
        for i in 0..<scale {
            // proxyBaseUrl: a selected path forwarded to a real backend, a fall-back proxy at low priority.
            add("proxy", i, #"{"request": {"method": "GET", "urlPathPattern": "/backend/\#(i)/.*"}, "response": {"proxyBaseUrl": "\#(backend)"}}"#)
            probe("proxy", "GET", "/backend/\(i)/greeting?who=ada")
            probe("proxy", "GET", "/backend/\(i)/unknown")
        }
        add("proxyFallback", 0, #"{"priority": 100, "request": {"method": "ANY", "urlPathPattern": "/forwarded/.*"}, "response": {"proxyBaseUrl": "\#(backend)", "additionalProxyRequestHeaders": {"X-Via": "stub"}}}"#)
        for i in 0..<scale {
            probe("proxy", i % 2 == 0 ? "GET" : "POST", "/forwarded/echo/\(i)", body: i % 2 == 0 ? nil : "payload \(i)")
        }
        // Unmatched requests of every shape.
        for i in 0..<(scale * 4) {
            probe("unmatched", methods[i % methods.count], "/nothing/\(word())/\(i)")
        }
    }
}

/// A small deterministic generator (SplitMix64), so the corpus is the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
