import CartoCore

/// States of one screen that differ only in data — a quiz's questions, once the crawl took their wording for data
/// (`StateIndex` coarsened the screen as a whole) — are one state in the model. An event fired at its counterpart
/// on another of them (the control in the same place, of the same shape: the first answer, "Next";
/// `Progression.place`) is not fired here again: the model has its transition. Found before the screen was
/// coarsened, each question kept its own answers and "Next" to fire, and a crawl spent its budget replaying the way
/// to the fourteenth question to tap answers the first one had shown the way of.
struct FiredOnItsScreen: FrontierPass {
    /// Per state, the places of the events fired there (whatever they did).
    private var fired: [Int: Set<String>] = [:]

    mutating func learnOutcome(of event: CrawlEvent, from: Int, to: Int) {
        fired[from, default: []].insert(Progression.place(of: event))
    }

    func reasonToSkip(_ event: CrawlEvent, in state: FrontierState) -> String? {
        guard !state.sameScreen.isEmpty else { return nil }
        let place = Progression.place(of: event)
        guard let other = state.sameScreen.first(where: { fired[$0]?.contains(place) == true }) else { return nil }
        return "fired at its counterpart on s\(other), this screen but for data"
    }

    static var examples: [E] {
        let first = answer(1, "Paris"), again = answer(1, "Madrid"), second = answer(2, "Seville")
        return [
            .init(description: "the first answer of another question of one coarsened screen, fired there",
                  recorded: [(from: 1, to: 2, event: first)], state: E.at(5, sameScreen: [1, 3]), event: again, skips: true),
            .init(description: "another answer than the one fired on the other question",
                  recorded: [(from: 1, to: 2, event: first)], state: E.at(5, sameScreen: [1, 3]), event: second, skips: false),
            .init(description: "a screen not coarsened: its states are apart in the model",
                  recorded: [(from: 1, to: 2, event: first)], state: E.at(5), event: again, skips: false),
            .init(description: "fired on a state of another screen",
                  recorded: [(from: 4, to: 2, event: first)], state: E.at(5, sameScreen: [1, 3]), event: again, skips: false),
        ]
    }

    /// The answer at place `n` of a quiz, reading `label`.
    static func answer(_ n: Int, _ label: String) -> CrawlEvent {
        CrawlEvent(kind: .tap, target: UIElement(role: .button, platformType: "button", label: label, actions: [.tap],
                                                 locator: "css selector:#answers > button:nth-of-type(\(n))"))
    }

    typealias E = FrontierPassExample
}
