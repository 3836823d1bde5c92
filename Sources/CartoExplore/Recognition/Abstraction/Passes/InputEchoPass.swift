import CartoCore

/// A control that repeats what can be chosen or is typed in a field of the same screen (a filter's chip "Boston, MA
/// ✕" beside the location picker offering "Boston, MA", a search chip `"react" ✕` beside the search box holding "react")
/// is named by that input, not by its words: which value is chosen is data, and the chips of two choices are one
/// control. Its label keeps its other words with the input's part as `‹input›`: the chip is still a control on the
/// screen, and a screen with a chip offers what one without does not. A label that only partly holds an input
/// ("Search react jobs") says what the control does and stays.
public enum InputEchoPass: AbstractionPass {
    public static let placeholder = "‹input›"

    public static func run(_ work: inout AbstractionWork) {
        // What the fields can hold: any of a picker's options, whichever is chosen now (a chip stays one control
        // when the app resets its picker and keeps the chip), and a text field's text (not a password's).
        let inputs = Set(work.elements.indices.flatMap { i -> [String] in
            let e = work.elements[i]
            guard work.shown(i) else { return [] }
            if e.role == .picker { return (e.options ?? []) + [e.value].compactMap { $0 } }
            return e.role.isTextInput && e.role != .secureTextField ? [e.value].compactMap { $0 } : []
        }.map(Self.core).filter { $0.filter(\.isLetter).count >= 2 })
        guard !inputs.isEmpty else { return }
        for i in work.elements.indices where !work.consumed[i] {
            var e = work.elements[i]
            guard ControlIdentity.isControl(e), !e.role.isTextInput, e.role != .picker, work.shown(i), let label = e.label,
                  inputs.contains(Self.core(label)), let range = label.range(of: Self.core(label)) else { continue }
            e.label = label.replacingCharacters(in: range, with: Self.placeholder)
            let kind: StateProperty.Kind = ControlIdentity.leavesApp(e) ? .external : .control
            work.properties.append(StateProperty(kind, ControlIdentity.identity(e)))
            work.coarseProperties.append(StateProperty(kind, ControlIdentity.coarseIdentity(e)))
            work.consumed[i] = true
        }
    }

    /// A text without what decorates it at either end (quotes, a "✕", spaces).
    static func core(_ text: String) -> String {
        let trimmed = text.drop { !($0.isLetter || $0.isNumber) }.reversed().drop { !($0.isLetter || $0.isNumber) }.reversed()
        return String(trimmed)
    }
}
