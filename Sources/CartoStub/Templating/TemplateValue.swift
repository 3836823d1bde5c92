import CartoCore
import Foundation

/// What a template expression evaluates to. `values` is WireMock's ListOrSingle (query parameters, headers): it
/// prints as its first value and indexes with `.[n]`.
indirect enum TemplateValue: Sendable {
    case null
    case string(String)
    case number(Double)
    case bool(Bool)
    case values([String])
    case list([TemplateValue])
    /// `request.pathSegments`: indexes like a list, prints as the path (WireMock's PathTemplate model).
    case segments([String], printed: String)
    case object([(String, TemplateValue)], caseInsensitive: Bool)
    case json(JSONValue)  // a jsonPath selection or parsed body: objects and arrays print as JSON

    var text: String {
        switch self {
        case .null: return ""
        case let .string(s): return s
        case let .number(d): return d.rounded() == d && abs(d) < 1e15 ? String(Int(d)) : String(d)
        case let .bool(b): return b ? "true" : "false"
        case let .values(v): return v.first ?? ""
        case let .list(items): return "[" + items.map(\.text).joined(separator: ", ") + "]"
        case let .segments(_, printed): return printed
        case let .object(fields, _): return "{" + fields.map { "\($0.0)=\($0.1.text)" }.joined(separator: ", ") + "}"
        case let .json(j):
            switch j {
            case .null: return ""
            case let .string(s): return s
            case let .bool(b): return b ? "true" : "false"
            case let .number(n): return JacksonText.number(n)
            case .array: return JacksonText.compact(j)
            case .object: return JacksonText.pretty(j)
            }
        }
    }

    /// Handlebars truthiness: null, false, empty text and empty lists are false.
    var isTruthy: Bool {
        switch self {
        case .null: return false
        case let .string(s): return !s.isEmpty
        case let .number(d): return d != 0
        case let .bool(b): return b
        case let .values(v): return !v.isEmpty
        case let .list(l): return !l.isEmpty
        case let .segments(s, _): return !s.isEmpty
        case .object: return true
        case let .json(j):
            switch j {
            case .null: return false
            case let .bool(b): return b
            case let .string(s): return !s.isEmpty
            case let .array(a): return !a.isEmpty
            default: return true
            }
        }
    }

    /// The items an `{{#each}}` walks.
    var items: [(key: String?, value: TemplateValue)] {
        switch self {
        case let .values(v): return v.map { (nil, .string($0)) }
        case let .list(l): return l.map { (nil, $0) }
        case let .segments(s, _): return s.map { (nil, .string($0)) }
        case let .object(fields, _): return fields.map { ($0.0, $0.1) }
        case let .json(.array(a)): return a.map { (nil, .json($0)) }
        case let .json(.object(o)): return o.map { ($0.0, .json($0.1)) }
        case .null: return []
        default: return [(nil, self)]
        }
    }

    var count: Int {
        switch self {
        case let .values(v): return v.count
        case let .list(l): return l.count
        case let .segments(s, _): return s.count
        case let .object(f, _): return f.count
        case let .json(.array(a)): return a.count
        case let .json(.object(o)): return o.count
        case .null: return 0
        default: return text.count
        }
    }

    var number: Double? {
        switch self {
        case let .number(d): return d
        case let .bool(b): return b ? 1 : 0
        default: return Double(text.trimmingCharacters(in: .whitespaces))
        }
    }

    /// One step down a path: a field (headers case-insensitively), or an index into a list.
    func member(_ key: String) -> TemplateValue? {
        switch self {
        case let .object(fields, ci):
            if let v = fields.first(where: { $0.0 == key })?.1 { return v }
            return ci ? fields.first { $0.0.caseInsensitiveCompare(key) == .orderedSame }?.1 : nil
        case let .values(v):
            if let i = Int(key) { return v.indices.contains(i) ? .string(v[i]) : (i < 0 && v.count + i >= 0 ? .string(v[v.count + i]) : nil) }
            if key == "first" { return v.first.map(TemplateValue.string) }
            if key == "last" { return v.last.map(TemplateValue.string) }
            return nil
        case let .list(l):
            if let i = Int(key), l.indices.contains(i) { return l[i] }
            return nil
        case let .segments(s, _):
            if let i = Int(key), s.indices.contains(i) { return .string(s[i]) }
            return nil
        case let .json(j):
            if let i = Int(key), let a = j.arrayValue { return a.indices.contains(i) ? .json(a[i]) : nil }
            return j[key].map(TemplateValue.json)
        default:
            return nil
        }
    }
}

