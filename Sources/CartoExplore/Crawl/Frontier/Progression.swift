import CartoCore

/// Going on the way a person does on a screen that moves through its content: a quiz's next question, a story's next
/// page, a wizard's or a gallery's next step. An event (or a short cycle: pick an answer, then "Next") that brought
/// the app back to the screen it was fired from, showing other text there than when it left — the screen is the
/// same state, its content moved on — is fired again by the same session, next, until it leads somewhere else (the
/// results after the tenth question), shows text seen before (a carousel wrapping round), changes nothing, or
/// `maxRounds` rounds were done from that state. A crawl that fired each event once per state stopped at the first
/// question: the results screen was never reached.
///
/// Not a list growing (a to-do added: rows are data, and more of them is no step forward) nor shrinking
/// (`ListDrain`); not numbers or dates alone (a counter, the next month: `LabelNormaliser` masks them), nor what the
/// finger typed.
enum Progression {
    /// Rounds from one state at most: beyond that the content is data enough.
    static let maxRounds = 12

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

    /// Runs of two or more letters, lower-cased.
    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter }.filter { $0.count >= 2 }.map(String.init)
    }

    /// Whether the screen `now` shows other content than `before` did, no list holding more rows; `fired`: the
    /// control the event acted on, whose own label is no content.
    static func movedOn(_ now: UISnapshot, since before: UISnapshot, fired: String? = nil) -> Bool {
        guard now.context.container == before.context.container else { return false }
        let was = ListDrain.rowCounts(before), is_ = ListDrain.rowCounts(now)
        if is_.contains(where: { list, count in was[list].map { count > $0 } ?? false }) { return false }
        return content(now, except: fired) != content(before, except: fired)
    }
}
