import CartoCore
import CartoModel

/// The visited states under the screen abstraction, found by hash in O(1) whatever their number, with APE's
/// adaptive refinement (Gu et al., ICSE 2019) per screen:
/// - **coarsen** — when one screen keeps yielding new states that differ only in the labels of its links and buttons
///   (data: article titles, names), states of that screen are compared without those labels from then on; when
///   only the text of some of its headings varied (a round's result, a random quote), only those headings are left
///   out, and its links' and buttons' labels still count;
/// - **refine** — when one event from one state led to different states (seen when a replayed path diverges), that
///   state's screen is compared with its headings and row counts from then on.
/// - **inert and self-contained controls** (`ControlBehaviour`) — controls that proved to change nothing stop telling
///   states apart, and so does the state of toggles that only ever changed themselves.
/// - **one screen under several routes** — a state seen at a hash route it was not registered with, and nothing else
///   different, not even the page's text (`ScreenContext.textDigest`), is that state (a person sees no difference)
///   until acting from there leads somewhere different: the crawl fires one event that led elsewhere from the
///   registered state from the alias too (`RouteAlias`, `settle`). The start page at `/` and at `#/intro` stays
///   one; the empty to-do list at `#/active`, whose "add" leads to the Active filter's rows, is another state than
///   the one at `/`. Two routes that show different text under the same controls (a docs page's Usage and License)
///   are two at once.
/// States found before a decision keep their identity (the model merges them afterwards); every decision is returned
/// for the log.
public struct StateIndex: Sendable {
    public struct Decision: Sendable, Equatable {
        public typealias Kind = AbstractionDecision.Kind
        public var kind: Kind
        /// The screen or the action it applies to, readable.
        public var screen: String
        public var reason: String
        /// The states the evidence was seen in.
        public var states: [Int] = []
    }

    public private(set) var abstraction: ScreenAbstraction
    /// A coarse identity shared by this many different states is coarsened.
    public var coarsenAfter: Int
    private var standard: [AbstractState: Int] = [:]
    private var coarse: [AbstractState: Int] = [:]
    /// Per coarse identity not coarsened yet, the states registered with it since its data headings were last learnt.
    private var uncoarsened: [AbstractState: [Int]] = [:]
    private var refinedIndex: [AbstractState: Int] = [:]
    private var coarsened = Set<AbstractState>()
    /// Per coarse identity, the locators of headings whose text proved to be data on that screen (`learnDataHeadings`).
    private var dataHeadings: [AbstractState: Set<String>] = [:]
    /// Per page (its path, without a hash route), the places of headings whose text proved to be data on one of its
    /// screens: evidence for the page's other screens (`learnDataHeadings(of:among:at:)`).
    private var dataPlaces: [String: Set<String>] = [:]
    private var refined = Set<AbstractState>()
    /// Per state: its standard and coarse identity, and its snapshot (to compute a refined identity later).
    private var records: [(identity: AbstractState, standard: AbstractState, coarse: AbstractState, snapshot: UISnapshot)] = []
    /// What the app's controls proved to do.
    public private(set) var behaviour = ControlBehaviour()
    /// Per standard identity without its route (`key` of `withoutRoute`), the first state registered with it.
    private var routeless: [AbstractState: Int] = [:]
    /// Routes a state was seen at with nothing else different, settled by what an event did from there: true when it
    /// led where it leads from the state (one state), false when elsewhere (the route tells the two apart).
    private var aliasVerdicts: [RouteAlias: Bool] = [:]
    /// Per coarse identity a state would have if the collection its hash route names a member of were learnt, the
    /// first state registered with it (`memberOfACollection`).
    private var byCollection: [AbstractState: Int] = [:]
    /// Per coarse identity, per tap, the state (`key` of its standard identity) the tap last led to as a new state of
    /// that screen, and how many such steps led there one from the other (`nextInASequence`).
    private var stepsForward: [AbstractState: [String: (reached: AbstractState, length: Int)]] = [:]
    /// Steps of one tap in a row, each to a new state of its screen, that make a sequence: more than a game's outcomes
    /// (win, lose, draw after the board without one) can make.
    static let sequenceSteps = 4
    /// How many times lists or collections were learnt (`learnLists`, `memberOfACollection`); states registered
    /// before the last time may show one.
    private var listsLearnt = 0
    /// Per state, the value of `listsLearnt` when it was registered.
    private var listsKnownAt: [Int] = []

    public init(abstraction: ScreenAbstraction = ScreenAbstraction(), coarsenAfter: Int = 12) {
        self.abstraction = abstraction
        self.coarsenAfter = coarsenAfter
    }

