import CartoCore
import Foundation

/// The value the crawler types into a field, one the page accepts (`InputConstraints`): a form the browser or the
/// page's own checks refuse to send leaves the crawl on its first screen (a job application's confirmation behind a
/// phone pattern, a salary in steps of 500, a cover letter of 100 characters, a start date after today).
///
/// In order, the first value the field's constraints admit: the sample of its kind (`TextInputKind.sampleValue`,
/// stretched to the least length); the example the field shows (its placeholder, the format the page's author
/// expects: first for phone numbers, whose formats are national); an instance of its pattern. Numbers are put on
/// their step within their bounds, dates and times after today within theirs (a start date must lie ahead). With
/// none admitted, the kind's sample (the form then stays as it is, as before).
public enum AcceptedValue {
    /// The notation a field takes, from its platform type (`input[type=date]`); text for the rest and on iOS.
    public enum Format: String, Sendable, CaseIterable {
        case text, number, date, time, dateTime = "datetime-local", month, week, color

        public init(_ field: UIElement) {
            let type = field.platformType.lowercased()
            self = Format.allCases.first { $0 != .text && type == "input[type=\($0.rawValue)]" } ?? .text
        }

        /// Set by picking, not typing: a person chooses a date or a colour from the platform's picker (typed keys
        /// would go to the picker's segments in the browser's locale order).
        public var isPicked: Bool { ![.text, .number].contains(self) }
    }

    public static func value(for field: UIElement, kind: TextInputKind, today: Date = Date()) -> String {
        let c = field.accepts ?? InputConstraints()
        let format = Format(field)
        // A picked value the app filled in (the day tapped in a calendar, today, the theme's colour) is kept, as a
        // person leaves it, when the field's bounds admit it: an event added on the day tapped shows in the month
        // on screen, one moved to next January does not.
        if format.isPicked, let shown = field.value, !shown.isEmpty, within(shown, c) { return shown }
        switch format {
        case .number where kind == .phone: return phoneDigits(c)
        case .number: return number(c)
        case .date, .time, .dateTime, .month, .week: return moment(format, c, today: today)
        case .color: return "#3366cc"
        case .text: break
        }
        let sample = lengthened(kind.sampleValue, c)
        var candidates = [sample]
        if let example = c.placeholder { kind == .phone ? candidates.insert(example, at: 0) : candidates.append(example) }
        // A placeholder that draws the format as a mask (`+380XXXXXXXXX`, `(___) ___-____`, `XXXX XXXX XXXX XXXX`)
        // says what the page's own checks take, which it often tests in script, beyond any `pattern`: a value in
        // that shape comes before the kind's sample.
        if let mask = c.placeholder.flatMap(maskInstance) { candidates.insert(mask, at: 0) }
        if let pattern = c.pattern {
            candidates += [PatternInstance.make(pattern), PatternInstance.make(pattern, repeats: c.minLength ?? 1)].compactMap { $0 }
        }
        return candidates.first { admits($0, c, kind: kind) } ?? sample
    }

    /// Whether the page accepts `value` in a text field: its length, its pattern, and the shape its kind needs
    /// (an address with an `@`, a URL with a scheme, a number).
    public static func admits(_ value: String, _ c: InputConstraints, kind: TextInputKind) -> Bool {
        if value.isEmpty { return c.required != true }
        if let least = c.minLength, value.count < least { return false }
        if let most = c.maxLength, value.count > most { return false }
        switch kind {
        case .email: if !value.contains("@") || value.contains(" ") { return false }
        case .url: if !value.contains("://") { return false }
        case .number: if Double(value) == nil { return false }
        case .phone: if value.filter(\.isNumber).count < 3 || value.contains(where: \.isLetter) { return false }
        case .password, .search, .freeText: break
        }
        if let pattern = c.pattern, let regex = try? Regex("^(?:" + pattern + ")$"), (try? regex.wholeMatch(in: value)) == nil { return false }
        return true
    }

    /// The characters a format mask stands a digit with.
    static let maskDigits: Set<Character> = ["X", "x", "#", "_"]

    /// The mask's digits filled in (1, 2, 3, …, 0, 1, …), the rest of it (prefix, separators) kept; nil when the text
    /// is no mask: fewer than three digit places, or letters besides them ("Enter XXX code" is words).
    static func maskInstance(_ text: String) -> String? {
        guard text.filter({ maskDigits.contains($0) }).count >= 3,
              !text.contains(where: { $0.isLetter && !maskDigits.contains($0) }) else { return nil }
        var next = 0
        return String(text.map { c -> Character in
            guard maskDigits.contains(c) else { return c }
            next += 1
            return Character(String(next % 10))
        })
    }

