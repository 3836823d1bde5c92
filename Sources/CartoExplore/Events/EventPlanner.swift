import CartoCore
import CartoModel

/// The events to fire in a state, in document order: fill-and-submit per form (fields given values they accept,
/// `AcceptedValue`, or the values of the crawl specification: one fill per value set), a tap on every other actionable element,
/// each choice of a picker but the one chosen (`choices`), a scroll per
/// scrollable list. Rows of a data list (rows of one shape, `RowShape`): the first of each shape only unless `rows` is `.all`;
/// the rows of a menu (rows that lead to different places) all, and so the rows of a choice (rows tapped themselves,
/// one marked chosen: `RowShape.isChoiceAmongRows`). A row's own links and buttons are its events, the
/// row itself only when it has none or the page listens on the row itself. Controls that lead back (`ReturnControl`: back, close, home, …) come last,
/// keeping their order among themselves. With `only`, elements that match none of its patterns are skipped.
public struct EventPlanner: Sendable {
    public var rows: RowPolicy
    public var blocklist: Blocklist
    public var only: [ElementMatcher]
    public var inputs: InputSpecification
    public init(rows: RowPolicy = .first, blocklist: Blocklist = try! Blocklist(), only: [ElementMatcher] = [],
                inputs: InputSpecification = InputSpecification()) {
        self.rows = rows; self.blocklist = blocklist; self.only = only; self.inputs = inputs
    }

    public struct Skipped: Sendable { public var element: UIElement; public var reason: String }

