import CartoCore
import CartoModel

/// What a crawl learns about an app's controls from how they behave, and what the abstraction makes of it (after
/// APE's dynamic abstraction, Gu et al., ICSE 2019: start from what a screen shows, adjust to what the app does):
///
/// - **inert** — acting on a control (a tap, a form sent) left the screen exactly as it was on `enough` different
///   screens (container, route — the URL's, even where a selected tab names it — title or headings differ), and
///   never did anything else: it stops costing events (the frontier skips it) and stops telling states apart (its
///   property is left out), so screens that differ only by a region of such controls are one. Different screens, because a control's effect can depend on where it is: the
///   link to the page one is on, tapped on two states of that page, reloads it; elsewhere it navigates.
/// - **self-contained** — acting on a toggle only ever changed its own state (on/off, expanded; for a radio button,
///   the states of radio buttons: its group; for a button marked as chosen among others, the selection moving to it
///   and the page's elements as they were, their text aside), seen once — the change is observed directly: its
///   state stops telling states apart (a settings screen is one screen whichever way its switches stand). Whatever
///   it did elsewhere, before or after: a filter's box that narrowed a grid in one state (the grid's rows are data)
///   and emptied it in another ("No books match": that screen is told apart by what it shows, not by the box), in
///   whatever order the crawl met them. What a toggle shows stays identity; the state it stands in, once seen to
///   show nothing, is not. Seen so on `enough` different
///   screens (and never more), it also stops costing events. A button that only changed its own label ("Favorite" ↔
///   "Unfavorite", "Follow" ↔ "Following", "Play" ↔ "Pause") and nothing else on the screen is such a toggle too: its
///   labels are one control. A lone one (no other control alike on the screen) may name the screen's mode instead
///   ("DEG" / "RAD" on a calculator): it is one control once seen doing so on `enough` different screens — a
///   setting of the app's frame ("Dark" / "Light" in a header on every page), not a mode of one screen.
/// - **a row's choice** — a selection seen moving along a row of controls and changing nothing else makes which of
///   the row is chosen a value for every control of the row (`selectionGroup`), those not tapped yet included: the
///   one inference here, from the row the selection moved along, about its being chosen only (a chip's other state,
///   disabled or expanded, still tells states apart).
///
/// A refused tap (its control covered), an action that failed, and a tap on a selected or disabled control (the
/// current tab, a greyed-out button: doing nothing there is what they are for) or on a submit button whose form the
/// platform will not send yet (a required field empty: `UIElement.awaitsInput`) are no evidence. An action that wrote
/// data (web storage, a cookie, a request that is no read) did something, whatever the screen shows: "Add to cart"
/// tapped again, a switch that saves a setting; so did one the app answered in a native dialog ("Please enter a
/// title"): it is never inert and keeps costing events. Every decision carries
/// its evidence.
public struct ControlBehaviour: Sendable, Codable {
    /// States that must agree before a decision.
    public static let enough = 2
    /// Observations of a toggle changing only itself before it is self-contained.
    public static let selfContainedAfter = 1

    public struct Decision: Codable, Sendable, Equatable {
        /// `.inert` or `.selfContained`.
        public var kind: AbstractionDecision.Kind
        /// The action or control it is about (`tap button "Like"`, `fill textField#q`).
        public var action: String
        /// The states acting on it was seen in.
        public var states: [Int]
        public var reason: String
    }

    /// Per action: states where it left the screen as it was, changed only the acted-on control's own state, or
    /// changed something else.
    private var unchanged: [String: [String: Int]] = [:]   // action → screen → the first state it was seen in
    private var selfOnly: [String: Set<Int>] = [:]
    /// Per action: the screens where it changed only toggles' own states (optional: absent in what earlier versions
    /// saved for `--resume`).
    private var selfOnlyScreens: [String: [String: Int]]?
    /// Per action: the controls whose state it changed when it changed only toggles' own states.
    private var selfOnlyControls: [String: Set<String>] = [:]
    private var changed: [String: Set<Int>] = [:]
    /// Actions seen acting off screen — writing data or answering in a native dialog (optional: absent in what
    /// earlier versions saved for `--resume`, whose key it keeps).
    private var writers: Set<String>?
    /// Labels of one toggle: a control identity seen as another's relabelling, to the identity that stands for both
    /// (optional, as above).
    private var relabelled: [String: String]?
    /// Per action of a lone control seen only relabelling itself, the screens where it did (optional, as above).
    private var loneRelabels: [String: [String: Int]]?
    /// The controls (base identities) an action used, for the properties it stands for.
    private var controlsOf: [String: [String]] = [:]
    public private(set) var decisions: [Decision] = []
    /// Base identities of the controls of inert actions, and of self-contained controls.
    private(set) var inertControls = Set<String>()
    private(set) var selfContainedControls = Set<String>()
    /// Base identities of controls of a row a selection moved along, not seen toggling themselves: only whether one
    /// is chosen stops telling states apart (optional: absent in what earlier versions saved for `--resume`).
    private var rowChoices: Set<String>?
    /// Controls whose label names the row's choice ("Start Science Quiz" after "Science" was chosen), as the words
    /// around the choice: the choice in their label is a value (optional, as above).
    private var echoes: Set<Echo>?

