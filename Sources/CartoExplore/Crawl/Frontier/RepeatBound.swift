/// An abstract action that the path to a state already repeats `maxRepeats` times is not fired there again: adding a
/// sixth item to a list teaches nothing the second did not. A repetition that led to a screen offering other controls
/// than the one it left, or headed otherwise (a wizard's "Next Step": the plans, then the add-ons, then the summary; a
/// quiz's next question; a tutorial's next lesson) is progress, not more of the same: those count against
/// `maxAdvances` instead, a bound that only stops a runaway (`Recorder.pathKey`).
struct RepeatBound: FrontierPass {
    let maxRepeats: Int
    var maxAdvances = RepeatBound.defaultMaxAdvances

    /// A wizard longer than this many steps is rare, a quiz of ten questions is not (eight stopped one before its
    /// score); a pager that changes its controls on every page stops here.
    static let defaultMaxAdvances = 12

    /// The key under which a path counts an action that led to other controls (`Recorder`).
    static func advancing(_ abstractAction: String) -> String { "advance " + abstractAction }

    func reasonToSkip(_ event: CrawlEvent, in state: FrontierState) -> String? {
        if state.pathActions[event.abstractAction, default: 0] >= maxRepeats {
            return "fired \(maxRepeats) times on the path here already"
        }
        if state.pathActions[Self.advancing(event.abstractAction), default: 0] >= maxAdvances {
            return "led on to other screens \(maxAdvances) times on the path here already"
        }
        return nil
    }

    static let examples: [E] = [
        .init(description: "the add form, filled twice on the way here", state: E.at(3, path: [E.fill("new-todo"), E.fill("new-todo")]),
              event: E.fill("new-todo"), skips: true),
        .init(description: "the add form, filled once on the way here", state: E.at(2, path: [E.fill("new-todo")]),
              event: E.fill("new-todo"), skips: false),
        .init(description: "another action than the one repeated", state: E.at(3, path: [E.fill("new-todo"), E.fill("new-todo")]),
              event: E.tap("Active"), skips: false),
        .init(description: "a wizard's next step, that led on to other controls twice on the way here",
              state: E.at(3, advancing: [E.tap("Next"), E.tap("Next")]), event: E.tap("Next"), skips: false),
        .init(description: "a quiz's next question, that led on to other controls ten times on the way here",
              state: E.at(11, advancing: Array(repeating: E.tap("Next"), count: 10)), event: E.tap("Next"), skips: false),
        .init(description: "a next step that led on to other controls twelve times on the way here",
              state: E.at(13, advancing: Array(repeating: E.tap("Next"), count: 12)), event: E.tap("Next"), skips: true),
    ]

    typealias E = FrontierPassExample
}
