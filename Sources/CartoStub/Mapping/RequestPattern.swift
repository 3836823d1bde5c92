import CartoCore
import Foundation

/// WireMock's `request` object: which requests a mapping answers.
public struct RequestPattern: Sendable, Equatable {
    public enum URLMatch: Sendable, Equatable {
        case any
        case url(String)  // path and query, exact
        case urlPath(String)  // path, exact
        case urlPattern(CompiledRegex)  // path and query, regex
        case urlPathPattern(CompiledRegex)  // path, regex
    }

    /// `basicAuthCredentials`: the request's `Authorization: Basic …` header carries exactly these.
    public struct BasicCredentials: Sendable, Equatable {
        public var username: String
        public var password: String
        public var headerValue: String { "Basic " + Data("\(username):\(password)".utf8).base64EncodedString() }
    }

    public var method: String  // "ANY" matches every method
    public var url: URLMatch
    public var queryParameters: [(String, MultiValuePattern)]
    public var headers: [(String, MultiValuePattern)]
    public var cookies: [(String, StringPattern)]
    public var bodyPatterns: [BodyPattern]
    public var basicAuthCredentials: BasicCredentials?
    /// The host the client addressed (the Host header without its port).
    public var host: StringPattern?
    public var port: Int?
    public var scheme: String?
    /// `application/x-www-form-urlencoded` body fields (WireMock 3).
    public var formParameters: [(String, MultiValuePattern)]
    public var multipartPatterns: [MultipartPattern]

    public init(method: String = "ANY", url: URLMatch = .any, queryParameters: [(String, StringPattern)] = [],
                headers: [(String, StringPattern)] = [], cookies: [(String, StringPattern)] = [], bodyPatterns: [BodyPattern] = []) {
        self.method = method.uppercased()
        self.url = url
        self.queryParameters = queryParameters.map { ($0.0, .single($0.1)) }
        self.headers = headers.map { ($0.0, .single($0.1)) }
        self.cookies = cookies
        self.bodyPatterns = bodyPatterns
        formParameters = []
        multipartPatterns = []
    }

    public static func == (a: RequestPattern, b: RequestPattern) -> Bool { a.json == b.json }

    public init(json: JSONValue, path: String = "request") throws {
        let r = try FieldReader(json, path: path)
        method = (try r.string("method") ?? "ANY").uppercased()
        let urlKeys = ["url", "urlPath", "urlPattern", "urlPathPattern"].filter { json[$0] != nil && json[$0]?.isNull == false }
        if urlKeys.count > 1 {
            throw MappingError(path: path, message: "use only one of url, urlPath, urlPattern, urlPathPattern (found \(urlKeys.joined(separator: ", ")))")
        }
        if let u = try r.string("url") {
            url = .url(u)
        } else if let u = try r.string("urlPath") {
            url = .urlPath(u)
        } else if let u = try r.string("urlPattern") {
            url = .urlPattern(try CompiledRegex(u, path: r.sub("urlPattern")))
        } else if let u = try r.string("urlPathPattern") {
            url = .urlPathPattern(try CompiledRegex(u, path: r.sub("urlPathPattern")))
        } else {
            url = .any
        }
        func patterns(_ key: String) throws -> [(String, MultiValuePattern)] {
            try (r.object(key) ?? []).map { name, p in (name, try MultiValuePattern(json: p, path: "\(r.sub(key)).\(name)")) }
        }
        queryParameters = try patterns("queryParameters")
        headers = try patterns("headers")
        formParameters = try patterns("formParameters")
        cookies = try (r.object("cookies") ?? []).map { name, p in (name, try StringPattern(json: p, path: "\(r.sub("cookies")).\(name)")) }
        bodyPatterns = try (r.array("bodyPatterns") ?? []).enumerated().map { i, p in
            try BodyPattern(json: p, path: "\(r.sub("bodyPatterns"))[\(i)]")
        }
        multipartPatterns = try (r.array("multipartPatterns") ?? []).enumerated().map { i, p in
            try MultipartPattern(json: p, path: "\(r.sub("multipartPatterns"))[\(i)]")
        }
        if let creds = json["basicAuthCredentials"], !creds.isNull {
            let c = try FieldReader(creds, path: r.sub("basicAuthCredentials"))
            guard let user = try c.string("username"), let password = try c.string("password") else {
                throw MappingError(path: c.path, message: "needs \"username\" and \"password\"")
            }
            basicAuthCredentials = BasicCredentials(username: user, password: password)
        }
        host = try json["host"].flatMap { $0.isNull ? nil : try StringPattern(json: $0, path: r.sub("host")) }
        port = try r.int("port")
        scheme = try r.string("scheme")?.lowercased()
        if let scheme, scheme != "http", scheme != "https" {
            throw MappingError(path: r.sub("scheme"), message: "'\(scheme)' is not http or https")
        }
        if json["customMatcher"] != nil {
            throw MappingError(path: r.sub("customMatcher"), message: "custom matchers are Java extensions; carto stub cannot run them")
        }
    }

