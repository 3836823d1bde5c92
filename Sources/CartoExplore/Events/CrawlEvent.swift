import CartoCore
import CartoDrivers
import CartoModel

/// One thing the crawler does to a state. Targets are element copies without children (enough to find them again).
public struct CrawlEvent: Codable, Hashable, Sendable, CustomStringConvertible {
    public typealias Kind = EventKind

    public struct FieldValue: Codable, Hashable, Sendable {
        public var field: UIElement
        public var kind: TextInputKind
        public var text: String
    }

    public var kind: Kind
    public var target: UIElement?
    /// For `fill`: every field of the form, typed in order; the last one submits.
    public var fields: [FieldValue]
    /// For `fill`: the form's submit button; without one the last single-line field submits with Return.
    public var submit: UIElement?
    /// For `fill`: the boxes the form requires ticked ("I agree to the terms", a required choice), tapped after the
    /// typing and before the submit (nil when none: what earlier versions saved has none).
    public var checks: [UIElement]?
    /// Identifies the event within its state, so it is fired once.
    public var key: String
    /// Which value set of the crawl specification a fill uses (nil: the first or the only one).
    public var variant: Int?
    /// For `choose`: the choice, by its text (one of the target's `options`).
    public var choice: String?

    /// `variant` tells apart fills of one form with different values (the crawl specification's value sets).
    public init(kind: Kind, target: UIElement?, fields: [FieldValue] = [], submit: UIElement? = nil, checks: [UIElement] = [], variant: Int = 0) {
        self.kind = kind
        var leaf = target
        leaf?.children = []
        self.target = leaf
        self.fields = fields.map { var f = $0; f.field.children = []; return f }
        var button = submit
        button?.children = []
        self.submit = button
        self.checks = checks.isEmpty ? nil : checks.map { var c = $0; c.children = []; return c }
        self.key = kind.rawValue + ":" + (target.map(Self.identity) ?? "screen") + (variant > 0 ? "#\(variant)" : "")
        self.variant = variant > 0 ? variant : nil
    }

    /// Chooses `choice` in the picker `picker`.
    public static func choose(_ choice: String, in picker: UIElement) -> CrawlEvent {
        var event = CrawlEvent(kind: .choose, target: picker)
        event.choice = choice
        event.key += "=" + choice
        return event
    }

    public static let back = CrawlEvent(kind: .back, target: nil)

    /// The event as an abstract action: what it does to which control, without labels that are data. Two taps on
    /// the rows of one list, or two fills of one form with the same values, are one abstract action.
    public var abstractAction: String {
        let variant = self.variant.map { " #\($0)" } ?? ""
        switch kind {
        case .back: return "back"
        case .fill: return "fill " + named.map(ControlIdentity.shape).joined(separator: ",") + variant
        case .tap, .scroll: return kind.rawValue + " " + (target.map(ControlIdentity.identity) ?? "screen")
        case .choose: return "choose " + (target.map(ControlIdentity.identity) ?? "screen") + " = " + LabelNormaliser.mask(choice ?? "")
        }
    }

    /// The event in the terms of the abstract states: its kind and the identities of the controls it used, as the
    /// states' `control` properties name them (the fields of a fill, then its submit button).
    public var abstractEvent: AbstractEvent {
        switch kind {
        case .back: return AbstractEvent(kind: .back, controls: [])
        case .fill: return AbstractEvent(kind: .fill, controls: fields.map { ControlIdentity.identity($0.field) } + (submit.map { [ControlIdentity.identity($0)] } ?? []), variant: variant)
        case .tap, .scroll, .choose: return AbstractEvent(kind: kind, controls: target.map { [ControlIdentity.identity($0)] } ?? [])
        }
    }

    /// What a fill is named by: its fields, or for a form of choices only, the boxes it ticks.
    private var named: [UIElement] { fields.isEmpty ? (checks ?? []) : fields.map(\.field) }

    /// Identifier first (stable across content changes), then label, then locator.
    static func identity(_ e: UIElement) -> String {
        [e.role.rawValue, e.identifier ?? "", e.label ?? "", e.locator ?? ""].joined(separator: "|")
    }

    public var description: String {
        switch kind {
        case .tap: return "tap " + (target.map(ElementNaming.describe) ?? "screen")
        case .fill: return "fill " + named.map(ElementNaming.describe).joined(separator: ", ") + " and submit"
        case .scroll: return "scroll " + (target.map(ElementNaming.describe) ?? "screen")
        case .back: return "back"
        case .choose: return "choose \"" + (choice ?? "") + "\" in " + (target.map(ElementNaming.describe) ?? "screen")
        }
    }

    /// The event's actions in the shared vocabulary, as `model.json` records them: a password typed into a field is
    /// its `${SECRET_…}` variable, never the text.
    public var userActions: [UserAction] {
        actions.map { action in
            if case .type(let field, _) = action { return action.userAction(secret: TextInputKind.classify(field) == .password) }
            return action.userAction()
        }
    }

    /// The driver actions that make up this event when fired on `screen`, the screen as it is now: a box the fill
    /// ticks that is on already (ticked since the event was planned: a toggle fired in between) is left as it is —
    /// a second tap would untick it and the browser would refuse the form.
    public func actions(on screen: UISnapshot?) -> [DriverAction] {
        guard kind == .fill, let screen, let checks, !checks.isEmpty else { return actions }
        let on = Set(screen.elements.filter(\.isOn).compactMap(\.locator))
        return actions.filter { action in
            guard case .tap(let e) = action, let locator = e.locator, checks.contains(where: { $0.locator == locator }) else { return true }
            return !on.contains(locator)
        }
    }

    /// The driver actions that make up this event.
    public var actions: [DriverAction] {
        switch kind {
        case .tap: return target.map { [.tap($0)] } ?? []
        case .fill:
            // A date, a time or a colour is picked, not typed (`AcceptedValue.Format.isPicked`); one the app filled in
            // (`AcceptedValue.value` kept it) is left as the app fills it when the event is fired — the day tapped
            // then, not the day tapped when the state was first seen.
            // A picker the form requires a choice in (`EventPlanner.unchosenPickers`) is set to its choice.
            var out: [DriverAction] = fields.compactMap {
                if $0.field.role == .picker { return .setValue($0.field, value: $0.text) }
                guard AcceptedValue.Format($0.field).isPicked else { return .type($0.field, text: $0.text) }
                return $0.text == $0.field.value ? nil : .setValue($0.field, value: $0.text)
            }
            out += (checks ?? []).map { .tap($0) }
            if let submit { out.append(.tap(submit)) }
            else if let last = fields.last(where: { $0.field.role.isTextInput && $0.field.role != .textView }) { out.append(.submit(last.field)) }
            return out
        case .scroll: return [.scroll(target)]
        case .back: return [.back]
        case .choose: return target.map { [.setValue($0, value: choice ?? "")] } ?? []
        }
    }
}
