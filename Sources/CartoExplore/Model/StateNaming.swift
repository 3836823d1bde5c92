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
        let properties = states.map { Set($0.properties) }
        // Round by round, each group of states that still share a name adds the most telling difference from the
        // nearest state of the group it has not named yet: two states that differ from a third in the same way are
        // told apart from each other in the next round.
        var named = [Set<String>](repeating: [], count: states.count)
        while true {
            let groups = Dictionary(grouping: states.indices, by: { names[$0] }).values.filter { $0.count > 1 }
            guard !groups.isEmpty else { break }
            var progress = false
            for group in groups {
                for i in group {
                    let sibling = group.filter { $0 != i }.min { a, b in
                        let ka = (-properties[i].intersection(properties[a]).count, properties[i].symmetricDifference(properties[a]).count)
                        let kb = (-properties[i].intersection(properties[b]).count, properties[i].symmetricDifference(properties[b]).count)
                        return ka != kb ? ka < kb : states[a].properties.sorted().lexicographicallyPrecedes(states[b].properties.sorted())
                    }!
                    let phrases = properties[i].subtracting(properties[sibling]).sorted(by: salience).map { "with " + phrase($0) }
                        + properties[sibling].subtracting(properties[i]).sorted(by: salience).map { "without " + phrase($0) }
                    guard let next = phrases.first(where: { !named[i].contains($0) }) else { continue }
                    named[i].insert(next)
                    names[i] += " · " + next
                    progress = true
                }
            }
            if !progress {
                // Nothing tells them apart (the paper's abstraction can keep states of equal properties): the id.
                for group in groups { for i in group { names[i] += " · " + states[i].id } }
                break
            }
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
            // The control's state, as the identity ends with it (`ControlIdentity`): "Menu" expanded, "Dark mode" on.
            let selected = [("selected", " (selected)"), ("disabled", " (disabled)"), ("on", " (on)"), ("expanded", " (expanded)")]
                .filter { value.contains($0.1) }.map { " " + $0.0 }.joined()
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
        .init(description: "two states that differ from a third in the same way are told apart from each other next",
              states: [("s1", "Cards", ["container /", "control button \"One\"", "control button \"Two\"", "route #/all"]),
                       ("s2", "Cards", ["container /", "control button \"One\""]),
                       ("s3", "Cards", ["container /", "control button \"Two\""])],
              names: ["Cards · with #/all", "Cards · without #/all · with \"One\"", "Cards · without #/all · with \"Two\""]),
        .init(description: "a menu closed and open: the toggle's state is said",
              states: [("s0", "Blog", ["container /", "control button \"Menu\""]),
                       ("s1", "Blog", ["container /", "control button \"Menu\" (expanded)", "control link → /about.html \"About\""])],
              names: ["Blog · with \"Menu\"", "Blog · with \"Menu\" expanded"]),
        .init(description: "states no property tells apart (the paper's abstraction) get their id",
              states: [("s2", "Todos", ["title Todos"]), ("s4", "Todos", ["title Todos"])], names: ["Todos · s2", "Todos · s4"]),
    ]
}
