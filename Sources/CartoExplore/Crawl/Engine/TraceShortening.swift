import CartoModel

/// The events a replay of a state's trace fires (`Navigator`): the trace without what gave the app nothing.
///
/// A trace keeps every event fired since the restart before its state was found, because one of them changed the app
/// in a way its shortest path does not (a sign-in after registering, a row taken away). Most of the others gave the
/// app nothing: taps that changed nothing, visits to a page and back, switches whose state was learnt to tell no
/// states apart (`StateIndex.actsOnAStateSetAside`). Replaying them costs an event each (an admin panel's pages were
/// reached by replays of 19–22 events of which 3 mattered). Left out, in order:
/// 1. a step that left the app on the state it was fired in and changed nothing it holds, or acted only on a control
///    set aside;
/// 2. a cycle of such steps that comes back to the state it left (the same in the model), when the app's history
///    comes out as it was: the cycle ends in as many backs as it moved forward, or no back follows it.
/// A replay that the shorter trace does not bring to its state fires the whole trace (`Navigator.replay`).
enum TraceShortening {
    typealias Step = CrawlProgress.StateRecord.TraceStep

    static func shortened(_ trace: [Step], to target: Int, same: (Int, Int) -> Bool = { $0 == $1 },
                          setAside: (CrawlEvent) -> Bool = { _ in false }) -> [Step] {
        guard trace.count > 1 else { return trace }
        func givesNothing(_ step: Step) -> Bool { step.onlyMoved || setAside(step.event) }
        // 1. Steps that stayed where they were fired and gave the app nothing (a back is kept: it moved in history).
        var steps: [Step] = []
        for (index, step) in trace.enumerated() {
            let after = index + 1 < trace.count ? trace[index + 1].from : target
            if index + 1 < trace.count, step.event.kind != .back, givesNothing(step), same(after, step.from) { continue }
            steps.append(step)
        }
        // 2. Cycles of such steps back to the state they left.
        var index = 0
        while index < steps.count - 1 {
            var cut: Int?
            var end = index + 1
            while end < steps.count, givesNothing(steps[end - 1]) {
                if same(steps[end].from, steps[index].from), historyComesOutAsItWas(steps, index..<end, same: same) { cut = end }
                end += 1
            }
            if let cut { steps.removeSubrange(index..<cut) } else { index += 1 }
        }
        return steps
    }

    /// Whether leaving out `range` leaves the backs after it where they led: none follows, or the range ends in as
    /// many backs as it moved forward (moves into the app's history), never more before its end.
    private static func historyComesOutAsItWas(_ steps: [Step], _ range: Range<Int>, same: (Int, Int) -> Bool) -> Bool {
        if !steps[range.upperBound...].contains(where: { $0.event.kind == .back }) { return true }
        var depth = 0
        for index in range {
            let step = steps[index]
            if step.event.kind == .back {
                depth -= 1
                if depth < 0 { return false }
            } else if !same(steps[index + 1].from, step.from) {
                depth += 1
            }
        }
        return depth == 0
    }
}
