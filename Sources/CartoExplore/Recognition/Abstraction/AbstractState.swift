import CartoCore

/// One property that defines an abstract state, readable on its own: `container /#/active`, `control button "Add"`,
/// `list ul#todo-list [checkbox, button]`. Two screens are the same state when their properties are the same set.
public struct StateProperty: Codable, Hashable, Sendable, Comparable, CustomStringConvertible {
    public enum Kind: String, Codable, Sendable, Comparable, CaseIterable {
        /// URL path and hash route (web) or navigation-bar identity (iOS).
        case container
        /// A single-page app's hash route (`#/active`).
        case route
        /// The screen's title, numbers masked.
        case title
        /// A heading on screen outside any list (numbers masked): what a single-page app names its screens by.
        case heading
        /// A control outside any list, by identity (role, identifier or link target, label).
        case control
        /// A list with rows: its anchor and the shape of its rows (the controls a row offers, labels left out).
        case list
        /// A list with no rows.
        case emptyList
        /// Detail added by refinement on a screen whose abstraction proved too coarse (headings, row counts).
        case detail
        /// A link out of the app (another origin, `mailto:`, `tel:`): on screen, but no place in the app; the crawl
        /// never follows it. Kept apart from `control` so that `carto graph diff --ignore external` can leave out
        /// credits and footers that two builds or frameworks of one app word differently.
        case external

        public static func < (a: Kind, b: Kind) -> Bool { a.order < b.order }
        var order: Int {
            switch self { case .container: 0; case .route: 1; case .title: 2; case .heading: 3; case .control: 4; case .list: 5; case .emptyList: 6; case .detail: 7; case .external: 8 }
        }
    }

    public var kind: Kind
    public var value: String

    public init(_ kind: Kind, _ value: String) { self.kind = kind; self.value = value }

    public static func < (a: StateProperty, b: StateProperty) -> Bool { (a.kind, a.value) < (b.kind, b.value) }
    public var description: String { kind.rawValue + " " + value }
}

/// A screen as the abstraction sees it: the sorted set of its defining properties plus a readable name. Equality
/// and hashing use the properties only; the name (which shows row counts) is for people.
public struct AbstractState: Codable, Hashable, Sendable {
    public var properties: [StateProperty]
    /// `Todos · #/active · todo-list(3)`.
    public var name: String

    public init(properties: [StateProperty], name: String) {
        self.properties = Array(Set(properties)).sorted()
        self.name = name
    }

    public static func == (a: AbstractState, b: AbstractState) -> Bool { a.properties == b.properties }
    public func hash(into hasher: inout Hasher) { hasher.combine(properties) }

    /// The properties of one kind.
    public func values(_ kind: StateProperty.Kind) -> [String] { properties.filter { $0.kind == kind }.map(\.value) }

    /// What sets `self` apart from `other`: properties only one of them has, `+` for self's, `-` for other's.
    public func difference(from other: AbstractState) -> [String] {
        let mine = Set(properties), theirs = Set(other.properties)
        return mine.subtracting(theirs).sorted().map { "+ \($0)" } + theirs.subtracting(mine).sorted().map { "- \($0)" }
    }
}

/// How labels and titles are compared: numbers standing alone are data (`Cart (3)`, `3 items left`, `Page 2`),
/// numbers glued to letters are names (`S1`, `H2O`, `v2`). A date written with words is data as its numbers are: a
/// month's name beside a number (`Nov 27`, `27 November`, `October 2026`) and a weekday's beside that (`Fri, Nov 27`)
/// — a calendar's month, a day's detail: the same screen on another day.
public enum LabelNormaliser {
    public static func mask(_ text: String) -> String { maskDates(maskNumbers(text)) }

