import CartoCore

/// A control that repeats what can be chosen or is typed in a field of the same screen (a filter's chip "Boston, MA
/// ✕" beside the location picker offering "Boston, MA", a search chip `"react" ✕` beside the search box holding "react")
/// is named by that input, not by its words: which value is chosen is data, and the chips of two choices are one
/// control. Its label keeps its other words with the input's part as `‹input›`: the chip is still a control on the
/// screen, and a screen with a chip offers what one without does not. A label that only partly holds an input
/// ("Search react jobs") says what the control does and stays.
///
/// What a list's rows offer to tap is chosen there too: a posting's tags, each narrowing the list to the postings that
/// carry it, leave a chip "design ✕" above the list. The chip repeats a label of a control in a row on screen (the
/// remaining postings carry the tag that chose them): it is named by the input as well, and the chips of two tags are
/// one control (measured: a job board's list split into 24 states, one per combination of tag chips). The rows' own
/// labels (a card's whole text) are not choices: a category chip reading "Soups" over dishes of that kind stays.
public enum InputEchoPass: AbstractionPass {
    public static let placeholder = "‹input›"

    public static func run(_ work: inout AbstractionWork) {
        // What the fields can hold: any of a picker's options, whichever is chosen now (a chip stays one control
        // when the app resets its picker and keeps the chip), and a text field's text (not a password's).
        let inputs = Self.cores(work.elements.indices.flatMap { i -> [String] in
            let e = work.elements[i]
            guard work.shown(i) else { return [] }
            if e.role == .picker { return (e.options ?? []) + [e.value].compactMap { $0 } }
            return e.role.isTextInput && e.role != .secureTextField ? [e.value].compactMap { $0 } : []
        })
        // What the rows offer, echoed by a chip: a button or a link only. A checkbox or a tab of the same words is
        // a facet to choose by (its state is what the screen shows), not an echo of one chosen.
        let fromRows = Self.cores(rowChoices(work))
        guard !inputs.isEmpty || !fromRows.isEmpty else { return }
        for i in work.elements.indices where !work.consumed[i] {
            var e = work.elements[i]
            guard ControlIdentity.isControl(e), !e.role.isTextInput, e.role != .picker, work.shown(i), let label = e.label,
                  inputs.contains(Self.core(label)) || (fromRows.contains(Self.core(label)) && [.button, .link, .menuItem].contains(e.role)),
                  let range = label.range(of: Self.core(label)) else { continue }
            e.label = label.replacingCharacters(in: range, with: Self.placeholder)
            let kind: StateProperty.Kind = ControlIdentity.leavesApp(e) ? .external : .control
            work.properties.append(StateProperty(kind, ControlIdentity.identity(e)))
            work.coarseProperties.append(StateProperty(kind, ControlIdentity.coarseIdentity(e)))
            work.consumed[i] = true
        }
    }

    /// The labels of the controls inside the rows of the lists on screen (`ListCollapsePass` took them), the rows
    /// themselves left out: what a row offers to choose.
    static func rowChoices(_ work: AbstractionWork) -> [String] {
        guard !work.listLocators.isEmpty else { return [] }
        var choices: [String] = []
        for list in work.elements.indices where work.elements[list].locator.map(work.listLocators.contains) == true && work.shown(list) {
            for i in (list + 1)..<work.subtreeEnd[list] {
                let e = work.elements[i]
                guard e.role != .cell, ControlIdentity.isControl(e), !e.role.isTextInput, e.role != .picker, let label = e.label else { continue }
                choices.append(label)
            }
        }
        return choices
    }

    /// The cores of texts that can be echoed: two letters at least (a "1" or an "×" is no choice a chip repeats).
    static func cores(_ texts: [String]) -> Set<String> {
        Set(texts.map(core).filter { $0.filter(\.isLetter).count >= 2 })
    }

    /// A text without what decorates it at either end (quotes, a "✕", spaces).
    static func core(_ text: String) -> String {
        let trimmed = text.drop { !($0.isLetter || $0.isNumber) }.reversed().drop { !($0.isLetter || $0.isNumber) }.reversed()
        return String(trimmed)
    }
}
