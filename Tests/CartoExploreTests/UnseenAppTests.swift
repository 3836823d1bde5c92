import CartoCore
import CartoDrivers
@testable import CartoExplore
import CartoModel
import Foundation
import XCTest

/// Whether one of the state's properties holds `fragment`.
private func has(_ state: CrawlModel.State, _ fragment: String) -> Bool { (state.properties ?? []).contains { $0.contains(fragment) } }

/// Pages written here that reproduce why crawls of apps nobody here had seen went wrong (issue 29), one general
/// cause each, crawled end to end in headless Chromium with the default settings.
extension CrawlEndToEndTests {
    /// An app that answers an event in a system dialog ("Please enter a title" from `alert()`) did something, though
    /// its screen stayed as it was: a transition of the state to itself, as a tester draws a refusal, and its control
    /// is never learnt inert. A button that did nothing at all makes no such transition.
    func testAnEventTheAppAnsweredInADialogIsATransitionOfItsState() throws {
        let (model, log) = try crawlSite("refusals")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let start = try XCTUnwrap(model.states.first { !has($0, "list ") })
        // triggering
        XCTAssertTrue(model.edges.contains { $0.from == start.id && $0.to == start.id && $0.event == "tap button \"Add\"" },
                      "\(model.edges.map { ($0.from, $0.event, $0.to) })")
        let inert = log.filter { $0["type"] as? String == "abstraction" && $0["decision"] as? String == "inert" }.compactMap { $0["screen"] as? String }
        XCTAssertFalse(inert.contains { $0.contains("\"Add\"") }, "\(inert)")
        // non-triggering
        XCTAssertFalse(model.edges.contains { $0.event == "tap button \"Tidy\"" }, "\(model.edges.map { ($0.from, $0.event, $0.to) })")
    }

    /// Forms whose controls are named after the form's own properties (`<input name="id">`, `name="action"`,
    /// `name="target"`: the DOM makes `form.id` that input): the page is read by its attributes. The crawl once
    /// stopped at its first snapshot (an identifier that was an element, not a string); now the search is sent to
    /// its results page, and the book form named by its id.
    func testFormsWhoseControlsShadowTheFormsPropertiesAreReadByTheirAttributes() throws {
        let (model, _) = try crawlSite("shadowed")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let shelf = try XCTUnwrap(model.states.first { $0.title == "Shelf" })
        let results = try XCTUnwrap(model.states.first { $0.title == "Results" }, "\(model.states.map(\.title))")
        // triggering: the search form (action and target shadowed) goes to its results page, as a submission.
        XCTAssertTrue(model.edges.contains { $0.from == shelf.id && $0.to == results.id && $0.event.hasPrefix("fill") },
                      "\(model.edges.map { ($0.from, $0.event, $0.to) })")
        // non-triggering: the book form, handled by script, stays on the shelf.
        XCTAssertFalse(model.edges.contains { $0.to == results.id && $0.event.contains("Book title") },
                       "\(model.edges.map { ($0.from, $0.event, $0.to) })")
    }

    /// A shelter's animals, each opened at an address that names it by a word (`details.html?id=charlie`), and the
    /// details page offering the other animals' cards: which animal is data — two screens, as a tester draws them,
    /// the heading's place learnt as data from the row tapped. The list is a screen of its own all the same.
    func testARowsDetailAtAnAddressNamingTheRowByAWordIsOneScreen() throws {
        let (model, log) = try crawlSite("adoptables")
        XCTAssertEqual(model.stats.stopReason, .explored)
        // triggering
        let details = model.states.filter { $0.title == "Animal details" }
        XCTAssertEqual(details.count, 1, "\(details.map { $0.properties ?? [] })")
        XCTAssertTrue(log.contains { $0["type"] as? String == "abstraction" && ($0["reason"] as? String ?? "").contains("the text of the row it tapped") },
                      "\(log.filter { $0["type"] as? String == "abstraction" })")
        // non-triggering: the list of animals is not the details
        XCTAssertEqual(model.states.filter { $0.title == "Adoptables" }.count, 1, "\(model.states.map(\.title))")
    }

    /// A page whose chrome depends on whether it was ever scrolled (a back-to-top button shown until the first
    /// scroll): the crawl scrolls to reach "Show tip" at the page's end, and the page looked at from its top again
    /// is the page it was before — two screens, the guide and the guide with its tip, not one more for the button
    /// that showed only before the first scroll.
    func testChromeAScrollShowsOrHidesDoesNotSplitAPage() throws {
        let (model, _) = try crawlSite("back-to-top")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let withTip = model.states.filter { has($0, "heading Tip") }
        let without = model.states.filter { !has($0, "heading Tip") }
        // triggering: the tip's own screen is reached (the crawl scrolled to its button)…
        XCTAssertEqual(withTip.count, 1, "\(model.states.map { ($0.id, $0.properties ?? []) })")
        // …and the guide without it is one state whether or not the crawl had scrolled it.
        XCTAssertEqual(without.count, 1, "\(model.states.map { ($0.id, $0.properties ?? []) })")
    }

    /// A finger taps what it sees: a hamburger drawn by a label lying over its checkbox, a link whose middle a
    /// neighbour covers (its free end takes the tap), a footer link under a cookie banner (reached once the banner
    /// is accepted). None of them is refused as covered.
    func testControlsAFingerCanReach() throws {
        let (model, log) = try crawlSite("finger")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let titles = Set(model.states.map(\.title))
        XCTAssertTrue(titles.isSuperset(of: ["Finger", "News", "Partly", "Legal"]), "\(titles)")
        let menuOpen = model.states.filter { ($0.properties ?? []).contains { $0.contains("\"News\"") } && $0.title == "Finger" }
        XCTAssertFalse(menuOpen.isEmpty, "the label-drawn hamburger opens the menu")
        let refused = log.filter { $0["type"] as? String == "event" && ($0["error"] as? String ?? "").contains("covered") }
            .compactMap { $0["event"] as? String }
        XCTAssertFalse(refused.contains { $0.contains("Menu") || $0.contains("Partly") }, "\(refused)")
        XCTAssertTrue(model.edges.contains { $0.event == "tap link \"Partly covered\"" }, "the partly covered link is tapped at its free end")
        XCTAssertTrue(model.edges.contains { $0.event == "tap link \"Legal notice\"" }, "the link under the banner, once the banner is gone")
    }

