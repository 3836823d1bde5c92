/// An action that proved to do nothing — it left the screen exactly as it was in several states and never did
/// anything else (`ControlBehaviour`) — is not fired again: a region of buttons that change nothing, a search form
/// that reloads the same page, would otherwise take most of a crawl's events. Nor is a toggle that only ever changed
/// itself, on several screens (a page's theme switch).
struct InertControls: FrontierPass {
    func reasonToSkip(_ event: CrawlEvent, in state: FrontierState) -> String? {
        guard let action = ControlBehaviour.action(of: event), state.inertActions.contains(action.key) else { return nil }
        return "inert: it left the screen as it was (or changed only itself) wherever it was tried"
    }

    static let examples: [E] = [
        .init(description: "a button that changed nothing in two states", state: E.at(4, inert: [E.tap("Like")]), event: E.tap("Like"), skips: true),
        .init(description: "another button beside it", state: E.at(4, inert: [E.tap("Like")]), event: E.tap("Share"), skips: false),
        .init(description: "a search form that reloaded the same page", state: E.at(2, inert: [E.fill("q")]), event: E.fill("q"), skips: true),
    ]

    typealias E = FrontierPassExample
}
