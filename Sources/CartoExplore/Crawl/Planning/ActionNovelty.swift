/// Which abstract actions are new to the crawl, and where: a state's events never tried anywhere go first, and of
/// those, an action that a shallower state offers too (a menu on every page) is fired there first — the model gets
/// the hub's transitions (Home → each page) a tester draws, and deep states spend the budget on what only they offer.
struct ActionNovelty {
    /// Abstract actions fired anywhere so far.
    private(set) var fired = Set<String>()
    /// Per abstract action with unfired events: the depths of the states that offer it, with counts.
    private var openDepths: [String: [Int: Int]] = [:]

    /// The crawl fired `action`.
    mutating func fire(_ action: String) { fired.insert(action) }

    /// Never fired anywhere, and no shallower state offers it.
    func isNovel(_ action: String, at depth: Int) -> Bool {
        guard !fired.contains(action) else { return false }
        guard let depths = openDepths[action], let shallowest = depths.keys.min() else { return true }
        return shallowest >= depth
    }

    /// A state's unfired events are on offer at its depth (`open: false` takes them back: the state is unreachable).
    mutating func offer(_ record: CrawlProgress.StateRecord, open: Bool) {
        for (i, event) in record.events.enumerated() where !record.fired.contains(i) { count(event.abstractAction, record.depth, open ? 1 : -1) }
    }

    /// One event of a state at `depth` was fired or skipped: it is no longer on offer there.
    mutating func withdraw(_ action: String, at depth: Int) { count(action, depth, -1) }

    private mutating func count(_ action: String, _ depth: Int, _ delta: Int) {
        let n = (openDepths[action]?[depth] ?? 0) + delta
        if n > 0 { openDepths[action, default: [:]][depth] = n } else {
            openDepths[action]?[depth] = nil
            if openDepths[action]?.isEmpty == true { openDepths[action] = nil }
        }
    }
}
