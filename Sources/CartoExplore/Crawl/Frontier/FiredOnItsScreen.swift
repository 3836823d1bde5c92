import CartoCore

/// States of one screen that differ only in data — a quiz's questions, once the crawl took their wording for data
/// (`StateIndex` coarsened the screen as a whole) — are one state in the model. An event fired at its counterpart
/// on another of them (the control in the same place, of the same shape: the first answer, "Next";
/// `Progression.place`) is not fired here again: the model has its transition. Found before the screen was
/// coarsened, each question kept its own answers and "Next" to fire, and a crawl spent its budget replaying the way
/// to the fourteenth question to tap answers the first one had shown the way of.
///
/// States found before a decision made them one (twins: a menu's category states, found before its chips were learnt
/// to be a selection, each with its fifteen events to fire) need more evidence: what a twin holds may matter — the
/// filter boxes ticked on one catalogue narrow it, on another they empty it. An event is not fired on a twin once it
/// was fired on two others and led, from both, to states one in the model (APE refines on non-determinism observed;
/// here the same outcome twice is the evidence the twins act alike).
struct FiredOnItsScreen: FrontierPass {
    /// Per state, the places of the events fired there (whatever they did).
    private var fired: [Int: Set<String>] = [:]
    /// Per place, where each state it was fired on led (the first outcome per state).
    private var outcomes: [String: [Int: Int]] = [:]

    mutating func learnOutcome(of event: CrawlEvent, from: Int, to: Int) {
        let place = Progression.place(of: event)
        fired[from, default: []].insert(place)
        if outcomes[place]?[from] == nil { outcomes[place, default: [:]][from] = to }
    }

    func reasonToSkip(_ event: CrawlEvent, in state: FrontierState) -> String? {
        let place = Progression.place(of: event)
        if let other = state.sameScreen.first(where: { fired[$0]?.contains(place) == true }) {
            return "fired at its counterpart on s\(other), this screen but for data"
        }
        guard !state.twins.isEmpty, let seen = outcomes[place] else { return nil }
        let tried = state.twins.filter { seen[$0] != nil }.prefix(2)
        guard tried.count == 2, Set(tried.map { state.representative(seen[$0]!) }).count == 1 else { return nil }
        return "fired at its counterparts on s\(tried.first!) and s\(tried.last!), states found before they proved one with this, with one outcome"
    }

    static var examples: [E] {
        let first = answer(1, "Paris"), again = answer(1, "Madrid"), second = answer(2, "Seville")
        // States 1, 3 and 5 are twins; 2 and 7 one in the model (7 stands for itself and 2).
        let one: @Sendable (Int) -> Int = { $0 == 7 ? 2 : $0 }
        return [
            .init(description: "the first answer of another question of one coarsened screen, fired there",
                  recorded: [(from: 1, to: 2, event: first)], state: E.at(5, sameScreen: [1, 3]), event: again, skips: true),
            .init(description: "another answer than the one fired on the other question",
                  recorded: [(from: 1, to: 2, event: first)], state: E.at(5, sameScreen: [1, 3]), event: second, skips: false),
            .init(description: "a screen not coarsened: its states are apart in the model",
                  recorded: [(from: 1, to: 2, event: first)], state: E.at(5), event: again, skips: false),
            .init(description: "fired on a state of another screen",
                  recorded: [(from: 4, to: 2, event: first)], state: E.at(5, sameScreen: [1, 3]), event: again, skips: false),
            .init(description: "fired on two twins, leading to states one in the model",
                  recorded: [(from: 1, to: 2, event: first), (from: 3, to: 7, event: first)],
                  state: E.at(5, twins: [1, 3], representative: one), event: again, skips: true),
            .init(description: "fired on one twin only: what a twin holds may matter",
                  recorded: [(from: 1, to: 2, event: first)], state: E.at(5, twins: [1, 3], representative: one), event: again, skips: false),
            .init(description: "fired on two twins with other outcomes (a filter box narrowing one catalogue, emptying another)",
                  recorded: [(from: 1, to: 1, event: first), (from: 3, to: 8, event: first)],
                  state: E.at(5, twins: [1, 3], representative: one), event: again, skips: false),
        ]
    }

    /// The answer at place `n` of a quiz, reading `label`.
    static func answer(_ n: Int, _ label: String) -> CrawlEvent {
        CrawlEvent(kind: .tap, target: UIElement(role: .button, platformType: "button", label: label, actions: [.tap],
                                                 locator: "css selector:#answers > button:nth-of-type(\(n))"))
    }

    typealias E = FrontierPassExample
}
