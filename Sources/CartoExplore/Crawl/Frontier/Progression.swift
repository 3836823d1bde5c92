import CartoCore

/// Going on the way a person does on a screen that moves through its content: a quiz's next question, a story's next
/// page, a wizard's or a gallery's next step. An event (or a short cycle: pick an answer, then "Next") that brought
/// the app back to the screen it was fired from, showing other text there than when it left — the screen is the
/// same state, its content moved on — is fired again by the same session, next, until it leads somewhere else (the
/// results after the tenth question), shows text seen before (a carousel wrapping round), changes nothing, or
/// `maxRounds` rounds were done from that state. A crawl that fired each event once per state stopped at the first
/// question: the results screen was never reached.
///
/// Back on the screen it left means back on its state, or on a state that shows that screen but for data
/// (`StateIndex.oneButForData`): a quiz whose answers are worded for each question, picked and then confirmed with
/// "Next", shows the next question as a state of its own until the crawl has seen enough of them to take their
/// wording for data — the cycle (pick, Next) led from one question to the next all the same. Its events are fired
/// again at their counterparts on the state the app stands on (`counterpart`: the control in the same place, of the
/// same shape), and its rounds are counted per screen (`StateIndex.firstOfItsKind`), not per question.
///
/// Not a list growing (a to-do added: rows are data, and more of them is no step forward) nor shrinking
/// (`ListDrain`); not numbers or dates alone (a counter, the next month: `LabelNormaliser` masks them), nor what the
/// finger typed, nor what it tapped piling up in a display (`accumulated`: a calculator's constant `e` tapped again
/// and again, whose display reads `ee`, then `eee`).
enum Progression {
    /// Rounds from one state at most: beyond that the content is data enough.
    /// A quiz of twenty questions is followed to its score.
    static let maxRounds = 20

    /// What a screen shows, as progress is told by: the words of its visible text and labels — a question's wording
    /// in a paragraph — as a set (the same words in another order, a table sorted, are no step), less the words of
    /// its lists' rows (rows are data) and of the control fired (`except`: a "Favorite" that now reads "Unfavorite"
    /// is a toggle; a second tap undoes it). Words only: a calculator's display or a counter (digits and symbols), a
    /// clock, a date (`LabelNormaliser`) are no step. Elements hidden or under a dialog's backdrop are not shown.
    static func content(_ snapshot: UISnapshot, except locator: String? = nil) -> [String] {
        var shown = Set(snapshot.root.value.map { words(LabelNormaliser.mask($0)) } ?? [])
        var data = Set<String>()
        func walk(_ e: UIElement, inList: Bool) {
            let inList = inList || e.role == .list || e.role == .table
            let said = e.label.map { Self.words(LabelNormaliser.mask($0)) } ?? []
            if inList || (locator != nil && e.locator == locator) {
                data.formUnion(said)
            } else if e.visible, e.covered != true {
                shown.formUnion(said)
            }
            e.children.forEach { walk($0, inList: inList) }
        }
        snapshot.root.children.forEach { walk($0, inList: false) }
        return shown.subtracting(data).sorted()
    }

    /// The event at the place of `event` on a screen that is its state's but for data: on `events` (the planned
    /// events of the state the app stands on), the one of the same kind on the control at the same locator and of
    /// the same shape (a quiz's first answer, whatever it reads; its "Next"). Nil when there is none.
    static func counterpart(of event: CrawlEvent, among events: [CrawlEvent]) -> Int? {
        let place = place(of: event)
        return events.firstIndex { Self.place(of: $0) == place }
    }

    /// Where an event acts, whatever the control reads: its kind, the control's locator and shape.
    static func place(of event: CrawlEvent) -> String {
        [event.kind.rawValue, event.target?.locator ?? "", event.target.map(ControlIdentity.shape) ?? ""].joined(separator: "|")
    }

    /// Runs of two or more letters, lower-cased.
    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter }.filter { $0.count >= 2 }.map(String.init)
    }

    /// Whether the screen `now` shows other content than `before` did, no list holding more rows; `fired`: the
    /// control the event acted on, whose own label is no content.
    static func movedOn(_ now: UISnapshot, since before: UISnapshot, fired: String? = nil) -> Bool {
        movedOn(now, since: before, shown: content(now, except: fired), was: content(before, except: fired))
    }

    /// The same, with the contents computed already (`content(now)` and `content(before)`).
    static func movedOn(_ now: UISnapshot, since before: UISnapshot, shown: [String], was: [String]) -> Bool {
        guard now.context.container == before.context.container else { return false }
        let rowsWere = ListDrain.rowCounts(before), rowsAre = ListDrain.rowCounts(now)
        if rowsAre.contains(where: { list, count in rowsWere[list].map { count > $0 } ?? false }) { return false }
        return shown != was && !accumulated(shown, since: was)
    }

    /// Whether every word the screen shows now and did not before is one it showed, lengthened (`ee` → `eee`): what
    /// was tapped piling up in a display — a calculator's constant, a word game's letters — not content moving on.
    static func accumulated(_ shown: [String], since was: [String]) -> Bool {
        let before = Set(was), added = Set(shown).subtracting(before)
        let removed = before.subtracting(shown)
        return !added.isEmpty && added.allSatisfy { word in removed.contains { word.count > $0.count && word.hasPrefix($0) } }
    }
}