    /// The text repeated (a word at a time) to the least length, cut to the most.
    static func lengthened(_ text: String, _ c: InputConstraints) -> String {
        var out = text
        if let least = c.minLength { while out.count < least { out += " " + text } }
        if let most = c.maxLength, out.count > most { out = String(out.prefix(most)) }
        return out
    }

    /// 42 put within the bounds, on the step counted from the least (HTML's step base; 1 unless the field says
    /// another or `any`).
    static func number(_ c: InputConstraints) -> String {
        let lo = c.min.flatMap(Double.init), hi = c.max.flatMap(Double.init)
        var v = Swift.min(Swift.max(42, lo ?? -.infinity), hi ?? .infinity)
        if c.step?.lowercased() != "any", let step = Double(c.step ?? "1"), step > 0 {
            let base = lo ?? 0
            v = base + ((v - base) / step).rounded(.up) * step
            if let hi, v > hi { v = base + ((hi - base) / step).rounded(.down) * step }
        }
        return v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    /// A phone number typed into a number field: digits only, those of the example the field shows ("e.g. +1 234
    /// 567 890": a page that wants ten digits draws ten), else the sample's; the first the field's bounds admit,
    /// else a number within them.
    static func phoneDigits(_ c: InputConstraints) -> String {
        // The longest run of digits and a phone's separators ("10 digits, e.g. 0123456789": the number, not the
        // count before it), its digits only.
        let runs = (c.placeholder ?? "").split { !($0.isASCII && ($0.isNumber || " +-().".contains($0))) }
        let example = runs.map { $0.filter(\.isNumber) }.max { $0.count < $1.count } ?? ""
        let candidates = [example, TextInputKind.phone.sampleValue.filter(\.isNumber)].filter { $0.count >= 3 }
        let lo = c.min.flatMap(Double.init) ?? -.infinity, hi = c.max.flatMap(Double.init) ?? .infinity
        return candidates.first { Double($0).map { $0 >= lo && $0 <= hi } == true && admits($0, c, kind: .phone) } ?? number(c)
    }

    /// Whether a picked value lies within the field's bounds (ISO notations of one length order as text).
    static func within(_ value: String, _ c: InputConstraints) -> Bool {
        if let lo = c.min, lo.count == value.count, value < lo { return false }
        if let hi = c.max, hi.count == value.count, value > hi { return false }
        return true
    }

    /// The fifteenth of January next year at half past nine, in the field's notation, put within its bounds (ISO
    /// notations order as text).
    static func moment(_ format: Format, _ c: InputConstraints, today: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let year = calendar.component(.year, from: today) + 1
        let text: String
        switch format {
        case .time: text = "09:30"
        case .month: text = "\(year)-01"
        case .week: text = "\(year)-W03"
        case .dateTime: text = "\(year)-01-15T09:30"
        default: text = "\(year)-01-15"
        }
        // On a step (`step="3600"`: whole hours; `step="7"`: weeks) the least value is on it, HTML counting steps
        // from there; a time without one counts from midnight.
        if let step = c.step, step.lowercased() != "any" {
            if let lo = c.min { return lo }
            if format == .time { return "00:00" }
        }
        if let lo = c.min, lo.count == text.count, text < lo { return lo }
        if let hi = c.max, hi.count == text.count, text > hi { return hi }
        return text
    }

    /// Fields and the value typed into them: the specification, run as tests (`today` is 2026-11-26).
    public static let examples: [(field: UIElement, value: String)] = {
        func field(_ type: String, _ c: InputConstraints, id: String? = nil) -> UIElement {
            UIElement(role: .textField, platformType: "input[type=\(type)]", identifier: id, accepts: c)
        }
        return [
            (field("text", InputConstraints(required: true)), "Cartographer"),
            (field("text", InputConstraints(pattern: "^[a-zA-Z\\s]*$")), "Cartographer"),
            (field("tel", InputConstraints(pattern: "[0-9]{3}-[0-9]{3}-[0-9]{3}", placeholder: "123-456-789")), "123-456-789"),
            (field("tel", InputConstraints(pattern: "[0-9]{3}-[0-9]{3}-[0-9]{4}", placeholder: "Your phone")), "111-111-1111"),
            (field("tel", InputConstraints(placeholder: "(555) 010-4477")), "(555) 010-4477"),
            (field("tel", InputConstraints(placeholder: "+380XXXXXXXXX")), "+380123456789"),
            (field("tel", InputConstraints(placeholder: "(___) ___-____")), "(123) 456-7890"),
            (field("text", InputConstraints(placeholder: "XXXX XXXX XXXX XXXX")), "1234 5678 9012 3456"),
            (field("text", InputConstraints(placeholder: "Enter XXX code")), "Cartographer"),
            (field("tel", InputConstraints(pattern: "[0-9]{10}", placeholder: "XXX-XXX-XXXX")), "1111111111"),
            (field("text", InputConstraints(pattern: "[A-Z]{2}\\d{4}", placeholder: "Code")), "AA1111"),
            (field("text", InputConstraints(pattern: "\\d{5}(-\\d{4})?"), id: "zip"), "11111"),
            (field("email", InputConstraints(placeholder: "name@domain.com")), "carto@example.com"),
            (field("email", InputConstraints(pattern: ".+@company\\.org")), "a@company.org"),
            (field("number", InputConstraints(min: "0", max: "50", step: "1")), "42"),
            (field("number", InputConstraints(placeholder: "e.g. +1 234 567 890"), id: "phone-no"), "1234567890"),
            (field("number", InputConstraints(), id: "mobile"), "15555550123"),
            (field("number", InputConstraints(placeholder: "10 digits, e.g. 0123456789"), id: "phone"), "0123456789"),
            (field("number", InputConstraints(max: "99"), id: "phone"), "42"),
            (field("number", InputConstraints(min: "0", step: "500")), "500"),
            (field("number", InputConstraints(min: "1", max: "10")), "10"),
            (field("number", InputConstraints(min: "0.5", max: "2", step: "0.25")), "2"),
            (field("number", InputConstraints(min: "0.5", max: "2")), "1.5"),
            (field("number", InputConstraints(max: "9.9", step: "any")), "9.9"),
            (field("date", InputConstraints(min: "2024-01-01")), "2027-01-15"),
            (field("date", InputConstraints(max: "2020-12-31")), "2020-12-31"),
            (field("time", InputConstraints(min: "10:00", max: "18:00")), "10:00"),
            (field("time", InputConstraints(step: "3600")), "00:00"),
            (field("date", InputConstraints(min: "2026-12-07", step: "7")), "2026-12-07"),
            (UIElement(role: .textField, platformType: "input[type=date]", value: "2026-11-03", accepts: InputConstraints()), "2026-11-03"),
            (UIElement(role: .textField, platformType: "input[type=date]", value: "2026-11-03", accepts: InputConstraints(min: "2026-11-26")), "2027-01-15"),
            (UIElement(role: .textField, platformType: "input[type=time]", value: "14:00", accepts: InputConstraints(max: "18:00")), "14:00"),
            (UIElement(role: .textField, platformType: "input[type=color]", value: "#1a73e8", accepts: InputConstraints()), "#1a73e8"),
            (UIElement(role: .textField, platformType: "input[type=text]", value: "Draft", accepts: InputConstraints()), "Cartographer"),
            (UIElement(role: .textView, platformType: "textarea", accepts: InputConstraints(minLength: 30, maxLength: 40)),
             "Cartographer Cartographer Cartographer"),
            (field("text", InputConstraints(pattern: "[a-z]{3,}", minLength: 6)), "aaaaaa"),
        ]
    }()
}

/// A string a regular expression matches, short and typeable: for HTML `pattern` attributes (JavaScript syntax:
/// character classes, escapes, groups, alternation, quantifiers). The first alternative, each quantifier at its
/// least (`repeats` times where it allows any number); lookarounds produce nothing; nil for back-references or what
/// it cannot read. The caller checks the result against the pattern itself.
struct PatternInstance {
    private let chars: [Character]
    private var i = 0
    private let repeats: Int

