import CartoCore
import Foundation

/// The template helpers WireMock users rely on (WireMock 2.35's names and arguments). Names not here are refused
/// when the mapping loads, naming the helper.
enum Helpers {
    /// Block-only names (the renderer handles them).
    static let blocks: Set = ["if", "unless", "each", "with"]

    static let names: Set = [
        "jsonPath", "now", "date", "parseDate", "randomValue", "randomInt", "randomDecimal", "pickRandom",
        "upper", "lower", "capitalize", "trim", "size", "length", "substring", "replace", "defaultIfEmpty", "default",
        "base64", "urlEncode", "regexExtract", "contains", "matches", "eq", "neq", "gt", "gte", "lt", "lte",
        "and", "or", "not", "join", "math", "abbreviate", "stripTags", "array", "formData", "split",
    ]

    static func isHelper(_ name: String) -> Bool { names.contains(name) }

    static func check(_ name: String, block: Bool) throws {
        if block && blocks.contains(name) { return }
        guard names.contains(name) else {
            throw TemplateError("unknown helper '\(name)'; carto stub has \((blocks.union(names)).sorted().joined(separator: ", "))")
        }
    }

    static func call<G: RandomNumberGenerator>(_ name: String, _ a: [TemplateValue], _ hash: [String: TemplateValue], rng: inout G) throws -> TemplateValue {
        func arg(_ i: Int) -> TemplateValue { a.indices.contains(i) ? a[i] : .null }
        // Numbers from templates are clamped before they become Ints or ranges: a mapping must not crash the server.
        func int(_ v: TemplateValue?, _ fallback: Int) -> Int {
            guard let d = v?.number, d.isFinite else { return fallback }
            return Int(max(-1e9, min(1e9, d)))
        }
        func real(_ v: TemplateValue?, _ fallback: Double) -> Double {
            guard let d = v?.number, d.isFinite else { return fallback }
            return max(-1e15, min(1e15, d))
        }
        func text(_ i: Int) -> String { arg(i).text }
        switch name {
        case "jsonPath":
            let source = arg(0)
            let json: JSONValue
            if case let .json(j) = source { json = j } else {
                guard let parsed = try? JSONValue.parse(source.text) else { return .null }
                json = parsed
            }
            let path: JSONPath
            do { path = try JSONPath(text(1)) } catch { throw TemplateError("jsonPath: invalid expression '\(text(1))'") }
            let found = path.evaluate(json)
            if found.isEmpty { return hash["default"] ?? .null }
            // A definite path gives its value; a filter or wildcard gives the list of matches.
            return found.count == 1 && !path.isIndefinite ? .json(found[0]) : .json(.array(found))
        case "now":
            return .string(DateHelpers.format(DateHelpers.offset(Date(), hash["offset"]?.text), format: hash["format"]?.text, timezone: hash["timezone"]?.text))
        case "date", "parseDate":
            guard let d = DateHelpers.parse(text(0), format: hash["format"]?.text.nilIfEmpty.flatMap { name == "parseDate" ? $0 : nil }) else { return .null }
            return .string(DateHelpers.format(DateHelpers.offset(d, hash["offset"]?.text),
                                              format: name == "date" ? hash["format"]?.text : nil, timezone: hash["timezone"]?.text))
        case "randomValue":
            let length = min(int(hash["length"], 36), 1 << 20)
            let type = (hash["type"]?.text ?? "ALPHANUMERIC").uppercased()
            var s = RandomText.make(type: type, length: length, rng: &rng)
            if hash["uppercase"]?.isTruthy == true { s = s.uppercased() }
            return .string(s)
        case "randomInt":
            let lower = int(hash["lower"], Int(Int32.min)), upper = int(hash["upper"], Int(Int32.max))
            return .number(Double(Int.random(in: min(lower, upper)...max(lower, upper), using: &rng)))
        case "randomDecimal":
            let lower = real(hash["lower"], 0), upper = real(hash["upper"], 1)
            return .number(Double.random(in: min(lower, upper)...max(lower, upper), using: &rng))
        case "pickRandom":
            let options = a.count == 1 ? a[0].items.map(\.value) : a
            return options.randomElement(using: &rng) ?? .null
        case "upper": return .string(text(0).uppercased())
        case "lower": return .string(text(0).lowercased())
        case "capitalize": return .string(text(0).split(separator: " ", omittingEmptySubsequences: false).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " "))
        case "trim": return .string(text(0).trimmingCharacters(in: .whitespacesAndNewlines))
        case "size", "length": return .number(Double(arg(0).count))
        case "abbreviate":
            let s = text(0), n = int(arg(1), 3)
            return .string(s.count <= n ? s : String(s.prefix(max(0, n - 3))) + "...")
        case "stripTags": return .string(text(0).replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression))
        case "substring":
            let s = Array(text(0)), from = max(0, int(arg(1), 0)), to = min(s.count, int(arg(2), s.count))
            return .string(from < to ? String(s[from..<to]) : "")
        case "replace": return .string(text(0).replacingOccurrences(of: text(1), with: text(2)))
        case "defaultIfEmpty", "default": return arg(0).isTruthy ? arg(0) : arg(1)
        case "base64":
            if hash["decode"]?.isTruthy == true {
                return .string(Data(base64Encoded: text(0)).map { String(decoding: $0, as: UTF8.self) } ?? "")
            }
            return .string(Data(text(0).utf8).base64EncodedString())
        case "urlEncode":
            if hash["decode"]?.isTruthy == true { return .string(text(0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? text(0)) }
            var allowed = CharacterSet.alphanumerics
            allowed.insert(charactersIn: "-_.*")
            return .string((text(0).addingPercentEncoding(withAllowedCharacters: allowed) ?? text(0)).replacingOccurrences(of: "%20", with: "+"))
        case "regexExtract":
            guard let re = try? NSRegularExpression(pattern: text(1)) else { throw TemplateError("regexExtract: invalid regular expression '\(text(1))'") }
            let s = text(0)
            guard let m = re.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) else { return hash["default"] ?? .string("[ERROR: Nothing matched \(text(1))]") }
            let group = m.numberOfRanges > 1 ? 1 : 0
            return Range(m.range(at: group), in: s).map { .string(String(s[$0])) } ?? .null
        case "contains":
            if case .values = arg(0) { return .bool(arg(0).items.contains { $0.value.text == text(1) }) }
            if case .list = arg(0) { return .bool(arg(0).items.contains { $0.value.text == text(1) }) }
            return .bool(text(0).contains(text(1)))
        case "matches":
            return .bool(text(0).range(of: "^(?:\(text(1)))$", options: .regularExpression) != nil)
        case "eq": return .bool(equal(arg(0), arg(1)))
        case "neq": return .bool(!equal(arg(0), arg(1)))
        case "gt", "gte", "lt", "lte":
            let x = arg(0), y = arg(1)
            let c: Int
            if let p = x.number, let q = y.number { c = p < q ? -1 : (p > q ? 1 : 0) } else { c = x.text < y.text ? -1 : (x.text > y.text ? 1 : 0) }
            switch name {
            case "gt": return .bool(c > 0)
            case "gte": return .bool(c >= 0)
            case "lt": return .bool(c < 0)
            default: return .bool(c <= 0)
            }
        case "and": return .bool(!a.isEmpty && a.allSatisfy(\.isTruthy))
        case "or": return .bool(a.contains(where: \.isTruthy))
        case "not": return .bool(!arg(0).isTruthy)
        case "join":
            // {{join a b c separator}} (WireMock 3) or {{join list ','}}.
            if a.count == 2, a[0].count > 1 || { if case .list = a[0] { return true }; if case .json(.array) = a[0] { return true }; return false }() {
                return .string(a[0].items.map(\.value.text).joined(separator: text(1)))
            }
            return .string(a.dropLast().map(\.text).joined(separator: a.last?.text ?? ","))
        case "array": return .list(a)
        case "split": return .list(text(0).components(separatedBy: text(1)).map(TemplateValue.string))
        case "formData":
            return .object(groupedByName(StubRequest.decodePairs(Substring(text(0)))).map { ($0.0, .values($0.1)) }, caseInsensitive: false)
        case "math":
            guard let x = arg(0).number, let y = arg(2).number else { return .null }
            switch text(1) {
            case "+": return .number(x + y)
            case "-": return .number(x - y)
            case "*": return .number(x * y)
            case "/": return y == 0 ? .null : .number(x / y)
            case "%": return y == 0 ? .null : .number(x.truncatingRemainder(dividingBy: y))
            default: throw TemplateError("math: unknown operator '\(text(1))'")
            }
        default:
            throw TemplateError("unknown helper '\(name)'")
        }
    }

    private static func equal(_ x: TemplateValue, _ y: TemplateValue) -> Bool {
        // A query parameter or header (a value list) never equals a plain string, as in WireMock 2 (Java's
        // ListOrSingle.equals): compare `request.query.kind.[0]` instead.
        switch (x, y) {
        case let (.values(a), .values(b)): return a == b
        case (.values, _), (_, .values): return false
        default: break
        }
        if case .number = x, let p = x.number, let q = y.number { return p == q }
        if case .number = y, let p = x.number, let q = y.number { return p == q }
        return x.text == y.text
    }
}

