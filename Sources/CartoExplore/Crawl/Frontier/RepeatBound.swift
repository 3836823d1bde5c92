/// An abstract action that the path to a state already repeats `maxRepeats` times is not fired there again: adding a
/// sixth item to a list teaches nothing the second did not.
struct RepeatBound: FrontierPass {
    let maxRepeats: Int

    func reasonToSkip(_ event: CrawlEvent, in state: FrontierState) -> String? {
        guard state.pathActions[event.abstractAction, default: 0] >= maxRepeats else { return nil }
        return "fired \(maxRepeats) times on the path here already"
    }

    static let examples: [E] = [
        .init(description: "the add form, filled twice on the way here", state: E.at(3, path: [E.fill("new-todo"), E.fill("new-todo")]),
              event: E.fill("new-todo"), skips: true),
        .init(description: "the add form, filled once on the way here", state: E.at(2, path: [E.fill("new-todo")]),
              event: E.fill("new-todo"), skips: false),
        .init(description: "another action than the one repeated", state: E.at(3, path: [E.fill("new-todo"), E.fill("new-todo")]),
              event: E.tap("Active"), skips: false),
    ]

    typealias E = FrontierPassExample
}
