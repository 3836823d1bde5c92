import CartoCore
import Foundation

/// WireMock's `response` object: what a matched request gets back.
public struct ResponseDefinition: Sendable, Equatable {
    public enum Body: Sendable, Equatable {
        case none
        case text(String)
        case json(JSONValue)
        case base64(String)
        case file(String)  // relative to the root's __files folder
    }

    /// WireMock's faults, answered at the connection level.
    public enum Fault: String, Sendable, CaseIterable {
        case emptyResponse = "EMPTY_RESPONSE"
        case malformedResponseChunk = "MALFORMED_RESPONSE_CHUNK"
        case randomDataThenClose = "RANDOM_DATA_THEN_CLOSE"
        case connectionResetByPeer = "CONNECTION_RESET_BY_PEER"
    }

    public var status: Int
    public var statusMessage: String?
    public var headers: [(String, String)]
    public var body: Body
    /// The body's bytes for bodies held in the mapping (nil for files, which may change). The server keeps
    /// them ready per mapping (PreparedResponse), so this is not computed per request.
    public var inlineBody: [UInt8]? { Self.render(body) }
    public var fixedDelayMilliseconds: Int?
    /// A random delay drawn per request, added to the fixed one (as WireMock adds them).
    public var delayDistribution: DelayDistribution?
    public var fault: Fault?
    /// Forward the request to this base URL and answer with what it answers (WireMock's proxying).
    public var proxy: ProxySettings?
    /// Rendered per request with the request in scope (`transformers: ["response-template"]`).
    public var templated: Bool = false
    /// `transformerParameters`, visible to templates as `parameters.NAME`.
    public var transformerParameters: JSONValue?
    /// The body, headers and body file name compiled as templates (those that contain `{{`), used when the
    /// mapping is templated or the server templates every response.
    public var templates: ResponseTemplates?
    /// Why the body or headers do not compile as a template, for a mapping that does not ask for templating.
    public var templateProblem: String?

    public struct ResponseTemplates: Sendable, Equatable {
        public var body: Template?
        public var headers: [(String, Template)]
        public var bodyFileName: Template?

        public static func == (a: ResponseTemplates, b: ResponseTemplates) -> Bool {
            a.body == b.body && a.bodyFileName == b.bodyFileName && a.headers.elementsEqual(b.headers) { $0.0 == $1.0 && $0.1 == $1.1 }
        }
    }

    /// Where and how a proxy mapping forwards.
    public struct ProxySettings: Sendable, Equatable {
        public var baseURL: String
        public var additionalRequestHeaders: [(String, String)] = []
        public var removeRequestHeaders: [String] = []
        public var urlPrefixToRemove: String?

        public static func == (a: ProxySettings, b: ProxySettings) -> Bool {
            a.baseURL == b.baseURL && a.additionalRequestHeaders.elementsEqual(b.additionalRequestHeaders, by: ==)
                && a.removeRequestHeaders == b.removeRequestHeaders && a.urlPrefixToRemove == b.urlPrefixToRemove
        }
    }

    /// The delay for one request: the fixed part plus a draw from the distribution, at most an hour.
    public func sampleDelayMilliseconds<G: RandomNumberGenerator>(using rng: inout G) -> Double {
        min(Double(fixedDelayMilliseconds ?? 0) + (delayDistribution?.sample(using: &rng) ?? 0), DelayDistribution.maxMilliseconds)
    }

    public var hasDelay: Bool { (fixedDelayMilliseconds ?? 0) > 0 || delayDistribution != nil }

    public init(status: Int = 200, headers: [(String, String)] = [], body: Body = .none, fixedDelayMilliseconds: Int? = nil, fault: Fault? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.fixedDelayMilliseconds = fixedDelayMilliseconds
        self.fault = fault
    }

    static func render(_ body: Body) -> [UInt8]? {
        switch body {
        case .none: return []
        case let .text(s): return Array(s.utf8)
        case let .json(j): return Array(j.serialized().utf8)
        case let .base64(b): return Data(base64Encoded: b).map { [UInt8]($0) }
        case .file: return nil
        }
    }

    public static func == (a: ResponseDefinition, b: ResponseDefinition) -> Bool { a.json == b.json }