/// `randomValue` types (WireMock's RandomValueHelper).
enum RandomText {
    static func make<G: RandomNumberGenerator>(type: String, length: Int, rng: inout G) -> String {
        func pick(_ alphabet: String) -> String { String((0..<max(0, length)).map { _ in alphabet.randomElement(using: &rng)! }) }
        let lowerUpper = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        switch type {
        case "UUID":
            var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &rng) }
            bytes[6] = (bytes[6] & 0x0F) | 0x40
            bytes[8] = (bytes[8] & 0x3F) | 0x80
            let hex = bytes.map { String(format: "%02x", $0) }.joined()
            let h = Array(hex)
            return [h[0..<8], h[8..<12], h[12..<16], h[16..<20], h[20..<32]].map { String($0) }.joined(separator: "-")
        case "NUMERIC": return pick("0123456789")
        case "ALPHABETIC": return pick(lowerUpper)
        case "HEXADECIMAL": return pick("0123456789abcdef")
        case "ALPHANUMERIC_AND_SYMBOLS": return pick(lowerUpper + "0123456789!@#$%^&*()-_=+[]{};:,.<>/?")
        default: return pick(lowerUpper + "0123456789")
        }
    }
}

/// `now`, `date`, `parseDate`: Java date patterns (SimpleDateFormat letters are ICU's too), `epoch` (ms) and
/// `unix` (s); offsets like `3 days`, `-1 hours`, `30 seconds`.
enum DateHelpers {
    static func offset(_ d: Date, _ spec: String?) -> Date {
        guard let spec, !spec.isEmpty else { return d }
        let parts = spec.split(separator: " ")
        guard parts.count == 2, let parsed = Int(parts[0]) else { return d }
        let n = max(-1_000_000, min(1_000_000, parsed))  // no overflow below, whatever the template says
        var unit = parts[1].lowercased()
        if unit.hasSuffix("s") { unit.removeLast() }
        var c = DateComponents()
        switch unit {
        case "second": c.second = n
        case "minute": c.minute = n
        case "hour": c.hour = n
        case "day": c.day = n
        case "week": c.day = 7 * n
        case "month": c.month = n
        case "year": c.year = n
        case "millisecond": c.nanosecond = n * 1_000_000
        default: return d
        }
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(identifier: "UTC")!
        return cal.date(byAdding: c, to: d) ?? d
    }

    static func format(_ d: Date, format: String?, timezone: String?) -> String {
        switch format {
        case "epoch": return String(Int64((d.timeIntervalSince1970 * 1000).rounded(.down)))
        case "unix": return String(Int64(d.timeIntervalSince1970.rounded(.down)))
        case nil, "":
            let f = ISO8601DateFormatter()
            f.timeZone = timezone.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC")!
            return f.string(from: d)
        case let pattern?:
            let f = DateFormatter()
            f.locale = Locale(identifier: "en_US_POSIX")
            f.timeZone = timezone.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC")!
            f.dateFormat = pattern
            return f.string(from: d)
        }
    }

    static func parse(_ s: String, format: String?) -> Date? {
        if let format {
            let f = DateFormatter()
            f.locale = Locale(identifier: "en_US_POSIX")
            f.timeZone = TimeZone(identifier: "UTC")
            f.dateFormat = format
            return f.date(from: s)
        }
        if let d = ISO8601DateFormatter().date(from: s) { return d }
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        for p in ["yyyy-MM-dd'T'HH:mm:ss.SSSXXX", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd"] {
            f.dateFormat = p
            if let d = f.date(from: s) { return d }
        }
        return nil
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