    public var count: Int { records.count }

    /// Takes the start screen's hash route as the app's root (`ScreenAbstraction.rootRoutes`); only before the first
    /// state is added, so that every identity is computed the same way.
    public mutating func startScreen(_ snapshot: UISnapshot) {
        guard records.isEmpty else { return }
        let route = ScreenContextPass.split(snapshot.context.container ?? "").route
        if !route.isEmpty { abstraction.rootRoutes.insert(route) }
    }

    /// A new state without a route whose selected link names a hash route: that route shows the root from now on —
    /// unless a state registered earlier carries it, whose identity would change under it.
    private mutating func learnRootRoute(_ snapshot: UISnapshot) {
        guard let route = ScreenContextPass.routeNamedOnRoot(snapshot), !abstraction.rootRoutes.contains(route) else { return }
        let shape = LabelNormaliser.targetShape(route)
        guard !records.contains(where: { $0.identity.properties.contains(StateProperty(.route, shape)) }) else { return }
        abstraction.rootRoutes.insert(route)
    }

    /// The identity a state was registered with (standard, or refined when its screen was refined).
    public func state(at index: Int) -> AbstractState { records[index].identity }

    /// Abstracts `snapshot` at the level its screen is compared at now.
    public func abstract(_ snapshot: UISnapshot) -> (identity: AbstractState, level: Level, standard: AbstractState, coarse: AbstractState) {
        var (std, crs) = abstraction.abstract(snapshot)
        if let locators = dataHeadings[crs] { std = Self.leavingOut(headingsAt: locators, of: snapshot, from: std) }
        if refined.contains(std) {
            return (abstraction.abstract(snapshot, refined: true).state, .refined, std, crs)
        }
        if coarsened.contains(crs) { return (crs, .coarse, std, crs) }
        return (std, .standard, std, crs)
    }

    public enum Level: String, Sendable { case standard, coarse, refined }

    /// The visited state `snapshot` is, or nil when it is new.
    public func match(_ snapshot: UISnapshot) -> Int? { lookup(abstract(snapshot)) }

    /// The state an abstraction is, at the level its screen is compared at.
    private func lookup(_ a: (identity: AbstractState, level: Level, standard: AbstractState, coarse: AbstractState)) -> Int? {
        switch a.level {
        case .standard: return standard[key(a.identity)]
        case .coarse: return coarse[a.identity]
        case .refined: return refinedIndex[key(a.identity)]
        }
    }

    /// An identity as states are compared under what the crawl has learnt (`ControlBehaviour.normalize`).
    func key(_ state: AbstractState) -> AbstractState {
        behaviour.isEmpty ? state : AbstractState(properties: behaviour.normalize(state.properties), name: state.name)
    }

    /// An identity without its hash route.
    static func withoutRoute(_ state: AbstractState) -> AbstractState {
        AbstractState(properties: state.properties.filter { $0.kind != .route }, name: state.name)
    }

    /// A state seen at a hash route it was not registered with, nothing else different, its text included: the same
    /// state until an event fired from there leads elsewhere than from the state (`settle`).
    public struct RouteAlias: Hashable, Sendable {
        public let state: Int
        /// The route it was seen at ("" for none).
        public let route: String
    }

    /// The visited state `snapshot` is, or nil when it is new; with the alias it was matched through when it was seen
    /// at a route it was not registered with and nothing settled yet whether that route shows the same state.
    /// `cause`: the event that showed it and the screen it was fired on, when an event did (`detailOfARow`).
    public mutating func matchNoting(_ snapshot: UISnapshot, cause: (event: CrawlEvent, before: UISnapshot)? = nil) -> (index: Int?, decision: Decision?, alias: RouteAlias?) {
        let a = abstract(snapshot)
        if let found = lookup(a) { return (found, nil, nil) }
        if let instance = instanceOfOneKind(snapshot, a) ?? memberOfACollection(snapshot, a) ?? detailOfARow(snapshot, a, cause: cause)
            ?? nextInASequence(snapshot, a, cause: cause) {
            return (instance.index, instance.decision, nil)
        }
        guard a.level == .standard, let digest = snapshot.context.textDigest, let found = routeless[key(Self.withoutRoute(a.identity))],
              records[found].snapshot.context.textDigest == digest else { return (nil, nil, nil) }
        let alias = RouteAlias(state: found, route: Self.route(of: a.standard))
        switch aliasVerdicts[alias] {
        case true?: return (found, nil, nil)
        case false?: return (nil, nil, nil)
        case nil: return (found, nil, alias)
        }
    }

