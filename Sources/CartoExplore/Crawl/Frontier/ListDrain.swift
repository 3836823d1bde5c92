import CartoCore

/// Emptying a list the way a tester does: an event that took a row away — the app came back to a screen it had
/// left, its list holding fewer rows than when it left (a task opened and deleted in its dialog, an item removed
/// from a cart page) — is done again, with the events that led from that screen to it, until the list is empty.
/// The screen with the empty list ("No tasks yet", an empty cart) is a screen of its own a tester reaches that way;
/// one deletion shows only the same list with a row fewer, and a crawl that fired each event once never got there.
/// The same session repeats the cycle at once, while its app holds what the deletions changed; the states it finds
/// keep the events that found them as their trace (`Navigator.trace`), which replays reach them by.
enum ListDrain {
    /// A cycle repeats at most this many times from one state: a list longer than that is data enough.
    static let maxRounds = 25
    /// The longest cycle repeated (open the row, delete, confirm).
    static let maxSteps = 3

    /// Rows per list of the screen (lists by their locator or identifier): lists the screen shows, not one dimmed
    /// under a dialog (the dialog is the screen; the cycle is the list's screen's).
    static func rowCounts(_ snapshot: UISnapshot) -> [String: Int] {
        var counts: [String: Int] = [:]
        for element in snapshot.elements where (element.role == .list || element.role == .table) && element.visible && element.covered != true {
            guard let key = element.locator ?? element.identifier else { continue }
            counts[key] = element.children.filter { $0.role == .cell }.count
        }
        return counts
    }

    /// The list that holds fewer rows `now` than `before` — none holding more — with both counts; nil otherwise.
    static func shrunk(_ now: UISnapshot, since before: UISnapshot) -> (list: String, before: Int, now: Int)? {
        let was = rowCounts(before), is_ = rowCounts(now)
        var found: (String, Int, Int)?
        for (list, count) in is_ {
            guard let old = was[list] else { continue }
            if count > old { return nil }
            if count < old, found == nil { found = (list, old, count) }
        }
        return found
    }

    /// The events fired since the session last stood on `state` — on `state` itself or on a state that is `state`
    /// but for data (`alike`; `Progression`'s quiz, whose questions are states of their own until their wording is
    /// taken for data) — when they form a cycle back of at most `maxSteps` events, none a browser back (a back
    /// retraces; it takes nothing away and moves nothing on); with the state the cycle started from. The nearest such
    /// state is taken: the shortest cycle.
    static func cycle(backTo state: Int, fired: [CrawlProgress.StateRecord.TraceStep], alike: (Int) -> Bool = { _ in false })
        -> (origin: Int, steps: [CrawlProgress.StateRecord.TraceStep])? {
        for (offset, step) in fired.suffix(maxSteps).enumerated().reversed() {
            if step.event.kind == .back { return nil }
            if step.from == state || alike(step.from) { return (step.from, Array(fired.suffix(min(maxSteps, fired.count) - offset))) }
        }
        return nil
    }
}
