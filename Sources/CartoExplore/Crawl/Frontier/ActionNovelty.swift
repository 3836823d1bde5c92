/// Which abstract actions are new to the crawl, and where: a state's events never tried anywhere go first, and of
/// those, an action that a shallower state offers too (a menu on every page) is fired there first — the model gets
/// the hub's transitions (Home → each page) a tester draws, and deep states spend the budget on what only they offer.
/// An ordering pass: it drops nothing, it says which open event goes first.
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
        offer(record.events, except: record.fired, at: record.depth, open: open)
    }

    mutating func offer(_ events: [CrawlEvent], except fired: Set<Int> = [], at depth: Int, open: Bool) {
        for (i, event) in events.enumerated() where !fired.contains(i) { count(event.abstractAction, depth, open ? 1 : -1) }
    }

    /// One event of a state at `depth` was fired or skipped: it is no longer on offer there.
    mutating func withdraw(_ action: String, at depth: Int) { count(action, depth, -1) }

    /// Of `open` events of a state at `depth`, the one to fire first: novel here, else never fired anywhere, else nil
    /// (the planner's order decides).
    func preferred(among open: [Int], of events: [CrawlEvent], at depth: Int) -> Int? {
        open.first { isNovel(events[$0].abstractAction, at: depth) } ?? open.first { !fired.contains(events[$0].abstractAction) }
    }

    private mutating func count(_ action: String, _ depth: Int, _ delta: Int) {
        let n = (openDepths[action]?[depth] ?? 0) + delta
        if n > 0 { openDepths[action, default: [:]][depth] = n } else {
            openDepths[action]?[depth] = nil
            if openDepths[action]?.isEmpty == true { openDepths[action] = nil }
        }
    }

    /// An example: what was fired and which states offer what, and the event chosen first among a state's open events.
    struct Example {
        var description: String
        /// Abstract actions fired anywhere.
        var fired: [CrawlEvent]
        /// Other states' open events, by depth.
        var offered: [(depth: Int, events: [CrawlEvent])]
        /// The state's open events, in the planner's order, and its depth.
        var open: [CrawlEvent]
        var depth: Int
        /// Which of `open` goes first (nil: none is preferred, the planner's order decides).
        var first: Int?
    }

    typealias E = FrontierPassExample
    static let examples: [Example] = [
        .init(description: "an action never tried goes before one tried elsewhere", fired: [E.tap("All")], offered: [],
              open: [E.tap("All"), E.tap("Active")], depth: 1, first: 1),
        .init(description: "a menu link a shallower state offers too is left for that state", fired: [],
              offered: [(0, [E.tap("About")])], open: [E.tap("About"), E.fill("search")], depth: 2, first: 1),
        .init(description: "the shallowest state offering it fires it", fired: [],
              offered: [(2, [E.tap("About")])], open: [E.tap("About"), E.fill("search")], depth: 0, first: 0),
        .init(description: "everything tried already: nothing is preferred", fired: [E.tap("All"), E.tap("Active")], offered: [],
              open: [E.tap("All"), E.tap("Active")], depth: 1, first: nil),
    ]

    /// The pass's choice for an example.
    static func choice(in example: Example) -> Int? {
        var novelty = ActionNovelty()
        for event in example.fired { novelty.fire(event.abstractAction) }
        for (depth, events) in example.offered { novelty.offer(events, at: depth, open: true) }
        return novelty.preferred(among: Array(example.open.indices), of: example.open, at: example.depth)
    }
}
