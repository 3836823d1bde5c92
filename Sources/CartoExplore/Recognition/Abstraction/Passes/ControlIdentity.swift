import CartoCore

/// How a control is named in abstract states: by what it is and what it does, not by what it shows. Shared by the
/// passes and the planner's list detection.
public enum ControlIdentity {
    /// Roles that count as controls of a screen.
    public static func isControl(_ e: UIElement) -> Bool {
        e.role.isTappable && e.role != .cell || e.role.isTextInput || e.role == .picker || e.role == .slider
            || e.role == .stepper || (e.role == .cell && e.actions.contains(.tap))
    }

    /// A link out of the app: the browser driver writes same-origin targets without their origin, so a target with
    /// a scheme leads elsewhere — unless the link says whether it is expanded (a dropdown's toggle: it opens in place).
    public static func leavesApp(_ e: UIElement) -> Bool {
        guard e.role == .link, e.expanded == nil, let target = e.target?.lowercased() else { return false }
        return target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("mailto:") || target.hasPrefix("tel:")
    }

    /// The identity links to fields of the page share (`pointsAtAField`).
    public static let fieldPointer = "link → a field of the page"

    /// The identifiers of the fields among `elements`: what a person types into, ticks or picks.
    public static func fieldIdentifiers(_ elements: [UIElement]) -> Set<String> {
        Set(elements.filter { $0.role.isTextInput || [.checkbox, .radio, .toggle, .picker, .slider, .stepper].contains($0.role) }
            .compactMap(\.identifier).filter { !$0.isEmpty })
    }

    /// A link whose target is a fragment of the page it is on naming one of its fields (`#email`, `/#email` on `/`,
    /// `#/signup#email` on that route): it brings that field into view and names it — an error summary's link, a
    /// "Skip to search".
    public static func pointsAtAField(_ e: UIElement, fields: Set<String>, page: ScreenContext) -> Bool {
        guard e.role == .link, let place = placeOnThePage(e, page: page) else { return false }
        return fields.contains(place)
    }

    /// The place on the page it is on that a link names: as the platform reports it (`UIElement.scrollsTo`: the web
    /// driver knows the route and the elements the page holds), else read from a target that is a fragment of this
    /// page's address (`#email`, `/#email` on `/`).
    public static func placeOnThePage(_ e: UIElement, page: ScreenContext) -> String? {
        if let place = e.scrollsTo { return place }
        guard let target = e.target, let hash = target.firstIndex(of: "#") else { return nil }
        let fragment = String(target[target.index(after: hash)...]), path = String(target[..<hash])
        guard !fragment.isEmpty, !fragment.hasPrefix("/"), !fragment.hasPrefix("!") else { return nil }
        let here = page.address.map { String($0.prefix { $0 != "?" && $0 != "#" }) }
        return path.isEmpty || path == page.container || path == here ? fragment : nil
    }

    /// Role, identifier and what it leads to, without its label: the shape a control has in every row of a list.
    public static func shape(_ e: UIElement) -> String {
        var out = e.role.rawValue
        if let id = e.identifier, !id.isEmpty { out += "#" + LabelNormaliser.mask(id) }
        if let target = e.target, !target.isEmpty { out += " → " + LabelNormaliser.targetShape(target) }
        return out
    }

    /// A password field showing its text: a text field named a password (its identifier or label), as the eye
    /// beside a password field makes it (`type="password"` switched to `text`). It is the same field to a person,
    /// and a sign-in dialog with the password shown is the same screen as with it hidden.
    static func showsAPassword(_ e: UIElement) -> Bool {
        guard e.role == .textField else { return false }
        // A field about a password that holds none is no password field: its hint, the address a reset link goes to.
        let words = TextInputKind.words(e)
        return words.contains { $0.hasPrefix("password") || $0.hasPrefix("passcode") }
            && !words.contains { ["hint", "forgot", "reset", "email", "mail", "question"].contains($0) }
    }

