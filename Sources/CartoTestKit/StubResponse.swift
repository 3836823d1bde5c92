import CartoCore
import CartoStub
import Foundation

/// What a stubbed endpoint answers, built fluently: `.json(["token": "abc"])`, `.text("hi", status: 201)`,
/// `.status(204)`, `.file("users.json")`, `.fault(.connectionResetByPeer)`, `.json(…).delayed(by: .seconds(2))`.
public struct StubResponse: Sendable, Equatable {
    public var definition: ResponseDefinition

    public init(_ definition: ResponseDefinition) { self.definition = definition }

    public static func status(_ code: Int) -> StubResponse { .init(ResponseDefinition(status: code)) }

    public static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8") -> StubResponse {
        .init(ResponseDefinition(status: status, headers: [("Content-Type", contentType)], body: .text(text)))
    }

    /// A JSON body from JSON text (checked here, so a typo fails the test that wrote it).
    public static func json(_ text: String, status: Int = 200) throws -> StubResponse {
        .json(try JSONValue.parse(text), status: status)
    }

    public static func json(_ value: JSONValue, status: Int = 200) -> StubResponse {
        .init(ResponseDefinition(status: status, headers: [("Content-Type", "application/json")], body: .json(value)))
    }

    /// A JSON body from any Encodable.
    public static func json<T: Encodable>(encoding value: T, status: Int = 200) throws -> StubResponse {
        let data = try JSONEncoder().encode(value)
        return .json(try JSONValue.parse(data), status: status)
    }

    /// A body from the root's `__files/` folder (a server started with a root).
    public static func file(_ name: String, status: Int = 200) -> StubResponse {
        .init(ResponseDefinition(status: status, body: .file(name)))
    }

    public static func fault(_ fault: ResponseDefinition.Fault) -> StubResponse {
        .init(ResponseDefinition(fault: fault))
    }

    public func delayed(by delay: Duration) -> StubResponse {
        var r = self
        r.definition.fixedDelayMilliseconds = delay.wholeMilliseconds
        return r
    }

    public func header(_ name: String, _ value: String) -> StubResponse {
        var r = self
        r.definition.headers.removeAll { $0.0.caseInsensitiveCompare(name) == .orderedSame }
        r.definition.headers.append((name, value))
        return r
    }
}

/// Which requests a stub or a verification is about, beyond method and path.
public struct RequestMatch: Sendable {
    public var pattern: RequestPattern

    public init(_ pattern: RequestPattern) { self.pattern = pattern }

    /// - Parameters:
    ///   - path: the exact path (no query), or a regex when `pathPattern` is true.
    ///   - query: query parameters that must be equal to these values.
    ///   - headers: headers that must be equal to these values.
    ///   - bodyContains: text the body must contain.
    ///   - bodyJSON: JSON the body must equal (extra fields allowed, array order free).
    public init(method: String = "ANY", path: String? = nil, pathPattern: Bool = false, query: [String: String] = [:],
                headers: [String: String] = [:], bodyContains: String? = nil, bodyJSON: JSONValue? = nil) throws {
        var url: RequestPattern.URLMatch = .any
        if let path { url = pathPattern ? .urlPathPattern(try CompiledRegex(path, path: "path")) : .urlPath(path) }
        var body: [BodyPattern] = []
        if let bodyContains { body.append(.text(StringPattern(.contains(bodyContains)))) }
        if let bodyJSON { body.append(.equalToJson(bodyJSON, ignoreArrayOrder: true, ignoreExtraElements: true)) }
        pattern = RequestPattern(method: method, url: url,
                                 queryParameters: query.sorted { $0.key < $1.key }.map { ($0.key, .equalTo($0.value)) },
                                 headers: headers.sorted { $0.key < $1.key }.map { ($0.key, .equalTo($0.value)) },
                                 bodyPatterns: body)
    }

    var description: String {
        var parts: [String] = [pattern.method == "ANY" ? "any method" : pattern.method]
        switch pattern.url {
        case .any: parts.append("any URL")
        case let .url(u), let .urlPath(u): parts.append(u)
        case let .urlPattern(r), let .urlPathPattern(r): parts.append("/\(r.pattern)/")
        }
        for (k, p) in pattern.queryParameters { parts.append("query \(k) \(p)") }
        for (k, p) in pattern.headers { parts.append("header \(k) \(p)") }
        for b in pattern.bodyPatterns { parts.append(b.description) }
        return parts.joined(separator: " ")
    }
}