    public func plan(_ snapshot: UISnapshot, origin: String?) -> (events: [CrawlEvent], skipped: [Skipped]) {
        var events: [CrawlEvent] = []
        var skipped: [Skipped] = []
        var forms: [(key: String, form: UIElement?, fields: [UIElement])] = []
        /// Fields outside any form are grouped by the buttons between them: a button after a field ends its group
        /// (a search box in the header and its gear, then the add bar's task field and "Add" below the list are two
        /// groups, each filled and sent apart — filled together, the search text hid the task just added). Fields
        /// with only labels, pickers or boxes between them (a dialog laid out without a form) stay one group.
        var looseGroup = 0
        var looseGroupHasFields = false
        /// Every form, in document order: one without a field to type in is sent once what it requires is ticked.
        var allForms: [UIElement] = []
        var seen = Set<String>()
        var returning: [CrawlEvent] = []
        /// Fields outside any form are sent by the button right after the last of them (a search box and its
        /// button, a code field and "Unlock"): the first tappable control after a field, when it is a button.
        var buttonAfterField: [String: UIElement] = [:]
        /// Outside a form, a picker after a field ends the search for its button (a toolbar's category filter), but
        /// it may be the last field of a dialog laid out without a form ("Type" after "Date", then "Add"): the
        /// pickers in between and the button after them, per field, are a second way to send the fields.
        var buttonPastPickers: [String: (button: UIElement, pickers: [UIElement])] = [:]
        var pastPickers: (field: UIElement, pickers: [UIElement])?
        var lastField: UIElement?
        var lastFieldForm: UIElement?
        /// The last button seen before a group's first field (a Save in the bar above an editor), per group; and the
        /// last button seen so far, with its form.
        var buttonBeforeGroup: [String: UIElement] = [:]
        var lastButton: (button: UIElement, form: UIElement?)?

        func add(_ event: CrawlEvent) { if seen.insert(event.key).inserted { events.append(event) } }
        func hasTappableDescendant(_ e: UIElement) -> Bool {
            e.children.contains { ($0.actions.contains(.tap) && !$0.role.isTextInput) || hasTappableDescendant($0) }
        }
        /// A button that may send the fields before it: not a reset, not a disclosure (it shows things: "Show more",
        /// a menu toggle), not one that dismisses or goes back ("×", "Cancel").
        func sends(_ e: UIElement, parent: UIElement?) -> Bool {
            e.role == .button && e.target != "reset" && e.expanded == nil && !ReturnControl.matches(e, parent: parent) && !Self.stepsAField(e, parent: parent)
        }
        /// A "Cancel" right before a button sending the fields beside it on one line (a dialog's footer: "Cancel",
        /// "Save"): it sends nothing and ends nothing.
        func cancelsBeforeASend(_ e: UIElement, parent: UIElement?) -> Bool {
            guard ReturnControl.matches(e, parent: parent), let parent,
                  let next = parent.children.drop(while: { $0 != e }).dropFirst().first else { return false }
            return next.actions.contains(.tap) && sends(next, parent: parent) && Self.sideBySide(e, next)
        }
        func allowed(_ e: UIElement) -> Bool {
            if only.isEmpty || only.contains(where: { $0.matches(e) }) { return true }
            skipped.append(Skipped(element: e, reason: "matches no --only pattern"))
            return false
        }
        func visit(_ e: UIElement, parent: UIElement?, form: UIElement?, rowIndex: Int?) {
            let formHere = e.role == .form ? e : form
            if e.role == .form { allForms.append(e) }
            if rows == .first, let rowIndex, rowIndex > 0 { return }
            let isField = e.role.isTextInput && e.actions.contains(.type)
            if let past = pastPickers, !isField, form == nil {
                if Self.settable(e) { pastPickers?.pickers.append(e) }
                // A dialog's footer past its pickers ("Cancel", "Add Task"): the "Cancel" is passed over as after a field.
                else if e.actions.contains(.tap), e.role != .link, !cancelsBeforeASend(e, parent: parent) {
                    if sends(e, parent: parent) {
                        buttonPastPickers[past.field.locator ?? ""] = (e, past.pickers)
                    }
                    pastPickers = nil
                }
            } else if isField || form != nil { pastPickers = nil }
            if isField { lastField = e; lastFieldForm = formHere }
            // The control right after a field, when it is a button (links in between — a credit line, a help link —
            // are passed over; any other control ends the search: a to-do field followed by its list is sent by Return).
            // A disclosure (it says whether it is expanded: "Show more", a menu toggle) shows things and sends nothing:
            // a field followed by one, as an app embedded in a page above the page's own "Show the notes", is sent by
            // Return.
            // In a form, so is a plain button of the form's own (`type="button"`: "Create Task" whose script reads the
            // fields) when the form has no submit button: Return there would send the form to the server instead.
            // Outside a form, a picker in between ends it too: a search box, a category filter and "Add product" in
            // one toolbar — the box is sent by Return, not by the add button (in a form, a task's priority picker
            // between its title and "Create Task" is the form's, and so is the button).
            // A control that dismisses or goes back ("×" removing a card's fields, "Cancel") sends nothing.
            // A stepper's "−" and "+" are part of their number field; a "Cancel" right before a button sending the
            // fields beside it on one line (a dialog's footer: "Cancel", "Save") is passed over as a link is — not a
            // "×" among the fields (it removes a card; "+ Add Card" under it adds another, sending nothing).
            else if e.actions.contains(.tap), lastField != nil, Self.stepsAField(e, parent: parent) || cancelsBeforeASend(e, parent: parent) {}
            else if e.actions.contains(.tap) || (e.role == .picker && form == nil), e.role != .link, let field = lastField {
                let sameForm = form == nil || (form?.locator != nil && form?.locator == lastFieldForm?.locator)
                if sameForm, sends(e, parent: parent) {
                    buttonAfterField[field.locator ?? ""] = e
                }
                if form == nil, Self.settable(e) { pastPickers = (field, [e]) }
                lastField = nil
            }
            if e.actions.contains(.tap), sends(e, parent: parent) {
                lastButton = (e, formHere)
            }
            if formHere == nil, e.role == .button, e.actions.contains(.tap), looseGroupHasFields, !Self.stepsAField(e, parent: parent) {
                looseGroup += 1
                looseGroupHasFields = false
            }
            if isField {
                guard allowed(e) else { return }
                // One group per form (by its locator); fields outside any form in groups ended by buttons (`looseGroup`).
                let group = formHere.map { "form " + ($0.locator ?? "") } ?? "loose \(looseGroup)"
                if formHere == nil { looseGroupHasFields = true }
                if let i = forms.firstIndex(where: { $0.key == group }) {
                    forms[i].fields.append(e)
                } else {
                    forms.append((group, formHere, [e]))
                    if let before = lastButton, before.form?.locator == formHere?.locator { buttonBeforeGroup[group] = before.button }
                }
            } else if e.actions.contains(.tap) && !(e.role == .cell && hasTappableDescendant(e) && e.target != "click" && parent?.target != "click") {
                // A row whose own links and buttons are its events is tapped itself only when the page listens on
                // the row (a card that opens the product and holds "Add to cart"), or on its list for its rows (one
                // listener that tells a row's "×" from the row by the element tapped): touched beside its buttons.
                if let reason = blocklist.reason(toSkip: e, origin: origin) { skipped.append(Skipped(element: e, reason: reason)) }
                else if !allowed(e) {}
                else if ReturnControl.matches(e, parent: parent) { returning.append(CrawlEvent(kind: .tap, target: e)) }
                else { add(CrawlEvent(kind: .tap, target: e)) }
            }
            if Self.settable(e), let options = e.options {
                if let reason = blocklist.reason(toSkip: e, origin: origin) { skipped.append(Skipped(element: e, reason: reason)) }
                else if allowed(e) { Self.choices(options, current: e.value).forEach { add(.choose($0, in: e)) } }
            }
            if e.actions.contains(.scroll) { add(CrawlEvent(kind: .scroll, target: e)) }
            let isList = RowShape.isListContainer(e)
            let cells = isList ? e.children.filter { $0.role == .cell } : []
            // Menus (rows that lead to different places) are opened row by row; data lists by their first row.
            let shownCells = isList ? RowShape.shownRows(of: e) : []
            let dataList = isList && !RowShape.isLayoutTable(e, rows: cells.count) && RowShape.isUniform(cells.map(RowShape.of))
                && !RowShape.isMenu(shownCells) && !RowShape.holdsDisclosure(shownCells) && !RowShape.isChoiceAmongRows(shownCells)
            // The first row of each shape: a row unlike the others offers something they do not (a navbar's
            // dropdown between two plain links), while rows of one shape are one row's worth of events.
            var shapes = Set<Set<String>>()
            for child in e.children {
                if dataList && child.role == .cell {
                    visit(child, parent: e, form: formHere, rowIndex: shapes.insert(RowShape.of(child)).inserted ? 0 : 1)
                } else {
                    visit(child, parent: e, form: formHere, rowIndex: isList ? nil : rowIndex)
                }
            }
        }
        visit(snapshot.root, parent: nil, form: nil, rowIndex: nil)
        // A form of choices only (a wizard's step asking for a level, radios drawn by their labels) is one group
        // too when it requires a choice: its boxes are ticked and it is sent, as a form of fields is filled and sent
        // — its submit button alone is refused by the browser, and boxes tapped one at a time each leave the form
        // as it was but for the box.
        for form in allForms where !forms.contains(where: { $0.form?.locator == form.locator }) && !Self.requiredChecks(in: form).isEmpty {
            forms.append(("form " + (form.locator ?? ""), form, []))
        }
        for group in forms {
            let submit = group.form?.allElements.first { $0.role == .button && $0.target == "submit" && $0.actions.contains(.tap) }
                // Fields outside a form, or a form without a submit button of its own (a wizard's step whose "Next"
                // sits in a footer after the form): the button that follows the last field sends them.
                ?? group.fields.last.flatMap { buttonAfterField[$0.locator ?? ""] }
                // Fields ending in a text area, which takes Return as a new line, and followed by no button that sends
                // them: the button before the first field does (an editor's "Save" in the bar above it).
                ?? (group.fields.last?.role == .textView ? buttonBeforeGroup[group.key] : nil)
            let checks = group.form.map(Self.requiredChecks) ?? []
            if group.fields.isEmpty {
                guard let submit, allowed(submit) else { continue }
                add(CrawlEvent(kind: .fill, target: group.form, submit: submit, checks: checks))
                continue
            }
            let picks = group.form.map(Self.unchosenPickers) ?? []
            for (variant, values) in inputs.fills(for: group.fields).enumerated() {
                let fields = Self.typed(group.fields, values) + picks
                add(CrawlEvent(kind: .fill, target: group.form ?? group.fields.first, fields: fields, submit: submit, checks: checks, variant: variant))
            }
            // Fields outside a form whose button lies past a picker: also filled with a choice in each picker (its
            // first, as a person picks one) and sent by that button, besides being sent by Return.
            if group.form == nil, submit == nil, let last = group.fields.last, let past = buttonPastPickers[last.locator ?? ""], allowed(past.button) {
                let picks = past.pickers.compactMap(Self.firstChoice)
                if let values = inputs.fills(for: group.fields).first {
                    let fields = Self.typed(group.fields, values) + picks
                    var event = CrawlEvent(kind: .fill, target: group.fields.first, fields: fields, submit: past.button)
                    // Another event than the fill sent by Return, of the same fields.
                    event.key += " via " + CrawlEvent.identity(past.button)
                    add(event)
                }
            }
        }
        returning.forEach(add)
        return (events, skipped)
    }