    private static func route(of state: AbstractState) -> String { state.properties.first { $0.kind == .route }?.value ?? "" }

    /// Settles an alias by what `event` did from there: where it leads from the aliased state too (`same`), the route
    /// shows that state; elsewhere, the route tells them apart — a snapshot at that route is a state of its own
    /// from now on. Returns the decision for the log.
    public mutating func settle(_ alias: RouteAlias, same: Bool, event: String, expected: Int, landed: Int? = nil) -> Decision {
        aliasVerdicts[alias] = same
        func place(_ route: String) -> String { route.isEmpty ? "no route" : route }
        let shown = "shown at \(place(Self.route(of: records[alias.state].identity))) and at \(place(alias.route)) with nothing else different, its text included"
        let name = records[alias.state].identity.name
        if same {
            return Decision(kind: .sameScreen, screen: name, reason: shown + ", and \"\(event)\" led to s\(expected) from both: one state", states: [alias.state])
        }
        return Decision(kind: .otherRoute, screen: name,
                        reason: shown + ", but \"\(event)\" led to s\(expected) from one and to \(landed.map { "s\($0)" } ?? "a new state") from the other: the route tells them apart",
                        states: [alias.state])
    }

    /// Pages of one kind: a screen shown at an address that differs from a known state's only in the data it picks
    /// (`/product.html?id=7` beside `?id=4`, `/users/12` beside `/users/3`), and differing from it only in the labels
    /// of its links and buttons and in its headings (the product's name), is that state — what the address chose is
    /// data. Its screen is coarsened at once, where other screens wait for `coarsenAfter` states.
    private mutating func instanceOfOneKind(_ snapshot: UISnapshot, _ a: (identity: AbstractState, level: Level, standard: AbstractState, coarse: AbstractState))
        -> (index: Int?, decision: Decision?)? {
        guard coarsenAfter > 0, a.level == .standard, let known = coarse[a.coarse], let mine = snapshot.context.address,
              let theirs = records[known].snapshot.context.address, mine != theirs,
              LabelNormaliser.dataShape(mine) == LabelNormaliser.dataShape(theirs), coarsened.insert(a.coarse).inserted else { return nil }
        uncoarsened[a.coarse] = nil
        return (known, Decision(kind: .coarsen, screen: a.coarse.name,
                                reason: "\(theirs) and \(mine), addresses of one kind, showed this screen with other labels and headings: what the address picks is data, and labels and headings of this screen are data from now on",
                                states: [known]))
    }

    /// The detail of a row: a screen opened by a tap on a row of a list (or on a control inside one) whose heading
    /// repeats the row's own text — the product's name on the card tapped — and that, but for that heading, is a
    /// known state (another row's detail, opened at the same address or at one that differs only in its query's
    /// values: the row's link picked it), is that state: the heading's place holds data
    /// on this screen from now on (and on the page's other screens, as `learnDataHeadings` learns it), at once, where
    /// other places wait for `coarsenAfter` states. The screen's other headings and the labels of its buttons still
    /// count ("Add to cart" and "Added"). A heading the known state shows too at the same place (the dialog's own
    /// title) is not evidence; one of a few letters is not either; nor is a heading under a dialog's backdrop (a row's own title).
    private mutating func detailOfARow(_ snapshot: UISnapshot, _ a: (identity: AbstractState, level: Level, standard: AbstractState, coarse: AbstractState),
                                       cause: (event: CrawlEvent, before: UISnapshot)?) -> (index: Int?, decision: Decision?)? {
        guard coarsenAfter > 0, a.level == .standard, let cause, let known = coarse[a.coarse], !coarsened.contains(a.coarse),
              records[known].identity == records[known].standard,
              Self.sameButForQueryValues(records[known].snapshot.context.address, snapshot.context.address),
              let locator = cause.event.target?.locator else { return nil }
        func headings(_ s: UISnapshot) -> [(place: String, text: String)] {
            s.elements.filter { $0.role == .heading && $0.visible && $0.covered != true }.compactMap { e in
                guard let place = e.locator, let label = e.label else { return nil }
                return (place, Self.plain(label))
            }
        }
        // The headings that could name a row, first: most screens have none, and finding the tapped row's text needs
        // the lists of the screen it was tapped on (`listLocators` walks the whole snapshot).
        // A heading the known state shows at the same place is no evidence; one it shows elsewhere may be (the detail
        // of Buddy offers Charlie's card, whose heading is the name the detail of Charlie shows at Buddy's place).
        let theirs = Set(headings(records[known].snapshot).map { $0.place + "\u{1}" + $0.text })
        let candidates = headings(snapshot).filter { !theirs.contains($0.place + "\u{1}" + $0.text) && $0.text.count >= 4 }
        guard !candidates.isEmpty,
              let row = Self.rowText(at: locator, in: cause.before, lists: abstraction.listLocators(cause.before)),
              let named = candidates.first(where: { row.contains($0.text) }) else { return nil }
        let places: Set<String> = [named.place]
        let mine = Self.leavingOut(headingsAt: places, of: snapshot, from: a.standard)
        let was = Self.leavingOut(headingsAt: places, of: records[known].snapshot, from: records[known].standard)
        guard key(mine) == key(was) else { return nil }
        dataHeadings[a.coarse, default: []].formUnion(places)
        dataPlaces[Self.page(of: snapshot), default: []].formUnion(places)
        records[known].identity = was
        records[known].standard = was
        if standard[key(was)] == nil { standard[key(was)] = known }
        uncoarsened[a.coarse] = []
        listsLearnt += 1
        let place = named.place.replacingOccurrences(of: "css selector:", with: "")
        return (known, Decision(kind: .coarsen, screen: a.coarse.name,
                                reason: "\"\(cause.event.description)\" opened this screen with the heading \"\(named.text)\" at \(place), the text of the row it tapped, where s\(known) showed another there: that text is data from now on; labels of links and buttons and the other headings still count",
                                states: [known]))
    }