    static func make(_ pattern: String, repeats: Int = 1) -> String? {
        var parser = PatternInstance(chars: Array(pattern), repeats: Swift.max(1, repeats))
        guard let out = parser.alternation(), parser.i == parser.chars.count, out.count <= longest else { return nil }
        return out
    }

    private init(chars: [Character], repeats: Int) { self.chars = chars; self.repeats = repeats }

    private var peek: Character? { i < chars.count ? chars[i] : nil }

    private mutating func alternation() -> String? {
        guard let first = sequence() else { return nil }
        while peek == "|" { i += 1; guard sequence() != nil else { return nil } }
        return first
    }

    private mutating func sequence() -> String? {
        var out = ""
        while let c = peek, c != "|", c != ")" {
            guard let piece = atom() else { return nil }
            let count = quantifier()
            guard out.count + piece.count * count <= Self.longest else { return nil }
            out += String(repeating: piece, count: count)
        }
        return out
    }

    /// How many times the atom before it appears: 1 without a quantifier.
    private mutating func quantifier() -> Int {
        var count = 1
        switch peek {
        case "*": i += 1; count = repeats
        case "+": i += 1; count = repeats
        case "?": i += 1; count = 0
        case "{":
            guard let close = chars[i...].firstIndex(of: "}") else { return 1 }   // a literal brace
            let body = String(chars[(i + 1)..<close]).split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
            // Not a quantifier JavaScript reads (`{-1}`, `{2,1}`): the caller's check refuses what comes of it.
            guard let least = body.first ?? nil, least >= 0 else { return 1 }
            let most: Int? = body.count > 1 ? body[1] : least
            guard (most ?? .max) >= least else { return 1 }
            i = close + 1
            count = Swift.min(Swift.max(least, body.count > 1 ? repeats : least), most ?? .max)
        default: return 1
        }
        if peek == "?" { i += 1 }   // lazy: the same strings
        // No field takes more: a pattern's `{1000000}` or a long least length repeated inside a repeat would build
        // strings of any size.
        return Swift.min(count, Self.longest)
    }