    /// A control whose label names the chosen one of a row: the identity before its label (`button#start → click `)
    /// and the words of the label before and after the choice's.
    public struct Echo: Codable, Sendable, Hashable {
        public var control: String
        public var before: String
        public var after: String
        /// The identity with the choice in its label left out, or nil when `identity` is no such control's.
        func canonical(_ identity: String) -> String? {
            guard let (control, label) = ControlBehaviour.splitLabel(identity), control == self.control,
                  label.count > before.count + after.count, label.hasPrefix(before), label.hasSuffix(after) else { return nil }
            return control + "\"" + before + "…" + after + "\""
        }
    }
    /// Whether the abstraction set aside a control's state, or its being chosen.
    func setsAside(_ control: String) -> Bool { selfContainedControls.contains(control) || rowChoices?.contains(control) == true }
    /// Actions not fired again: inert ones, and toggles that changed only themselves on `enough` screens.
    private(set) var inertActions = Set<String>()

    public init() {}

    /// The identity of a control without its mark of being chosen (` (selected)`), its other state kept.
    static func unchosen(_ identity: String) -> String {
        identity.replacingOccurrences(of: " (selected)", with: "")
    }

    /// The identity of a control without its state (`(selected)`, `(disabled)`, `(on)`, `(expanded)`).
    public static func base(_ identity: String) -> String {
        var out = identity
        var trimmed = true
        while trimmed {
            trimmed = false
            for marker in [" (selected)", " (disabled)", " (on)", " (expanded)"] where out.hasSuffix(marker) {
                out.removeLast(marker.count)
                trimmed = true
            }
        }
        return out
    }

    /// The action key of an event and the controls it used (base identities), or nil for events that are no
    /// evidence (a back move, a scroll).
    public static func action(of event: CrawlEvent) -> (key: String, controls: [String])? {
        switch event.kind {
        case .tap:
            guard let target = event.target, !target.selected, target.enabled, target.awaitsInput != true else { return nil }
            let control = base(ControlIdentity.identity(target))
            return ("tap " + control, [control])
        case .fill:
            // By the identities of its fields and button, labels included: two forms of unnamed text fields (a to-do
            // field and a newsletter box) are different actions, though one shape.
            let controls = event.abstractEvent.controls.map(base)
            return ("fill " + controls.joined(separator: ", ") + (event.variant.map { " #\($0)" } ?? ""), controls)
        case .choose:
            // Per choice: "Custom" may show colour pickers where "Light" and "Dark" change nothing.
            guard let target = event.target, target.enabled else { return nil }
            let control = base(ControlIdentity.identity(target))
            return ("choose " + control + " = " + LabelNormaliser.mask(event.choice ?? ""), [control])
        case .scroll, .back: return nil
        }
    }