    /// A tap's click reaches what the finger touched: on a sign-in card zoomed out to a quarter (no viewport tag), in
    /// blurred glass over a turning background, Chromium's touch adjustment gave the click on "Sign in" to the
    /// "Create one" link below it — the model then said "Sign in" leads to the sign-up page, and the home page was
    /// never found. Each of the three controls leads to its own page. As `--no-screenshots --animations fast` crawls
    /// (a screenshot after a new state, or DevTools' animation domain off, brought the click back to the button).
    func testATapsClickReachesWhatTheFingerTouchedOnAPageZoomedOut() throws {
        var browser = BrowserDriver.Options()
        browser.animationPlaybackRate = BrowserDriver.AnimationSpeed.fast.playbackRate
        let (model, _) = try crawlSite("zoomed-card", browser: browser) { $0.settings.screenshots = false }
        XCTAssertEqual(model.stats.stopReason, .explored)
        let title = Dictionary(model.states.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        let from = model.states.first { $0.title == "Sign in" }?.id
        let led = Dictionary(model.edges.filter { $0.from == from }.map { ($0.event, title[$0.to] ?? "") }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(led["tap button \"Sign in\""], "Home", "\(led)")
        XCTAssertEqual(led["tap link \"Forgot password?\""], "Reset password", "\(led)")
        XCTAssertEqual(led["tap link \"Create one\""], "Create an account", "\(led)")
    }

    /// A router on plain fragments (`#about`, `#playlist/NAME`, no `#/`): each is a route, and a dead anchor on a page
    /// whose router shows Home for it is Home. A playlist is made through
    /// `prompt()`, answered with a name as a person types one (an empty answer, Cancel, makes none).
    func testPlainFragmentsAreRoutesWhereTheAppFollowsTheHashAndAPromptIsAnswered() throws {
        let (model, _) = try crawlSite("mixtape")
        XCTAssertEqual(model.stats.stopReason, .explored)
        func route(_ s: CrawlModel.State) -> String { (s.properties ?? []).first { $0.hasPrefix("route ") } ?? "" }
        let screens = model.states.map { s in ["Library", "About Mixtape", "Playlist"].first { (s.properties ?? []).contains("heading " + $0) } ?? s.name ?? s.id }
        XCTAssertEqual(screens.sorted(), ["About Mixtape", "Library", "Playlist"], "\(model.states.map { ($0.name ?? "") + " " + $0.context })")
        // One playlist is ever made (the prompt is answered alike each time): its route is kept as it is until a
        // second member of `#playlist/…` is seen.
        XCTAssertEqual(Set(model.states.map(route)), ["", "route #about", "route #playlist/Cartographer"], "\(model.states.map { $0.properties ?? [] })")
        let id = Dictionary(zip(screens, model.states.map(\.id)), uniquingKeysWith: { first, _ in first })
        XCTAssertTrue(model.edges.contains { $0.from == id["Library"] && $0.event == "tap button \"+ New playlist\"" && $0.to == id["Playlist"] },
                      "\(model.edges.map { ($0.from, $0.event, $0.to) })")
        XCTAssertTrue(model.edges.contains { $0.from == id["Playlist"] && $0.event == "tap button \"About\"" && $0.to == id["About Mixtape"] })
    }

    /// A sign-in that goes through only for an account registered first: refused ("Invalid username or password",
    /// with a link to create one), it is sent again once the sign-up page stored an account and went back to it, as
    /// a tester who has just registered signs in — the home page is found, by the session whose browser holds the
    /// account (a page load between the write and the sign-in).
    func testAFormRefusedBeforeDataWasWrittenIsSentAgainAfter() throws {
        let (model, _) = try crawlSite("accounts")
        XCTAssertEqual(model.stats.stopReason, .explored)
        XCTAssertEqual(Set(model.states.map(\.title)), ["Sign in", "Create an account", "Home"], "\(model.states.map(\.name))")
        let title = Dictionary(model.states.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        let fills = model.edges.filter { $0.event.hasPrefix("fill ") && title[$0.from] == "Sign in" }
        XCTAssertTrue(fills.contains { title[$0.to] == "Home" }, "signed in after registering: \(model.edges.map { ($0.from, $0.event, $0.to) })")
        XCTAssertTrue(fills.contains { title[$0.to] == "Sign in" }, "refused first: \(model.edges.map { ($0.from, $0.event, $0.to) })")
        // From a fresh start the sign-in is refused again: its edge is no step of a replayed path or a generated test.
        XCTAssertTrue(fills.filter { title[$0.to] == "Home" }.allSatisfy { $0.throughHistory == true },
                      "\(fills.map { ($0.from, $0.event, $0.to, $0.throughHistory as Any) })")
    }

    /// A registration that stays on its page ("Registered!") and links to a sign-in never tried before: the link,
    /// followed again in the app holding the account, lands where the sign-in is sent at once, before a fresh start
    /// clears the account — the home page is found.
    func testAFormNotSentYetIsSentWhereTheAppHoldingAWriteArrives() throws {
        let (model, _) = try crawlSite("accounts-stay")
        XCTAssertEqual(model.stats.stopReason, .explored)
        XCTAssertEqual(Set(model.states.map(\.title)), ["Portal", "Register", "Sign in", "Home"], "\(model.states.map(\.name))")
        let title = Dictionary(model.states.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        XCTAssertTrue(model.edges.contains { title[$0.from] == "Sign in" && $0.event.hasPrefix("fill ") && title[$0.to] == "Home" },
                      "\(model.edges.map { ($0.from, $0.event, $0.to) })")
    }

    /// The same, when the refused sign-in wrote data itself: the app seeds its default accounts into storage the
    /// first time it reads them, and registering is a panel of the same page that shows the sign-in again. The
    /// sign-in, refused though it wrote, is sent again after the registration's write, and the home page is found —
    /// and the pages behind it explored, each reached again by the events that found it.
    func testAFormRefusedThoughItWroteIsSentAgainAfterAnotherWrite() throws {
        let (model, log) = try crawlSite("seeded-accounts")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let title = Dictionary(model.states.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        // The pages behind the sign-in are reached again, after a fresh start, by the events that found them (the
        // registration and the sign-in), as no recorded path may take the sign-in: each has its events fired — a page
        // found after such a replay too (Help, two links: reached again for its second).
        XCTAssertEqual(log.filter { $0["type"] as? String == "unreachable" }.count, 0, "\(log.filter { $0["type"] as? String == "unreachable" })")
        for page in ["Settings", "Help", "Profile"] {
            XCTAssertTrue(model.edges.contains { title[$0.from] == page && $0.event == "tap link \"Home\"" }, "\(page): \(model.edges.map { ($0.from, $0.event, $0.to) })")
        }
        XCTAssertTrue(model.edges.contains { $0.event.hasPrefix("fill ") && title[$0.from] == "Sign in" && title[$0.to] == "Home" },
                      "signed in after registering: \(model.edges.map { ($0.from, $0.event, $0.to) })")
        // Sent again once, not over and over: one sign-in fill from each sign-in state, and one more.
        let signIns = model.edges.filter { $0.event.hasPrefix("fill ") && $0.event.contains("Username\", secureTextField") && title[$0.from] == "Sign in" }
        XCTAssertLessThanOrEqual(signIns.count, 2 * Set(signIns.map(\.from)).count, "\(signIns.map { ($0.from, $0.to) })")
    }

    /// A date the app filled in is kept, as a person leaves it: a planner's "Add event" opens with the day tapped;
    /// the event saved on it shows as a chip on that day, whose "Edit event" (with Delete) is found. A date moved to
    /// next January (the value typed into an empty date field) would never show on these days.
    func testADateTheAppFilledInIsKeptAndTheEventShowsWhereItWasAdded() throws {
        let (model, _) = try crawlSite("planner")
        XCTAssertEqual(model.stats.stopReason, .explored)
        XCTAssertTrue(model.states.contains { has($0, "heading Edit event") }, "\(model.states.map(\.name))")
        XCTAssertTrue(model.states.contains { has($0, "heading Add event") }, "\(model.states.map(\.name))")
    }
}

extension CrawlEndToEndTests {
    /// A gallery whose pages carry share buttons that do nothing and a dark-mode switch that changes only itself: the
    /// crawl learns both from what they did, and the model is the four pages a tester draws, with the decisions and
    /// their evidence.
    func testInertControlsAndSelfContainedTogglesDoNotSplitScreens() throws {
        let (model, log) = try crawlSite("inert")
        XCTAssertEqual(model.stats.stopReason, .explored)
        XCTAssertEqual(Set(model.states.compactMap { ($0.properties ?? []).first { $0.hasPrefix("heading ") } }),
                       ["heading Gallery", "heading Photos", "heading Videos", "heading About"], "\(model.states.map { $0.name ?? "" })")
        XCTAssertEqual(model.states.count, 4, "one state per page: \(model.states.map { $0.name ?? "" })")
        let decisions = model.decisions ?? []
        XCTAssertEqual(Set(decisions.filter { $0.kind == .inert }.map(\.subject)),
                       ["tap button \"Like\"", "tap button \"Share\"", "tap button \"Tweet\"", "tap button \"Pin\""])
        XCTAssertTrue(decisions.filter { $0.kind == .inert }.allSatisfy { $0.states.count >= 2 }, "an inert decision names the states it rests on")
        XCTAssertTrue(decisions.allSatisfy { !$0.states.isEmpty && !$0.reason.isEmpty })
        XCTAssertTrue(decisions.contains { $0.kind == .selfContained && $0.subject.contains("Dark mode") }, "\(decisions)")
        // Not fired again once found inert: two pages tried it, the others skip it.
        let likes = log.filter { $0["type"] as? String == "event" && $0["event"] as? String == "tap button \"Like\"" }
        XCTAssertEqual(likes.count, 2)
        XCTAssertTrue(log.contains { $0["type"] as? String == "skip" && ($0["reason"] as? String ?? "").hasPrefix("inert") })
        XCTAssertFalse(model.states.contains { ($0.properties ?? []).contains { $0.contains("\"Like\"") } }, "inert controls tell no states apart")
    }
}

extension CrawlEndToEndTests {
    /// A hash router beside in-page anchors: a table of contents of plain fragments (`#usage`), route-qualified ones
    /// (`#/guide#api`) and `#top`, with a scrollspy that marks the link of the section in view. Each is a scroll, not a
    /// screen; and the start page shown at `/` and at `#/intro` is one screen. The model is the two a tester draws.
    func testInPageAnchorsAreScrollsAndOneScreenUnderTwoRoutesIsOneState() throws {
        let (model, _) = try crawlSite("anchors")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let pages = model.states.map { state in ["Introduction", "Guide"].filter { (state.properties ?? []).contains("heading " + $0) } }
        XCTAssertEqual(pages.filter { !$0.isEmpty }, [["Introduction"], ["Guide"]], "\(model.states.map { $0.name ?? "" })")
        // Both dead links lead to the one 404 page, whatever their paths.
        XCTAssertEqual(model.states.filter { $0.context == "HTTP 404" }.count, 1, "\(model.states.map { ($0.name ?? "") + " " + $0.context })")
        XCTAssertEqual(model.states.count, 3, "\(model.states.map { ($0.name ?? "") + " " + $0.context })")
        XCTAssertTrue(model.edges.contains { $0.event == "tap link \"Guide\"" })
        XCTAssertTrue(model.edges.contains { $0.event == "tap link \"Back to the introduction\"" })
        XCTAssertTrue((model.decisions ?? []).contains { $0.kind == .sameScreen }, "the alias is logged: \(model.decisions ?? [])")
        XCTAssertFalse(model.states.contains { ($0.properties ?? []).contains { $0.contains("(selected)") } }, "a scrollspy's mark is no identity")
    }
}

extension CrawlEndToEndTests {
    /// The start URL's spelling does not change the model: the folder, its index page, and a deep link to the first
    /// screen give the same states (the links on a page reached as `/index.html` resolve to `/index.html#/guide`).
    func testTheSameModelWhateverTheStartURLsSpelling() throws {
        func identities(_ start: String) throws -> Set<[String]> {
            // The route tells no states apart by itself (`StateIndex.key`): a deep link's state keeps it as a label.
            Set(try crawlSite("anchors", start: start).model.states.map { ($0.properties ?? []).filter { !$0.hasPrefix("route ") } })
        }
        let folder = try identities("/")
        XCTAssertEqual(folder.count, 3)
        XCTAssertEqual(try identities("/index.html"), folder)
        XCTAssertEqual(try identities("/#/intro"), folder)
    }
}

extension CrawlEndToEndTests {
    /// Issue 29's figures on the to-do fixture: served from a folder deep in a site, and embedded in a large page of
    /// unrelated chrome (links to other sites, a search form that reloads the page, share buttons, a newsletter box,
    /// a theme switch, a disclosure, in-page anchors), the app gives the same screens as alone at `/`.
    func testAnAppServedFromAFolderOrEmbeddedInALargePageGivesTheSameScreens() throws {
        let budget: (inout CrawlConfiguration) -> Void = { $0.settings.maxEvents = 400 }
        let alone = try crawlSite("todos", configure: budget).model
        let screens = Set(alone.states.map(Self.todoScreen))
        XCTAssertEqual(screens.count, 10, "\(alone.states.map { $0.name ?? "" })")

        let app = try String(contentsOfFile: Self.sites + "/todos/index.html", encoding: .utf8)
        let folder = try temporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder + "/apps/demo/todos", withIntermediateDirectories: true)
        try app.write(toFile: folder + "/apps/demo/todos/index.html", atomically: true, encoding: .utf8)
        let nested = try crawlFolder(folder, start: "/apps/demo/todos/", configure: budget).model
        XCTAssertEqual(nested.states.map(Self.todoScreen).sorted(), alone.states.map(Self.todoScreen).sorted(), "served from a folder")
        XCTAssertEqual(nested.edges.count, alone.edges.count, "served from a folder")

        // The app's body goes where the chrome says; its head (title, styles) stays the page's.
        let chrome = try String(contentsOfFile: Self.sites + "/../chrome/portal.html", encoding: .utf8)
        let body = try XCTUnwrap(app.range(of: "<body>")), end = try XCTUnwrap(app.range(of: "</body>"))
        let page = String(app[..<body.upperBound]) + chrome.replacingOccurrences(of: "<!-- app -->", with: String(app[body.upperBound..<end.lowerBound]))
            + String(app[end.lowerBound...])
        let embedding = try temporaryDirectory()
        try page.write(toFile: embedding + "/index.html", atomically: true, encoding: .utf8)
        let (embedded, log) = try crawlFolder(embedding, configure: budget)
        XCTAssertEqual(Set(embedded.states.map(Self.todoScreen)), screens, "embedded: \(embedded.states.map { $0.name ?? "" })")
        XCTAssertEqual(embedded.states.count, alone.states.count, "embedded: \(embedded.states.map { ($0.name ?? "") + " " + $0.context })")
        XCTAssertTrue(embedded.stats.stopReason.isComplete, "\(embedded.stats.stopReason)")
        // 12 screens, two of them the empty list under a filter's route, tested by an "add" from there: the embedded
        // app ends by itself in about 310 events (the alone one in about 175).
        let events = log.filter { $0["type"] as? String == "event" }.count
        XCTAssertLessThanOrEqual(events, 400)
    }
}

extension CrawlEndToEndTests {
    /// A small shop written to show what round 4's apps needed (issue 29): cards a finger taps (each holds a button of
    /// its own) that open a sheet over the whole window, a "Like" button that only changes its own label, one product
    /// page whose address picks the product, an "Add to cart" whose only sign on the screen is its label while the
    /// cart the header's icon link leads to changes, a view of what was liked (kept in memory), and a banner that
    /// slides off the screen once answered. The model is what a tester draws: nine screens, and the two liked views again
    /// with the banner still on screen.
    func testWhatTheScreenShowsAndWhatTheAppWrote() throws {
        let (model, log) = try crawlSite("shop", configure: { $0.settings.maxEvents = 300 })
        XCTAssertTrue(model.stats.stopReason.isComplete, "\(model.stats.stopReason)")
        let names = model.states.map { ($0.name ?? "") + " " + $0.context }
        // The banner slid below the screen is gone: the catalogue with and without it, not more.
        let catalogue = model.states.filter { $0.context == "/" && has($0, "heading Catalogue") }
        XCTAssertEqual(catalogue.filter { has($0, "\"OK\"") }.count, 1, "\(names)")
        XCTAssertEqual(catalogue.filter { !has($0, "\"OK\"") }.count, 1, "\(names)")
        // The cards, rows of a list though each holds a button, are tapped (the first, named by what it shows, not
        // by its button) and open the sheet, on which nothing of the page under it is on the screen.
        XCTAssertTrue(model.edges.contains { $0.event == "tap cell \"Lamp\"" },
                      "\(model.edges.map(\.event))")
        let sheets = model.states.filter { has($0, "heading Details") }
        XCTAssertEqual(sheets.count, 1, "\(names)")
        XCTAssertFalse(sheets.contains { has($0, "\"Like\"") || has($0, "heading Catalogue") || has($0, "\"OK\"") }, "\(sheets.map { $0.properties ?? [] })")
        XCTAssertTrue(model.edges.contains { $0.event == "tap button \"Back\"" }, "the sheet's back button is named by its icon's title")
        // The cards are a list's rows, their "Like" the rows' content (no control of the screen's own); "Like" and
        // "Unlike" are one control.
        XCTAssertTrue(catalogue.allSatisfy { has($0, "list cards") && !has($0, "\"Like\"") && !has($0, "heading Lamp") }, "\(catalogue.map { $0.properties ?? [] })")
        XCTAssertTrue((model.decisions ?? []).contains { $0.kind == .selfContained && $0.reason.contains("\"Like\" → \"Unlike\"") }, "\(model.decisions ?? [])")
        XCTAssertTrue(model.edges.contains { $0.event == "tap link \"Cart\"" }, "\(model.edges.map(\.event))")
        // One product page whatever the product.
        XCTAssertEqual(model.states.filter { $0.context == "/product.html" }.count, 1, "\(names)")
        XCTAssertTrue((model.decisions ?? []).contains { $0.kind == .coarsen && $0.reason.contains("addresses of one kind") }, "\(model.decisions ?? [])")
        // What "Add to cart" wrote shows in the cart: both carts are found, and the button is never taken for inert.
        let carts = model.states.filter { $0.context == "/cart.html" }
        XCTAssertEqual(Set(carts.map { has($0, "emptyList items") ? "empty" : has($0, "list items") ? "items" : "?" }), ["empty", "items"], "\(names)")
        XCTAssertFalse((model.decisions ?? []).contains { $0.kind == .inert && $0.subject.contains("Add to cart") })
        XCTAssertEqual(model.states.filter { $0.context == "/about.html" }.count, 1)
        // What a "Like" changed shows on the liked view: the catalogue with a product liked is the catalogue (one
        // state), and it is explored all the same — the view is found empty and with a row.
        let likedViews = model.states.filter { has($0, "heading Liked") }
        XCTAssertEqual(Set(likedViews.map { has($0, "emptyList liked-list") ? "empty" : has($0, "list liked-list") ? "rows" : "?" }), ["empty", "rows"], "\(names)")
        XCTAssertEqual(model.states.count, 11, "\(names)")
        XCTAssertLessThan(log.filter { $0["type"] as? String == "event" }.count, 300)
        // The header's links, skipped as global navigation where they had led to one page from three others, are
        // drawn as inferred transitions to it — never where the event was fired, and never steps of a replayed path.
        let inferred = model.edges.filter { $0.kind == .inferred }
        XCTAssertFalse(inferred.isEmpty, "\(model.edges.map { "\($0.from) \($0.event) \($0.to) \($0.kind)" })")
        let skipped = log.filter { $0["type"] as? String == "skip" && ($0["reason"] as? String ?? "").hasPrefix("global navigation") }
        XCTAssertFalse(skipped.isEmpty)
        for edge in inferred {
            XCTAssertTrue(["tap link \"Catalogue\"", "tap link \"About\"", "tap link \"Cart\""].contains(edge.event), edge.event)
            XCTAssertFalse(model.edges.contains { $0.kind != .inferred && $0.from == edge.from && $0.event == edge.event }, "\(edge)")
        }
        XCTAssertTrue(model.graph.edges.filter { model.edges[$0.index].kind == .inferred }.allSatisfy { !$0.isReplayable })
    }
}

extension CrawlEndToEndTests {
    /// A one-page site as templates build them: "Tell me more" scrolls the page by script for 0.8 s, a project opens
    /// a full-screen sheet whose "Close Project" lies below its fold, and the contact form answers with a message
    /// whose "×" is declared no part of the content. The model is the two screens a tester draws, whatever the
    /// order of the taps: the project opens at the first tap after the scroll, the sheet closes by its button, and the
    /// message is no screen of its own.
    func testAOnePageSiteWithAScrollingLinkASheetAndAMessage() throws {
        let (model, log) = try crawlSite("onepage")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let names = model.states.map { $0.name ?? "" }
        XCTAssertEqual(model.states.count, 2, "\(names)")
        let sheet = try XCTUnwrap(model.states.first { ($0.properties ?? []).contains { $0.contains("\"Close Project\"") } }, "\(names)")
        let page = try XCTUnwrap(model.states.first { $0.id != sheet.id })
        XCTAssertTrue(model.edges.contains { $0.from == page.id && $0.to == sheet.id && $0.event == "tap link \"Threads project\"" }, "\(model.edges.map(\.event))")
        XCTAssertTrue(model.edges.contains { $0.from == sheet.id && $0.to == page.id && $0.event == "tap button \"Close Project\"" })
        let taps = log.filter { $0["type"] as? String == "event" && $0["event"] as? String == "tap link \"Threads project\"" && $0["from"] as? String == page.id }
        XCTAssertFalse(taps.isEmpty)
        XCTAssertTrue(taps.allSatisfy { $0["to"] as? String == sheet.id }, "every tap on the project opened it: \(taps.map { $0["outcome"] ?? "" })")
        XCTAssertTrue(log.contains { $0["type"] as? String == "event" && ($0["event"] as? String ?? "").hasPrefix("fill") }, "the form was sent")
    }
}

extension CrawlEndToEndTests {
    /// A recipe marked favourite in its row (the home screen stays the same screen; the mark is kept in memory),
    /// then the Favorites view that shows it. The state found after that change in place is reached again by the events that found it,
    /// not by its shortest path (which opens an empty Favorites): every screen is explored, none given up.
    func testAStateFoundAfterAChangeInPlaceIsReachedByTheEventsThatFoundIt() throws {
        let (model, log) = try crawlSite("favourites")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let headings = Set(model.states.compactMap { ($0.properties ?? []).first { $0.hasPrefix("heading ") } })
        XCTAssertEqual(headings, ["heading All recipes", "heading Your favorites", "heading No favorites yet"], "\(model.states.map { $0.name ?? "" })")
        XCTAssertFalse(log.contains { $0["type"] as? String == "unreachable" }, "no state given up")
        XCTAssertFalse(log.contains { $0["type"] as? String == "abstraction" && $0["decision"] as? String == "refine" },
                       "data written on the way is no reason to refine a screen")
        // Every event of the favourites screen was fired from it (its "Unfavorite" buttons, its menu).
        let withFavourites = try XCTUnwrap(model.states.first { ($0.properties ?? []).contains("heading Your favorites") })
        let fired = Set(log.filter { $0["type"] as? String == "event" && $0["from"] as? String == withFavourites.id }.compactMap { $0["event"] as? String })
        XCTAssertTrue(fired.contains { $0.contains("Unfavorite") }, "\(fired)")
    }
}

extension CrawlEndToEndTests {
    /// A till whose Grid/List switch proves to change nothing but itself, after the order with dishes was found by
    /// events that passed through the List state: the switch's state is then one with the menu, and replaying those
    /// events (the order's shortest path opens an empty order: the order is kept in storage, which a restart clears)
    /// follows them through it. The order is reached again, its "Pay" and "Remove" fired from it, and no screen is
    /// refined because of a trace that could not be followed.
    func testTheEventsThatFoundAStateAreFollowedThroughStatesThatProvedOneSince() throws {
        let (model, log) = try crawlSite("till")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let names = model.states.map { $0.name ?? $0.id }
        let headings = Set(model.states.compactMap { ($0.properties ?? []).first { $0.hasPrefix("heading ") } })
        XCTAssertEqual(headings, ["heading Menu", "heading Your order", "heading Your order is empty", "heading Paid, thank you"], "\(names)")
        XCTAssertEqual(model.states.count, 4, "\(names)")
        XCTAssertFalse(log.contains { $0["type"] as? String == "abstraction" && $0["decision"] as? String == "refine" },
                       "\(log.filter { $0["type"] as? String == "abstraction" || $0["type"] as? String == "replay" })")
        XCTAssertFalse(log.contains { $0["type"] as? String == "unreachable" }, "no state given up")
        let withDishes = try XCTUnwrap(model.states.first { ($0.properties ?? []).contains("heading Your order") })
        let fired = Set(log.filter { $0["type"] as? String == "event" && $0["from"] as? String == withDishes.id }.compactMap { $0["event"] as? String })
        XCTAssertTrue(fired.contains { $0.contains("Pay") } && fired.contains { $0.contains("Remove") }, "\(fired)")
    }
}

extension CrawlEndToEndTests {
    /// A menu's category chips show the dishes of one category (nine, three, two, four rows of one shape): the chip
    /// moved the selection and the list showed other rows, which are data — one menu screen whichever is chosen,
    /// with the decision and its evidence; a dish's detail is the other screen.
    func testCategoryChipsThatOnlyChooseAListsRowsAreOneScreen() throws {
        let (model, log) = try crawlSite("categories")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let names = model.states.map { $0.name ?? $0.id }
        XCTAssertEqual(model.states.filter { ($0.properties ?? []).contains("heading Menu") }.count, 1, "\(names) \(model.states.map { $0.properties ?? [] })")
        XCTAssertEqual(model.states.count, 2, "\(names)")
        XCTAssertTrue((model.decisions ?? []).contains { d in d.kind == .selfContained && ["Soups", "Mains", "Desserts"].contains { d.subject.contains($0) } },
                      "\((model.decisions ?? []).map { "\($0.kind) \($0.subject)" })")
        // The first chip that moved the selection makes the whole row's choice a value (`selectionGroup`), the chips
        // not tapped yet included, so no category state is found as a twin of the menu and fires every chip and dish
        // again (34–42 events when each chip was learnt alone).
        let first = try XCTUnwrap((model.decisions ?? []).first { $0.kind == .selfContained }, "\((model.decisions ?? []).map { "\($0.kind) \($0.subject)" })")
        XCTAssertTrue(first.reason.contains("its group's") && first.reason.contains("value for 2 more controls of the row"), first.reason)
        XCTAssertLessThanOrEqual(model.stats.events, 24, "\(model.stats)")
        XCTAssertFalse(log.contains { $0["type"] as? String == "abstraction" && $0["decision"] as? String == "refine" })
    }
}

extension CrawlEndToEndTests {
    /// An add dialog laid out without a form, its fields ending in a picker on its placeholder before "Add": the
    /// crawl fills them with the picker's first choice and sends them by "Add", and reaches the stock with items.
    func testFieldsWithoutAFormEndingInAPickerAreSentByTheButtonPastIt() throws {
        let (model, _) = try crawlSite("stockroom")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let names = model.states.map { ($0.name ?? $0.id) + " " + ($0.properties ?? []).joined(separator: "; ") }
        let stocked = model.states.filter { ($0.properties ?? []).contains { $0.hasPrefix("list ") } && !($0.properties ?? []).contains("heading New item") }
        XCTAssertEqual(stocked.count, 1, "\(names)")
        XCTAssertTrue(model.edges.contains { $0.to == stocked.first?.id && $0.event.hasPrefix("fill ") }, "\(model.edges.map(\.event))")
    }
}

extension CrawlEndToEndTests {
    /// A shelf built around hand-made dialogs (plain divs over a dimmed backdrop): the add dialog is one screen
    /// whether books or nothing lie dimmed behind it, and its "Save" — refused by the browser while its required
    /// fields are empty — is still on it. Four screens, as a tester draws them: the shelf, the empty shelf, the add
    /// dialog and the confirmation.
    func testADialogOverADimmedPageIsOneScreenWhateverLiesBehindIt() throws {
        let (model, _) = try crawlSite("dialogs")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let names = model.states.map { $0.name ?? $0.id }
        let adding = model.states.filter { ($0.properties ?? []).contains("heading New book") }
        XCTAssertEqual(adding.count, 1, "\(names)")
        let dialog = try XCTUnwrap(adding.first)
        XCTAssertTrue((dialog.properties ?? []).contains { $0.contains("\"Save\"") }, "\(dialog.properties ?? [])")
        XCTAssertFalse((dialog.properties ?? []).contains { $0.hasPrefix("list ") || $0.hasPrefix("emptyList ") || $0.contains("\"Add book\"") },
                       "what lies dimmed behind the dialog is not the dialog: \(dialog.properties ?? [])")
        XCTAssertEqual(model.states.filter { ($0.properties ?? []).contains("heading Remove every book?") }.count, 1, "\(names)")
        XCTAssertEqual(model.states.count, 4, "\(names)")
        // Both shelves lead to the one dialog.
        let intoDialog = Set(model.edges.filter { $0.to == dialog.id && $0.event.contains("Add book") }.map(\.from))
        XCTAssertEqual(intoDialog.count, 2, "\(model.edges.map { "\($0.from) → \($0.to) \($0.event)" })")
    }
}

extension CrawlEndToEndTests {
    /// A grid of cards without list markup that opens on one card: once a second card showed the grid's rows, the
    /// lone card is the list's row too — its status toggle and delete button are row content — and the model is the
    /// two screens a tester draws, the list with cards and the empty list, with the decision and its evidence.
    func testAGridOfCardsIsOneListWhetherItHoldsOneCardOrSeveral() throws {
        let (model, log) = try crawlSite("cards")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let names = model.states.map { $0.name ?? $0.id }
        XCTAssertEqual(model.states.count, 2, "\(names) \(model.states.map { $0.properties ?? [] })")
        XCTAssertEqual(model.states.filter { ($0.properties ?? []).contains { $0.hasPrefix("list grid ") } }.count, 1, "\(names)")
        XCTAssertFalse(model.states.contains { ($0.properties ?? []).contains { $0.contains("\"Not read\"") || $0.contains("\"Delete\"") } },
                       "a card's controls are row content: \(model.states.map { $0.properties ?? [] })")
        let decision = try XCTUnwrap((model.decisions ?? []).first { $0.kind == .list }, "\(model.decisions)")
        XCTAssertTrue(decision.reason.contains("#grid"), decision.reason)
        XCTAssertTrue(log.contains { $0["type"] as? String == "abstraction" && $0["decision"] as? String == "list" })
        XCTAssertFalse(log.contains { $0["type"] as? String == "abstraction" && $0["decision"] as? String == "refine" }, "no screen refined")
    }
}


extension CrawlEndToEndTests {
    /// An application form whose fields each constrain what they accept (a letters-only name, a phone pattern shown
    /// by its placeholder, a code pattern, numbers within bounds and on a step of 500, a start date the page's own
    /// script wants after today, a cover letter of at least 100 characters, terms to agree to): the crawl fills it
    /// with values the browser and the page accept, ticks the required box, and reaches the confirmation. Two screens, as a tester draws them.
    func testAFormThatConstrainsItsFieldsIsFilledWithValuesItAccepts() throws {
        let (model, log) = try crawlSite("application")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let names = model.states.map { $0.name ?? $0.id }
        let thanks = try XCTUnwrap(model.states.first { ($0.properties ?? []).contains("heading Thank you") }, "\(names)")
        let form = try XCTUnwrap(model.states.first { ($0.properties ?? []).contains("heading Apply") }, "\(names)")
        XCTAssertTrue(model.edges.contains { $0.from == form.id && $0.to == thanks.id && $0.event.hasPrefix("fill ") },
                      "\(model.edges.map { "\($0.from) → \($0.to) \($0.event)" })")
        XCTAssertEqual(model.states.count, 2, "\(names)")
        // The date is picked (set with its events), the rest typed.
        let fill = try XCTUnwrap(model.edges.first { $0.to == thanks.id })
        XCTAssertTrue((fill.action ?? []).contains { $0.command == .setValue }, "\(fill.action ?? [])")
        XCTAssertTrue((fill.action ?? []).contains { $0.command == .tap && $0.component == "checkbox" }, "the terms are agreed to: \(fill.action ?? [])")
        XCTAssertFalse(log.contains { ($0["error"] as? String) != nil && ($0["event"] as? String ?? "").hasPrefix("fill") })
    }
}

extension CrawlEndToEndTests {
    /// A four-step wizard moved through by one "Next" button: each step offers other controls, so pressing "Next" a
    /// third and a fourth time is progress, not a repetition the repeat bound stops, and the crawl reaches "Thank
    /// you". Five screens, as a tester draws them.
    func testAWizardsOneNextButtonLeadsThroughEveryStep() throws {
        let (model, log) = try crawlSite("wizard")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let names = model.states.map { $0.name ?? $0.id }
        for heading in ["Your plan", "Add-ons", "Delivery", "Summary", "Thank you"] {
            XCTAssertEqual(model.states.filter { ($0.properties ?? []).contains("heading " + heading) }.count, 1, "\(heading): \(names)")
        }
        XCTAssertEqual(model.states.count, 5, "\(names)")
        // (Skipped on a state that proved one with a step it was fired on twice, it is not a repetition: the model has
        // that step's transition.)
        XCTAssertFalse(log.contains { $0["type"] as? String == "skip" && ($0["event"] as? String ?? "").contains("Next")
                                      && ($0["reason"] as? String ?? "").contains("on the path here") }, "Next is never bounded as a repetition")
    }

    /// A guide whose place cards lead to hash routes of one collection (`#/place/colosseum`, `#/place/pantheon`, …):
    /// one place screen whichever place it shows, beside the list and a top-level About page.
    func testPlacesOfOneCollectionAreOneScreen() throws {
        let (model, _) = try crawlSite("collection")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let names = model.states.map { ($0.name ?? $0.id) + " " + $0.context }
        XCTAssertEqual(model.states.count, 3, "\(names)")
        XCTAssertEqual(model.states.filter { ($0.properties ?? []).contains("route #/place/*") }.count, 1, "\(names)")
        XCTAssertTrue(model.states.contains { ($0.properties ?? []).contains("heading About") }, "\(names)")
        XCTAssertTrue((model.decisions ?? []).contains { $0.kind == .coarsen && $0.reason.contains("#/place/*") }, "\(model.decisions ?? [])")
    }

    /// A how-to whose "Next" leads through lessons that differ only in their titles (the controls stay the same from
    /// the second lesson to the fifth): each title is a screen of its own, and "Next" moves on through all six.
    func testATutorialsNextLeadsThroughLessonsThatDifferOnlyInTheirTitles() throws {
        let (model, log) = try crawlSite("tutorial")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let names = model.states.map { $0.name ?? $0.id }
        for heading in ["The board", "Moving a piece", "Turning a piece", "Dropping a piece", "Clearing lines", "Scoring"] {
            XCTAssertEqual(model.states.filter { ($0.properties ?? []).contains("heading " + heading) }.count, 1, "\(heading): \(names)")
        }
        XCTAssertEqual(model.states.count, 6, "\(names)")
        // (Skipped on a state that proved one with a step it was fired on twice, it is not a repetition: the model has
        // that step's transition.)
        XCTAssertFalse(log.contains { $0["type"] as? String == "skip" && ($0["event"] as? String ?? "").contains("Next")
                                      && ($0["reason"] as? String ?? "").contains("on the path here") }, "Next is never bounded as a repetition")
    }

    /// A row of lengths and a list of tracks, one of each marked as chosen by a class: choosing another moves the mark
    /// and changes the text read out at most, so the place is one screen whichever is chosen; its two tabs show other
    /// elements (a paragraph, a list) and stay two screens.
    func testChoosingOneOfARowOfButtonsIsNoNewScreenButATabShowingOtherTextIs() throws {
        let (model, _) = try crawlSite("chosen")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let names = model.states.map { ($0.name ?? $0.id) + " " + ($0.properties ?? []).joined(separator: "; ") }
        XCTAssertEqual(model.states.count, 2, "\(names)")
        XCTAssertEqual(Set(model.states.compactMap { s in ["Overview", "History"].first { t in (s.properties ?? []).contains { $0.contains("\"\(t)\" (selected)") } } }),
                       ["Overview", "History"], "\(names)")
        XCTAssertTrue((model.decisions ?? []).contains { $0.kind == .selfContained && $0.subject.contains("min") }, "\(model.decisions ?? [])")
    }

    /// A select is chosen in as a finger would: each of its choices tried. "Custom" shows colour fields under a
    /// heading of their own (another screen), Light and Dark and the list's order change values only (the same
    /// screen), and choosing Light leads back.
    func testChoosingInASelectReachesWhatOneChoiceShows() throws {
        let (model, log) = try crawlSite("choices")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let names = model.states.map { ($0.name ?? $0.id) + " " + ($0.properties ?? []).joined(separator: "; ") }
        XCTAssertEqual(model.states.count, 2, "\(names)")
        guard let custom = model.states.first(where: { ($0.properties ?? []).contains("heading Custom colours") }),
              let plain = model.states.first(where: { !($0.properties ?? []).contains("heading Custom colours") }) else {
            return XCTFail("no state with the custom colours and one without: \(names)")
        }
        XCTAssertTrue(model.edges.contains { $0.from == plain.id && $0.to == custom.id && $0.event.hasPrefix("choose \"Custom\"") }, "\(model.edges.map(\.event))")
        XCTAssertTrue(model.edges.contains { $0.from == custom.id && $0.to == plain.id && $0.event.hasPrefix("choose \"Light\"") }, "\(model.edges.map(\.event))")
        XCTAssertTrue(log.contains { ($0["event"] as? String ?? "").hasPrefix("choose \"Z to A\"") && $0["outcome"] as? String == "in-place change" },
                      "the order chosen, a value: the same state")
    }
}

extension CrawlEndToEndTests {
    /// A catalogue narrowed by filter boxes over a grid of cards the page listens on (no links inside), emptied by
    /// some choices ("No books match"), and a book's page per card: the three screens a tester draws, not a state per
    /// combination of boxes (95 states before: each box's state and each card's title told states apart). A card left
    /// alone by the filters is the grid's row all the same; a box that emptied the grid from one catalogue and narrowed
    /// it from another is no reason to refine the catalogue.
    func testFiltersOverAGridOfCardsAreOneScreenAndNoMatchIsAnother() throws {
        let (model, _) = try crawlSite("filters")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let names = model.states.map { ($0.name ?? $0.id) + " " + $0.context + " " + ($0.properties ?? []).joined(separator: "; ") }
        let catalogue = model.states.filter { $0.context == "/" && ($0.properties ?? []).contains { $0.hasPrefix("list grid") } }
        let none = model.states.filter { ($0.properties ?? []).contains("heading No books match") }
        let book = model.states.filter { $0.context.hasPrefix("/book.html") }
        XCTAssertEqual([catalogue.count, none.count, book.count], [1, 1, 1], "\(names)")
        XCTAssertEqual(model.states.count, 3, "\(names)")
        XCTAssertFalse(model.states.contains { ($0.properties ?? []).contains("heading Winter Verses") }, "a card's title is the row's, not the screen's")
        guard let c = catalogue.first?.id, let n = none.first?.id, let b = book.first?.id else { return }
        XCTAssertTrue(model.edges.contains { $0.from == c && $0.to == b && $0.event.hasPrefix("tap ") && $0.event.contains("£") }, "\(model.edges.map(\.event))")
        XCTAssertTrue(model.edges.contains { $0.from == c && $0.to == n && $0.event.hasPrefix("tap checkbox") })
        XCTAssertTrue(model.edges.contains { $0.from == n && $0.to == c && $0.event == "tap button \"Show all books\"" })
        // Ticking a box that narrows the grid is a transition of the catalogue to itself, as a tester draws it.
        XCTAssertTrue(model.edges.contains { $0.from == c && $0.to == c && $0.event == "tap checkbox \"History\"" }, "\(model.edges.map { "\($0.from) \($0.event) \($0.to)" })")
        let decisions = model.decisions ?? []
        XCTAssertTrue(decisions.contains { $0.kind == .selfContained && $0.subject == "tap checkbox \"Cooking\"" }, "\(decisions)")
        XCTAssertFalse(decisions.contains { $0.kind == .refine }, "\(decisions.filter { $0.kind == .refine })")
    }
}

extension CrawlEndToEndTests {
    /// A sidebar left `aria-hidden` by a layout that hides it on phones is what a person sees and uses: its buttons
    /// are controls of every screen, as they are to the tester who draws them. A dismiss "×" declared hidden stays out.
    func testASidebarDeclaredHiddenButInUseIsOnTheScreen() throws {
        let (model, _) = try crawlSite("hidden-sidebar")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let names = model.states.map { ($0.name ?? $0.id) + " " + ($0.properties ?? []).joined(separator: "; ") }
        XCTAssertEqual(Set(model.states.compactMap { ($0.properties ?? []).first { $0.hasPrefix("heading ") } }),
                       ["heading All notes", "heading Archive", "heading Trash", "heading New note"], "\(names)")
        XCTAssertEqual(model.states.count, 4, "\(names)")
        XCTAssertTrue(model.states.allSatisfy { ($0.properties ?? []).contains("control button#new → click \"New note\"") }, "\(names)")
        XCTAssertFalse(model.states.contains { ($0.properties ?? []).contains { $0.contains("×") } }, "\(names)")
    }
}

extension CrawlEndToEndTests {
    /// Month pages of a calendar, one kind of page: the address picks the month and the title names it ("November
    /// 2026"), and "Previous" and "Next" lead on without end. The title is data there as the heading is — a date
    /// written with a month's name, masked as its numbers are: the model is the landing page and the month page,
    /// whose "Previous" and "Next" lead to itself — not a state per month. (Titles naming other data are coarsened
    /// by addresses of one kind: `testWhatTheScreenShowsAndWhatTheAppWrote`.)
    func testPagesOfOneKindWhoseTitlesNameTheirDataAreOneState() throws {
        let (model, _) = try crawlSite("calendar")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let names = model.states.map { ($0.name ?? $0.id) + " " + ($0.properties ?? []).joined(separator: "; ") }
        XCTAssertEqual(model.states.count, 2, "\(names)")
        guard let landing = model.states.first(where: { ($0.properties ?? []).contains("heading Calendar") }),
              let month = model.states.first(where: { $0.id != landing.id }) else { return XCTFail("\(names)") }
        XCTAssertTrue(model.edges.contains { $0.from == landing.id && $0.to == month.id && $0.event == "tap link \"Open this month\"" })
        XCTAssertTrue(model.edges.contains { $0.from == month.id && $0.to == month.id && $0.event == "tap link \"Next\"" }, "\(model.edges.map(\.event))")
        XCTAssertTrue(model.edges.contains { $0.from == month.id && $0.to == month.id && $0.event == "tap link \"Previous\"" })
        XCTAssertTrue((month.properties ?? []).contains("title # #"), "\(month.properties ?? [])")
    }
}

extension CrawlEndToEndTests {
    /// A menu panel fixed to the screen's side inside a `<nav>` that holds nothing in the flow (0 × 0): the hamburger
    /// slides it in and out. What the panel shows is on the screen although the box around it is empty, so the menu
    /// open is a screen of its own on each page, and the hamburger is never taken for a control that changes only
    /// itself. Four screens, as a tester draws them.
    func testAMenuPanelFixedOutsideItsEmptyBoxIsOnTheScreen() throws {
        let (model, _) = try crawlSite("offcanvas")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let screens = Set(model.states.map { "\($0.context) \(has($0, "(expanded)") && has($0, "\"About\"") ? "open" : has($0, "\"About\"") ? "?" : "closed")" })
        XCTAssertEqual(screens, ["/ closed", "/ open", "/about.html closed", "/about.html open"], "\(model.states.map { $0.properties ?? [] })")
        XCTAssertEqual(model.states.count, 4)
        XCTAssertFalse((model.decisions ?? []).contains { $0.kind == .selfContained }, "\(model.decisions ?? [])")
        XCTAssertTrue(model.edges.contains { $0.event == "tap link \"About\"" && $0.to == model.states.first { $0.context == "/about.html" && !has($0, "(expanded)") }?.id })
    }
}

extension CrawlEndToEndTests {
    /// A drill whose "Start" draws a question at random, in a mode the home screen only marks (kept in memory): a
    /// replayed "Start" that shows another question, or a question of the other mode, is one screen with other data
    /// or what the app held — never a reason to tell the home screens apart by what they show. The mode chosen on the
    /// home screen is tried with "Start" after it. Three screens, as a tester draws them.
    func testQuestionsDrawnAtRandomInAModeChosenInPlaceAreNoReasonToRefine() throws {
        let (model, _) = try crawlSite("drill")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let screens = model.states.map { has($0, "heading Pick a mode") ? "home" : has($0, "textField#result") ? "sums" : has($0, "control button#home") ? "words" : "?" }
        XCTAssertEqual(screens.sorted(), ["home", "sums", "words"], "\(model.states.map { $0.properties ?? [] })")
        XCTAssertFalse((model.decisions ?? []).contains { $0.kind == .refine }, "\(model.decisions ?? [])")
    }
}

extension CrawlEndToEndTests {
    /// Two pages sharing what is kept in localStorage: the kept page is opened before anything is kept (empty), and
    /// "Keep" on the home page writes without changing it. The session that wrote opens the kept page again, while
    /// its browser holds what it wrote: three screens, as a tester draws them — home, kept with cards, kept empty.
    func testAPageOpenedBeforeAWriteIsOpenedAgainAfterIt() throws {
        let (model, _) = try crawlSite("keepsakes")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let kept = model.states.filter { $0.context == "/kept.html" }
        XCTAssertTrue(kept.contains { has($0, "Remove") }, "the kept page with its cards: \(kept.map { $0.properties ?? [] })")
        XCTAssertTrue(kept.contains { !has($0, "Remove") }, "the kept page empty: \(kept.map { $0.properties ?? [] })")
        XCTAssertEqual(model.states.count, 3, "\(model.states.map { $0.name ?? $0.id })")
        let home = try XCTUnwrap(model.states.first { $0.context == "/" })
        let withCards = Set(kept.filter { has($0, "Remove") }.map(\.id))
        XCTAssertTrue(model.edges.contains { $0.from == home.id && withCards.contains($0.to) },
                      "\(model.edges.map { "\($0.from) → \($0.to) \($0.event)" })")
    }

    /// A game whose rounds write a result drawn at random into one heading: that heading's text is data, and only
    /// it — the hands (buttons told apart by their names only), the rules' own heading and the "?" still tell screens
    /// apart. Four screens, as a tester draws them: before play, playing, and each with the rules shown.
    func testAHeadingWhoseTextVariesIsDataAndNothingElseIs() throws {
        let (model, _) = try crawlSite("rounds")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let screens = model.states.map { (has($0, "Select Rock") ? "playing" : "before play") + (has($0, "heading How hands beat each other") ? " + rules" : "") }
        XCTAssertEqual(screens.sorted(), ["before play", "before play + rules", "playing", "playing + rules"], "\(model.states.map { $0.properties ?? [] })")
        XCTAssertTrue(model.states.allSatisfy { !has($0, "you win") && !has($0, "you lose") && !has($0, "a draw") }, "the result is data")
        let decisions = model.decisions ?? []
        XCTAssertTrue(decisions.contains { $0.kind == .coarsen && $0.reason.contains("text of the heading") }, "\(decisions)")
        XCTAssertFalse(decisions.contains { $0.kind == .coarsen && $0.reason.contains("labels there are data") }, "\(decisions)")
    }
}

extension CrawlEndToEndTests {
    /// A day picker folded away by clipping it to no height (`max-height: 0; overflow: hidden`): its buttons keep
    /// boxes of their own, but nothing of them shows, so the folded form does not offer them. Two screens, as a
    /// tester draws them: the form with the calendar folded, and unfolded.
    func testControlsInABoxFoldedToNoHeightAreNotOnTheScreen() throws {
        let (model, _) = try crawlSite("folded")
        XCTAssertEqual(model.stats.stopReason, .explored)
        XCTAssertEqual(model.states.map { has($0, "Later week") ? "unfolded" : "folded" }.sorted(), ["folded", "unfolded"],
                       "\(model.states.map { $0.properties ?? [] })")
        let folded = try XCTUnwrap(model.states.first { !has($0, "Later week") })
        XCTAssertFalse(has(folded, "Earlier week") || has(folded, "(week #)"), "\(folded.properties ?? [])")
        XCTAssertTrue(model.edges.contains { $0.from == folded.id && $0.to != folded.id && $0.event.contains("Pick a day") })
    }
}

extension CrawlEndToEndTests {
    /// A seat map of thirty seats drawn as divs: once four seats tapped from the map with none picked all led to the
    /// map with a seat picked, the other seats are not fired there (alike siblings), and the crawl still books. Seats
    /// tapped where a seat is picked change the map in place, and such changes add up (no evidence). Three screens,
    /// as the crawl draws them: the map with "Book" disabled and enabled, and the booking confirmed.
    func testSiblingsThatProvedAlikeAreNotAllTapped() throws {
        let (model, log) = try crawlSite("seats")
        XCTAssertEqual(model.stats.stopReason, .explored)
        XCTAssertTrue(model.states.contains { ($0.properties ?? []).contains("heading Booked") }, "\(model.states.map { $0.name ?? $0.id })")
        XCTAssertEqual(model.states.count, 3, "\(model.states.map { $0.name ?? $0.id })")
        let none = try XCTUnwrap(model.states.first { ($0.properties ?? []).contains { $0.contains("\"Book\" (disabled)") } })
        let seatTaps = log.filter { $0["type"] as? String == "event" && $0["from"] as? String == none.id && $0["event"] as? String != "tap button \"Book\"" }
        XCTAssertLessThanOrEqual(seatTaps.count, 8, "\(seatTaps.compactMap { $0["event"] as? String })")
        XCTAssertTrue(log.contains { $0["type"] as? String == "skip" && ($0["reason"] as? String ?? "").hasPrefix("alike") })
    }
}

extension CrawlEndToEndTests {
    /// Contact rows drawn as divs with a pointer cursor, the page listening once at the document for taps inside one:
    /// no row has a listener of its own, yet a finger picks a contact. The rows are one list, tapped, and open the
    /// conversation. Two screens, as a tester draws them: no conversation open, and one open (whichever contact).
    func testRowsTheDocumentListensForAreTapped() throws {
        let (model, _) = try crawlSite("delegated")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let screens = model.states.map { has($0, "textField#message") ? "conversation" : "list" }
        XCTAssertEqual(screens.sorted(), ["conversation", "list"], "\(model.states.map { $0.properties ?? [] })")
        XCTAssertTrue(model.states.allSatisfy { state in (state.properties ?? []).contains { $0.hasPrefix("list ") } },
                      "the contacts are one list: \(model.states.map { $0.properties ?? [] })")
        let list = try XCTUnwrap(model.states.first { !has($0, "textField#message") })
        let open = try XCTUnwrap(model.states.first { has($0, "textField#message") })
        XCTAssertTrue(model.edges.contains { $0.from == list.id && $0.to == open.id }, "\(model.edges.map { "\($0.from) → \($0.to) \($0.event)" })")
    }
}

extension CrawlEndToEndTests {
    /// Bare pictures side by side that the page listens on (no link, no button): a finger taps a photo and a viewer
    /// opens. The pictures are one list, tapped. Two screens, as a tester draws them: the gallery and the viewer.
    func testPicturesThePageListensOnAreTapped() throws {
        let (model, _) = try crawlSite("gallery")
        XCTAssertEqual(model.stats.stopReason, .explored)
        XCTAssertEqual(model.states.map { has($0, "button#close") ? "viewer" : "gallery" }.sorted(), ["gallery", "viewer"],
                       "\(model.states.map { $0.properties ?? [] })")
        let gallery = try XCTUnwrap(model.states.first { !has($0, "button#close") })
        XCTAssertTrue(has(gallery, "list "), "the photos are one list: \(gallery.properties ?? [])")
        let viewer = try XCTUnwrap(model.states.first { has($0, "button#close") })
        XCTAssertTrue(model.edges.contains { $0.from == gallery.id && $0.to == viewer.id }, "\(model.edges.map { "\($0.from) → \($0.to) \($0.event)" })")
    }

    /// A wizard's step that asks only for a required choice, its radios hidden and drawn by their labels: the browser
    /// refuses "Next" until a choice is made, and each radio tapped alone leaves the step as it was. The step is sent
    /// with a choice made, as a form of fields is filled and sent. Three screens, as a tester draws them.
    func testAStepOfRequiredChoicesOnlyIsSentWithAChoiceMade() throws {
        let (model, _) = try crawlSite("levels")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let screens = model.states.map { has($0, "heading Your name") ? "name" : has($0, "heading Your level") ? "level" : has($0, "heading Welcome aboard") ? "welcome" : "?" }
        XCTAssertEqual(screens.sorted(), ["level", "name", "welcome"], "\(model.states.map { $0.properties ?? [] })")
        let level = try XCTUnwrap(model.states.first { has($0, "heading Your level") })
        let welcome = try XCTUnwrap(model.states.first { has($0, "heading Welcome aboard") })
        XCTAssertTrue(model.edges.contains { $0.from == level.id && $0.to == welcome.id && $0.event.hasPrefix("fill radio") },
                      "\(model.edges.map { "\($0.from) → \($0.to) \($0.event)" })")
    }
}

extension CrawlEndToEndTests {
    /// A stock table whose rows hang from a `tbody`, a search box and a category select without a label whose choices
    /// are the categories in stock, and "Add product" after them: a category that leaves one product is the table
    /// with one row, a product added in a new category (a choice more) is the table still, and the search box is sent
    /// by Return, not by "Add product". Four screens, as a tester draws them.
    func testATableFilteredToOneRowAndASelectOfDataChoicesAreOneScreen() throws {
        let (model, _) = try crawlSite("stock")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let screens = model.states.map {
            has($0, "heading Add product") ? "add" : has($0, "heading Edit product") ? "edit" : has($0, "heading No products found") ? "none" : has($0, "list ") ? "table" : "?"
        }
        XCTAssertEqual(screens.sorted(), ["add", "edit", "none", "table"], "\(model.states.map { $0.properties ?? [] })")
        XCTAssertTrue(model.states.allSatisfy { !has($0, "\"Edit\"") }, "a lone row's buttons are the list's")
        XCTAssertTrue(model.states.contains { has($0, "picker#category \"All categories\"") }, "\(model.states.map { $0.properties ?? [] })")
    }
}

extension CrawlEndToEndTests {
    /// A board whose columns hold one task card each, drawn with a pointer cursor, the page listening at the document:
    /// a lone card is a row of a list of one, tapped. The task opens in a dialog left `aria-hidden` by its script: its
    /// controls are what a person sees. Its heading is the title of the card tapped: which task is data, one screen.
    /// Three screens, as a tester draws them: the board, a task open, adding a task.
    func testALoneCardOpensItsTaskInADialogLeftDeclaredHidden() throws {
        let (model, log) = try crawlSite("board")
        XCTAssertEqual(model.stats.stopReason, .explored)
        func screen(_ s: CrawlModel.State) -> String {
            has(s, "button#save") ? "adding" : has(s, "button#close") ? "task" : "board"
        }
        XCTAssertEqual(model.states.map(screen).sorted(), ["adding", "board", "task"], "\(model.states.map { $0.properties ?? [] })")
        let board = try XCTUnwrap(model.states.first { screen($0) == "board" })
        XCTAssertTrue(has(board, "list todo"), "a column's lone card is a list's row: \(board.properties ?? [])")
        let task = try XCTUnwrap(model.states.first { screen($0) == "task" })
        XCTAssertTrue(model.edges.contains { $0.from == board.id && $0.to == task.id && $0.event.hasPrefix("tap cell") },
                      "\(model.edges.map { "\($0.from) → \($0.to) \($0.event)" })")
        let taps = Set(log.filter { $0["type"] as? String == "event" && ($0["event"] as? String ?? "").hasPrefix("tap cell") }.compactMap { $0["event"] as? String })
        XCTAssertGreaterThanOrEqual(taps.count, 2, "more than one task opened: \(taps)")
        XCTAssertTrue(log.contains { $0["type"] as? String == "abstraction" && ($0["reason"] as? String ?? "").contains("the text of the row it tapped") },
                      "the second task's dialog is the first's: \(log.filter { $0["type"] as? String == "abstraction" })")
    }
}

extension CrawlEndToEndTests {
    /// A shop of four pages: a cart preview rises over the lower part of a page and a translucent shade, and the
    /// product page's "←" calls history.back(), so where it lands depends on the page the product was opened from.
    /// The page under the sheet is not the screen (home with the preview is one state, whatever lies under it), and
    /// "←" landing on different pages is not a reason to split the product page. Six screens, as a tester draws them.
    func testASheetOverThePageAndABackButtonThatFollowsTheHistory() throws {
        let (model, log) = try crawlSite("sheet")
        XCTAssertEqual(model.stats.stopReason, .explored)
        func screen(_ s: CrawlModel.State) -> String {
            let page = (s.properties ?? []).first { $0.hasPrefix("container ") }.map { String($0.dropFirst(10)) } ?? "?"
            return page + (has(s, "#close-sheet") ? " + preview" : "")
        }
        XCTAssertEqual(model.states.map(screen).sorted(), ["/", "/ + preview", "/about.html", "/faq.html", "/product.html", "/product.html + preview"],
                       "\(model.states.map { $0.properties ?? [] })")
        let preview = try XCTUnwrap(model.states.first { screen($0) == "/ + preview" })
        XCTAssertFalse(has(preview, "/about.html"), "the page under the sheet is covered: \(preview.properties ?? [])")
        XCTAssertFalse(log.contains { $0["decision"] as? String == "refine" }, "\(log.filter { $0["type"] as? String == "abstraction" })")
        // "←" is recorded where it led, marked as going through the history: no path or generated test steps on it.
        let backs = model.edges.filter { $0.event.contains("←") }
        XCTAssertFalse(backs.isEmpty, "\(model.edges.map(\.event))")
        XCTAssertEqual(backs.map(\.throughHistory), backs.map { _ in true }, "\(backs)")
        XCTAssertEqual(model.edges.filter { $0.throughHistory == true }.count, backs.count, "only the page's own back goes through the history")
        let graph = model.graph
        XCTAssertEqual(graph.edges.filter { !$0.isReplayable }.map { model.edges[$0.index].event }.sorted(), backs.map(\.event).sorted())
    }
}


extension CrawlEndToEndTests {
    /// A list seeded with three habits, each deleted from a dialog its title opens: the crawl deletes them one after
    /// the other, as a person would, and reaches the screen with no habits — one deletion only shows the same list
    /// with a row fewer. Three screens; the empty one is reached again by the events that found it.
    func testAListEmptiedRowByRowShowsItsEmptyScreen() throws {
        let (model, log) = try crawlSite("streaks")
        XCTAssertEqual(model.stats.stopReason, .explored)
        func screen(_ s: CrawlModel.State) -> String {
            has(s, "button#delete") ? "habit" : has(s, "list habits") ? "habits" : has(s, "emptyList habits") ? "none" : "other"
        }
        XCTAssertEqual(model.states.map(screen).sorted(), ["habit", "habits", "none"], "\(model.states.map { $0.properties ?? [] })")
        let drains = log.filter { $0["type"] as? String == "drain" }
        XCTAssertEqual(drains.compactMap { $0["rows"] as? String }, ["3 → 2", "2 → 1"], "\(drains)")
        let none = try XCTUnwrap(model.states.first { screen($0) == "none" })
        XCTAssertTrue(model.edges.contains { $0.to == none.id && $0.event.contains("Delete") }, "\(model.edges.map { "\($0.from) → \($0.to) \($0.event)" })")
        XCTAssertFalse(log.contains { $0["type"] as? String == "abstraction" && $0["decision"] as? String == "refine" },
                       "rows taken away on the way are no reason to refine a screen: \(log.filter { $0["type"] as? String == "abstraction" })")
    }
}

extension CrawlEndToEndTests {
    /// A checkout whose buttons hand URLs to other apps by script (`upi://`, `mailto:`, `tel:`): on a phone another
    /// app opens; a browser tab cannot show them, and headless Chromium stopped answering input after the first, so
    /// the crawl ended `driver-error`. The app stays on its screen, as after a person dismisses "Open in …?", and the
    /// crawl goes on to the end: two screens (summary shown or not), each button tried.
    func testButtonsHandingURLsToOtherAppsLeaveTheAppOnItsScreen() throws {
        let (model, log) = try crawlSite("handoff")
        XCTAssertEqual(model.stats.stopReason, .explored)
        XCTAssertEqual(model.states.count, 2, "\(model.states.map { $0.name ?? "" })")
        let summary = try XCTUnwrap(model.states.first { has($0, "Close summary") }, "\(model.states.map { $0.properties ?? [] })")
        XCTAssertTrue(model.edges.contains { $0.to == summary.id && $0.event == "tap button \"Show summary\"" })
        let events = Set(log.filter { $0["type"] as? String == "event" }.compactMap { $0["event"] as? String })
        for label in ["Pay with your bank app", "Send the receipt by mail", "Call the shop"] {
            XCTAssertTrue(events.contains("tap button \"\(label)\""), "\(label) was tried: \(events)")
        }
        let stayed = log.filter { $0["type"] as? String == "event" && ($0["event"] as? String ?? "").contains("Pay with") }
        XCTAssertFalse(stayed.isEmpty)
        XCTAssertTrue(stayed.allSatisfy { $0["from"] as? String == $0["to"] as? String }, "\(stayed)")
    }
}

extension CrawlEndToEndTests {
    /// One "New contact" dialog that three views open, and a help page two of them open: the dialog's Cancel and the
    /// help page's "←" go back to whichever view opened them. The dialog is one state (its backdrop covers the view)
    /// and so is the help page; the model draws every way back a tester would, each such edge marked as depending on
    /// the way in. A menu button that goes back to one view whatever the way in is no such control.
    func testADialogOpenedFromSeveralScreensClosesToEach() throws {
        let (model, log) = try crawlSite("openers")
        XCTAssertEqual(model.stats.stopReason, .explored)
        func screen(_ s: CrawlModel.State) -> String {
            has(s, "\"Cancel\"") ? "dialog" : ["Help", "People", "Groups", "Settings"].first { has(s, "heading \($0)") } ?? "other"
        }
        XCTAssertEqual(model.states.map(screen).sorted(), ["Groups", "Help", "People", "Settings", "dialog"], "\(model.states.map { $0.properties ?? [] })")
        let name = Dictionary(uniqueKeysWithValues: model.states.map { ($0.id, screen($0)) })
        let edges = Set(model.edges.map { "\(name[$0.from]!) → \(name[$0.to]!): \($0.event)" })
        for view in ["People", "Groups", "Settings"] {
            XCTAssertTrue(edges.contains("dialog → \(view): tap button \"Cancel\""), "\(view): \(edges.sorted())")
        }
        for view in ["People", "Groups"] {
            XCTAssertTrue(edges.contains("Help → \(view): tap button \"← Back\""), "\(view): \(edges.sorted())")
        }
        // Of each control's ways back, the one found first may be a step of a path; the others depend on the way in.
        let cancels = model.edges.filter { $0.event == "tap button \"Cancel\"" }
        XCTAssertEqual(cancels.filter { $0.throughHistory == true }.count, cancels.count - 1, "\(cancels)")
        XCTAssertFalse(log.contains { $0["type"] as? String == "abstraction" && $0["decision"] as? String == "refine" },
                       "a way back that depends on the way in is no reason to refine: \(log.filter { $0["type"] as? String == "abstraction" })")
    }
}

extension CrawlEndToEndTests {
    /// "Save for later" writes the wish list to the browser's storage and leaves the shop as it was: the model still
    /// draws it, a transition of the shop to itself (the app changed, its screen did not); the wish list shows what
    /// was saved.
    func testAnEventThatWroteDataWhereNothingShowsIsATransitionToItsOwnState() throws {
        let (model, _) = try crawlSite("wishlist")
        XCTAssertEqual(model.stats.stopReason, .explored)
        let shop = try XCTUnwrap(model.states.first { has($0, "heading Products") })
        XCTAssertTrue(model.edges.contains { $0.from == shop.id && $0.to == shop.id && $0.event.contains("Save for later") },
                      "\(model.edges.map { "\($0.from) → \($0.to) \($0.event)" })")
        XCTAssertTrue(model.states.contains { has($0, "heading Wish list") && has($0, "list items") }, "\(model.states.map { $0.properties ?? [] })")
    }
}

extension CrawlEndToEndTests {
    /// A true-or-false quiz of ten statements, one at a time ("True" or "False" shows the next), then the score:
    /// every statement is the same screen with other text, so a crawl that fires each event once per state answered
    /// two statements and ended. The crawl goes on through the statements, as a person does, and reaches the score.
    func testAScreenThatMovesThroughItsContentIsFollowedToWhereItLeads() throws {
        let (model, log) = try crawlSite("quiz")
        XCTAssertEqual(model.stats.stopReason, .explored)
        XCTAssertTrue(model.states.contains { has($0, "heading Your score") }, "\(model.states.map { $0.properties ?? [] })")
        let progress = log.filter { $0["type"] as? String == "progress" }
        XCTAssertFalse(progress.isEmpty)
        XCTAssertTrue(progress.allSatisfy { ($0["events"] as? [String] ?? []).allSatisfy { ["tap button \"True\"", "tap button \"False\""].contains($0) } },
                      "\(progress)")
        XCTAssertLessThanOrEqual(progress.count, Progression.maxRounds * model.states.count, "\(progress.count)")
        XCTAssertTrue(model.edges.contains { e in e.event.hasPrefix("tap button") && model.states.contains { $0.id == e.to && has($0, "heading Your score") } },
                      "\(model.edges.map { "\($0.from) → \($0.to) \($0.event)" })")
    }
}

extension CrawlEndToEndTests {
    /// Fifteen questions, each with four answers worded for it: pick one, then "Next"; after the fifteenth, the score.
    /// Each question is a state of its own until the crawl has seen enough of them to take their wording for data, so
    /// no event brought the app back to a state it had left, and a crawl answered eight questions in 300 events. The
    /// cycle (answer, Next) is followed from one question to the next, as a person goes, and the questions are one
    /// state in the model; what was fired on one question is not fired again on the others.
    func testAQuizWhoseAnswersAreWordedForEachQuestionIsFollowedToItsScore() throws {
        let (model, log) = try crawlSite("capitals")
        XCTAssertEqual(model.stats.stopReason, .explored)
        XCTAssertTrue(model.states.contains { has($0, "heading Your score") }, "\(model.states.map { $0.properties ?? [] })")
        XCTAssertFalse(log.filter { $0["type"] as? String == "progress" }.isEmpty)
        XCTAssertLessThanOrEqual(model.states.count, 5, "start, a question, answered, the score: \(model.states.map(\.name))")
        XCTAssertLessThan(model.stats.events, 200, "\(model.stats.events) events")
    }
}

extension CrawlEndToEndTests {
    /// A to-do manager whose views are list items the page listens on through one listener on the sidebar, the first
    /// chosen, and whose heading names the chosen view; a live search box and "Help" in the header, the task field
    /// and "Add" in the add bar below the list. Each view is a screen, empty or with tasks (the heading naming the
    /// chosen row names a place, as a tab's does: a choice among rows is no row's detail), and the task field is
    /// filled and sent by "Add" apart from the search box (filled together, the search text hid every task added).
    /// The user's list below the views is chosen in the same sidebar. Nine screens, as a tester draws them: three
    /// views and the list, each empty and with tasks, and Help.
    func testViewsChosenInASidebarAreScreensAndTheAddBarIsFilledApartFromTheSearchBox() throws {
        let (model, log) = try crawlSite("views")
        XCTAssertEqual(model.stats.stopReason, .explored)
        func screen(_ s: CrawlModel.State) -> String {
            if has(s, "#close-help") { return "help" }
            let view = ["Inbox", "Starred", "Today", "Groceries"].first { v in (s.properties ?? []).contains("heading \(v)") } ?? "?"
            return view + (has(s, "list tasks") ? " tasks" : " empty")
        }
        XCTAssertEqual(model.states.map(screen).sorted(),
                       ["Groceries empty", "Groceries tasks", "Inbox empty", "Inbox tasks", "Starred empty", "Starred tasks", "Today empty", "Today tasks", "help"],
                       "\(model.states.map { $0.properties ?? [] })")
        let fills = log.filter { $0["type"] as? String == "event" && ($0["event"] as? String ?? "").hasPrefix("fill") }.compactMap { $0["event"] as? String }
        XCTAssertFalse(fills.contains { $0.contains("Search") && $0.contains("Add a task") }, "the search box and the task field filled apart: \(Set(fills))")
        XCTAssertFalse(log.contains { $0["type"] as? String == "abstraction" && ($0["reason"] as? String ?? "").contains("the text of the row it tapped") },
                       "a view's name in the heading is no row's data")
    }
}

extension CrawlEndToEndTests {
    /// A flashcard page whose grid of decks the page listens on once: its tiles are plain divs with a pointer cursor,
    /// and a tapped tile shows icons named by their tooltips ("Study", "Edit"). The tiles are one list and the grid
    /// no button; the icons are tapped through their tile, as a finger does. Studying moves through five cards drawn
    /// as a button named by the card: one state, coarsened at the second step. The edit dialog's list listens for
    /// taps on its rows, each with its own "×": a row is tapped beside it. The new-deck dialog's stepper and "Cancel"
    /// neither end nor send its fields: "Save" does. Six screens, as a tester draws them.
    func testTilesAndIconsAPageListensForAroundThemAreTapped() throws {
        let (model, _) = try crawlSite("decks")
        XCTAssertEqual(model.stats.stopReason, .explored)
        func screen(_ s: CrawlModel.State) -> String {
            has(s, "textField#deck-name") ? "new deck" : has(s, "Cancel edit") ? "editing" : has(s, "button#close-edit") ? "edit"
                : has(s, "button#known") ? "study" : has(s, "heading Session done") ? "summary" : has(s, "list decks") ? "decks" : "?"
        }
        let byId = Dictionary(uniqueKeysWithValues: model.states.map { ($0.id, screen($0)) })
        let edges = model.edges.map { "\(byId[$0.from] ?? "?") → \(byId[$0.to] ?? "?") \($0.event)" }
        XCTAssertEqual(model.states.map(screen).sorted(), ["decks", "edit", "editing", "new deck", "study", "summary"],
                       "\(model.states.map { $0.properties ?? [] })")
        XCTAssertTrue(edges.contains("decks → study tap button \"Study\""), "\(edges)")
        XCTAssertTrue(edges.contains("decks → edit tap button \"Edit\""), "\(edges)")
        XCTAssertTrue(edges.contains { $0.hasPrefix("study → summary ") }, "\(edges)")
        XCTAssertTrue(edges.contains { $0.hasPrefix("edit → editing tap cell ") }, "\(edges)")
        XCTAssertTrue(edges.contains { $0.hasPrefix("new deck → decks fill ") }, "\(edges)")
        XCTAssertTrue(model.decisions?.contains { $0.kind == .coarsen && $0.reason.contains("Got it") } == true, "\(model.decisions ?? [])")
    }
}
