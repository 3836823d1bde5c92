import CartoCore
import Foundation

/// A response to record: what the real API (or a HAR capture) answered.
public struct RecordedResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(String, String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public static func == (a: RecordedResponse, b: RecordedResponse) -> Bool {
        a.status == b.status && a.body == b.body && a.headers.map { "\($0.0.lowercased()):\($0.1)" } == b.headers.map { "\($0.0.lowercased()):\($0.1)" }
    }
}

/// What to keep out of recorded files: header values and JSON fields (at any depth).
public struct Redaction: Sendable {
    public static let defaultHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"]
    public static let placeholder = "REDACTED"
    public var headers: Set<String>
    public var jsonFields: Set<String>

    public init(headers: [String] = [], jsonFields: [String] = []) {
        self.headers = Self.defaultHeaders.union(headers.map { $0.lowercased() })
        self.jsonFields = Set(jsonFields)
    }

    func redacts(header: String) -> Bool { headers.contains(header.lowercased()) }

    /// The value with every redacted field replaced by the placeholder.
    func masking(_ v: JSONValue) -> JSONValue {
        switch v {
        case let .object(fields):
            return .object(fields.map { k, x in (k, jsonFields.contains(k) ? .string(Self.placeholder) : masking(x)) })
        case let .array(items): return .array(items.map(masking))
        default: return v
        }
    }

    /// The value without redacted fields (for request patterns, which then ignore extra elements).
    func removing(_ v: JSONValue) -> (JSONValue, removed: Bool) {
        switch v {
        case let .object(fields):
            var removed = false
            var kept: [(String, JSONValue)] = []
            for (k, x) in fields {
                if jsonFields.contains(k) { removed = true; continue }
                let (y, r) = removing(x)
                removed = removed || r
                kept.append((k, y))
            }
            return (.object(kept), removed)
        case let .array(items):
            var removed = false
            let out = items.map { x -> JSONValue in let (y, r) = removing(x); removed = removed || r; return y }
            return (.array(out), removed)
        default: return (v, false)
        }
    }
}

/// Turns request/response pairs into mapping files in a WireMock root, for `carto stub record` and
/// `carto stub import-har`. Identical exchanges are written once; the same request answered differently
/// becomes a scenario whose steps replay the answers in order. Every file is written atomically as soon as
/// its exchange is known, so an interrupted recording keeps everything recorded so far.
public final class MappingRecorder: @unchecked Sendable {
    public enum Outcome: Sendable, Equatable {
        case written(String)
        case duplicate(String)
        case scenarioStep(String, step: Int)
    }

    private struct Series {
        var files: [String]
        var mappings: [StubMapping]
        var responses: [RecordedResponse]
    }

    public let folder: MappingFolder
    public let redaction: Redaction
    /// Text bodies up to this size stay inside the mapping; larger ones go to `__files/`.
    public var inlineLimit = 1024
    private let lock = NSLock()
    private var series: [String: Series] = [:]
    private var usedNames: Set<String> = []

    public init(folder: MappingFolder, redaction: Redaction = .init()) throws {
        self.folder = folder
        self.redaction = redaction
        do {
            try FileManager.default.createDirectory(at: folder.mappingsDirectory, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: folder.filesDirectory, withIntermediateDirectories: true)
        } catch {
            throw CartoError("\(folder.root.path): cannot create mappings/ and __files/ (\(error.localizedDescription))")
        }
        usedNames = Set(folder.mappingFiles())
    }

    public var recordedCount: Int { lock.withLock { series.values.reduce(0) { $0 + $1.files.count } } }

    @discardableResult
    public func record(_ request: StubRequest, _ response: RecordedResponse) throws -> Outcome {
        let (pattern, key) = requestPattern(request)
        let response = redacted(response)
        return try lock.withLock {
            if var s = series[key] {
                if s.responses.last == response { return .duplicate(s.files.last!) }
                let scenario = "\(request.method) \(request.url)"
                let step = s.files.count + 1
                if s.files.count == 1 {
                    // The first answer becomes step 1 of a scenario.
                    s.mappings[0].scenarioName = scenario
                    s.mappings[0].requiredScenarioState = StubMapping.startedState
                    try write(s.mappings[0], file: s.files[0])
                }
                s.mappings[step - 2].newScenarioState = "step-\(step)"
                try write(s.mappings[step - 2], file: s.files[step - 2])
                var m = try mapping(pattern, response, name: key, step: step)
                m.scenarioName = scenario
                m.requiredScenarioState = "step-\(step)"
                let file = uniqueName(base(request, key: key) + "-\(step)")
                try write(m, file: file)
                s.files.append(file)
                s.mappings.append(m)
                s.responses.append(response)
                series[key] = s
                return .scenarioStep(file, step: step)
            }
            let m = try mapping(pattern, response, name: key, step: 1)
            let file = uniqueName(base(request, key: key))
            try write(m, file: file)
            series[key] = Series(files: [file], mappings: [m], responses: [response])
            return .written(file)
        }
    }