    /// One address, or two that differ only in their query's values (`/pet.html?id=buddy` beside `?id=charlie`): the
    /// row's link picked the data, whatever words name it — where an address alone (`?page=terms`) is no evidence.
    static func sameButForQueryValues(_ theirs: String?, _ mine: String?) -> Bool {
        guard let theirs, let mine else { return theirs == mine }
        if theirs == mine { return true }
        func cut(_ address: String) -> (path: Substring, keys: [Substring])? {
            guard let q = address.firstIndex(of: "?") else { return nil }
            let query = address[address.index(after: q)...].prefix { $0 != "#" }
            return (address[..<q], query.split(separator: "&").map { $0.prefix { $0 != "=" } })
        }
        guard let a = cut(theirs), let b = cut(mine) else { return false }
        return a.path == b.path && a.keys == b.keys && !a.keys.isEmpty
    }

    /// The next of a sequence: a tap that showed its screen again as a new state, but for the labels of links and
    /// buttons (a deck's next card, drawn as a button that flips it), and that, tapped on that new state, showed yet
    /// another such state, and so on for `sequenceSteps` steps: what those labels show moves on at each tap — data,
    /// as a quiz's wording is. The screen is coarsened at that step, where other screens wait for `coarsenAfter`
    /// states. A toggle (Start, then Pause) makes no such chain: its label changed, and tapped again it leads back to
    /// the state it left. Nor do two switches each tapped once (each step starts from a state the other did not lead
    /// to), nor a game's move whose outcome is one of three (the fourth step finds one seen before), nor a tutorial's
    /// "Next" whose steps each show a heading of their own.
    private mutating func nextInASequence(_ snapshot: UISnapshot, _ a: (identity: AbstractState, level: Level, standard: AbstractState, coarse: AbstractState),
                                          cause: (event: CrawlEvent, before: UISnapshot)?) -> (index: Int?, decision: Decision?)? {
        guard coarsenAfter > 0, a.level == .standard, let cause, cause.event.kind == .tap, let known = coarse[a.coarse],
              !coarsened.contains(a.coarse) else { return nil }
        let before = abstract(cause.before)
        // Only the labels moved on: a tutorial's next step names itself in a heading of its own ("Soft drop" after
        // "Move left"), a screen of its own, as the heading passes judge.
        func headings(_ state: AbstractState) -> [StateProperty] { state.properties.filter { $0.kind == .heading || $0.kind == .title } }
        guard before.level == .standard, before.coarse == a.coarse, key(before.standard) != key(a.standard),
              headings(before.standard) == headings(a.standard) else { return nil }
        let step = cause.event.description
        let last = stepsForward[a.coarse]?[step]
        let length = last.map { $0.reached == key(before.standard) ? $0.length + 1 : 1 } ?? 1
        guard length >= Self.sequenceSteps else {
            stepsForward[a.coarse, default: [:]][step] = (key(a.standard), length)
            return nil
        }
        coarsened.insert(a.coarse)
        uncoarsened[a.coarse] = nil
        stepsForward[a.coarse] = nil
        return (known, Decision(kind: .coarsen, screen: a.coarse.name,
                                reason: "\"\(step)\" showed this screen again with other labels of links and buttons, \(length) times in a row, each time tapped on the state the last showed: what they show moves on at each tap; labels of this screen are data from now on",
                                states: [known]))
    }

