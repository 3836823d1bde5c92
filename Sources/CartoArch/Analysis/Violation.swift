/// A dependency that breaks a rule.
public struct Violation: Codable, Hashable, Sendable, Comparable {
    public var rule: String
    public var from: String
    public var to: String
    public var fromLayer: String
    public var toLayer: String
    public var kind: DependencyKind
    public var file: String
    public var line: Int
    public var message: String
    /// False when the violation is recorded in the baseline given with `--baseline`.
    public var isNew: Bool

    public static func < (a: Violation, b: Violation) -> Bool {
        (a.file, a.line, a.rule, a.from, a.to, a.kind) < (b.file, b.line, b.rule, b.from, b.to, b.kind)
    }

    /// Line-independent identity for baselines: code may move without the violation counting as new.
    public var fingerprint: String { "\(rule)|\(from)|\(to)|\(kind.rawValue)|\(file)" }
}

/// Violations accepted for now (`--write-baseline`, `--baseline`): new code must not add more.
public struct Baseline: Codable, Sendable, Equatable {
    public struct Entry: Codable, Hashable, Sendable, Comparable {
        public var rule: String
        public var from: String
        public var to: String
        public var kind: DependencyKind
        public var file: String
        public var count: Int
        public static func < (a: Entry, b: Entry) -> Bool { (a.file, a.rule, a.from, a.to, a.kind) < (b.file, b.rule, b.from, b.to, b.kind) }
    }
    public var version = 1
    public var violations: [Entry]

    public init(violations: [Violation]) {
        var counts: [String: (Violation, Int)] = [:]
        for v in violations { counts[v.fingerprint, default: (v, 0)].1 += 1 }
        self.violations = counts.values.map { Entry(rule: $0.0.rule, from: $0.0.from, to: $0.0.to, kind: $0.0.kind, file: $0.0.file, count: $0.1) }.sorted()
    }

    /// Marks as not new as many violations per fingerprint as the baseline records.
    public func apply(to violations: inout [Violation]) {
        var remaining: [String: Int] = [:]
        for e in self.violations { remaining["\(e.rule)|\(e.from)|\(e.to)|\(e.kind.rawValue)|\(e.file)", default: 0] += e.count }
        for i in violations.indices {
            let key = violations[i].fingerprint
            if let n = remaining[key], n > 0 {
                violations[i].isNew = false
                remaining[key] = n - 1
            }
        }
    }
}