    /// The request as a pattern (exact URL and method; the body as JSON or text, redacted) and its identity.
    private func requestPattern(_ request: StubRequest) -> (RequestPattern, String) {
        var bodyPatterns: [BodyPattern] = []
        var bodyKey = ""
        if let text = request.bodyText, !text.isEmpty {
            if let json = try? JSONValue.parse(text), json.objectValue != nil || json.arrayValue != nil {
                let (kept, removed) = redaction.removing(json)
                bodyPatterns = [.equalToJson(kept, ignoreArrayOrder: false, ignoreExtraElements: removed)]
                bodyKey = kept.serialized()
            } else {
                bodyPatterns = [.text(.equalTo(text))]
                bodyKey = text
            }
        } else if !request.body.isEmpty {
            bodyKey = Data(request.body).base64EncodedString()
            bodyPatterns = [.text(.equalTo(bodyKey))]  // binary bodies are rare in app APIs; match them as sent
        }
        let pattern = RequestPattern(method: request.method, url: .url(request.url), bodyPatterns: bodyPatterns)
        return (pattern, "\(request.method) \(request.url) \(bodyKey)")
    }

    private func redacted(_ r: RecordedResponse) -> RecordedResponse {
        var out = r
        out.headers = r.headers.compactMap { name, value in
            let lower = name.lowercased()
            if ["connection", "keep-alive", "transfer-encoding", "content-length", "date", "content-encoding"].contains(lower) { return nil }
            return (name, redaction.redacts(header: name) ? Redaction.placeholder : value)
        }
        if !redaction.jsonFields.isEmpty, let json = try? JSONValue.parse(r.body) {
            out.body = Array(redaction.masking(json).serialized().utf8)
        }
        return out
    }

    private func mapping(_ pattern: RequestPattern, _ r: RecordedResponse, name: String, step: Int) throws -> StubMapping {
        var body: ResponseDefinition.Body = .none
        if !r.body.isEmpty {
            let text = String(validating: r.body, as: UTF8.self)
            if let text, r.body.count <= inlineLimit {
                body = .text(text)
            } else if text == nil, r.body.count <= inlineLimit {
                body = .base64(Data(r.body).base64EncodedString())
            } else {
                let type = r.headers.first { $0.0.lowercased() == "content-type" }?.1 ?? ""
                let ext = type.contains("json") ? "json" : type.contains("html") ? "html" : type.contains("xml") ? "xml"
                    : type.contains("png") ? "png" : type.contains("jpeg") ? "jpg" : text != nil ? "txt" : "bin"
                let file = "\(Self.slug(name))-\(Self.hash(name))\(step > 1 ? "-\(step)" : "").\(ext)"
                try atomicWrite(Data(r.body), to: folder.filesDirectory.appendingPathComponent(file))
                body = .file(file)
            }
        }
        return StubMapping(id: UUID().uuidString.lowercased(), name: step > 1 ? "\(name.prefix(80)) (\(step))" : String(name.prefix(80)),
                           request: pattern, response: ResponseDefinition(status: r.status, headers: r.headers, body: body))
    }

    private func base(_ request: StubRequest, key: String) -> String {
        "\(request.method.lowercased())-\(Self.slug(request.path))-\(Self.hash(key))"
    }

    private func uniqueName(_ base: String) -> String {
        var name = base + ".json", n = 2
        while usedNames.contains(name) { name = "\(base)_\(n).json"; n += 1 }
        usedNames.insert(name)
        return name
    }

    private func write(_ m: StubMapping, file: String) throws {
        try atomicWrite(Data(m.json.serialized(pretty: true).utf8), to: folder.mappingsDirectory.appendingPathComponent(file))
    }

    private func atomicWrite(_ data: Data, to url: URL) throws {
        do { try data.write(to: url, options: .atomic) } catch {
            throw CartoError("cannot write \(url.path) (\(error.localizedDescription))")
        }
    }

    static func slug(_ s: String) -> String {
        let parts = s.lowercased().split { !($0.isLetter || $0.isNumber) }
        let joined = parts.joined(separator: "-")
        return joined.isEmpty ? "root" : String(joined.prefix(60))
    }

    /// FNV-1a, 32 bits in hex: stable file names across runs and machines.
    static func hash(_ s: String) -> String {
        var h: UInt32 = 2_166_136_261
        for b in s.utf8 { h = (h ^ UInt32(b)) &* 16_777_619 }
        return String(format: "%08x", h)
    }
}
