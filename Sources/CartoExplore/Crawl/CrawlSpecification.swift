import CartoCore
import CartoDrivers
import Foundation

/// Values for one field: `id:email=ann@example.org`. Several values mean several fills of its form.
public struct InputRule: Sendable, Equatable {
    public var field: ElementMatcher
    public var values: [String]
    public init(field: ElementMatcher, values: [String]) { self.field = field; self.values = values }

    /// `FIELD:PATTERN=VALUE` (the CLI's `--input`). The pattern may not contain `=`; the value may.
    public init(parsing spec: String) throws {
        guard let eq = spec.firstIndex(of: "=") else {
            throw CartoError("--input \(spec): expected FIELD:PATTERN=VALUE, e.g. id:email=ann@example.org")
        }
        field = try ElementMatcher(String(spec[..<eq]))
        values = [String(spec[spec.index(after: eq)...])]
    }
}

/// What to type where (Crawljax's input specification): values per field, and whole forms with several value sets.
public struct InputSpecification: Sendable, Equatable {
    public var fields: [InputRule] = []
    /// Each set fills a form once: the form is filled with a set when one of its fields matches one of the set's rules.
    public var formSets: [[InputRule]] = []
    public init(fields: [InputRule] = [], formSets: [[InputRule]] = []) { self.fields = fields; self.formSets = formSets }

    /// Merges rules for the same field into one rule with all their values, in order.
    public mutating func add(_ rule: InputRule) {
        if let i = fields.firstIndex(where: { $0.field == rule.field }) { fields[i].values += rule.values } else { fields.append(rule) }
    }

    /// The fills of one form: a list of values per field (nil: the crawler's sample for its kind).
    func fills(for fields: [UIElement]) -> [[String?]] {
        var out: [[String?]] = []
        for set in formSets where fields.contains(where: { f in set.contains { $0.field.matches(f) } }) {
            out.append(fields.map { f in set.first { $0.field.matches(f) }?.values.first })
        }
        let perField = fields.map { f in self.fields.first { $0.field.matches(f) }?.values ?? [] }
        let variants = perField.map(\.count).max() ?? 0
        if variants > 0 {
            for k in 0..<variants { out.append(perField.map { $0.isEmpty ? nil : $0[min(k, $0.count - 1)] }) }
        }
        if out.isEmpty { out.append(fields.map { _ in nil }) }
        return out
    }
}

/// A check on every state (Crawljax's invariants): an element exists, is absent, or the screen's text matches —
/// optionally only on screens whose title or URL path matches. A violation is a failure with the path to it.
public struct Invariant: Sendable, Equatable {
    public enum Check: Sendable, Equatable {
        case exists(ElementMatcher)
        case absent(ElementMatcher)
        /// The visible text matches (`present`) or does not match the pattern.
        case text(String, present: Bool)
    }
    public var name: String
    public var check: Check
    public var whereTitle: String?
    public var whereURL: String?
    /// The patterns compiled once: invariants are checked after every event.
    private let titleRegex: RegexBox?, urlRegex: RegexBox?, textRegex: RegexBox?

    public init(name: String, check: Check, whereTitle: String? = nil, whereURL: String? = nil) throws {
        self.name = name; self.check = check; self.whereTitle = whereTitle; self.whereURL = whereURL
        func compile(_ pattern: String?) throws -> RegexBox? {
            guard let pattern else { return nil }
            guard let regex = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else {
                throw CartoError("invariant \(name): invalid regular expression \(pattern)")
            }
            return RegexBox(regex)
        }
        titleRegex = try compile(whereTitle)
        urlRegex = try compile(whereURL)
        if case .text(let pattern, _) = check { textRegex = try compile(pattern) } else { textRegex = nil }
    }

    public static func == (a: Invariant, b: Invariant) -> Bool {
        a.name == b.name && a.check == b.check && a.whereTitle == b.whereTitle && a.whereURL == b.whereURL
    }

    func applies(to snapshot: UISnapshot) -> Bool {
        if let titleRegex, !titleRegex.search(snapshot.context.title ?? "") { return false }
        if let urlRegex, !urlRegex.search(snapshot.context.container ?? "") { return false }
        return true
    }

    /// Why `snapshot` violates this invariant, or nil.
    func violation(in snapshot: UISnapshot, text: () throws -> String) rethrows -> String? {
        guard applies(to: snapshot) else { return nil }
        let visible = snapshot.elements.dropFirst().filter(\.visible)
        switch check {
        case .exists(let m):
            return visible.contains(where: m.matches) ? nil : "\(name): no element matches \(m)"
        case .absent(let m):
            return visible.first(where: m.matches).map { "\(name): \(ElementNaming.describe($0)) is on screen (\(m))" }
        case .text(let pattern, let present):
            let found = textRegex!.search(try text())
            if found == present { return nil }
            return present ? "\(name): the screen's text does not match /\(pattern)/" : "\(name): the screen's text matches /\(pattern)/"
        }
    }
}