    public init(json: JSONValue, path: String = "response") throws {
        let r = try FieldReader(json, path: path)
        status = try r.int("status") ?? 200
        guard (100...599).contains(status) else { throw MappingError(path: r.sub("status"), message: "\(status) is not an HTTP status") }
        statusMessage = try r.string("statusMessage")
        headers = []
        for (name, v) in try r.object("headers") ?? [] {
            if let a = v.arrayValue { headers += a.map { (name, $0.text) } } else { headers.append((name, v.text)) }
        }
        let bodyKeys = ["body", "jsonBody", "base64Body", "bodyFileName"].filter { json[$0] != nil && json[$0]?.isNull == false }
        if bodyKeys.count > 1 { throw MappingError(path: path, message: "use only one of \(bodyKeys.joined(separator: ", "))") }
        if let b = try r.string("body") {
            body = .text(b)
        } else if let j = json["jsonBody"], !j.isNull {
            body = .json(j)
        } else if let b = try r.string("base64Body") {
            guard Data(base64Encoded: b) != nil else { throw MappingError(path: r.sub("base64Body"), message: "is not valid base64") }
            body = .base64(b)
        } else if let f = try r.string("bodyFileName") {
            guard Self.isSafeRelativePath(f) else {
                throw MappingError(path: r.sub("bodyFileName"), message: "'\(f)' must be a path inside __files (no '..', no leading '/')")
            }
            body = .file(f)
        } else {
            body = .none
        }
        fixedDelayMilliseconds = try r.int("fixedDelayMilliseconds")
        if let d = fixedDelayMilliseconds, d < 0 { throw MappingError(path: r.sub("fixedDelayMilliseconds"), message: "must not be negative") }
        if let f = try r.string("fault") {
            guard let fault = Fault(rawValue: f) else {
                throw MappingError(path: r.sub("fault"), message: "unknown fault '\(f)'; use one of \(Fault.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            self.fault = fault
        }
        if let d = json["delayDistribution"], !d.isNull { delayDistribution = try DelayDistribution(json: d, path: r.sub("delayDistribution")) }
        if let base = try r.string("proxyBaseUrl") {
            guard let u = URL(string: base), ["http", "https"].contains(u.scheme?.lowercased() ?? ""), u.host != nil else {
                throw MappingError(path: r.sub("proxyBaseUrl"), message: "'\(base)' is not an http:// or https:// URL")
            }
            var settings = ProxySettings(baseURL: base)
            for (name, v) in try r.object("additionalProxyRequestHeaders") ?? [] { settings.additionalRequestHeaders.append((name, v.text)) }
            settings.removeRequestHeaders = try (r.array("removeProxyRequestHeaders") ?? []).map(\.text)
            settings.urlPrefixToRemove = try r.string("proxyUrlPrefixToRemove")
            proxy = settings
        }
        if let list = try r.array("transformers") {
            for (i, t) in list.enumerated() where t.stringValue != "response-template" {
                throw MappingError(path: "\(r.sub("transformers"))[\(i)]", message: "unknown transformer \(t.text); carto stub has response-template (Java extensions cannot run here)")
            }
            templated = !list.isEmpty
        }
        transformerParameters = json["transformerParameters"].flatMap { $0.isNull ? nil : $0 }
        do {
            templates = try Self.compileTemplates(body: body, headers: headers, path: path)
        } catch let e as MappingError where !templated {
            // Not a template unless the server templates every response (WireMock serves such a body as written,
            // and answers 500 under --global-response-templating): kept, and the problem kept for that case.
            templateProblem = e.description
        }
        if json["chunkedDribbleDelay"] != nil {
            throw MappingError(path: r.sub("chunkedDribbleDelay"), message: "not supported by carto stub; use fixedDelayMilliseconds or delayDistribution")
        }
    }

    private static func compileTemplates(body: Body, headers: [(String, String)], path: String) throws -> ResponseTemplates? {
        func compile(_ text: String, _ at: String) throws -> Template? {
            guard Template.hasSyntax(text) else { return nil }
            do { return try Template(text) } catch let e as TemplateError {
                throw MappingError(path: at, message: "template: \(e.description)")
            }
        }
        var t = ResponseTemplates(body: nil, headers: [], bodyFileName: nil)
        switch body {
        case let .text(s): t.body = try compile(s, path + ".body")
        case let .json(j): t.body = try compile(j.serialized(), path + ".jsonBody")
        case let .file(f): t.bodyFileName = try compile(f, path + ".bodyFileName")
        default: break
        }
        for (name, value) in headers { if let tt = try compile(value, "\(path).headers.\(name)") { t.headers.append((name, tt)) } }
        return t.body == nil && t.bodyFileName == nil && t.headers.isEmpty ? nil : t
    }

    /// A relative path that cannot climb out of its folder.
    static func isSafeRelativePath(_ p: String) -> Bool {
        guard !p.isEmpty, !p.hasPrefix("/"), !p.contains("\\"), !p.contains("\0") else { return false }
        return !p.split(separator: "/").contains("..")
    }

    public var json: JSONValue {
        var f: [(String, JSONValue)] = [("status", .number(status))]
        if let statusMessage { f.append(("statusMessage", .string(statusMessage))) }
        if !headers.isEmpty {
            f.append(("headers", .object(groupedJSON(headers))))
        }
        switch body {
        case .none: break
        case let .text(s): f.append(("body", .string(s)))
        case let .json(j): f.append(("jsonBody", j))
        case let .base64(b): f.append(("base64Body", .string(b)))
        case let .file(p): f.append(("bodyFileName", .string(p)))
        }
        if let d = fixedDelayMilliseconds { f.append(("fixedDelayMilliseconds", .number(d))) }
        if let d = delayDistribution { f.append(("delayDistribution", d.json)) }
        if let fault { f.append(("fault", .string(fault.rawValue))) }
        if let proxy {
            f.append(("proxyBaseUrl", .string(proxy.baseURL)))
            if !proxy.additionalRequestHeaders.isEmpty {
                f.append(("additionalProxyRequestHeaders", .object(proxy.additionalRequestHeaders.map { ($0.0, .string($0.1)) })))
            }
            if !proxy.removeRequestHeaders.isEmpty { f.append(("removeProxyRequestHeaders", .array(proxy.removeRequestHeaders.map(JSONValue.string)))) }
            if let p = proxy.urlPrefixToRemove { f.append(("proxyUrlPrefixToRemove", .string(p))) }
        }
        if templated { f.append(("transformers", .array([.string("response-template")]))) }
        if let p = transformerParameters { f.append(("transformerParameters", p)) }
        return .object(f)
    }
}
