import CartoCore

/// Which rows of a list the crawler opens: the first (the paper) or all.
public enum RowPolicy: String, Codable, Sendable, CaseIterable { case first, all }

/// The events to fire in a state, in document order: one fill-and-submit per form (fields typed by kind),
/// a tap on every other actionable element, a scroll per scrollable list. Rows of a list: the first only unless
/// `rows` is `.all`; a row's own links and buttons are its events, the row itself only when it has none.
/// Controls that lead back (`ReturnControl`: back, close, home, …) come last, keeping their order among themselves.
public struct EventPlanner: Sendable {
    public var rows: RowPolicy
    public var blocklist: Blocklist
    public init(rows: RowPolicy = .first, blocklist: Blocklist = try! Blocklist()) { self.rows = rows; self.blocklist = blocklist }

    public struct Skipped: Sendable { public var element: UIElement; public var reason: String }

    public func plan(_ snapshot: UISnapshot, origin: String?) -> (events: [CrawlEvent], skipped: [Skipped]) {
        var events: [CrawlEvent] = []
        var skipped: [Skipped] = []
        var forms: [(form: UIElement?, fields: [UIElement])] = []
        var seen = Set<String>()
        var returning: [CrawlEvent] = []

        func add(_ event: CrawlEvent) { if seen.insert(event.key).inserted { events.append(event) } }
        func hasTappableDescendant(_ e: UIElement) -> Bool {
            e.children.contains { ($0.actions.contains(.tap) && !$0.role.isTextInput) || hasTappableDescendant($0) }
        }
        func visit(_ e: UIElement, parent: UIElement?, form: UIElement?, rowIndex: Int?) {
            let formHere = e.role == .form ? e : form
            if rows == .first, let rowIndex, rowIndex > 0 { return }
            if e.role.isTextInput && e.actions.contains(.type) {
                // One group per form (by its locator); fields outside any form form one group of their own.
                let group = formHere.map { $0.locator ?? "" }
                if let i = forms.firstIndex(where: { $0.form.map { $0.locator ?? "" } == group }) {
                    forms[i].fields.append(e)
                } else {
                    forms.append((formHere, [e]))
                }
            } else if e.actions.contains(.tap) && !(e.role == .cell && hasTappableDescendant(e)) {
                if let reason = blocklist.reason(toSkip: e, origin: origin) { skipped.append(Skipped(element: e, reason: reason)) }
                else if ReturnControl.matches(e, parent: parent) { returning.append(CrawlEvent(kind: .tap, target: e)) }
                else { add(CrawlEvent(kind: .tap, target: e)) }
            }
            if e.actions.contains(.scroll) { add(CrawlEvent(kind: .scroll, target: e)) }
            let isList = e.role == .list || e.role == .table || e.role == .collection
            var row = 0
            for child in e.children {
                if isList && child.role == .cell {
                    visit(child, parent: e, form: formHere, rowIndex: row)
                    row += 1
                } else {
                    visit(child, parent: e, form: formHere, rowIndex: isList ? nil : rowIndex)
                }
            }
        }
        visit(snapshot.root, parent: nil, form: nil, rowIndex: nil)
        for group in forms {
            let fields = group.fields.map { field -> CrawlEvent.FieldValue in
                let kind = TextInputKind.classify(field)
                return CrawlEvent.FieldValue(field: field, kind: kind, text: kind.sampleValue)
            }
            let submit = group.form?.allElements.first { $0.role == .button && $0.target == "submit" && $0.actions.contains(.tap) }
            add(CrawlEvent(kind: .fill, target: group.form ?? group.fields.first, fields: fields, submit: submit))
        }
        returning.forEach(add)
        return (events, skipped)
    }
}