    /// Two controls on one line: their frames' middles at one height, within half the taller's height.
    static func sideBySide(_ a: UIElement, _ b: UIElement) -> Bool {
        guard let f = a.frame, let g = b.frame, !f.isEmpty, !g.isEmpty else { return false }
        return abs((f.y + f.height / 2) - (g.y + g.height / 2)) <= max(f.height, g.height) / 2
    }

    /// A stepper's button: one without a word ("−", "+", an arrow) in one box with a number field, which it counts up
    /// or down, as a UIStepper does: part of that field, neither ending the fields before it nor sending them.
    static func stepsAField(_ e: UIElement, parent: UIElement?) -> Bool {
        guard e.role == .button, !(e.label ?? "").contains(where: \.isLetter), let parent else { return false }
        return parent.children.contains { $0.role.isTextInput && TextInputKind.classify($0) == .number }
    }

    /// The fields with the values to type in them: a value set's, or one each field accepts.
    static func typed(_ fields: [UIElement], _ values: [String?]) -> [CrawlEvent.FieldValue] {
        zip(fields, values).map { field, value in
            let kind = TextInputKind.classify(field)
            return CrawlEvent.FieldValue(field: field, kind: kind, text: value ?? AcceptedValue.value(for: field, kind: kind))
        }
    }