    /// Whether `event` left the screen as it was, but for what the finger did itself: positions when it tapped a link
    /// to a place on this page (it scrolled), the text in the fields it typed into (a form whose submit a script
    /// swallows), and the choice in the picker it chose in. A value the app changed, or anything else, is a change — a position too after any other event (a
    /// cookie banner that slides off the screen when accepted is still there, elsewhere).
    public static func leftAsItWas(_ before: UISnapshot, _ after: UISnapshot, by event: CrawlEvent) -> Bool {
        if before == after { return true }
        guard before.context == after.context else { return false }
        // The fields it typed into, and the picker it chose in: their values are the finger's doing.
        let typed = Set(event.fields.compactMap(\.field.locator) + (event.kind == .choose ? [event.target?.locator].compactMap { $0 } : []))
        let scrolled = event.kind == .tap && event.target.map { $0.role == .link && ($0.scrollsTo != nil || $0.target.map { target in
            target.contains("#") && ScreenContextPass.split(target).path == ScreenContextPass.split(before.context.container ?? "").path
        } == true) } == true
        func unmoved(_ element: UIElement) -> UIElement {
            var e = element
            if scrolled { e.frame = nil }
            if let locator = e.locator, typed.contains(locator) { e.value = nil }
            e.children = e.children.map(unmoved)
            return e
        }
        return unmoved(before.root) == unmoved(after.root)
    }

    /// Whether `after` differs from `before` only in the page's running text, which no control, heading or field
    /// holds (a clock or a counter ticking on its own, in a plain `<span>`): nothing an event did there shows. A
    /// control's label or state, a heading, a field's value, the title, an element more or less is more.
    public static func onlyRunningTextChanged(_ before: UISnapshot, _ after: UISnapshot) -> Bool {
        guard before.context == after.context else { return false }
        var a = before.root, b = after.root
        a.value = nil; b.value = nil
        return a == b
    }

