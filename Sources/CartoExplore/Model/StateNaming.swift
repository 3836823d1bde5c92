/// Names that tell a model's states apart. The abstraction names each screen on its own — title, route, lists with
/// their rows, the selected tab — so two states of one screen can share a name (TodoMVC's list with and without
/// "Clear completed"). Within a model, a name several states share is followed by what sets each apart from its
/// nearest sibling — the state of that name with the most properties in common: `with "Clear completed"` for what
/// only it has, `without "Clear completed"` for what only the sibling has, the most telling difference first (a
/// route, a heading, a control, a list); more of them while two names still agree, and as a last resort the id.
/// Names depend on the set of states only, not on the order a crawl found them in.
public enum StateNaming {
    /// One name per state (`base` as the abstraction gave it, `properties` as in `model.json`), in the same order.
    public static func unique(_ states: [(id: String, base: String, properties: [String])]) -> [String] {
        var names = states.map(\.base)
        let groups = Dictionary(grouping: states.indices, by: { states[$0].base }).values.filter { $0.count > 1 }
        for group in groups {
            // What sets each state apart from its nearest sibling, most telling first.
            var phrases: [Int: [String]] = [:]
            for i in group {
                let mine = Set(states[i].properties)
                let sibling = group.filter { $0 != i }.min { a, b in
                    let ta = Set(states[a].properties), tb = Set(states[b].properties)
                    let ka = (-mine.intersection(ta).count, mine.symmetricDifference(ta).count, states[a].properties.sorted())
                    let kb = (-mine.intersection(tb).count, mine.symmetricDifference(tb).count, states[b].properties.sorted())
                    return ka.0 != kb.0 ? ka.0 < kb.0 : ka.1 != kb.1 ? ka.1 < kb.1 : ka.2.lexicographicallyPrecedes(kb.2)
                }!
                let theirs = Set(states[sibling].properties)
                phrases[i] = mine.subtracting(theirs).sorted(by: salience).map { "with " + phrase($0) }
                    + theirs.subtracting(mine).sorted(by: salience).map { "without " + phrase($0) }
            }
            // As few phrases as tell the group apart.
            let longest = phrases.values.map(\.count).max() ?? 0
            var unresolved = Set(group)
            for count in 1...max(longest, 1) where !unresolved.isEmpty {
                var candidate: [Int: String] = [:]
                for i in unresolved { candidate[i] = ([states[i].base] + phrases[i]!.prefix(count)).joined(separator: " · ") }
                let taken = Dictionary(grouping: group, by: { candidate[$0] ?? names[$0] })
                for i in unresolved where taken[candidate[i]!]!.count == 1 {
                    names[i] = candidate[i]!
                    unresolved.remove(i)
                }
            }
            for i in unresolved { names[i] = ([states[i].base] + phrases[i]!) .joined(separator: " · ") + " · " + states[i].id }
        }
        return names
    }

    /// A property as a person reads it: a control by its label (`"Clear completed"`), a route as it is, a list by
    /// its anchor.
    static func phrase(_ property: String) -> String {
        let parts = property.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return property }
        let (kind, value) = (parts[0], parts[1])
        switch kind {
        case "control", "external":
            let selected = value.hasSuffix(" (selected)") ? " selected" : ""
            if let open = value.firstIndex(of: "\""), let close = value.lastIndex(of: "\""), open < close {
                return String(value[open...close]) + selected
            }
            return String(value.split(separator: " ").first ?? Substring(value)) + selected
        case "list": return "list " + (value.components(separatedBy: " [").first ?? value)
        case "emptyList": return "empty " + value
        case "heading", "title": return "\(kind) \"\(value)\""
        default: return value
        }
    }

    /// Routes and headings name screens best, then controls, lists, and the rest.
    private static func salience(_ a: String, _ b: String) -> Bool {
        func rank(_ p: String) -> Int {
            ["route", "heading", "control", "list", "emptyList", "title", "container", "detail", "external"]
                .firstIndex(of: String(p.split(separator: " ").first ?? "")) ?? 9
        }
        return (rank(a), a) < (rank(b), b)
    }

    /// Examples, as the tests run them: the states of one model and the names they get.
    struct Example {
        var description: String
        var states: [(id: String, base: String, properties: [String])]
        var names: [String]
    }

    static let examples: [Example] = [
        .init(description: "TodoMVC's list with and without \"Clear completed\"",
              states: [("s1", "Todos · todo-list(1) · \"All\" selected", ["list todo-list [checkbox]", "control link → /#/ \"All\" (selected)"]),
                       ("s2", "Todos · todo-list(1) · \"All\" selected", ["list todo-list [checkbox]", "control link → /#/ \"All\" (selected)",
                                                                          "control button#clear-completed → click \"Clear completed\""])],
              names: ["Todos · todo-list(1) · \"All\" selected · without \"Clear completed\"",
                      "Todos · todo-list(1) · \"All\" selected · with \"Clear completed\""]),
        .init(description: "names already unique stay as they are",
              states: [("s0", "Home", ["container /"]), ("s1", "About", ["container /about"])], names: ["Home", "About"]),
        .init(description: "three of one name: each against its nearest sibling, a route before a control",
              states: [("s0", "Shop", ["container /", "control button \"Buy\""]),
                       ("s3", "Shop", ["container /", "control button \"Buy\"", "route #/cart"]),
                       ("s5", "Shop", ["container /", "control button \"Buy\"", "control link \"Log out\""])],
              names: ["Shop · without \"Log out\"", "Shop · with #/cart", "Shop · with \"Log out\""]),
        .init(description: "states no property tells apart (the paper's abstraction) get their id",
              states: [("s2", "Todos", ["title Todos"]), ("s4", "Todos", ["title Todos"])], names: ["Todos · s2", "Todos · s4"]),
    ]
}
