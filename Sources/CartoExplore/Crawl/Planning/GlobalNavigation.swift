/// Global navigation (a menu or tab bar on every screen): a tap that has led to one and the same state from
/// `after` different states is taken for it and not fired again elsewhere (`CrawlConfiguration.globalAfter`).
/// Crawljax's demo site offers the same 14 menu links on each of its 15 pages: without this, 210 taps, most of them
/// to pages already known.
struct GlobalNavigation {
    let after: Int
    /// Per tapped abstract action: the one state it has led to and from which states, or nil once it led to two
    /// different states (then it is no global navigation).
    private var outcomes: [String: (target: Int, sources: Set<Int>)?] = [:]

    init(after: Int) { self.after = after }

    /// Notes where a tap led (other events and taps that stayed on their state say nothing about navigation).
    mutating func note(_ edge: CrawlProgress.EdgeRecord) {
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
}
