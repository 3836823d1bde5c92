import CartoCore
import Foundation

/// One entry of a request's `bodyPatterns`: a string pattern on the body text, `equalToJson` (with
/// `ignoreArrayOrder` / `ignoreExtraElements`), or `matchesJsonPath` (an expression that must select something,
/// optionally with a pattern its selection must satisfy), or `binaryEqualTo` (the body's bytes, given in base64).
public enum BodyPattern: Sendable, Equatable, CustomStringConvertible {
    case text(StringPattern)
    case equalToJson(JSONValue, ignoreArrayOrder: Bool, ignoreExtraElements: Bool)
    case matchesJsonPath(JSONPath, StringPattern?)
    case binaryEqualTo([UInt8])

    public init(json: JSONValue, path: String) throws {
        let r = try FieldReader(json, path: path)
        if let expected = json["equalToJson"] {
            var value = expected
            if let s = expected.stringValue {
                do { value = try JSONValue.parse(s) } catch {
                    throw MappingError(path: r.sub("equalToJson"), message: "the expected JSON does not parse (\(error))")
                }
            }
            self = .equalToJson(value, ignoreArrayOrder: try r.bool("ignoreArrayOrder") ?? false,
                                ignoreExtraElements: try r.bool("ignoreExtraElements") ?? false)
        } else if let b = json["binaryEqualTo"] {
            guard let text = b.stringValue, let bytes = Data(base64Encoded: text) else {
                throw MappingError(path: r.sub("binaryEqualTo"), message: "needs the expected bytes in base64")
            }
            self = .binaryEqualTo(Array(bytes))
        } else if let jp = json["matchesJsonPath"] {
            let sub = r.sub("matchesJsonPath")
            do {
                if let s = jp.stringValue {
                    self = .matchesJsonPath(try JSONPath(s), nil)
                } else {
                    let inner = try FieldReader(jp, path: sub)
                    guard let expr = try inner.string("expression") else {
                        throw MappingError(path: sub, message: "needs an \"expression\"")
                    }
                    let rest = JSONValue.object((jp.objectValue ?? []).filter { $0.0 != "expression" })
                    self = .matchesJsonPath(try JSONPath(expr), try StringPattern(json: rest, path: sub))
                }
            } catch let e as JSONPathError {
                throw MappingError(path: sub, message: "invalid JSONPath: \(e)")
            }
        } else {
            self = .text(try StringPattern(json: json, path: path))
        }
    }

    public func matches(_ body: String?) -> Bool {
        matches(text: body, json: { body.flatMap { try? JSONValue.parse($0) } }, bytes: { Array((body ?? "").utf8) })
    }

    /// Against a request being matched: its body text and JSON are worked out once, whatever the number of patterns.
    func matches(_ input: MatchInput) -> Bool { matches(text: input.bodyText, json: { input.bodyJSON }, bytes: { input.request.body }) }

    /// Against one part of a multipart body.
    func matches(_ part: MultipartPart) -> Bool {
        matches(text: part.bodyText, json: { part.bodyText.flatMap { try? JSONValue.parse($0) } }, bytes: { part.body })
    }

    private func matches(text body: String?, json: () -> JSONValue?, bytes: () -> [UInt8]) -> Bool {
        switch self {
        case let .binaryEqualTo(expected): return bytes() == expected
        case let .text(p): return p.matches(body ?? "")
        case let .equalToJson(expected, order, extra):
            guard let actual = json() else { return false }
            return Self.jsonEqual(expected, actual, ignoreArrayOrder: order, ignoreExtraElements: extra)
        case let .matchesJsonPath(path, pattern):
            guard let actual = json() else { return false }
            let found = path.evaluate(actual)
            guard let pattern else {
                // An expression that selects only an empty array selects nothing (WireMock behaves the same).
                return !found.isEmpty && !(found.count == 1 && found[0].arrayValue?.isEmpty == true)
            }
            if case .absent = pattern.op { return found.isEmpty }
            return found.contains { pattern.matches($0.text) }
        }
    }

    static func jsonEqual(_ e: JSONValue, _ a: JSONValue, ignoreArrayOrder: Bool, ignoreExtraElements: Bool) -> Bool {
        switch (e, a) {
        case let (.object(ef), .object(af)):
            if !ignoreExtraElements && ef.count != af.count { return false }
            let ad = Dictionary(af, uniquingKeysWith: { x, _ in x })
            return ef.allSatisfy { k, v in
                guard let av = ad[k] else { return false }
                return jsonEqual(v, av, ignoreArrayOrder: ignoreArrayOrder, ignoreExtraElements: ignoreExtraElements)
            }
        case let (.array(ea), .array(aa)):
            if !ignoreExtraElements && ea.count != aa.count { return false }
            if !ignoreArrayOrder {
                guard ea.count <= aa.count else { return false }
                if ignoreExtraElements {
                    // Expected elements appear in the same order, others may sit between them.
                    var j = 0
                    for x in ea {
                        while j < aa.count, !jsonEqual(x, aa[j], ignoreArrayOrder: false, ignoreExtraElements: true) { j += 1 }
                        if j == aa.count { return false }
                        j += 1
                    }
                    return true
                }
                return zip(ea, aa).allSatisfy { jsonEqual($0, $1, ignoreArrayOrder: false, ignoreExtraElements: false) }
            }
            // Order ignored: each expected element takes a distinct actual one.
            var used = [Bool](repeating: false, count: aa.count)
            for x in ea {
                guard let j = aa.indices.first(where: { !used[$0] && jsonEqual(x, aa[$0], ignoreArrayOrder: true, ignoreExtraElements: ignoreExtraElements) }) else { return false }
                used[j] = true
            }
            return true
        default:
            return e == a
        }
    }

    public var json: JSONValue {
        switch self {
        case let .text(p): return p.json
        case let .equalToJson(v, order, extra):
            var f: [(String, JSONValue)] = [("equalToJson", v)]
            if order { f.append(("ignoreArrayOrder", .bool(true))) }
            if extra { f.append(("ignoreExtraElements", .bool(true))) }
            return .object(f)
        case let .matchesJsonPath(p, pattern):
            guard let pattern, case let .object(pf) = pattern.json else { return .object([("matchesJsonPath", .string(p.expression))]) }
            return .object([("matchesJsonPath", .object([("expression", .string(p.expression))] + pf))])
        case let .binaryEqualTo(bytes): return .object([("binaryEqualTo", .string(Data(bytes).base64EncodedString()))])
        }
    }

    public var description: String {
        switch self {
        case let .text(p): return "body \(p)"
        case let .equalToJson(v, o, x):
            return "body equal to JSON \(v)" + (o ? " (any array order)" : "") + (x ? " (extra elements allowed)" : "")
        case let .matchesJsonPath(p, pat): return "body JSONPath \(p)" + (pat.map { " \($0)" } ?? " present")
        case let .binaryEqualTo(bytes): return "body equal to \(bytes.count) bytes (base64 \(Data(bytes).base64EncodedString().prefix(24)))"
        }
    }
}