    /// What a form still requires ticked (the browser refuses the form until then): each required checkbox not on,
    /// and the boxes of a required choice none of whose boxes is on (the page marks them all; tapped in turn, the last
    /// of each choice stays on).
    static func requiredChecks(in form: UIElement) -> [UIElement] {
        form.allElements.filter { [.checkbox, .radio].contains($0.role) && $0.actions.contains(.tap) && $0.accepts?.required == true && !$0.isOn }
    }

    /// The pickers a form requires a choice in and that still show none (a required `<select>` on its "Select"
    /// placeholder: the browser refuses the form until one is chosen), each with its first choice, as a person
    /// filling the form picks one; a picker that shows a choice is left as it is.
    static func unchosenPickers(in form: UIElement) -> [CrawlEvent.FieldValue] {
        form.allElements.filter { settable($0) && $0.accepts?.required == true }.compactMap(firstChoice)
    }

    /// A picker the crawler can set: enabled and taking a value.
    static func settable(_ e: UIElement) -> Bool { e.role == .picker && e.actions.contains(.setValue) && e.enabled }

    /// A picker given its first choice, as a person filling fields picks one; nil when it offers no other.
    static func firstChoice(_ picker: UIElement) -> CrawlEvent.FieldValue? {
        choices(picker.options ?? [], current: picker.value).first.map { CrawlEvent.FieldValue(field: picker, kind: .freeText, text: $0) }
    }

    /// Choices of a picker tried per state.
    public static let maxChoices = 6

    /// The choices of a picker to try, in its order: each text once, not the one chosen, not an empty one, at most
    /// `maxChoices` (a category filter or a theme offers a few; a list of two hundred countries is one kind of choice,
    /// its first few enough to see what choosing does).
    public static func choices(_ options: [String], current: String?) -> [String] {
        var seen = Set<String>()
        return Array(options.filter { !$0.isEmpty && $0 != current && seen.insert($0).inserted }.prefix(maxChoices))
    }
}