    /// Records what `event`, fired in state `source` (identity `before`), did: left the screen exactly as it was
    /// (`unchanged`), or led to a state of identity `after`. Returns the decision it tipped, if any.
    /// `location` is where the app was (the URL path and hash route on the web): a route that the selected tab names
    /// is no part of the state's identity, but it is a different screen to try a control on.
    /// `relabel` is the acted-on control's identity before and after when the event changed its label and nothing
    /// else on the screen (`relabel(_:_:by:)`). `group` is the row a selection moved along (`selectionGroup`), asked
    /// only when the event moved one.
    public mutating func observe(_ event: CrawlEvent, in source: Int, before: AbstractState, after: AbstractState?, unchanged sameScreen: Bool,
                                 actedOffScreen: Bool = false, relabel: Relabel? = nil, location: String? = nil,
                                 sameShape: @autoclosure () -> Bool = false, group: @autoclosure () -> Set<String> = []) -> Decision? {
        guard let (key, controls) = Self.action(of: event) else { return nil }
        controlsOf[key] = controls
        var rowGrew = 0, echoGrew = 0
        let screen = Self.screen(before) + (location.map { "\nat " + $0 } ?? "")
        if let relabel, !relabel.alone {
            if let decision = learnRelabel(relabel, action: key, in: [source]) { return decision }
        } else if let relabel {
            var seen = loneRelabels ?? [:]
            if seen[key, default: [:]][screen] == nil { seen[key, default: [:]][screen] = source }
            loneRelabels = seen
            if let screens = seen[key], screens.count >= Self.enough,
               let decision = learnRelabel(relabel, action: key, in: screens.values.sorted(), onScreens: screens.count) { return decision }
        }
        if actedOffScreen { writers = (writers ?? []).union([key]) }
        let same = sameScreen && !actedOffScreen
        let writes = writers?.contains(key) == true
        if same {
            if unchanged[key, default: [:]][screen] == nil { unchanged[key, default: [:]][screen] = source }
        } else if let after, let (toggled, echoed) = Self.onlyOwnStateChanged(before, after, controls: controls, sameShape: sameShape()) {
            echoGrew = echoed.subtracting(echoes ?? []).count
            if echoGrew > 0 { echoes = (echoes ?? []).union(echoed) }
            selfOnly[key, default: []].insert(source)
            selfOnlyControls[key, default: []].formUnion(toggled)
            // A selection that moved and changed nothing else: which of its row is chosen is a value of the row (a
            // segmented control's), for the row's members not tapped yet too — a category chip that also empties
            // the list is told apart by the empty list, not by being the chosen one. Only their being chosen: what
            // else their state says (disabled, expanded) was never seen to change nothing. At once, whatever was
            // learnt of the tapped control before (tapped first with nothing chosen, it was a toggle of its own).
            if toggled.count > 1 {
                // The controls it toggled become self-contained with it below when it is learnt now; else they are
                // the row's too.
                let learntNow = event.kind == .tap && !selfContainedControls.contains(controls.first ?? "")
                let members = (learntNow ? group().subtracting(toggled) : group().union(toggled)).filter { !setsAside($0) }
                if !members.isEmpty { rowChoices = (rowChoices ?? []).union(members); rowGrew = members.count }
            }
            if selfOnlyScreens?[key]?[screen] == nil { selfOnlyScreens = selfOnlyScreens ?? [:]; selfOnlyScreens![key, default: [:]][screen] = source }
        } else {
            changed[key, default: []].insert(source)
        }
        if changed[key] == nil, !writes, !inertActions.contains(key), selfOnly[key] == nil, let screens = unchanged[key], screens.count >= Self.enough {
            inertActions.insert(key)
            inertControls.formUnion(controls)
            return record(.init(kind: .inert, action: key, states: screens.values.sorted(),
                                reason: "it left the screen exactly as it was on \(screens.count) different screens and never did anything else: it no longer tells states apart and is not fired again"))
        }
        func rowChoice() -> String {
            [rowGrew > 0 ? "which of the row is chosen is a value for \(rowGrew) more control\(rowGrew == 1 ? "" : "s") of the row" : nil,
             echoGrew > 0 ? "the choice named in the label of \(echoGrew) control\(echoGrew == 1 ? "" : "s") is a value" : nil]
                .compactMap { $0 }.joined(separator: "; ")
        }
        if event.kind == .tap, let control = controls.first, !selfContainedControls.contains(control), let seen = selfOnly[key],
           seen.count >= Self.selfContainedAfter {
            selfContainedControls.formUnion(selfOnlyControls[key] ?? [control])
            return record(.init(kind: .selfContained, action: key, states: seen.sorted(),
                                reason: "it changed only its own state\((selfOnlyControls[key]?.count ?? 1) > 1 ? " and its group's" : "") (seen in \(seen.count) state\(seen.count == 1 ? "" : "s")): its state no longer tells states apart" + (rowGrew + echoGrew > 0 ? "; " + rowChoice() : "")))
        }
        if rowGrew + echoGrew > 0 {
            return record(.init(kind: .selfContained, action: key, states: [source],
                                reason: "it moved the selection along its row and changed nothing else: " + rowChoice()))
        }
        // A toggle that changed only itself on `enough` different screens, and never more, has shown what it does:
        // like an inert control it stops costing events (a page's theme switch or "show more" would otherwise be
        // tapped on every state of the app it holds). One that did more somewhere is still tried everywhere.
        guard changed[key] == nil else { return nil }
        if event.kind == .tap, !writes, !inertActions.contains(key), let screens = selfOnlyScreens?[key], screens.count >= Self.enough {
            inertActions.insert(key)
            return record(.init(kind: .selfContained, action: key, states: screens.values.sorted(),
                                reason: "it changed only its own state on \(screens.count) different screens and never did anything else: it is not fired again"))
        }
        return nil
    }

    /// A control seen changing only its label: its labels are one control from now on, named by all of them
    /// (`button "Favorite" / "Unfavorite"`), whichever it shows.
    private mutating func learnRelabel(_ relabel: Relabel, action key: String, in states: [Int], onScreens screens: Int? = nil) -> Decision? {
        var aliases = relabelled ?? [:]
        guard aliases[relabel.from] == nil || aliases[relabel.from] != aliases[relabel.to] else { return nil }
        let group = Set([relabel.from, relabel.to]).union(aliases.filter { $0.value == aliases[relabel.from] || $0.value == aliases[relabel.to] }.keys)
        let prefix = Self.labelCut(relabel.from).map { String($0.control) } ?? relabel.from + " "
        let canonical = prefix + group.map(Self.quotedLabel).sorted().joined(separator: " / ")
        for member in group { aliases[member] = canonical }
        relabelled = aliases
        let where_ = screens.map { " on \($0) different screens (a setting of the app's frame, not a mode of one screen)" } ?? ""
        return record(.init(kind: .selfContained, action: key, states: states,
                            reason: "tapping it changed only its own label (\(Self.quotedLabel(relabel.from)) → \(Self.quotedLabel(relabel.to))), nothing else on the screen\(where_): its labels are one control"))
    }

    private static func quotedLabel(_ identity: String) -> String {
        labelCut(identity).map { String($0.quoted) } ?? identity
    }

    /// A tap that changed the acted-on control's label and nothing else (`relabel(_:_:by:)`): its identity (without
    /// its state) before and after, and whether it is `alone` — no other control alike on the screen, before or after.
    /// One of several alike is a status of one item among several ("Favorite" on each recipe, "Like" on each card); a
    /// lone one may name the screen's mode ("DEG" / "RAD") and is one control only once seen so on several screens.
    public struct Relabel: Sendable, Equatable {
        public var from: String
        public var to: String
        public var alone: Bool
    }

    /// The relabelling a tap made when it changed the acted-on control's label — or its selection with it — and
    /// nothing else on the screen: the page's text, positions and the control's own label left out, every other
    /// element as it was. A disclosure that says it opened ("Show" / "Hide" with its expanded state) is no
    /// relabelling. Nil otherwise.
    public static func relabel(_ before: UISnapshot, _ after: UISnapshot, by event: CrawlEvent) -> Relabel? {
        guard event.kind == .tap, before.context == after.context, let locator = event.target?.locator,
              let was = before.root.allElements.first(where: { $0.locator == locator }),
              let now = after.root.allElements.first(where: { $0.locator == locator }),
              was.label != now.label, was.label?.isEmpty == false, now.label?.isEmpty == false, was.expanded == now.expanded else { return nil }
        func alike(_ snapshot: UISnapshot, _ control: UIElement) -> Int {
            snapshot.root.allElements.filter { $0.role == control.role && $0.label == control.label && ControlIdentity.shape($0) == ControlIdentity.shape(control) }.count
        }
        let alone = alike(before, was) < 2 && alike(after, now) < 2
        // The page's text (its beginning, the root's value) is the same but for the label: a guide whose "next" link
        // names the next section and whose text is another section's is no relabelling.
        var a = before.root, b = after.root
        guard let old = was.label, let new = now.label, a.value == b.value || Self.oneReplaced(old, by: new, in: a.value ?? "", gives: b.value ?? "") else { return nil }
        a.value = nil; b.value = nil
        // Every other element as it was, but for where it is (a longer label moves what follows it) and for a label
        // made of the text it holds, the control's among it (a header named by its links and the toggle).
        func bare(_ element: UIElement, labelled label: String?) -> UIElement {
            var e = element
            e.frame = nil
            e.children = []
            if e.locator == locator { e.label = nil; e.selected = false; e.value = nil } else { e.label = label }
            return e
        }
        func sameButForTheLabel(_ x: UIElement, _ y: UIElement) -> Bool {
            guard x.children.count == y.children.count else { return false }
            let relabelled = x.label != y.label && Self.oneReplaced(old, by: new, in: x.label ?? "", gives: y.label ?? "")
            return bare(x, labelled: relabelled ? y.label : x.label) == bare(y, labelled: y.label) && zip(x.children, y.children).allSatisfy(sameButForTheLabel)
        }
        guard sameButForTheLabel(a, b) else { return nil }
        let from = base(ControlIdentity.identity(was)), to = base(ControlIdentity.identity(now))
        return from == to ? nil : Relabel(from: from, to: to, alone: alone)
    }

    /// Whether replacing one occurrence of `old` in `text` by `new` gives `result` (one button of several relabelled).
    /// A text a snapshot clipped (a page's text is kept to its first `clippedLength` UTF-16 units, element-helpers.js
    /// `clean`) is compared as far as both go: "Dark" becoming "Light" pushes one more character out of the end.
    static func oneReplaced(_ old: String, by new: String, in text: String, gives result: String) -> Bool {
        let clipped = max(text.utf16.count, result.utf16.count) >= clippedLength - 1
        var searched = text.startIndex..<text.endIndex
        while let found = text.range(of: old, range: searched) {
            let replaced = text.replacingCharacters(in: found, with: new)
            if replaced == result { return true }
            if clipped {
                let shorter = min(replaced.utf16.count, result.utf16.count)
                if shorter >= text.utf16.distance(from: text.startIndex, to: found.lowerBound) + new.utf16.count,
                   replaced.utf16.prefix(shorter).elementsEqual(result.utf16.prefix(shorter)) { return true }
            }
            searched = found.upperBound..<text.endIndex
        }
        return false
    }

    /// How long a text a snapshot reports may be, in UTF-16 units (the browser's `cut(s, 200)` in element-helpers.js).
    static let clippedLength = 200

    private mutating func record(_ decision: Decision) -> Decision {
        decisions.append(decision)
        return decision
    }

    /// Which screen a state is on: its container, route, title and headings.
    static func screen(_ state: AbstractState) -> String {
        state.properties.filter { [.container, .route, .title, .heading].contains($0.kind) }.map(\.description).joined(separator: "\n")
    }

    /// The controls whose state changed when `before` and `after` differ only in the state of the acted-on control
    /// (a radio button: of radio buttons, its group switching with it), or nil when anything else changed.
    ///
    /// A selection that moved is such a change too when the page's elements stayed as they were but for their text
    /// (`sameShape`): the tapped control changed its state and the others only lost or gained their selection — one of
    /// a row of buttons marked as chosen (a length of 30 s, 1 min or 3 min whose text is read out; the track playing),
    /// a radio group by behaviour, showing other data in the same places. A tab whose panel holds other elements (a
    /// list where a paragraph was, a form) changed more.
    /// `sameShape` is asked only when the properties differ as a moved selection does (a walk over both snapshots).
    ///
    /// A control whose label names the chosen one changed with it ("Start History Quiz" to "Start Science Quiz" as
    /// the selection moved from "📜 History" to "🔬 Science"): the words around the choice are returned as an `Echo`,
    /// the control left out of the toggled ones.
    static func onlyOwnStateChanged(_ before: AbstractState, _ after: AbstractState, controls: [String],
                                    sameShape: @autoclosure () -> Bool = false) -> (toggled: Set<String>, echoes: Set<Echo>)? {
        let a = Set(before.properties), b = Set(after.properties)
        let difference = a.symmetricDifference(b)
        guard !difference.isEmpty, difference.allSatisfy({ $0.kind == .control }) else { return nil }
        let changed = Set(a.subtracting(b).map { base($0.value) })
        let radio = controls.count == 1 && controls[0].hasPrefix("radio")
        if changed == Set(b.subtracting(a).map { base($0.value) }),
           difference.allSatisfy({ controls.contains(base($0.value)) || (radio && base($0.value).hasPrefix("radio")) }) { return (changed, []) }
        // Bases of the whole difference: two buttons whose labels mask alike ("1 min", "3 min") are one property
        // until one of them is marked.
        let touched = Set(difference.map { base($0.value) })
        guard !touched.isDisjoint(with: controls) else { return nil }
        let unselected = { (states: Set<StateProperty>, control: String) -> Set<String> in
            Set(states.filter { base($0.value) == control }.map { unchosen($0.value) })
        }
        let others = touched.subtracting(controls).filter { unselected(a, $0) != unselected(b, $0) }
        let echoed = others.isEmpty ? [] : echoes(of: a.subtracting(b), b.subtracting(a), others: others)
        guard others.isEmpty || echoed != nil else { return nil }
        let echoedControls = Set((echoed ?? []).flatMap { echo in others.filter { echo.canonical($0) != nil } })
        return sameShape() ? (touched.subtracting(echoedControls), echoed ?? []) : nil
    }

    /// The controls among `others` (bases that changed otherwise than in their selection) that name the choice: each
    /// one gone with a label holding the words of the control chosen before and one come with the words of the one
    /// chosen now in their place, the words around them the same. Nil unless every one of `others` is such.
    private static func echoes(of gone: Set<StateProperty>, _ come: Set<StateProperty>, others: Set<String>) -> Set<Echo>? {
        // The chosen before and now: marked on one side only, alike but for the mark on the other.
        let wasChosen = gone.filter { $0.value.contains(" (selected)") }.compactMap { splitLabel(base($0.value))?.label }
        let isChosen = come.filter { $0.value.contains(" (selected)") }.compactMap { splitLabel(base($0.value))?.label }
        guard wasChosen.count == 1, isChosen.count == 1 else { return nil }
        let goneOthers = gone.map { base($0.value) }.filter(others.contains)
        let comeOthers = come.map { base($0.value) }.filter(others.contains)
        guard goneOthers.count == comeOthers.count else { return nil }
        var found = Set<Echo>()
        for old in goneOthers {
            guard let (control, was) = splitLabel(old),
                  let echo = comeOthers.lazy.compactMap({ new -> Echo? in
                      guard let (other, now) = splitLabel(new), other == control else { return nil }
                      return Self.echo(control: control, was, now, chosen: (wasChosen[0], isChosen[0]))
                  }).first else { return nil }
            found.insert(echo)
        }
        return found
    }

    /// The words around the part of two labels that differs, when that part names the control chosen before in
    /// `was` and the one chosen now in `now` (whole words, read without case).
    static func echo(control: String, _ was: String, _ now: String, chosen: (was: String, now: String)) -> Echo? {
        let x = Array(was), y = Array(now)
        var start = 0
        while start < min(x.count, y.count), x[start] == y[start] { start += 1 }
        while start > 0, x[start - 1] != " " { start -= 1 }
        var end = 0
        while end < min(x.count, y.count) - start, x[x.count - 1 - end] == y[y.count - 1 - end] { end += 1 }
        while end > 0, x[x.count - end] != " " { end -= 1 }
        let oldWords = String(x[start..<(x.count - end)]).trimmingCharacters(in: .whitespaces)
        let newWords = String(y[start..<(y.count - end)]).trimmingCharacters(in: .whitespaces)
        guard oldWords.contains(where: \.isLetter), newWords.contains(where: \.isLetter),
              chosen.was.lowercased().contains(oldWords.lowercased()), chosen.now.lowercased().contains(newWords.lowercased()) else { return nil }
        return Echo(control: control, before: String(x[..<start]), after: String(x[(x.count - end)...]))
    }

    /// A control identity's part before its label and its label (`button#start → click `, `Start Science Quiz`),
    /// or nil when it has none.
    static func splitLabel(_ identity: String) -> (control: String, label: String)? {
        guard let (control, quoted) = labelCut(identity), let close = quoted.lastIndex(of: "\""), close > quoted.startIndex else { return nil }
        return (String(control), String(quoted[quoted.index(after: quoted.startIndex)..<close]))
    }

    /// A control identity cut where its label opens: the part before (`button#start → click `) and the rest from the
    /// opening quote on (`"Start" shows "PAUSE"`), or nil when it has no label. The one place that knows where a label
    /// begins.
    static func labelCut(_ identity: String) -> (control: Substring, quoted: Substring)? {
        guard let open = identity.firstIndex(of: "\"") else { return nil }
        return (identity[..<open], identity[open...])
    }

    /// The row a tap moved a selection in — the controls like the tapped one around every control whose selection
    /// changed (the one tapped, the one chosen before) — as identities without their state. Empty when nothing but
    /// the tapped control changed its selection.
    public static func selectionGroup(_ before: UISnapshot, _ after: UISnapshot, by event: CrawlEvent) -> Set<String> {
        guard event.kind == .tap, let locator = event.target?.locator else { return [] }
        var selectedAfter: [String: Bool] = [:]
        for e in after.root.allElements { if let l = e.locator { selectedAfter[l] = e.selected } }
        // Index paths from the root to the tapped control and to each control whose selection changed.
        var paths: [[Int]] = []
        var tapped: UIElement?
        func walk(_ e: UIElement, _ path: [Int]) {
            if let l = e.locator {
                if l == locator { tapped = e; paths.append(path) } else if let now = selectedAfter[l], now != e.selected { paths.append(path) }
            }
            for (i, child) in e.children.enumerated() { walk(child, path + [i]) }
        }
        walk(before.root, [])
        guard let tapped, paths.count > 1 else { return [] }
        var common = paths[0]
        for path in paths.dropFirst() { common = Array(zip(common, path).prefix { $0.0 == $0.1 }.map(\.0)) }
        let holder = common.reduce(before.root) { $0.children[$1] }
        func identities(_ elements: [UIElement]) -> Set<String> { Set(elements.map { base(ControlIdentity.identity($0)) }) }
        // Like the tapped one: its role and type, named by an identifier or not alike, shown.
        func alike(_ e: UIElement) -> Bool {
            e.role == tapped.role && e.platformType == tapped.platformType && e.visible
                && (e.identifier?.isEmpty ?? true) == (tapped.identifier?.isEmpty ?? true)
        }
        // Side by side in the element that holds them (a platform that leaves layout boxes out of its tree puts a
        // page's controls side by side in one): the run of controls like the tapped one — its role and type, named
        // by an identifier or not alike — around those whose selection changed, with nothing else between them, on
        // the screen either: the next on the same line or the line right below (a row of chips wrapping), not past
        // a gap taller than they are (a paragraph between a page's tabs and a row of lengths below it).
        if paths.allSatisfy({ $0.count == common.count + 1 }) {
            func adjacent(_ a: UIElement, _ b: UIElement) -> Bool {
                // A platform that reports no frames says nothing against it; one that takes no room (hidden) is none.
                guard let f = a.frame, let g = b.frame else { return true }
                guard !f.isEmpty, !g.isEmpty else { return false }
                let (upper, lower) = f.y <= g.y ? (f, g) : (g, f)
                return lower.y - (upper.y + upper.height) < min(f.height, g.height)
            }
            let kids = holder.children, indices = paths.map { $0[common.count] }
            var low = indices.min()!, high = indices.max()!
            guard kids[low...high].allSatisfy(alike), zip(kids[low..<high], kids[(low + 1)...high]).allSatisfy(adjacent) else { return [] }
            while low > 0, alike(kids[low - 1]), adjacent(kids[low - 1], kids[low]) { low -= 1 }
            while high < kids.count - 1, alike(kids[high + 1]), adjacent(kids[high], kids[high + 1]) { high += 1 }
            return identities(Array(kids[low...high]))
        }
        // Deeper (each in a box of its own, a chip in its list item): the controls like the tapped one in the boxes
        // of the element holding them all, one in each — not the page itself, nor boxes holding several (the rows of
        // a table, each with its "Edit" and "Delete").
        guard !common.isEmpty else { return [] }
        var members: [UIElement] = []
        for box in holder.children {
            let inBox = box.allElements.filter { alike($0) && ControlIdentity.isControl($0) }
            if inBox.count > 1 { return [] }
            members += inBox
        }
        return identities(members)
    }

    /// Whether two snapshots of one place hold the same elements in the same order, each of the same kind and state
    /// (role, type, identifier, target, enabled, shown, expanded), whatever their text, values, positions and
    /// selection: the same screen showing other data in the same places. The rows of a list both show (`lists`, by
    /// locator: containers the abstraction reads as lists of rows of one shape) are data too, however many: a
    /// category chip that narrows a menu's dishes from fifteen to four moved the selection and showed other rows.
    public static func sameShape(_ before: UISnapshot, _ after: UISnapshot, lists: Set<String> = []) -> Bool {
        guard before.context.container == after.context.container, before.context.title == after.context.title else { return false }
        func alike(_ a: UIElement, _ b: UIElement) -> Bool {
            guard a.role == b.role && a.platformType == b.platformType && a.identifier == b.identifier && a.target == b.target
                && a.enabled == b.enabled && a.visible == b.visible && a.expanded == b.expanded else { return false }
            if let locator = a.locator, locator == b.locator, lists.contains(locator) { return true }
            return a.children.count == b.children.count && zip(a.children, b.children).allSatisfy(alike)
        }
        return alike(before.root, after.root)
    }

    /// The properties as the learnt abstraction compares them: inert controls left out, self-contained controls
    /// without their state.
    public func normalize(_ properties: [StateProperty]) -> [StateProperty] {
        let aliases = relabelled ?? [:]
        let choices = rowChoices ?? []
        let echoed = echoes ?? []
        guard !inertControls.isEmpty || !selfContainedControls.isEmpty || !aliases.isEmpty || !choices.isEmpty || !echoed.isEmpty else { return properties }
        return properties.compactMap { p in
            guard p.kind == .control || p.kind == .external else { return p }
            let control = Self.base(p.value)
            if let canonical = echoed.lazy.compactMap({ $0.canonical(control) }).first {
                return StateProperty(p.kind, canonical + p.value.dropFirst(control.count))
            }
            if let canonical = aliases[control] { return StateProperty(p.kind, canonical) }
            if inertControls.contains(control) { return nil }
            if selfContainedControls.contains(control) { return StateProperty(p.kind, control) }
            if choices.contains(control) { return StateProperty(p.kind, Self.unchosen(p.value)) }
            return p
        }
    }

    /// The properties with only the labels of relabelling toggles made one (`normalize` without the rest).
    public func normalizeRelabels(_ properties: [StateProperty]) -> [StateProperty] {
        guard let aliases = relabelled, !aliases.isEmpty else { return properties }
        return properties.map { p in
            guard p.kind == .control, let canonical = aliases[Self.base(p.value)] else { return p }
            return StateProperty(p.kind, canonical)
        }
    }

    /// Whether any decision was taken.
    public var isEmpty: Bool { decisions.isEmpty }
}
