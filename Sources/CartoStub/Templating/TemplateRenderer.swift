import CartoCore
import Foundation

extension Template {
    /// Renders with `request` (and `parameters`, the mapping's transformerParameters) in scope.
    func render(request: TemplateValue, parameters: JSONValue?) throws -> String {
        var r = Renderer()
        let root = TemplateValue.object([("request", request), ("parameters", parameters.map(TemplateValue.json) ?? .null)], caseInsensitive: false)
        var out = ""
        try r.render(nodes, scope: [root], data: [:], into: &out)
        return out
    }

    struct Renderer {
        var rng = SystemRandomNumberGenerator()

        mutating func render(_ nodes: [Node], scope: [TemplateValue], data: [String: TemplateValue], into out: inout String) throws {
            for node in nodes {
                switch node {
                case let .text(t): out += t
                case let .value(e, escaped):
                    let v = try evaluate(e, scope: scope, data: data).text
                    out += escaped ? Self.escapeHTML(v) : v
                case let .block(name, arguments, hash, body, inverse):
                    try block(name, arguments, hash, body, inverse, scope: scope, data: data, into: &out)
                }
            }
        }

        private mutating func block(_ name: String, _ arguments: [Expression], _ hash: [String: Expression], _ body: [Node], _ inverse: [Node],
                                    scope: [TemplateValue], data: [String: TemplateValue], into out: inout String) throws {
            let args = try arguments.map { try evaluate($0, scope: scope, data: data) }
            switch name {
            case "each":
                let items = args.first?.items ?? []
                if items.isEmpty { try render(inverse, scope: scope, data: data, into: &out); return }
                for (n, item) in items.enumerated() {
                    var d = data
                    d["index"] = .number(Double(n))
                    d["first"] = .bool(n == 0)
                    d["last"] = .bool(n == items.count - 1)
                    if let k = item.key { d["key"] = .string(k) }
                    try render(body, scope: scope + [item.value], data: d, into: &out)
                }
            case "with":
                if let v = args.first, v.isTruthy { try render(body, scope: scope + [v], data: data, into: &out) } else { try render(inverse, scope: scope, data: data, into: &out) }
            default:
                // if, unless, and every value helper used as a block (eq, contains, matches, …): truthy → body.
                let condition: Bool
                switch name {
                case "if": condition = args.first?.isTruthy ?? false
                case "unless": condition = !(args.first?.isTruthy ?? false)
                default: condition = try Helpers.call(name, args, try evaluateHash(hash, scope: scope, data: data), rng: &rng).isTruthy
                }
                try render(condition ? body : inverse, scope: scope, data: data, into: &out)
            }
        }

        private mutating func evaluateHash(_ hash: [String: Expression], scope: [TemplateValue], data: [String: TemplateValue]) throws -> [String: TemplateValue] {
            var out: [String: TemplateValue] = [:]
            for (k, e) in hash { out[k] = try evaluate(e, scope: scope, data: data) }
            return out
        }

        mutating func evaluate(_ e: Expression, scope: [TemplateValue], data: [String: TemplateValue]) throws -> TemplateValue {
            switch e {
            case let .string(s): return .string(s)
            case let .number(d): return .number(d)
            case let .bool(b): return .bool(b)
            case let .call(name, arguments, hash):
                let args = try arguments.map { try evaluate($0, scope: scope, data: data) }
                return try Helpers.call(name, args, try evaluateHash(hash, scope: scope, data: data), rng: &rng)
            case let .path(segments):
                guard let first = segments.first else { return scope.last ?? .null }
                if first.hasPrefix("@") { return data[String(first.dropFirst())] ?? .null }
                // The innermost scope that has the first name, as Handlebars.java looks outwards.
                for s in scope.reversed() {
                    guard var v = s.member(first) else { continue }
                    for seg in segments.dropFirst() {
                        guard let next = v.member(seg) else { return .null }
                        v = next
                    }
                    return v
                }
                return .null
            }
        }

        /// Handlebars' escaping, byte for byte as WireMock's templates give it (`'` as `&#x27;`, and `` ` `` and `=`
        /// escaped too) — not CartoCore's `Markup.html`, whose report escaping differs on purpose.
        static func escapeHTML(_ s: String) -> String {
            guard s.contains(where: { "&<>\"'`=".contains($0) }) else { return s }
            var out = ""
            for c in s {
                switch c {
                case "&": out += "&amp;"
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                case "\"": out += "&quot;"
                case "'": out += "&#x27;"
                case "`": out += "&#x60;"
                case "=": out += "&#x3D;"
                default: out.append(c)
                }
            }
            return out
        }
    }
}
