/// The platform-neutral picture of one screen, shared by exploration, record/replay and analytics.
/// Drivers (browser DOM, iOS page source) translate their platform's tree into it.

/// What an element is for, whatever the platform calls it.
public enum UIRole: String, Codable, Sendable, CaseIterable {
    case application, window, button, link, textField, secureTextField, searchField, textView, staticText, image
    case cell, table, collection, list, tab, tabBar, navigationBar, toolbar, toggle, slider, stepper, picker
    case segmentedControl, pageIndicator, progressIndicator, activityIndicator, alert, sheet, menu, menuItem
    case scrollView, webView, map, keyboard, statusBar, checkbox, radio, form, dialog, heading, other

    /// Roles a user acts on by tapping.
    public var isTappable: Bool {
        switch self {
        case .button, .link, .cell, .tab, .toggle, .checkbox, .radio, .menuItem, .segmentedControl: return true
        default: return false
        }
    }

    /// Roles that take typed text.
    public var isTextInput: Bool { self == .textField || self == .secureTextField || self == .searchField || self == .textView }
}

public struct UIFrame: Codable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) { self.x = x; self.y = y; self.width = width; self.height = height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
}

/// What a person does to an app — one vocabulary from the actions a snapshot element accepts through the drivers,
/// the crawler's events and `model.json` to journey scripts and generated tests. The raw values are the words of
/// `carto.journey/1` scripts and of `model.json` edges' `action`.
public enum ActionCommand: String, Codable, CaseIterable, Sendable {
    case tap, doubleTap, longPress, type, submit, setValue, swipe, scroll, back

    /// Commands that act on an element; the others may act on the screen.
    public var needsTarget: Bool {
        switch self {
        case .tap, .doubleTap, .longPress, .type, .submit, .setValue: return true
        case .swipe, .scroll, .back: return false
        }
    }

    /// The argument it takes, by name: `type` [text], `setValue` [value], `swipe` [direction].
    public var argument: String? {
        switch self {
        case .type: return "text"
        case .setValue: return "value"
        case .swipe: return "direction"
        default: return nil
        }
    }

    /// Crawl checkpoints written before the vocabulary was one call setting a value `adjust`.
    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let command = ActionCommand(rawValue: text == "adjust" ? "setValue" : text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown action \(text)"))
        }
        self = command
    }
}

public struct UIElement: Codable, Hashable, Sendable {
    public var role: UIRole
    /// The platform's own type (`XCUIElementTypeButton`, `a`, `input[type=email]`).
    public var platformType: String
    /// Stable identifier when the platform has one (accessibility identifier, DOM id).
    public var identifier: String?
    public var label: String?
    public var value: String?
    public var frame: UIFrame?
    public var enabled: Bool
    public var visible: Bool
    public var selected: Bool
    /// Whether it shows what it controls (a menu toggle, a dropdown, a disclosure: ARIA's `aria-expanded`, an open
    /// `<details>`); nil when the platform says nothing.
    public var expanded: Bool?
    public var actions: [ActionCommand]
    /// Where acting on it leads or what handles it: a link's URL, a form's action, `click` for script handlers
    /// (the paper's target/action pair).
    public var target: String?
    /// How the driver finds it again (a CSS path on the web, an accessibility id or XPath on iOS).
    public var locator: String?
    public var children: [UIElement]
    /// On the screen but out of reach under a layer over the whole window that still lets it be seen (a dialog's
    /// dimmed backdrop, a drawer's shade); nil when not, or when the platform says nothing.
    public var covered: Bool?
    /// A button that sends a form the platform refuses to send as it is (a required field empty): tapping it does
    /// nothing until the form is filled. Nil when not, or when the platform says nothing.
    public var awaitsInput: Bool?
    /// For a field: what the page accepts in it (required, pattern, length, range, step) and the example it shows;
    /// for a checkbox or radio button, whether the form requires it ticked; nil when the page says nothing.
    public var accepts: InputConstraints?
    /// For a picker: the choices it offers, by the text a person reads (a select's options, disabled ones left out),
    /// in order; nil when the platform says nothing. Its `value` is the text of the one chosen.
    public var options: [String]?
    /// For a link to a place on the page it is on (`#features`, `#/route#email` on that route, naming an element the
    /// page holds): that place, an element's name; tapping it scrolls. Nil when it leads elsewhere, or when the
    /// platform says nothing.
    public var scrollsTo: String?

    public init(role: UIRole, platformType: String, identifier: String? = nil, label: String? = nil, value: String? = nil,
                frame: UIFrame? = nil, enabled: Bool = true, visible: Bool = true, selected: Bool = false, expanded: Bool? = nil,
                actions: [ActionCommand] = [], target: String? = nil, locator: String? = nil, children: [UIElement] = [],
                covered: Bool? = nil, awaitsInput: Bool? = nil, accepts: InputConstraints? = nil, options: [String]? = nil,
                scrollsTo: String? = nil) {
        self.role = role; self.platformType = platformType; self.identifier = identifier; self.label = label; self.value = value
        self.frame = frame; self.enabled = enabled; self.visible = visible; self.selected = selected; self.expanded = expanded
        self.actions = actions; self.target = target; self.locator = locator; self.children = children
        self.covered = covered; self.awaitsInput = awaitsInput; self.accepts = accepts; self.options = options
        self.scrollsTo = scrollsTo
    }

    /// This element and every descendant, depth first, in document order.
    public var allElements: [UIElement] {
        var out: [UIElement] = []
        func visit(_ e: UIElement) { out.append(e); e.children.forEach(visit) }
        visit(self)
        return out
    }

    /// A checkbox, radio button or switch that is on: checked (web), a switch's value 1 (iOS).
    public var isOn: Bool {
        guard [.checkbox, .radio, .toggle].contains(role), let value = value?.lowercased() else { return false }
        return ["true", "1", "on", "checked", "mixed"].contains(value)
    }

    /// For a navigation bar: its first visible, enabled button — UIKit's back button, whatever its label.
    public var navigationBackButton: UIElement? {
        role == .navigationBar ? children.first { $0.role == .button && $0.visible && $0.enabled } : nil
    }
}

/// Where a screen sits: its title and its container (URL path on the web, navigation-bar identity on iOS).
public struct ScreenContext: Codable, Hashable, Sendable {
    public var title: String?
    public var container: String?
    /// A digest of all the text the screen shows (web: the page's visible text), nil where the platform gives none.
    /// Not part of equality: a clock or a counter ticking is no other screen; it says whether two screens that
    /// differ only in their address show the same thing (`StateIndex`).
    public var textDigest: String?
    /// The address the screen was shown at, query included (web: `/product.html?id=4`), nil where the platform has
    /// none. Not part of equality, like `textDigest`: it says whether two screens were chosen by data in their address
    /// (`StateIndex`: pages of one kind).
    public var address: String?
    public init(title: String?, container: String?, textDigest: String? = nil, address: String? = nil) {
        self.title = title; self.container = container; self.textDigest = textDigest; self.address = address
    }
    public static func == (a: ScreenContext, b: ScreenContext) -> Bool { a.title == b.title && a.container == b.container }
    public func hash(into hasher: inout Hasher) { hasher.combine(title); hasher.combine(container) }
}

public struct UISnapshot: Codable, Hashable, Sendable {
    public var context: ScreenContext
    public var root: UIElement
    public init(context: ScreenContext, root: UIElement) { self.context = context; self.root = root }

    public var elements: [UIElement] { root.allElements }
}