    private mutating func atom() -> String? {
        guard let c = peek else { return nil }
        i += 1
        switch c {
        case "^", "$": return ""
        case ".": return "a"
        case "(":
            var keep = true
            if peek == "?" {
                i += 1
                switch peek {
                case ":": i += 1
                case "=", "!": i += 1; keep = false
                case "<":
                    i += 1
                    if peek == "=" || peek == "!" { i += 1; keep = false }
                    else { while let n = peek, n != ">" { i += 1 }; i += 1 }
                default: return nil
                }
            }
            guard let inner = alternation(), peek == ")" else { return nil }
            i += 1
            return keep ? inner : ""
        case "[": return characterClass().map(String.init)
        case "\\": return escape()
        default: return String(c)
        }
    }

    /// The most repetitions of one atom, and the longest instance made.
    static let longest = 512

    private static let preferred = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890 -_.@")

    /// One character of `[…]`: the first preferred one the class holds (not holds, when negated).
    private mutating func characterClass() -> Character? {
        var negated = false
        if peek == "^" { negated = true; i += 1 }
        var tests: [(Character) -> Bool] = []
        var first = true
        while let c = peek, c != "]" || first {
            first = false
            i += 1
            var low: Character
            if c == "\\" {
                guard let e = peek else { return nil }
                i += 1
                switch e {
                case "d": tests.append { $0.isASCII && $0.isNumber }; continue
                case "D": tests.append { !($0.isASCII && $0.isNumber) }; continue
                case "w": tests.append { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }; continue
                case "W": tests.append { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_")) }; continue
                case "s": tests.append { $0.isWhitespace }; continue
                case "S": tests.append { !$0.isWhitespace }; continue
                case "n": low = "\n"
                case "t": low = "\t"
                default: low = e
                }
            } else { low = c }
            if peek == "-", i + 1 < chars.count, chars[i + 1] != "]" {
                i += 1
                var high = chars[i]; i += 1
                if high == "\\", let e = peek { high = e; i += 1 }
                let (l, h) = (low, high)
                tests.append { $0 >= l && $0 <= h }
            } else {
                let l = low
                tests.append { $0 == l }
            }
        }
        guard peek == "]" else { return nil }
        i += 1
        return Self.preferred.first { ch in tests.contains { $0(ch) } != negated }
    }

    private mutating func escape() -> String? {
        guard let e = peek else { return nil }
        i += 1
        switch e {
        case "d": return "1"
        case "D", "w", "S": return "a"
        case "W": return "-"
        case "s": return " "
        case "b", "B": return ""
        case "n": return "\n"
        case "t": return "\t"
        case "p", "P":
            guard peek == "{", let close = chars[i...].firstIndex(of: "}") else { return nil }
            let property = String(chars[(i + 1)..<close]); i = close + 1
            return e == "p" && property.hasPrefix("N") ? "1" : "a"
        case "u", "x":
            if peek == "{", let close = chars[i...].firstIndex(of: "}"),
               let code = UInt32(String(chars[(i + 1)..<close]), radix: 16), let scalar = Unicode.Scalar(code) {
                i = close + 1; return String(Character(scalar))
            }
            let width = e == "u" ? 4 : 2
            guard i + width <= chars.count, let code = UInt32(String(chars[i..<(i + width)]), radix: 16),
                  let scalar = Unicode.Scalar(code) else { return String(e) }
            i += width
            return String(Character(scalar))
        default:
            if e.isNumber { return nil }   // a back-reference
            return String(e)
        }
    }
}