    static let months: Set<String> = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                                      "october", "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep",
                                      "sept", "oct", "nov", "dec"]
    static let weekdays: Set<String> = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
                                        "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"]

    /// Month names next to a masked number, then weekday names next to what is masked, become `#`.
    private static func maskDates(_ masked: String) -> String {
        guard masked.contains("#") else { return masked }
        var words = masked.split(separator: " ").map(String.init)
        let punctuation: Set<Character> = [",", ".", "(", ")"]
        // The word without the punctuation around it, and that punctuation.
        func parts(_ w: String) -> (lead: Substring, core: Substring, tail: Substring) {
            let start = w.firstIndex { !punctuation.contains($0) } ?? w.endIndex
            let end = w[start...].lastIndex { !punctuation.contains($0) }.map { w.index(after: $0) } ?? start
            return (w[..<start], w[start..<end], w[end...])
        }
        for names in [months, weekdays] {
            var changed = false
            for i in words.indices where names.contains(parts(words[i]).core.lowercased()) {
                let beside = [i - 1, i + 1].filter(words.indices.contains).contains { parts(words[$0]).core == "#" }
                guard beside else { continue }
                let (lead, _, tail) = parts(words[i])
                words[i] = lead + "#" + tail
                changed = true
            }
            if !changed && names == months { return masked }
        }
        return words.joined(separator: " ")
    }

    private static func maskNumbers(_ text: String) -> String {
        var out = ""
        var word = ""
        func flush() {
            if !word.isEmpty {
                let digits = word.allSatisfy { $0.isNumber || $0 == "." || $0 == "," || $0 == ":" }
                let number = digits && word.contains(where: \.isNumber)
                // A sign standing before a number is the number's (`week -1`, `−3°` beside `week 2`, `4°`); a dash
                // between numbers (`2026-11-26`) stays.
                if number, let sign = out.last, sign == "-" || sign == "−" || sign == "+",
                   out.dropLast().last.map({ $0.isWhitespace || $0 == "(" }) ?? true { out.removeLast() }
                out += number ? "#" : word
                word = ""
            }
        }
        for ch in text {
            if ch.isLetter || ch.isNumber || ch == "." || ch == "," || ch == ":" { word.append(ch) } else { flush(); out.append(ch) }
        }
        flush()
        return out.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    /// A link target's shape: origin kept, path segments and query values that hold digits or look like ids masked
    /// (`/product/17?ref=x` → `/product/#?ref=*`), so links to the rows of one kind share a shape.
    public static func targetShape(_ target: String) -> String {
        var path = target
        var suffix = ""
        if let q = path.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            let rest = String(path[q...])
            path = String(path[..<q])
            if rest.hasPrefix("?") {
                let parts = rest.dropFirst().split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                // An empty query (`/index.html?#`, left by a form sent without named fields) is no query.
                if parts[0].isEmpty { return maskSegments(path) + (parts.count > 1 ? "#" + maskSegments(String(parts[1])) : "") }
                let keys = parts[0].split(separator: "&").map { $0.split(separator: "=").first.map(String.init) ?? "" }
                suffix = "?" + keys.map { $0 + "=*" }.joined(separator: "&") + (parts.count > 1 ? "#" + maskSegments(String(parts[1])) : "")
            } else {
                suffix = maskSegments(rest)
            }
        }
        return maskSegments(path) + suffix
    }

    /// An address with the values that pick data masked — path segments and query values with digits or long hex ids
    /// (`/product.html?id=#`, `/users/#`) — and the words kept (`?page=terms` stays): two addresses of one shape
    /// that differ show one kind of page with other data.
    public static func dataShape(_ address: String) -> String {
        guard let q = address.firstIndex(of: "?") else { return maskSegments(address) }
        let path = maskSegments(String(address[..<q]))
        let pairs = address[address.index(after: q)...].split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return String(pair) }
            return parts[0] + "=" + maskSegments(String(parts[1]))
        }
        return path + "?" + pairs.joined(separator: "&")
    }

    private static func maskSegments(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            let s = String(segment)
            if s.contains(where: \.isNumber) || (s.count >= 16 && s.allSatisfy { $0.isHexDigit || $0 == "-" }) { return "#" }
            return s
        }.joined(separator: "/")
    }
}