    /// Shape plus label (numbers masked) and the control's state — selected, disabled, on, expanded, a picker with
    /// no choice: what tells two
    /// controls of one screen apart, and one screen from another (a disabled "Clear completed" and an enabled one
    /// offer different things; so do a menu toggle closed and open).
    public static func identity(_ e: UIElement) -> String { identity(e, label: true) }

    /// Identity without the label, for links and buttons (the coarse abstraction: labels are data there).
    public static func coarseIdentity(_ e: UIElement) -> String { identity(e, label: false) }

    private static func identity(_ e: UIElement, label withLabel: Bool) -> String {
        // Not in `shape`, which leaves labels out: a list's rows keep one shape whatever their labels say.
        var out = showsAPassword(e) ? UIRole.secureTextField.rawValue + shape(e).dropFirst(e.role.rawValue.count) : shape(e)
        // A control the page identifies is that control whatever icon it shows (☰, ✖, 🚫, ×: a label without a
        // letter or digit is how the control is drawn, no other screen). A worded label says what the control does
        // ("Play", "Pause") and stays.
        let identified = !(e.identifier ?? "").isEmpty
        func drawn(_ label: String) -> Bool { identified && !label.contains { $0.isLetter || $0.isNumber } }
        // A field the page identifies is that field whatever hint its placeholder shows: an app rewrites the hint
        // ("Search keywords..." → "Input keywords" after an empty search) and the field offers the same.
        func hint(_ label: String) -> Bool { identified && e.role.isTextInput && e.accepts?.placeholder == label }
        if withLabel, let raw = e.label, !drawn(raw), !hint(raw) {
            let label = LabelNormaliser.mask(raw)
            if !label.isEmpty { out += " \"" + String(label.prefix(60)) + "\"" }
        }
        // What a button shows besides the name it has for screen readers (START, then PAUSE, on a button named "Start
        // or pause timer"): what a person reads on it, and what it will do. (Not a link's: an iOS link's value is
        // its address.)
        if withLabel, [.button, .tab, .menuItem].contains(e.role), let shown = e.value, shown.contains(where: \.isLetter) {
            out += " shows \"" + String(LabelNormaliser.mask(shown).prefix(60)) + "\""
        }
        // A control with nothing else to tell it by is told by its type — before its state, so that a switch without
        // a label is the same control on and off.
        if out == e.role.rawValue { out += " " + e.platformType }
        if e.selected && [.tab, .segmentedControl, .menuItem, .link, .button].contains(e.role) { out += " (selected)" }
        if !e.enabled { out += " (disabled)" }
        if e.isOn { out += " (on)" }
        if e.expanded == true { out += " (expanded)" }
        // A picker offering no choice but the one it shows (a category filter of a shop with nothing in it yet: "All"
        // alone) has nothing to pick, as a disabled control has nothing to do; which choices and how many are data.
        if e.role == .picker, let options = e.options, options.count <= 1 { out += " (no choice)" }
        return out
    }
}

/// Whether the rows of a list are data of one kind (todo items, products, messages: one shape, any number) or a menu
/// (rows that lead to different places). Data lists are one list whatever their length; a menu's rows are controls
/// of their own, and the planner opens each of them.
public enum RowShape {
    /// The shapes of the controls in one row (the row itself included), visible or not: controls revealed by
    /// hovering or tapping a row are part of the row, not a state of their own.
    public static func of(_ row: UIElement) -> Set<String> { of(elements: row.allElements) }

    /// The same for a row given as its elements in document order (the abstraction's flattened work).
    static func of(elements: some Sequence<UIElement>) -> Set<String> {
        var shapes = Set<String>()
        for e in elements {
            if e.role == .cell { if let own = cellShape(e) { shapes.insert(own) } }
            else if ControlIdentity.isControl(e) { shapes.insert(ControlIdentity.shape(e)) }
        }
        return shapes
    }