    public var json: JSONValue {
        var f: [(String, JSONValue)] = []
        if method != "ANY" { f.append(("method", .string(method))) } else { f.append(("method", .string("ANY"))) }
        switch url {
        case .any: break
        case let .url(u): f.append(("url", .string(u)))
        case let .urlPath(u): f.append(("urlPath", .string(u)))
        case let .urlPattern(r): f.append(("urlPattern", .string(r.pattern)))
        case let .urlPathPattern(r): f.append(("urlPathPattern", .string(r.pattern)))
        }
        if !queryParameters.isEmpty { f.append(("queryParameters", .object(queryParameters.map { ($0.0, $0.1.json) }))) }
        if !headers.isEmpty { f.append(("headers", .object(headers.map { ($0.0, $0.1.json) }))) }
        if !cookies.isEmpty { f.append(("cookies", .object(cookies.map { ($0.0, $0.1.json) }))) }
        if !formParameters.isEmpty { f.append(("formParameters", .object(formParameters.map { ($0.0, $0.1.json) }))) }
        if !bodyPatterns.isEmpty { f.append(("bodyPatterns", .array(bodyPatterns.map(\.json)))) }
        if !multipartPatterns.isEmpty { f.append(("multipartPatterns", .array(multipartPatterns.map(\.json)))) }
        if let c = basicAuthCredentials {
            f.append(("basicAuthCredentials", .object([("username", .string(c.username)), ("password", .string(c.password))])))
        }
        if let host { f.append(("host", host.json)) }
        if let port { f.append(("port", .number(port))) }
        if let scheme { f.append(("scheme", .string(scheme))) }
        return .object(f)
    }

    /// How a request fared against this pattern: each part that missed, with why, and a distance for ranking
    /// near misses (0 = match; the URL and method weigh most, then each other part; partial URL similarity counts).
    public struct Evaluation: Sendable {
        public var misses: [String]
        public var distance: Double
        public var matched: Bool { misses.isEmpty }
    }

    public func evaluate(_ request: StubRequest) -> Evaluation { evaluate(MatchInput(request)) }

    /// Every part that missed, with why (for near misses and the journal); slower than `matches`.
    func evaluate(_ input: MatchInput) -> Evaluation {
        var misses: [String] = []
        var distance = 0.0
        _ = check(input) { message, weight in
            misses.append(message())
            distance += weight()
            return true
        }
        return Evaluation(misses: misses, distance: distance)
    }

    public func matches(_ request: StubRequest) -> Bool { matches(MatchInput(request)) }

    /// Whether the request matches: stops at the first part that misses and builds no messages.
    func matches(_ input: MatchInput) -> Bool { check(input, report: nil) }