    /// The text of the row holding the element at `locator` in `snapshot` (the element itself when it is the row),
    /// every label and value in it, plain; nil when it is in no row of the containers at `lists` (lists of rows of
    /// one shape: a menu's rows lead to places of their own, not to a row's detail), or when its list is a choice
    /// among rows (`RowShape.isChoiceAmongRows`: a sidebar of views, one chosen). A choice's rows are places, as
    /// tabs are: the heading that names the chosen one ("Important" after a tap on the row "Important 0") names a
    /// screen, where a card's detail names the card's data.
    static func rowText(at locator: String, in snapshot: UISnapshot, lists: Set<String>) -> String? {
        func find(_ e: UIElement, _ row: UIElement?, list: UIElement?) -> (row: UIElement?, list: UIElement?)? {
            let row = list != nil && e.role == .cell && row == nil ? e : row
            if e.locator == locator { return (row, list) }
            let list = list ?? (e.locator.map(lists.contains) == true ? e : nil)
            for child in e.children { if let found = find(child, row, list: list) { return found } }
            return nil
        }
        guard let found = find(snapshot.root, nil, list: nil), let row = found.row, let list = found.list else { return nil }
        if RowShape.isChoiceAmongRows(RowShape.shownRows(of: list)) { return nil }
        return plainText(of: row)
    }

    /// Every label and value in `row`, plain.
    private static func plainText(of row: UIElement) -> String {
        plain(row.allElements.flatMap { [$0.label, $0.value] }.compactMap { $0 }.joined(separator: " "))
    }

