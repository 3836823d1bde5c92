/// A control that takes the app back to the screen it came from — a dialog's Cancel or ×, a detail page's "←" —
/// leads wherever its screen was opened from: a dialog opened from a list and from a chat closes to each, and a
/// tester draws both. Fired once, the model showed one of them: a crawl fires each event of a state once, and the
/// dialog is one state whichever screen lies under it. So when the app reaches such a state from a state it has not
/// gone back to yet, the session fires the control again, next (one event): where it lands in that state, the edge
/// is drawn; where it lands in the state it led to before instead (a "Home" link), the control leads to a place of
/// its own and is not tried again. At most `maxOrigins` ways in per control.
struct ReturnsToOpener {
    /// Ways in tried per control, at most: beyond that the control's behaviour is known.
    static let maxOrigins = 6

    struct Control: Equatable {
        /// The states the control took the app back to, having come from them.
        var returnedTo: Set<Int> = []
        /// The states the app came from when it was fired (found or tested).
        var tried: Set<Int> = []
        /// It led to a state it had led to before, coming from another: its target does not depend on the way in.
        var fixed = false
    }

    private(set) var controls: [Work: Control] = [:]

    /// `work`'s event took the app back to `origin`, the state the app had come from.
    mutating func returned(_ work: Work, to origin: Int) {
        controls[work, default: Control()].returnedTo.insert(origin)
        controls[work]!.tried.insert(origin)
    }

    /// The control to fire again in `state`, reached from `origin`: one that went back before, from other states only,
    /// not found fixed (the first, in the state's order of events).
    func toTest(in state: Int, from origin: Int) -> Work? {
        guard origin != state else { return nil }
        return controls.filter { $0.key.state == state && !$0.value.fixed && !$0.value.tried.contains(origin) && $0.value.tried.count < Self.maxOrigins }
            .keys.min { $0.event < $1.event }
    }

    /// Fired again from `origin`, the control landed in `landed` (nil: the app left scope).
    mutating func tested(_ work: Work, from origin: Int, landed: Int?) {
        guard var control = controls[work] else { return }
        control.tried.insert(origin)
        if landed == origin {
            control.returnedTo.insert(origin)
        } else if let landed, control.returnedTo.contains(landed) {
            control.fixed = true
        }
        controls[work] = control
    }

    /// The heuristic's specification, run as tests: what was seen, in order, and the control to test on arriving at
    /// `arrival.state` from `arrival.origin`.
    struct Example {
        enum Step { case returned(Work, to: Int), tested(Work, from: Int, landed: Int?) }
        let description: String
        let seen: [Step]
        let arrival: (state: Int, origin: Int)
        let test: Work?
    }

    static let examples: [Example] = {
        let cancel = Work(state: 5, event: 2), close = Work(state: 5, event: 0)
        return [
            .init(description: "a dialog's Cancel went back to the list; the dialog reached from the chat",
                  seen: [.returned(cancel, to: 1)], arrival: (5, 2), test: cancel),
            .init(description: "the dialog reached from the list again: nothing new to learn",
                  seen: [.returned(cancel, to: 1)], arrival: (5, 1), test: nil),
            .init(description: "tested from the chat, it closed to the chat: from a third screen it is tested again",
                  seen: [.returned(cancel, to: 1), .tested(cancel, from: 2, landed: 2)], arrival: (5, 3), test: cancel),
            .init(description: "a \"Home\" link: tested from another page, it led home again — a place of its own",
                  seen: [.returned(cancel, to: 1), .tested(cancel, from: 2, landed: 1)], arrival: (5, 3), test: nil),
            .init(description: "two controls that went back: the first in the state's order",
                  seen: [.returned(cancel, to: 1), .returned(close, to: 1)], arrival: (5, 2), test: close),
            .init(description: "another state's control is not this state's",
                  seen: [.returned(cancel, to: 1)], arrival: (6, 2), test: nil),
            .init(description: "tried from six ways in already",
                  seen: [.returned(cancel, to: 1)] + (2...6).map { .tested(cancel, from: $0, landed: $0) }, arrival: (5, 9), test: nil),
        ]
    }()
}