    /// The one walk over the pattern's parts. Without `report` it returns false at the first miss; with it, each
    /// miss is reported (message and distance built only then) and the walk goes on while `report` says so.
    private func check(_ input: MatchInput, report: ((() -> String, () -> Double) -> Bool)?) -> Bool {
        let request = input.request
        var ok = true
        func miss(_ message: @autoclosure () -> String, _ weight: @autoclosure () -> Double = 1) -> Bool {
            ok = false
            return report?(message, weight) ?? false
        }
        if method != "ANY" && method != request.method {
            guard miss("method: expected \(method), got \(request.method)", 3) else { return false }
        }
        switch url {
        case .any: break
        case let .url(u):
            if u != request.url { guard miss("url: expected URL \(u), got \(request.url)", 1 + 4 * (1 - similarity(u, request.url))) else { return false } }
        case let .urlPath(u):
            if u != request.path { guard miss("url: expected path \(u), got \(request.path)", 1 + 4 * (1 - similarity(u, request.path))) else { return false } }
        case let .urlPattern(r):
            if !r.matches(request.url) { guard miss("url: expected URL matching /\(r.pattern)/, got \(request.url)", 4) else { return false } }
        case let .urlPathPattern(r):
            if !r.matches(request.path) { guard miss("url: expected path matching /\(r.pattern)/, got \(request.path)", 4) else { return false } }
        }
        if let scheme, scheme != request.scheme {
            guard miss("scheme: expected \(scheme), got \(request.scheme)") else { return false }
        }
        if let host, !host.matches(request.host) {
            guard miss("host: expected \(host), got \(request.host ?? "none")") else { return false }
        }
        if let port, port != request.port {
            guard miss("port: expected \(port), got \(request.port.map(String.init) ?? "none")") else { return false }
        }
        if let c = basicAuthCredentials, !request.headerValues("Authorization").contains(c.headerValue) {
            guard miss("basic authentication: expected user \(c.username) with its password") else { return false }
        }
        func shown(_ values: [String]) -> String { values.isEmpty ? "none" : values.map { "\"\($0)\"" }.joined(separator: ", ") }
        for (name, p) in queryParameters {
            let values = input.queryValues(name)
            if !p.matches(values) { guard miss("query parameter \(name): expected \(p), got \(shown(values))") else { return false } }
        }
        for (name, p) in headers {
            let values = request.headerValues(name)
            if !p.matches(values) { guard miss("header \(name): expected \(p), got \(shown(values))") else { return false } }
        }
        for (name, p) in cookies {
            let values = input.cookies.filter { $0.0 == name }.map(\.1)
            if !p.matches(any: values) { guard miss("cookie \(name): expected \(p), got \(shown(values))") else { return false } }
        }
        for (name, p) in formParameters {
            let values = input.formFields.filter { $0.0 == name }.map(\.1)
            if !p.matches(values) { guard miss("form field \(name): expected \(p), got \(shown(values))") else { return false } }
        }
        for p in multipartPatterns where !p.matches(input.multipartParts) {
            guard miss("\(p): \(input.multipartParts.map { "\($0.count) parts" } ?? "not a multipart body")") else { return false }
        }
        for p in bodyPatterns where !p.matches(input) {
            let text = input.bodyText
            let body = text.map { $0.count > 120 ? String($0.prefix(120)) + "…" : $0 } ?? "<\(request.body.count) binary bytes>"
            guard miss("\(p): got \(body.isEmpty ? "an empty body" : body)") else { return false }
        }
        return ok
    }
}

/// 1 for equal strings, towards 0 as they differ (normalised edit distance; long strings compared by prefix).
func similarity(_ a: String, _ b: String) -> Double {
    let x = Array(a.utf8.prefix(256)), y = Array(b.utf8.prefix(256))
    if x == y { return 1 }
    if x.isEmpty || y.isEmpty { return 0 }
    var prev = Array(0...y.count), cur = [Int](repeating: 0, count: y.count + 1)
    for i in 1...x.count {
        cur[0] = i
        for j in 1...y.count {
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
        }
        swap(&prev, &cur)
    }
    return 1 - Double(prev[y.count]) / Double(max(x.count, y.count))
}