/// The request as templates see it (WireMock's `request` model).
enum RequestModel {
    static func value(_ r: StubRequest, baseURL: String?) -> TemplateValue {
        let segments = r.path.split(separator: "/", omittingEmptySubsequences: true).map { seg in
            String(seg).removingPercentEncoding ?? String(seg)
        }
        let query = groupedByName(r.query), headers = groupedByName(r.headers, caseInsensitive: true), cookies = groupedByName(r.cookies)
        let host = r.host ?? "localhost"
        let base = baseURL ?? "\(r.scheme)://\(host)\(r.port.map { $0 == 80 ? "" : ":\($0)" } ?? "")"
        return .object([
            ("url", .string(r.url)),
            ("path", .string(r.path)),
            ("pathSegments", .segments(segments, printed: r.path)),
            ("query", .object(query.map { ($0.0, .values($0.1)) }, caseInsensitive: false)),
            ("method", .string(r.method)),
            ("host", .string(host)),
            ("port", r.port.map { .number(Double($0)) } ?? .null),
            ("scheme", .string(r.scheme)),
            ("baseUrl", .string(base)),
            ("headers", .object(headers.map { ($0.0, .values($0.1)) }, caseInsensitive: true)),
            ("cookies", .object(cookies.map { ($0.0, .values($0.1)) }, caseInsensitive: false)),
            ("body", .string(r.bodyText ?? "")),
            ("bodyAsBase64", .string(Data(r.body).base64EncodedString())),
            ("clientIp", .string(r.clientAddress ?? "")),
        ], caseInsensitive: false)
    }
}

/// JSON as WireMock's templates print a jsonPath selection (Jackson): arrays compact, objects with Jackson's
/// default pretty printer (`{` newline, two-space indent, `"key" : value`, arrays inside as `[ 1, 2 ]`), and
/// decimal numbers as Java prints a double (`2.50` → `2.5`).
enum JacksonText {
    static func number(_ n: String) -> String {
        guard n.contains(".") || n.contains("e") || n.contains("E"), let d = Double(n) else { return n }
        if d.rounded() == d && abs(d) < 1e7 { return String(Int(d)) + ".0" }
        return String(d)
    }

    static func compact(_ j: JSONValue) -> String {
        switch j {
        case let .number(n): return number(n)
        case let .array(a): return "[" + a.map(compact).joined(separator: ",") + "]"
        case let .object(o): return "{" + o.map { JSONValue.string($0.0).serialized() + ":" + compact($0.1) }.joined(separator: ",") + "}"
        default: return j.serialized()
        }
    }

    static func pretty(_ j: JSONValue, indent: Int = 0) -> String {
        switch j {
        case let .number(n): return number(n)
        case let .array(a):
            return a.isEmpty ? "[ ]" : "[ " + a.map { pretty($0, indent: indent) }.joined(separator: ", ") + " ]"
        case let .object(o):
            if o.isEmpty { return "{ }" }
            let pad = String(repeating: "  ", count: indent + 1)
            let fields = o.map { pad + JSONValue.string($0.0).serialized() + " : " + pretty($0.1, indent: indent + 1) }
            return "{\n" + fields.joined(separator: ",\n") + "\n" + String(repeating: "  ", count: indent) + "}"
        default: return j.serialized()
        }
    }
}
