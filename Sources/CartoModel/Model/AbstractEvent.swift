/// What kind of thing a crawl event does.
public enum EventKind: String, Codable, Sendable, CaseIterable {
    case tap, fill, scroll
    /// The browser's or the navigation bar's back (a move of the crawler's own).
    case back
    /// One of a picker's choices chosen (a select's option: a category, a sort order, a theme).
    case choose
}

/// An event as `model.json` edges record it for comparison: its kind and the controls it used, by the identities of
/// the states' `control` properties, so that two models compare edges under a renaming of controls.
public struct AbstractEvent: Codable, Hashable, Sendable {
    public var kind: EventKind
    public var controls: [String]
    /// Which value set of the crawl specification a fill used (nil: the first or the only one).
    public var variant: Int?
    public init(kind: EventKind, controls: [String], variant: Int? = nil) { self.kind = kind; self.controls = controls; self.variant = variant }
}
