import CartoCore
import Foundation

/// Siblings of one kind that do one thing are one choice among many: once the last `after` members of a group of
/// sibling controls — one parent, one tag, told apart only by their place (`#seats > button:nth-of-type(*)`: the
/// seats of a map, the currencies of a picker, the days of a calendar) — fired from a state all led to one and the
/// same other state, the group's other members are not fired there: each would show that screen with another value
/// chosen, and a long picker would take the crawl's whole budget. A group whose members lead to different states (a
/// menu of places) keeps every member; so does a small one (a quiz's four answers, one of which may be right: the
/// last of them is never dropped). Members that left the app where it was (changed in place, or nothing) are no
/// evidence: such changes add up — a word game's letters, tapped one by one, end the game.
struct AlikeSiblings: FrontierPass {
    /// How many members in a row must have led to one state.
    var after = 4
    private struct Key: Hashable { let state: Int; let group: String }
    /// Per state and group, the members fired from there and the states they left the app in, in the order fired.
    private var fired: [Key: (members: Set<String>, targets: [Int])] = [:]

    /// The group a tap's control belongs to — its locator with the last sibling index written as `*` — and the
    /// member (its locator); nil for other events and for controls the page identifies without a place.
    static func group(of event: CrawlEvent) -> (group: String, member: String)? {
        guard event.kind == .tap, let locator = event.target?.locator else { return nil }
        // The last place in the path (a backwards regular-expression search finds the first one on Linux).
        var place: Range<String.Index>?
        var from = locator.startIndex
        while let found = locator.range(of: #":nth-of-type\(\d+\)"#, options: .regularExpression, range: from..<locator.endIndex) {
            place = found
            from = found.upperBound
        }
        guard let place else { return nil }
        return (locator.replacingCharacters(in: place, with: ":nth-of-type(*)"), locator)
    }

    mutating func learnOutcome(of event: CrawlEvent, from: Int, to: Int) {
        guard from != to, let (group, member) = Self.group(of: event) else { return }
        let key = Key(state: from, group: group)
        var entry = fired[key] ?? ([], [])
        guard entry.members.insert(member).inserted else { return }
        entry.targets.append(to)
        fired[key] = entry
    }

    func reasonToSkip(_ event: CrawlEvent, in state: FrontierState) -> String? {
        guard let (group, member) = Self.group(of: event), let entry = fired[Key(state: state.id, group: group)],
              !entry.members.contains(member), entry.targets.count >= after, let last = entry.targets.last,
              entry.targets.suffix(after).allSatisfy({ $0 == last }) else { return nil }
        return "alike: the last \(after) of its kind (\(group.replacingOccurrences(of: "css selector:", with: ""))) fired here all led to s\(last)"
    }

    static let examples: [E] = [
        .init(description: "a seat of a map deep in the page, whose last four seats tapped here all led to the map with a seat picked",
              recorded: (1...4).map { (from: 7, to: 8, event: E.seat($0, under: "html > body:nth-of-type(1) > div:nth-of-type(1)")) },
              state: E.at(7), event: E.seat(9, under: "html > body:nth-of-type(1) > div:nth-of-type(1)"), skips: true),
        .init(description: "a seat of a map whose last four seats tapped here all led to the map with a seat picked",
              recorded: (1...4).map { (from: 7, to: 8, event: E.seat($0)) }, state: E.at(7), event: E.seat(9), skips: true),
        .init(description: "the same seat from another state", recorded: (1...4).map { (from: 7, to: 8, event: E.seat($0)) },
              state: E.at(8), event: E.seat(9), skips: false),
        .init(description: "a seat after only three were tapped", recorded: (1...3).map { (from: 7, to: 8, event: E.seat($0)) },
              state: E.at(7), event: E.seat(9), skips: false),
        .init(description: "a word game's letter, whose siblings each changed the game in place (changes that add up)",
              recorded: (1...6).map { (from: 3, to: 3, event: E.seat($0)) }, state: E.at(3), event: E.seat(9), skips: false),
        .init(description: "a menu's item, whose siblings led to different places",
              recorded: (1...4).map { (from: 0, to: $0, event: E.seat($0)) }, state: E.at(0), event: E.seat(9), skips: false),
        .init(description: "a currency after the first ones led to states of their own and the last four to one (coarsened)",
              recorded: (1...6).map { (from: 2, to: $0 <= 2 ? 10 + $0 : 20, event: E.seat($0)) }, state: E.at(2), event: E.seat(9), skips: true),
        .init(description: "a control the page identifies without a place",
              recorded: (1...4).map { (from: 7, to: 8, event: E.seat($0)) }, state: E.at(7), event: E.tap("Book"), skips: false),
    ]

    typealias E = FrontierPassExample
}

extension FrontierPassExample {
    /// The `n`th button of a seat map (`#seats > button:nth-of-type(n)`, or under another path).
    static func seat(_ n: Int, under map: String = "#seats") -> CrawlEvent {
        CrawlEvent(kind: .tap, target: UIElement(role: .button, platformType: "button", label: "\(n)", actions: [.tap], target: "click",
                                                 locator: "css selector:\(map) > button:nth-of-type(\(n))"))
    }
}