    /// A row itself is known by what it leads to, not by its identifier: UIKit and React Native name data cells
    /// after their content (`recipe-pancakes`), so table cells are one kind however they are named.
    public static func cellShape(_ e: UIElement) -> String? {
        guard ControlIdentity.isControl(e) || e.target != nil else { return nil }
        return "cell" + (e.target.map { " → " + LabelNormaliser.targetShape($0) } ?? "")
    }

    /// Uniform: one shape covers at least two thirds of the rows (some rows may offer an extra control).
    public static func isUniform(_ rows: [Set<String>]) -> Bool {
        guard rows.count > 1 else { return true }
        var counts: [Set<String>: Int] = [:]
        for r in rows { counts[r, default: 0] += 1 }
        return Double(counts.values.max() ?? 0) * 3 >= Double(rows.count) * 2
    }

    public static func isListContainer(_ e: UIElement) -> Bool { e.role == .list || e.role == .table || e.role == .collection }

    /// The rows of `list` on screen: what a choice among rows, a menu or a list of data is judged by.
    public static func shownRows(of list: UIElement) -> [UIElement] { list.children.filter { $0.role == .cell && $0.visible } }

    /// A menu: every row shows one link or button and nothing else (the row reads as the control's label), as in a
    /// side menu of script links (`href="javascript:…"`) that all share one shape. Its rows are opened one by one and
    /// stay controls of their own; a data list's rows hold more (a checkbox, text, several controls). What a row
    /// holds hidden (a dropdown's items until its toggle is tapped: a navbar whose notifications toggle has no ARIA)
    /// is not what it offers.
    public static func isMenu(_ rows: [UIElement]) -> Bool {
        guard !rows.isEmpty else { return false }
        // Links to pages of one kind (`/product/#`) are data however they are laid out.
        // The pages they lead to, without fragments (`/#` is no page of a kind: its `#` is no masked number).
        let shapes = Set(rows.flatMap { $0.allElements }.filter { $0.role == .link }.compactMap(\.target)
            .filter { !$0.hasPrefix("#") && !$0.hasPrefix("javascript:") }.map { LabelNormaliser.targetShape(String($0.prefix { $0 != "#" })) })
        if shapes.count == 1, let shape = shapes.first, shape.split(separator: "/").contains("#") || shape.contains("=*") { return false }
        return rows.allSatisfy { row in
            let controls = row.allElements.dropFirst().filter { ControlIdentity.isControl($0) && $0.visible }
            guard controls.count == 1, let only = controls.first, [.link, .button, .menuItem].contains(only.role) else { return false }
            return row.label == nil || row.label == only.label
        }
    }

    /// Rows that are each a control of their own — the page listens on the row, which holds no link, button or field
    /// — one of them marked as the chosen one (a sidebar of views drawn as `<li>`s, "My Day" selected; plan cards):
    /// a choice among places or options, as tabs are, not rows of data. Each is tapped (`EventPlanner`): the first
    /// row is often the chosen one, whose tap does nothing. The rows stay one list on screen (`ListCollapsePass`):
    /// which row is chosen is what the screen shows.
    public static func isChoiceAmongRows(_ rows: [UIElement]) -> Bool {
        guard rows.count >= 2, rows.filter(\.selected).count == 1 else { return false }
        return rows.allSatisfy { row in
            row.role == .cell && row.actions.contains(.tap)
                && !row.allElements.dropFirst().contains { ControlIdentity.isControl($0) && $0.visible }
        }
    }

    /// Rows with a disclosure in them — a control that says whether it is expanded (a navbar's dropdown toggle, a
    /// submenu) — are navigation, not data: what each opens is a screen of its own, so the rows stay controls.
    public static func holdsDisclosure(_ rows: [UIElement]) -> Bool {
        rows.contains { row in row.allElements.contains { $0.expanded != nil && ControlIdentity.isControl($0) } }
    }

    /// A web table of one row is page layout (a menu beside the content), not a list of data.
    public static func isLayoutTable(_ e: UIElement, rows: Int) -> Bool { e.role == .table && e.platformType == "table" && rows < 2 }
}