    /// Text compared as a person reads it: lower case, one space between words.
    private static func plain(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Members of one collection: a screen at a hash route that names a member (`#/place/colosseum`) and that, but for
    /// the member and its labels and headings, is a known state at another member's route (`#/place/pantheon`) is
    /// that state — which place is data, as with pages of one kind. The collection (`#/place/*`) is learnt and its
    /// screen coarsened at once. A top-level route (`#/usage` beside `#/license`) names no member: those stay apart.
    private mutating func memberOfACollection(_ snapshot: UISnapshot, _ a: (identity: AbstractState, level: Level, standard: AbstractState, coarse: AbstractState))
        -> (index: Int?, decision: Decision?)? {
        guard coarsenAfter > 0, a.level == .standard, let (collection, coarse) = asMember(snapshot), let known = byCollection[coarse] else { return nil }
        let theirs = ScreenContextPass.routeShape(records[known].snapshot), mine = ScreenContextPass.routeShape(snapshot)
        guard theirs != mine else { return nil }
        abstraction.collections.insert(collection)
        coarsened.insert(coarse)
        uncoarsened[coarse] = nil
        if self.coarse[coarse] == nil { self.coarse[coarse] = known }
        listsLearnt += 1
        return (known, Decision(kind: .coarsen, screen: coarse.name,
                                reason: "\(theirs) and \(mine), members of \(collection), showed this screen with other labels and headings: which member a route names is data, and labels and headings of this screen are data from now on",
                                states: [known]))
    }

    /// The collection `snapshot`'s hash route names a member of, when it is not learnt yet, and the coarse identity
    /// the snapshot has once it is.
    private func asMember(_ snapshot: UISnapshot) -> (collection: String, coarse: AbstractState)? {
        guard let collection = ScreenContextPass.collection(of: ScreenContextPass.routeShape(snapshot)),
              !abstraction.collections.contains(collection) else { return nil }
        var learning = abstraction
        learning.collections.insert(collection)
        return (collection, learning.abstract(snapshot).coarse)
    }

    /// The identity under what has been learnt so far of state `index` (the model merges states that share one).
    public func learntIdentity(at index: Int) -> AbstractState { key(records[index].identity) }

    /// The identity state `index` has in the model: under what was learnt, and without the labels of its links and
    /// buttons when its screen was coarsened after it was found ("Add to cart" and "Added!" on a product page found
    /// before a second product showed that labels there are data).
    public func modelIdentity(at index: Int) -> AbstractState {
        // A state found before a list was learnt that shows that list with one row (the first book of a library) is
        // the list's state: its identity as it would be computed now.
        if listsKnownAt[index] < listsLearnt, case let now = abstract(records[index].snapshot), now.standard != withoutLearning(records[index].snapshot) {
            if coarsened.contains(now.coarse) { return key(now.coarse) }
            return key(now.level == .refined ? now.identity : now.standard)
        }
        return coarsened.contains(records[index].coarse) ? key(records[index].coarse) : key(records[index].identity)
    }

    /// `snapshot`'s standard identity as computed before any list, collection or data heading was learnt.
    private func withoutLearning(_ snapshot: UISnapshot) -> AbstractState {
        var plain = abstraction
        plain.learntLists = [:]
        plain.collections = []
        return plain.abstract(snapshot).state
    }

    /// Whether two states are one since a list was learnt: one of them, found before, shows that list with a single
    /// row (the first book of a library, beside the library of two books found later). A replayed path that reaches
    /// one where it expected the other has reached it.
    public func oneSinceAListWasLearnt(_ a: Int, _ b: Int) -> Bool {
        a != b && listsLearnt > 0 && (listsKnownAt[a] < listsLearnt || listsKnownAt[b] < listsLearnt) && modelIdentity(at: a) == modelIdentity(at: b)
    }

    /// Whether two states show one screen but for its labels and headings (their coarse identities are one): a card
    /// of a quiz with other words on it, the same product page for another product.
    public func oneButForData(_ a: Int, _ b: Int) -> Bool { records[a].coarse == records[b].coarse }

    /// The first state registered that shows state `index`'s screen but for its labels and headings (`oneButForData`):
    /// what the states of a quiz's questions are counted under, one question after another.
    public func firstOfItsKind(_ index: Int) -> Int { coarse[records[index].coarse] ?? index }

    /// The states the model shows as one with state `index` because its screen was coarsened as a whole (labels and
    /// headings are data there: a quiz's questions), `index` included; just `index` on a screen not coarsened.
    public func statesOfItsCoarsenedScreen(_ index: Int) -> [Int] {
        let kind = records[index].coarse
        guard coarsened.contains(kind) else { return [index] }
        return records.indices.filter { records[$0].coarse == kind }
    }

    /// Whether two states are one but for the label a relabelling toggle showed ("Favorite" and "Unfavorite"): the
    /// app told something changed — a recipe marked favourite — that the other screens it leads to may show.
    public func oneButForARelabel(_ a: Int, _ b: Int) -> Bool {
        a != b && AbstractState(properties: behaviour.normalizeRelabels(records[a].identity.properties), name: "")
            == AbstractState(properties: behaviour.normalizeRelabels(records[b].identity.properties), name: "")
    }

    /// Records what an event fired in state `source` did — the screen before and after it, whether it stayed
    /// exactly as it was and whether it acted off screen (wrote data, answered in a native dialog) — and returns the decision it tipped, if any. States are indexed under the new knowledge
    /// at once: a screen seen again is found among the states that now compare alike.
    public mutating func observe(_ event: CrawlEvent, in source: Int, before: UISnapshot, after: UISnapshot, unchanged: Bool, actedOffScreen: Bool = false) -> Decision? {
        let a = abstraction.abstract(before).state
        let b = unchanged ? a : abstraction.abstract(after).state
        let relabel = unchanged ? nil : ControlBehaviour.relabel(before, after, by: event)
        guard let made = behaviour.observe(event, in: source, before: a, after: b, unchanged: unchanged, actedOffScreen: actedOffScreen, relabel: relabel,
                                           location: before.context.container,
                                           sameShape: !unchanged && ControlBehaviour.sameShape(before, after, lists: abstraction.listLocators(before)
                                                                                                    .intersection(abstraction.listLocators(after))),
                                           group: ControlBehaviour.selectionGroup(before, after, by: event)) else { return nil }
        standard = [:]
        refinedIndex = [:]
        routeless = [:]
        for (i, record) in records.enumerated() {
            if standard[key(record.standard)] == nil { standard[key(record.standard)] = i }
            if !refined.contains(record.standard), routeless[key(Self.withoutRoute(record.standard))] == nil { routeless[key(Self.withoutRoute(record.standard))] = i }
            if refined.contains(record.standard), refinedIndex[key(record.identity)] == nil { refinedIndex[key(record.identity)] = i }
        }
        return Decision(kind: made.kind, screen: made.action, reason: made.reason, states: made.states)
    }

    /// Continues with what an earlier run of the crawl learnt (`--resume`).
    public mutating func restore(_ learnt: ControlBehaviour) { behaviour = learnt }

    /// Registers a new state; returns its index and the decisions it tipped: a coarsening when this state tipped its
    /// screen over, a list learnt when it shows a container holding rows of one shape for the first time.
    public mutating func add(_ snapshot: UISnapshot) -> (index: Int, identity: AbstractState, decisions: [Decision]) {
        learnRootRoute(snapshot)
        let a = abstract(snapshot)
        let index = records.count
        records.append((a.level == .refined ? a.identity : a.standard, a.standard, a.coarse, snapshot))
        listsKnownAt.append(listsLearnt)
        if standard[key(a.standard)] == nil { standard[key(a.standard)] = index }
        if a.level == .standard, routeless[key(Self.withoutRoute(a.standard))] == nil { routeless[key(Self.withoutRoute(a.standard))] = index }
        if coarse[a.coarse] == nil { coarse[a.coarse] = index }
        if a.level == .refined, refinedIndex[key(a.identity)] == nil { refinedIndex[key(a.identity)] = index }
        if !coarsened.contains(a.coarse) { uncoarsened[a.coarse, default: []].append(index) }
        if let member = asMember(snapshot), byCollection[member.coarse] == nil { byCollection[member.coarse] = index }
        var decisions: [Decision] = []
        if coarsenAfter > 0, a.level == .standard, !coarsened.contains(a.coarse), let group = uncoarsened[a.coarse], group.count < coarsenAfter {
            if group.count >= 2, let places = dataPlaces[Self.page(of: snapshot)], let learnt = learnDataHeadings(of: a.coarse, among: group, at: places) {
                decisions.append(learnt)
                uncoarsened[a.coarse] = []
            }
        } else if coarsenAfter > 0, a.level == .standard, !coarsened.contains(a.coarse), let group = uncoarsened[a.coarse] {
            if let learnt = learnDataHeadings(of: a.coarse, among: group) {
                decisions.append(learnt)
                uncoarsened[a.coarse] = []
            } else if coarsened.insert(a.coarse).inserted {
                uncoarsened[a.coarse] = nil
                decisions.append(Decision(kind: .coarsen, screen: a.coarse.name,
                                          reason: "\(coarsenAfter) states of this screen differ only in the labels of links or buttons; labels there are data from now on"))
            }
        }
        decisions += learnLists(snapshot, state: index)
        return (index, a.level == .refined ? a.identity : a.standard, decisions)
    }

    /// Coarsening by what varied: among the states of one screen registered since its headings were last learnt
    /// (`group`: `coarsenAfter` of them, differing only in labels and headings), the headings whose text took several values
    /// at one place of the page (a round's "Rock crushes scissors, you win!", a random quote) are data there from
    /// now on, and nothing else is: the labels of the screen's links and buttons still count, and so do its other
    /// headings (a rules panel's title, the screen's own name). Returns the decision, or nil when no heading's text
    /// varied there (its links' or buttons' labels did: the screen is coarsened as a whole). States found before
    /// are re-identified in the model as lists learnt are (`modelIdentity`).
    ///
    /// Data at a known place (`at`): a place of a page whose heading proved to hold data on one of its screens (the
    /// word of a flashcard, learnt where the multiple-choice card showed twelve words) holds data on the page's other
    /// screens too — a flip card and a typing card that show the word in the same place. There two states that differ
    /// in the text at that place are evidence enough, where a place never seen holding data waits for
    /// `coarsenAfter`; a place that shows one text on every state of a screen (a screen's own title drawn in the same
    /// place) still counts there.
    private mutating func learnDataHeadings(of coarse: AbstractState, among group: [Int], at known: Set<String>? = nil) -> Decision? {
        var texts: [String: Set<String>] = [:]
        for i in group {
            // Computed once a heading asks for it: most snapshots show no choice among rows.
            var chosen: [String]?
            for e in records[i].snapshot.elements where e.role == .heading && e.visible {
                guard let locator = e.locator, known?.contains(locator) ?? true, let label = e.label.map(Self.headingText), !label.isEmpty else { continue }
                // A heading naming the row chosen in a choice among rows follows the choice, as a tab's title does:
                // "Important" after "Important 0" was chosen is no data.
                let plainLabel = Self.plain(e.label ?? "")
                if plainLabel.count >= 2 {
                    if chosen == nil { chosen = Self.chosenRowTexts(records[i].snapshot) }
                    if chosen?.contains(where: { $0.contains(plainLabel) }) == true { continue }
                }
                texts[locator, default: []].insert(label)
            }
        }
        let learnt = dataHeadings[coarse] ?? []
        let varied = Set(texts.filter { $0.value.count > 1 }.keys).subtracting(learnt)
        guard !varied.isEmpty else { return nil }
        dataHeadings[coarse] = learnt.union(varied)
        dataPlaces[Self.page(of: records[group[0]].snapshot), default: []].formUnion(varied)
        listsLearnt += 1
        let places = varied.sorted().map { $0.replacingOccurrences(of: "css selector:", with: "") }.joined(separator: ", ")
        let evidence = known == nil
            ? "\(group.count) states of this screen differ in the text of the heading at \(places): that text is data from now on"
            : "the heading at \(places) held data on another screen of this page, and \(group.count) states of this screen differ in its text: that text is data here too"
        return Decision(kind: .coarsen, screen: coarse.name,
                        reason: evidence + "; labels of links and buttons and the other headings still count", states: group)
    }

    /// The text of the chosen row of each choice among rows `snapshot` shows (`RowShape.isChoiceAmongRows`), plain.
    static func chosenRowTexts(_ snapshot: UISnapshot) -> [String] {
        snapshot.elements.filter(RowShape.isListContainer).compactMap { list in
            let rows = RowShape.shownRows(of: list)
            guard RowShape.isChoiceAmongRows(rows), let row = rows.first(where: \.selected) else { return nil }
            return plainText(of: row)
        }
    }

    /// The page a snapshot shows, without its hash route: where a place learnt to hold data applies.
    private static func page(of snapshot: UISnapshot) -> String { ScreenContextPass.split(snapshot.context.container ?? "").path }

    /// A heading's text as `HeadingPass` writes it into a property.
    private static func headingText(_ label: String) -> String { String(LabelNormaliser.mask(label).prefix(60)) }

    /// `state` without the headings `snapshot` shows at `locators` (their text is data on this screen).
    static func leavingOut(headingsAt locators: Set<String>, of snapshot: UISnapshot, from state: AbstractState) -> AbstractState {
        let texts = Set(snapshot.elements.filter { $0.role == .heading && $0.locator.map(locators.contains) == true }.compactMap { $0.label.map(headingText) })
        guard !texts.isEmpty else { return state }
        return AbstractState(properties: state.properties.filter { !($0.kind == .heading && texts.contains($0.value)) }, name: state.name)
    }

    /// Containers `snapshot` shows holding two rows or more of one shape, seen for the first time: lists whatever
    /// number of rows they hold from now on (`LoneRowPass`). States found before keep their identity and their place
    /// in the index; snapshots abstracted from now on use what was learnt, and the model merges the states that then
    /// compare alike (`modelIdentity`, `oneSinceAListWasLearnt`).
    private mutating func learnLists(_ snapshot: UISnapshot, state: Int) -> [Decision] {
        let found = abstraction.listsToLearn(snapshot)
        guard !found.isEmpty else { return [] }
        for (locator, list) in found { abstraction.learntLists[locator] = list }
        listsLearnt += 1
        return found.map { locator, list in
            Decision(kind: .list, screen: "list " + list.value,
                     reason: "\(locator.replacingOccurrences(of: "css selector:", with: "")) held rows of one shape: a list whatever number of rows it holds, one included",
                     states: [state])
        }
    }

    /// Whether `event` acts on a toggle whose own state was learnt to tell no states apart (`ControlBehaviour`,
    /// self-contained): where it leads depends on the state it stands in, which the abstraction set aside on purpose —
    /// a filter's box that narrowed the grid of one catalogue and emptied that of another, whichever other boxes were
    /// ticked. Its two outcomes from one state are explained by that decision, not by a detail the screen lacks.
    public func actsOnAStateSetAside(_ event: CrawlEvent) -> Bool {
        guard let controls = ControlBehaviour.action(of: event)?.controls else { return false }
        return controls.contains(where: behaviour.setsAside)
    }

    /// One event from state `from` led to `landed` where it had led to `expected`: refine `from`'s screen. The states
    /// of that screen are indexed by their refined identity from now on.
    public mutating func refine(from: Int, event: String, expected: Int, landed: Int) -> Decision? {
        let std = records[from].standard
        guard refined.insert(std).inserted else { return nil }
        // The states of that screen found before are known by their refined identity from now on, as those found
        // later are: indexed so (and again whenever what was learnt re-indexes them, `observe`), and merged so.
        for (i, record) in records.enumerated() where record.standard == std {
            let fine = abstraction.abstract(record.snapshot, refined: true).state
            records[i].identity = fine
            if refinedIndex[key(fine)] == nil { refinedIndex[key(fine)] = i }
        }
        return Decision(kind: .refine, screen: std.name,
                        reason: "\"\(event)\" led to s\(expected) once and to s\(landed) later; headings and row counts tell its states apart from now on")
    }
}
