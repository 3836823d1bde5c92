/// Global navigation (a menu or tab bar on every screen): a tap that has led to one and the same state from `after`
/// different states is taken for it and not fired again elsewhere (`CrawlConfiguration.globalAfter`; 0: never).
/// Crawljax's demo site offers the same 14 menu links on each of its 15 pages: without this, 210 taps, most of them
/// to pages already known. Except from a state the app reached by writing data ("Add to cart"): the cart the menu
/// leads to may show it now.
struct GlobalNavigation: FrontierPass {
    let after: Int
    /// Per tapped abstract action: the one state it has led to and from which states, or nil once it led to two
    /// different states (then it is no global navigation).
    private var outcomes: [String: (target: Int, sources: Set<Int>)?] = [:]

    init(after: Int) { self.after = after }

    /// Notes where a tap led (other events and taps that stayed on their state say nothing about navigation).
    mutating func learn(_ edge: CrawlProgress.EdgeRecord) {
        guard edge.event.kind == .tap, edge.from != edge.to else { return }
        let action = edge.event.abstractAction
        switch outcomes[action] {
        case .none: outcomes[action] = (edge.to, [edge.from])
        case .some(.none): break
        case .some(.some(var known)):
            if known.target == edge.to { known.sources.insert(edge.from); outcomes[action] = known } else { outcomes[action] = .some(nil) }
        }
    }

    /// The state a global tap leads to, or nil when `event` is no global navigation (yet).
    func target(of event: CrawlEvent) -> Int? {
        guard after > 0, event.kind == .tap, let known = outcomes[event.abstractAction], let outcome = known,
              outcome.sources.count >= after else { return nil }
        return outcome.target
    }

    func reasonToSkip(_ event: CrawlEvent, in state: FrontierState) -> String? {
        guard !state.afterWrite else { return nil }
        return target(of: event).map { "global navigation: led to \(Crawler.name($0)) from \(after) states already" }
    }

    static let examples: [E] = [
        .init(description: "a menu link that led to one page from three others",
              recorded: [(0, 5, E.tap("About")), (1, 5, E.tap("About")), (2, 5, E.tap("About"))],
              state: E.at(3), event: E.tap("About"), skips: true),
        .init(description: "the same link, seen from two pages only",
              recorded: [(0, 5, E.tap("About")), (1, 5, E.tap("About"))],
              state: E.at(3), event: E.tap("About"), skips: false),
        .init(description: "a link that led to different states (a list's \"Next\")",
              recorded: [(0, 5, E.tap("Next")), (1, 6, E.tap("Next")), (2, 5, E.tap("Next"))],
              state: E.at(3), event: E.tap("Next"), skips: false),
        .init(description: "the menu link, from a state the app reached by writing data (a cart link after \"Add to cart\")",
              recorded: [(0, 5, E.tap("Cart")), (1, 5, E.tap("Cart")), (2, 5, E.tap("Cart"))],
              state: E.at(3, afterWrite: true), event: E.tap("Cart"), skips: false),
        .init(description: "fills are never navigation", recorded: [(0, 5, E.fill("q")), (1, 5, E.fill("q")), (2, 5, E.fill("q"))],
              state: E.at(3), event: E.fill("q"), skips: false),
    ]

    typealias E = FrontierPassExample
}
