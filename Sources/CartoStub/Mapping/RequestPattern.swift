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

    public func evaluate(_ request: StubRequest) -> Evaluation {
        var misses: [String] = []
        var distance = 0.0
        if method != "ANY" && method != request.method {
            misses.append("method: expected \(method), got \(request.method)")
            distance += 3
        }
        let urlOK: Bool
        var urlExpectation = ""
        switch url {
        case .any: urlOK = true
        case let .url(u): urlOK = u == request.url; urlExpectation = "URL \(u)"
            if !urlOK { distance += 4 * (1 - similarity(u, request.url)) }
        case let .urlPath(u): urlOK = u == request.path; urlExpectation = "path \(u)"
            if !urlOK { distance += 4 * (1 - similarity(u, request.path)) }
        case let .urlPattern(r): urlOK = r.matches(request.url); urlExpectation = "URL matching /\(r.pattern)/"
            if !urlOK { distance += 3 }
        case let .urlPathPattern(r): urlOK = r.matches(request.path); urlExpectation = "path matching /\(r.pattern)/"
            if !urlOK { distance += 3 }
        }
        if !urlOK {
            let got: String
            switch url { case .url, .urlPattern: got = request.url; default: got = request.path }
            misses.append("url: expected \(urlExpectation), got \(got)")
            distance += 1
        }
        if let scheme, scheme != request.scheme {
            misses.append("scheme: expected \(scheme), got \(request.scheme)")
            distance += 1
        }
        if let host, !host.matches(request.host) {
            misses.append("host: expected \(host), got \(request.host ?? "none")")
            distance += 1
        }
        if let port, port != request.port {
            misses.append("port: expected \(port), got \(request.port.map(String.init) ?? "none")")
            distance += 1
        }
        if let c = basicAuthCredentials, !request.headerValues("Authorization").contains(c.headerValue) {
            misses.append("basic authentication: expected user \(c.username) with its password")
            distance += 1
        }
        for (name, p) in queryParameters {
            let values = request.queryValues(name)
            if !p.matches(values) {
                misses.append("query parameter \(name): expected \(p), got \(values.isEmpty ? "none" : values.map { "\"\($0)\"" }.joined(separator: ", "))")
                distance += 1
            }
        }
        for (name, p) in headers {
            let values = request.headerValues(name)
            if !p.matches(values) {
                misses.append("header \(name): expected \(p), got \(values.isEmpty ? "none" : values.map { "\"\($0)\"" }.joined(separator: ", "))")
                distance += 1
            }
        }
        if !cookies.isEmpty {
            let jar = request.cookies
            for (name, p) in cookies {
                let values = jar.filter { $0.0 == name }.map(\.1)
                if !p.matches(any: values) {
                    misses.append("cookie \(name): expected \(p), got \(values.isEmpty ? "none" : values.map { "\"\($0)\"" }.joined(separator: ", "))")
                    distance += 1
                }
            }
        }
        if !formParameters.isEmpty {
            let form = request.formFields
            for (name, p) in formParameters {
                let values = form.filter { $0.0 == name }.map(\.1)
                if !p.matches(values) {
                    misses.append("form field \(name): expected \(p), got \(values.isEmpty ? "none" : values.map { "\"\($0)\"" }.joined(separator: ", "))")
                    distance += 1
                }
            }
        }
        if !multipartPatterns.isEmpty {
            let parts = request.multipartParts
            for p in multipartPatterns where !p.matches(parts) {
                misses.append("\(p): \(parts.map { "\($0.count) parts" } ?? "not a multipart body")")
                distance += 1
            }
        }
        if !bodyPatterns.isEmpty {
            let text = request.bodyText
            for p in bodyPatterns where !p.matches(text) {
                let shown = text.map { $0.count > 120 ? String($0.prefix(120)) + "…" : $0 } ?? "<\(request.body.count) binary bytes>"
                misses.append("\(p): got \(shown.isEmpty ? "an empty body" : shown)")
                distance += 1
            }
        }
        return Evaluation(misses: misses, distance: distance)
    }

    public func matches(_ request: StubRequest) -> Bool { evaluate(request).matched }
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
