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

    /// What a screen shows, as progress is told by: the page's running text (a question's wording in a paragraph),
    /// and the labels of its elements outside lists (role and masked label; a field's value is what was typed, and
    /// a list's rows are data), numbers and dates masked (a clock ticking is no step). Elements hidden or under a
    /// dialog's backdrop are not shown.
    static func content(_ snapshot: UISnapshot) -> [String] {
        var parts: [String] = snapshot.root.value.map { ["text " + LabelNormaliser.mask($0)] } ?? []
        func walk(_ e: UIElement) {
            guard e.visible, e.covered != true else { return }
            if e.role == .list || e.role == .table { return }
            if let label = e.label, !label.isEmpty { parts.append("\(e.role.rawValue) \(LabelNormaliser.mask(label))") }
            e.children.forEach(walk)
        }
        snapshot.root.children.forEach(walk)
        return parts
    }

    /// Whether the screen `now` shows other content than `before` did, no list holding more rows.
    static func movedOn(_ now: UISnapshot, since before: UISnapshot) -> Bool {
        guard now.context.container == before.context.container else { return false }
        let was = ListDrain.rowCounts(before), is_ = ListDrain.rowCounts(now)
        if is_.contains(where: { list, count in was[list].map { count > $0 } ?? false }) { return false }
        return content(now) != content(before)
    }
}
