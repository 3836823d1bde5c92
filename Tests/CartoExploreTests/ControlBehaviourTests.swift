import CartoCore
@testable import CartoExplore
import CartoModel
import XCTest

/// `ControlBehaviour` on abstract states: the evidence each decision needs, and what is no evidence.
final class ControlBehaviourTests: XCTestCase {
    typealias E = FrontierPassExample
    func screen(_ heading: String, _ controls: [String]) -> AbstractState {
        AbstractState(properties: [StateProperty(.container, "/"), StateProperty(.heading, heading)] + controls.map { StateProperty(.control, $0) }, name: heading)
    }

    func testInertNeedsTwoScreensAndNothingElse() {
        var behaviour = ControlBehaviour()
        let like = E.tap("Like")
        let home = screen("Home", ["link → /like \"Like\""]), home2 = screen("Home", ["link → /like \"Like\"", "button \"More\""])
        XCTAssertNil(behaviour.observe(like, in: 0, before: home, after: nil, unchanged: true))
        XCTAssertNil(behaviour.observe(like, in: 3, before: home2, after: nil, unchanged: true), "two states of one screen are not enough")
        let decision = behaviour.observe(like, in: 5, before: screen("About", ["link → /like \"Like\""]), after: nil, unchanged: true)
        XCTAssertEqual(decision?.kind, .inert)
        XCTAssertEqual(decision?.states, [0, 5])
        XCTAssertEqual(behaviour.normalize(home.properties), [StateProperty(.container, "/"), StateProperty(.heading, "Home")])

        // A control that once did something is never inert.
        var other = ControlBehaviour()
        _ = other.observe(like, in: 0, before: home, after: screen("Liked", []), unchanged: false)
        XCTAssertNil(other.observe(like, in: 1, before: screen("A", []), after: nil, unchanged: true))
        XCTAssertNil(other.observe(like, in: 2, before: screen("B", []), after: nil, unchanged: true))
        XCTAssertTrue(other.isEmpty)
    }

    /// Two states of one page are two screens to try a control on when the app's URL route differs, even where the
    /// selected tab names the route and the route is no part of the identity.
    func testTheLocationTellsScreensOfOnePageApart() {
        var behaviour = ControlBehaviour()
        let share = E.tap("Share")
        let page = screen("Todos", ["button \"Share\""])
        XCTAssertNil(behaviour.observe(share, in: 0, before: page, after: nil, unchanged: true, location: "/"))
        XCTAssertNil(behaviour.observe(share, in: 1, before: page, after: nil, unchanged: true, location: "/"), "the same place again")
        XCTAssertEqual(behaviour.observe(share, in: 2, before: page, after: nil, unchanged: true, location: "/#/active")?.kind, .inert)
    }

    /// Left as it was but for what the finger did itself: positions (the page scrolled) and the text of the fields it
    /// typed into. A value the app changed, or a screen elsewhere, is a change.
    func testLeftAsItWasIgnoresScrollingAndTheTypedText() {
        let email = UIElement(role: .textField, platformType: "input[type=email]", label: "Your email", value: "", frame: UIFrame(x: 0, y: 400, width: 200, height: 20),
                              actions: [.tap, .type], locator: "css selector:#email")
        let total = UIElement(role: .staticText, platformType: "output", label: "Total", value: "0", frame: UIFrame(x: 0, y: 500, width: 200, height: 20), locator: "css selector:#total")
        func page(email value: String, total sum: String = "0", scrolledBy dy: Double = 0, container: String = "/") -> UISnapshot {
            var e = email, t = total
            e.value = value; t.value = sum
            e.frame?.y -= dy; t.frame?.y -= dy
            return UISnapshot(context: ScreenContext(title: "T", container: container), root: UIElement(role: .window, platformType: "document", children: [e, t]))
        }
        let subscribe = CrawlEvent(kind: .fill, target: email, fields: [.init(field: email, kind: .email, text: "a@example.com")])
        let anchor = CrawlEvent(kind: .tap, target: UIElement(role: .link, platformType: "a", label: "Discussion", actions: [.tap], target: "/#discussion", locator: "css selector:#d"))
        // triggering: nothing but the finger's own doing
        XCTAssertTrue(ControlBehaviour.leftAsItWas(page(email: ""), page(email: "a@example.com"), by: subscribe))
        XCTAssertTrue(ControlBehaviour.leftAsItWas(page(email: ""), page(email: "", scrolledBy: 300), by: anchor))
        XCTAssertTrue(ControlBehaviour.leftAsItWas(page(email: ""), page(email: ""), by: anchor))
        // non-triggering: the app changed something, or the screen is elsewhere
        XCTAssertFalse(ControlBehaviour.leftAsItWas(page(email: ""), page(email: "a@example.com"), by: anchor), "a value the tap did not type")
        XCTAssertFalse(ControlBehaviour.leftAsItWas(page(email: ""), page(email: "a@example.com", total: "1"), by: subscribe))
        XCTAssertFalse(ControlBehaviour.leftAsItWas(page(email: ""), page(email: "", container: "/?q=*"), by: anchor))
        let accept = CrawlEvent(kind: .tap, target: UIElement(role: .button, platformType: "button", label: "Accept all", actions: [.tap], target: "click", locator: "css selector:#accept"))
        XCTAssertFalse(ControlBehaviour.leftAsItWas(page(email: ""), page(email: "", scrolledBy: 300), by: accept), "moved by a button: a banner sliding away")
    }

    /// A toggle that changed only itself on two different screens stops costing events, like an inert control; on
    /// two states of one screen it does not, nor once it did more.
    func testAToggleThatOnlyChangedItselfOnTwoScreensIsNotFiredAgain() {
        let dark = UIElement(role: .checkbox, platformType: "input[type=checkbox]", identifier: "dark", label: "Dark", value: "false", actions: [.tap], locator: "css selector:#dark")
        let tap = CrawlEvent(kind: .tap, target: dark)
        let key = ControlBehaviour.action(of: tap)!.key
        func flip(_ b: inout ControlBehaviour, _ heading: String, in state: Int, location: String = "/") -> ControlBehaviour.Decision? {
            b.observe(tap, in: state, before: screen(heading, ["checkbox#dark \"Dark\""]), after: screen(heading, ["checkbox#dark \"Dark\" (on)"]),
                      unchanged: false, location: location)
        }
        var behaviour = ControlBehaviour()
        XCTAssertEqual(flip(&behaviour, "Home", in: 0)?.kind, .selfContained)
        XCTAssertNil(flip(&behaviour, "Home", in: 1), "another state of the same screen")
        XCTAssertFalse(behaviour.inertActions.contains(key))
        let settled = flip(&behaviour, "Home", in: 2, location: "/#/about")
        XCTAssertEqual(settled?.kind, .selfContained)
        XCTAssertEqual(settled?.states, [0, 2])
        XCTAssertTrue(behaviour.inertActions.contains(key))
        // One that once did more keeps being fired.
        var other = ControlBehaviour()
        _ = flip(&other, "Home", in: 0)
        _ = other.observe(tap, in: 1, before: screen("Home", ["checkbox#dark \"Dark\""]), after: screen("Dark home", []), unchanged: false)
        _ = flip(&other, "About", in: 2)
        XCTAssertFalse(other.inertActions.contains(key))
    }

    func testTapsOnSelectedOrDisabledControlsAreNoEvidence() {
        var behaviour = ControlBehaviour()
        var current = UIElement(role: .link, platformType: "a", label: "All", selected: true, actions: [.tap], target: "/#/", locator: "css selector:#all")
        let tapCurrent = CrawlEvent(kind: .tap, target: current)
        for (i, heading) in ["All", "Active", "Done"].enumerated() {
            XCTAssertNil(behaviour.observe(tapCurrent, in: i, before: screen(heading, []), after: nil, unchanged: true))
        }
        current.selected = false
        current.enabled = false
        for (i, heading) in ["All", "Active", "Done"].enumerated() {
            XCTAssertNil(behaviour.observe(CrawlEvent(kind: .tap, target: current), in: i, before: screen(heading, []), after: nil, unchanged: true))
        }
        XCTAssertTrue(behaviour.isEmpty)
        // A submit button whose form the browser refuses to send yet (a required field empty) did nothing because
        // the form is not filled: no sign of what it does once it is.
        var submit = UIElement(role: .button, platformType: "button", label: "Submit", actions: [.tap], target: "submit", locator: "css selector:#f > button")
        submit.awaitsInput = true
        for (i, heading) in ["Add book", "Add author"].enumerated() {
            XCTAssertNil(behaviour.observe(CrawlEvent(kind: .tap, target: submit), in: i, before: screen(heading, []), after: nil, unchanged: true))
        }
        XCTAssertTrue(behaviour.isEmpty)
        submit.awaitsInput = nil
        _ = behaviour.observe(CrawlEvent(kind: .tap, target: submit), in: 0, before: screen("Add book", []), after: nil, unchanged: true)
        XCTAssertEqual(behaviour.observe(CrawlEvent(kind: .tap, target: submit), in: 1, before: screen("Add author", []), after: nil, unchanged: true)?.kind,
                       .inert, "a form that would be sent and changes nothing: inert (the same taps, minus the refusal)")
    }

    func testAToggleThatOnlyChangesItselfIsSelfContained() {
        var behaviour = ControlBehaviour()
        let dark = UIElement(role: .checkbox, platformType: "input[type=checkbox]", identifier: "dark", label: "Dark", value: "false", actions: [.tap], locator: "css selector:#dark")
        let tap = CrawlEvent(kind: .tap, target: dark)
        let off = screen("Home", ["checkbox#dark \"Dark\""]), on = screen("Home", ["checkbox#dark \"Dark\" (on)"])
        let decision = behaviour.observe(tap, in: 0, before: off, after: on, unchanged: false)
        XCTAssertEqual(decision?.kind, .selfContained, "its own change is seen directly")
        XCTAssertNil(behaviour.observe(tap, in: 4, before: screen("Home", ["checkbox#dark \"Dark\"", "button \"More\""]), after: screen("Home", ["checkbox#dark \"Dark\" (on)", "button \"More\""]), unchanged: false), "decided once")
        XCTAssertEqual(behaviour.normalize(on.properties), behaviour.normalize(off.properties))
        // A radio button switches its group: male on turns female off — still only the group's own state.
        var radios = ControlBehaviour()
        let male = UIElement(role: .radio, platformType: "input[type=radio]", identifier: "male", label: "gender", value: "false", actions: [.tap], locator: "css selector:#male")
        let female = screen("Form", ["radio#male \"gender\"", "radio#female \"gender\" (on)"]), maleOn = screen("Form", ["radio#male \"gender\" (on)", "radio#female \"gender\""])
        XCTAssertEqual(radios.observe(CrawlEvent(kind: .tap, target: male), in: 0, before: female, after: maleOn, unchanged: false)?.kind, .selfContained)
        XCTAssertEqual(radios.normalize(female.properties), radios.normalize(maleOn.properties))
        // A toggle that shows more (a menu) is not.
        var menu = ControlBehaviour()
        let opened = screen("Home", ["checkbox#dark \"Dark\" (on)", "link → /news \"News\""])
        XCTAssertNil(menu.observe(tap, in: 0, before: off, after: opened, unchanged: false))
        XCTAssertNil(menu.observe(tap, in: 1, before: off, after: opened, unchanged: false))
        XCTAssertTrue(menu.isEmpty)
    }

    /// A filter's box: ticked on a catalogue with other boxes ticked, it changed only itself (the grid's rows are
    /// data); ticked alone, it emptied the grid ("No books match"). Its state tells no states apart whichever the
    /// crawl met first — what it shows still does — and the box that did more somewhere is still fired everywhere.
    func testAToggleSeenChangingOnlyItselfOnceIsSelfContainedWhateverItDidBefore() {
        let cooking = UIElement(role: .checkbox, platformType: "input[type=checkbox]", label: "Cooking", value: "false", actions: [.tap], locator: "css selector:#c")
        let tap = CrawlEvent(kind: .tap, target: cooking)
        let catalogue = screen("Books", ["checkbox \"Cooking\""]), narrowed = screen("Books", ["checkbox \"Cooking\" (on)"])
        let none = AbstractState(properties: catalogue.properties.dropLast() + [StateProperty(.heading, "No books match"), StateProperty(.control, "checkbox \"Cooking\" (on)")], name: "none")
        for emptiedFirst in [true, false] {
            var behaviour = ControlBehaviour()
            var decisions: [ControlBehaviour.Decision?] = []
            let observations = [(none, 0), (narrowed, 3)]
            for (after, source) in emptiedFirst ? observations : observations.reversed() {
                decisions.append(behaviour.observe(tap, in: source, before: catalogue, after: after, unchanged: false))
            }
            XCTAssertEqual(decisions.compactMap { $0?.kind }, [.selfContained], "emptied first: \(emptiedFirst)")
            XCTAssertEqual(behaviour.normalize(narrowed.properties), behaviour.normalize(catalogue.properties))
            XCTAssertNotEqual(behaviour.normalize(none.properties), behaviour.normalize(catalogue.properties), "what it showed is identity")
            XCTAssertTrue(behaviour.selfContainedControls.contains("checkbox \"Cooking\""))
            // Seen changing only itself on a second screen: still fired, since it did more once.
            XCTAssertNil(behaviour.observe(tap, in: 5, before: screen("Offers", ["checkbox \"Cooking\""]), after: screen("Offers", ["checkbox \"Cooking\" (on)"]), unchanged: false))
            XCTAssertFalse(behaviour.inertActions.contains("tap checkbox \"Cooking\""))
        }
    }

    /// A clock ticking in a plain span changes the page's running text only: nothing an event did shows. A box
    /// ticked, a heading or the title changed is more.
    func testOnlyTheRunningTextChangedIsNothingAnEventDid() {
        let box = UIElement(role: .checkbox, platformType: "input[type=checkbox]", label: "History", value: "false", actions: [.tap], locator: "css selector:#h")
        func page(_ text: String, ticked: Bool = false, heading: String = "Books", title: String = "Shop") -> UISnapshot {
            var b = box
            b.value = ticked ? "true" : "false"
            let h = UIElement(role: .heading, platformType: "h1", label: heading, locator: "css selector:h1")
            return UISnapshot(context: ScreenContext(title: title, container: "/"), root: UIElement(role: .window, platformType: "document", value: text, children: [h, b]))
        }
        // triggering
        XCTAssertTrue(ControlBehaviour.onlyRunningTextChanged(page("Books 10:41"), page("Books 10:42")))
        // non-triggering
        XCTAssertFalse(ControlBehaviour.onlyRunningTextChanged(page("Books 10:41"), page("Books 10:42", ticked: true)))
        XCTAssertFalse(ControlBehaviour.onlyRunningTextChanged(page("Books"), page("Poems", heading: "Poems")))
        XCTAssertFalse(ControlBehaviour.onlyRunningTextChanged(page("Books"), page("Books", title: "Shop (1)")))
    }

    /// The same elements in the same order, whatever their text, positions and selection; another element where one
    /// was, or one more, is another shape — but for the rows of a list the abstraction reads, which are data.
    func testSameShapeIsTheSameElementsWhateverTheirText() {
        func page(_ texts: [String], selected: Int = 0, list: Bool = false) -> UISnapshot {
            let buttons = ["30 s", "1 min"].enumerated().map { i, label in
                var b = UIElement(role: .button, platformType: "button", label: label, actions: [.tap]); b.selected = i == selected; return b
            }
            let text = texts.map { UIElement(role: list ? .cell : .staticText, platformType: list ? "li" : "p", label: $0, value: $0) }
            return UISnapshot(context: ScreenContext(title: "Guide", container: "/"), root: UIElement(role: .window, platformType: "document", children: buttons + text))
        }
        // triggering
        XCTAssertTrue(ControlBehaviour.sameShape(page(["A short tour."]), page(["A tour of the arena and its seats."], selected: 1)))
        // non-triggering
        XCTAssertFalse(ControlBehaviour.sameShape(page(["A short tour."]), page(["72", "80"], list: true)))
        XCTAssertFalse(ControlBehaviour.sameShape(page(["A short tour."]), page(["A short tour.", "More."])))
        // The rows of a list both show are data, however many; only where the abstraction reads a list.
        func menu(_ dishes: [String], selected: Int) -> UISnapshot {
            let chips = ["All", "Desserts"].enumerated().map { i, label in
                var b = UIElement(role: .button, platformType: "button", label: label, actions: [.tap]); b.selected = i == selected; return b
            }
            let rows = dishes.map { UIElement(role: .cell, platformType: "div", label: $0, actions: [.tap]) }
            let grid = UIElement(role: .other, platformType: "div", locator: "css selector:#menu", children: rows)
            return UISnapshot(context: ScreenContext(title: "Till", container: "/"), root: UIElement(role: .window, platformType: "document", children: chips + [grid]))
        }
        // triggering
        XCTAssertTrue(ControlBehaviour.sameShape(menu(["Soup", "Curry", "Cake"], selected: 0), menu(["Cake"], selected: 1), lists: ["css selector:#menu"]))
        // non-triggering
        XCTAssertFalse(ControlBehaviour.sameShape(menu(["Soup", "Curry", "Cake"], selected: 0), menu(["Cake"], selected: 1)))
        XCTAssertFalse(ControlBehaviour.sameShape(menu(["Soup", "Curry", "Cake"], selected: 0), menu(["Cake"], selected: 1), lists: ["css selector:#other"]))
    }

    /// A row of buttons one of which is marked as chosen (a length, the track playing) is a radio group by behaviour:
    /// the selection moving to the tapped one, nothing else changed and the page's elements as they were (their text
    /// aside), is its own state.
    func testASelectionThatMovedWithTheTextAsItWasIsSelfContained() {
        let minute = UIElement(role: .button, platformType: "button", label: "1 min", actions: [.tap], locator: "css selector:#m1")
        let tap = CrawlEvent(kind: .tap, target: minute)
        let short = screen("Colosseum", ["button \"# min\"", "button \"#s\" (selected)", "button \"▶ Arena\""])
        let longer = screen("Colosseum", ["button \"# min\" (selected)", "button \"#s\"", "button \"▶ Arena\""])
        // triggering
        var moved = ControlBehaviour()
        XCTAssertEqual(moved.observe(tap, in: 0, before: short, after: longer, unchanged: false, sameShape: true)?.kind, .selfContained)
        XCTAssertEqual(moved.normalize(short.properties), moved.normalize(longer.properties))
        // triggering: "1 min" and "3 min" mask alike, one property until one of them is marked
        var alike = ControlBehaviour()
        let twoMinutes = screen("Colosseum", ["button \"# min\"", "button \"# min\" (selected)", "button \"#s\"", "button \"▶ Arena\""])
        XCTAssertEqual(alike.observe(tap, in: 0, before: short, after: twoMinutes, unchanged: false, sameShape: true)?.kind, .selfContained)
        // non-triggering: the page's elements changed (a tab whose panel holds other elements), or it is unknown
        var retold = ControlBehaviour()
        XCTAssertNil(retold.observe(tap, in: 0, before: short, after: longer, unchanged: false, sameShape: false))
        XCTAssertTrue(retold.isEmpty)
        // non-triggering: another control changed more than its selection (a button enabled with it)
        var more = ControlBehaviour()
        let enabled = screen("Colosseum", ["button \"# min\" (selected)", "button \"#s\"", "button \"▶ Arena\" (disabled)"])
        XCTAssertNil(more.observe(tap, in: 0, before: short, after: enabled, unchanged: false, sameShape: true))
        // non-triggering: the tapped control did not change; it chose another
        var elsewhere = ControlBehaviour()
        let other = screen("Colosseum", ["button \"# min\"", "button \"#s\"", "button \"▶ Arena\" (selected)"])
        XCTAssertNil(elsewhere.observe(tap, in: 0, before: short, after: other, unchanged: false, sameShape: true))
        XCTAssertTrue(elsewhere.isEmpty)
    }

    /// A selection that moved along a row of chips and changed nothing else makes which chip is chosen a value of the
    /// row: the chips not tapped yet stop telling states apart by it too — a category that empties the list is told
    /// apart by the empty list, not by being the chosen one. The row is what holds every control whose selection
    /// changed; the buttons elsewhere on the page keep their states.
    func testASelectionThatMovedMakesItsRowsChoiceAValue() {
        func page(chosen: Int, sortDisabled: Bool = false) -> UISnapshot {
            let chips = ["All", "Coding", "News"].enumerated().map { i, label in
                var b = UIElement(role: .button, platformType: "button", label: label, actions: [.tap], locator: "css selector:#chip\(i)")
                b.selected = i == chosen
                return b
            }
            var sort = UIElement(role: .button, platformType: "button", label: "Sort", actions: [.tap], locator: "css selector:#sort")
            sort.enabled = !sortDisabled
            let row = UIElement(role: .other, platformType: "div", locator: "css selector:#chips", children: chips)
            return UISnapshot(context: ScreenContext(title: "Bookmarks", container: "/"), root: UIElement(role: .window, platformType: "document", children: [row, sort]))
        }
        let coding = page(chosen: 0).root.allElements.first { $0.label == "Coding" }!
        let tap = CrawlEvent(kind: .tap, target: coding)
        // triggering: the selection moved from "All" to "Coding": the row is all three chips
        XCTAssertEqual(ControlBehaviour.selectionGroup(page(chosen: 0), page(chosen: 1), by: tap),
                       ["button \"All\"", "button \"Coding\"", "button \"News\""])
        var behaviour = ControlBehaviour()
        let before = screen("Bookmarks", ["button \"All\" (selected)", "button \"Coding\"", "button \"News\"", "button \"Sort\""])
        let after = screen("Bookmarks", ["button \"All\"", "button \"Coding\" (selected)", "button \"News\"", "button \"Sort\""])
        XCTAssertEqual(behaviour.observe(tap, in: 0, before: before, after: after, unchanged: false, sameShape: true,
                                         group: ControlBehaviour.selectionGroup(page(chosen: 0), page(chosen: 1), by: tap))?.kind, .selfContained)
        let newsEmpty = screen("No bookmarks", ["button \"All\"", "button \"Coding\"", "button \"News\" (selected)", "button \"Sort\" (disabled)"])
        let allEmpty = screen("No bookmarks", ["button \"All\" (selected)", "button \"Coding\"", "button \"News\"", "button \"Sort\" (disabled)"])
        XCTAssertEqual(behaviour.normalize(newsEmpty.properties), behaviour.normalize(allEmpty.properties), "News never tapped alone, one of the row")
        XCTAssertTrue(behaviour.normalize(newsEmpty.properties).contains(StateProperty(.control, "button \"Sort\" (disabled)")), "outside the row")
        // triggering: a tree without layout boxes (the page's controls side by side in one element): the run of
        // buttons like the tapped one, wrapping onto the next line — not a tab alike far above them, the identified
        // button before them nor the link after them
        func flat(chosen: Int) -> UISnapshot {
            var page = page(chosen: chosen)
            var tab = UIElement(role: .button, platformType: "button", label: "Overview", actions: [.tap], locator: "css selector:#tab")
            tab.frame = UIFrame(x: 0, y: 0, width: 80, height: 20)
            var add = UIElement(role: .button, platformType: "button", label: "Add", actions: [.tap], locator: "css selector:#add")
            add.identifier = "add"
            let help = UIElement(role: .link, platformType: "a", label: "Help", actions: [.tap], locator: "css selector:#help")
            var chips = page.root.children[0].children
            for (i, (x, y)) in [(0.0, 100.0), (90.0, 100.0), (0.0, 128.0)].enumerated() { chips[i].frame = UIFrame(x: x, y: y, width: 80, height: 20) }
            page.root.children = [add, tab] + chips + [help]
            return page
        }
        XCTAssertEqual(ControlBehaviour.selectionGroup(flat(chosen: 0), flat(chosen: 1), by: tap),
                       ["button \"All\"", "button \"Coding\"", "button \"News\""])
        // non-triggering: a hidden button alike between the tab and the chips bridges nothing
        func bridged(chosen: Int) -> UISnapshot {
            var page = flat(chosen: chosen)
            var hidden = UIElement(role: .button, platformType: "button", label: "More", actions: [.tap], locator: "css selector:#more")
            hidden.frame = UIFrame(x: 0, y: 0, width: 0, height: 0)
            hidden.visible = false
            page.root.children.insert(hidden, at: 2)
            return page
        }
        XCTAssertEqual(ControlBehaviour.selectionGroup(bridged(chosen: 0), bridged(chosen: 1), by: tap),
                       ["button \"All\"", "button \"Coding\"", "button \"News\""])
        // triggering: each chip in a box of its own (a list item): the chips of the boxes
        func boxed(chosen: Int) -> UISnapshot {
            var page = page(chosen: chosen)
            page.root.children[0].children = page.root.children[0].children.map { UIElement(role: .other, platformType: "li", children: [$0]) }
            return page
        }
        XCTAssertEqual(ControlBehaviour.selectionGroup(boxed(chosen: 0), boxed(chosen: 1), by: tap),
                       ["button \"All\"", "button \"Coding\"", "button \"News\""])
        // non-triggering: boxes holding several alike (a table's rows, each with its "Edit" and "Delete")
        func rows(chosen: Int) -> UISnapshot {
            var page = boxed(chosen: chosen)
            for i in page.root.children[0].children.indices {
                page.root.children[0].children[i].children.append(UIElement(role: .button, platformType: "button", label: "Delete", actions: [.tap], locator: "css selector:#d\(i)"))
            }
            return page
        }
        XCTAssertEqual(ControlBehaviour.selectionGroup(rows(chosen: 0), rows(chosen: 1), by: tap), [])
        // non-triggering: only the tapped control changed its selection (nothing chosen before), or nothing moved
        XCTAssertEqual(ControlBehaviour.selectionGroup(page(chosen: -1), page(chosen: 1), by: tap), [])
        XCTAssertEqual(ControlBehaviour.selectionGroup(page(chosen: 0), page(chosen: 0, sortDisabled: true), by: tap), [])
        // triggering whatever was learnt before: a chip first tapped with nothing chosen is a toggle of its own; the
        // selection moving to it later still makes the row's choice a value, its being chosen only
        var ordered = ControlBehaviour()
        let nothing = screen("Bookmarks", ["button \"All\"", "button \"Coding\"", "button \"News\"", "button \"Sort\""])
        XCTAssertEqual(ordered.observe(tap, in: 0, before: nothing, after: after, unchanged: false, sameShape: true,
                                       group: ControlBehaviour.selectionGroup(page(chosen: -1), page(chosen: 1), by: tap))?.kind, .selfContained)
        XCTAssertNotEqual(ordered.normalize(newsEmpty.properties), ordered.normalize(allEmpty.properties), "no row seen yet")
        let moved = ordered.observe(tap, in: 1, before: before, after: after, unchanged: false, sameShape: true,
                                    group: ControlBehaviour.selectionGroup(page(chosen: 0), page(chosen: 1), by: tap))
        XCTAssertEqual(moved?.kind, .selfContained)
        XCTAssertTrue(moved?.reason.contains("value for 2 more controls") == true, moved?.reason ?? "")   // "All" and "News"
        XCTAssertEqual(ordered.normalize(newsEmpty.properties), ordered.normalize(allEmpty.properties))
        let disabledNews = screen("No bookmarks", ["button \"All\"", "button \"Coding\"", "button \"News\" (selected) (disabled)", "button \"Sort\" (disabled)"])
        XCTAssertTrue(ordered.normalize(disabledNews.properties).contains(StateProperty(.control, "button \"News\" (disabled)")), "its other state kept")
    }

    /// A control whose label names the chosen one of a row ("Start History Quiz" under the categories) changes with the
    /// choice: the words in its label naming the choice are a value, like the choice itself — a category never chosen
    /// yet included. The words around them still count; a label that changed otherwise (a "Start" that became
    /// "Resume") is a change, and so is one whose new words name no chosen control.
    func testALabelNamingTheRowsChoiceFollowsIt() {
        let categories = ["📜 History", "🔬 Science", "⚽️ Sports"]
        func home(chosen: Int, start: String? = nil) -> AbstractState {
            screen("Select a Category", categories.enumerated().map { i, c in "button \"\(c)\"" + (i == chosen ? " (selected)" : "") }
                   + ["button#start → click \"" + (start ?? "Start \(categories[chosen].split(separator: " ").last!) Quiz") + "\""])
        }
        let science = CrawlEvent(kind: .tap, target: UIElement(role: .button, platformType: "button", label: "🔬 Science", actions: [.tap], locator: "css selector:#c1"))
        let group: Set<String> = Set(categories.map { "button \"\($0)\"" })
        // triggering
        var behaviour = ControlBehaviour()
        let decision = behaviour.observe(science, in: 1, before: home(chosen: 0), after: home(chosen: 1), unchanged: false, sameShape: true, group: group)
        XCTAssertEqual(decision?.kind, .selfContained)
        XCTAssertTrue(decision?.reason.contains("the choice named in the label of 1 control is a value") == true, decision?.reason ?? "")
        XCTAssertEqual(behaviour.normalize(home(chosen: 2).properties), behaviour.normalize(home(chosen: 0).properties), "Sports, never tapped")
        XCTAssertTrue(behaviour.normalize(home(chosen: 2).properties).contains(StateProperty(.control, "button#start → click \"Start … Quiz\"")))
        XCTAssertNotEqual(behaviour.normalize(home(chosen: 2, start: "Resume Sports Quiz").properties), behaviour.normalize(home(chosen: 0).properties),
                          "the words around the choice still count")
        // the words that differ need not be the whole label of the chosen control
        XCTAssertEqual(ControlBehaviour.echo(control: "button ", "Start General Knowledge Quiz", "Start Science Quiz", chosen: ("🧠 General Knowledge", "🔬 Science")),
                       ControlBehaviour.Echo(control: "button ", before: "Start ", after: " Quiz"))
        // non-triggering: the label changed otherwise; its new words name no chosen control
        var otherwise = ControlBehaviour()
        XCTAssertNil(otherwise.observe(science, in: 1, before: home(chosen: 0), after: home(chosen: 1, start: "Resume Quiz"), unchanged: false, sameShape: true, group: group))
        XCTAssertNil(ControlBehaviour.echo(control: "button ", "Start History Quiz", "Start Random Quiz", chosen: ("📜 History", "🔬 Science")))
        // non-triggering: no control was chosen before (the first choice enables "Start")
        var first = ControlBehaviour()
        XCTAssertNil(first.observe(science, in: 0, before: screen("Select a Category", categories.map { "button \"\($0)\"" } + ["button#start → click \"Select a Category\" (disabled)"]),
                                   after: home(chosen: 1), unchanged: false, sameShape: true, group: group))
    }

    /// A switch without a label (a billing toggle drawn by a span) is one control on and off: its type tells it,
    /// then its state.
    func testAnUnlabelledSwitchIsOneControlOnAndOff() {
        let off = UIElement(role: .checkbox, platformType: "input[type=checkbox]", value: "false", actions: [.tap])
        var on = off
        on.value = "true"
        XCTAssertEqual(ControlIdentity.identity(on), "checkbox input[type=checkbox] (on)")
        XCTAssertEqual(ControlBehaviour.base(ControlIdentity.identity(on)), ControlIdentity.identity(off))
    }

    /// An action that wrote data (web storage, a cookie, a request that is no read) did something, whatever the screen
    /// shows: "Add to cart" tapped again on two screens is never inert, nor is a toggle that saves what it switches.
    func testAnActionThatWroteDataIsNeverInert() {
        var behaviour = ControlBehaviour()
        let add = E.tap("Add to cart")
        let product = screen("Lamp", ["button \"Add to cart\""])
        XCTAssertNil(behaviour.observe(add, in: 0, before: product, after: nil, unchanged: true, actedOffScreen: true))
        XCTAssertNil(behaviour.observe(add, in: 1, before: screen("Chair", ["button \"Add to cart\""]), after: nil, unchanged: true, actedOffScreen: true))
        XCTAssertNil(behaviour.observe(add, in: 2, before: screen("Table", ["button \"Add to cart\""]), after: nil, unchanged: true))
        XCTAssertTrue(behaviour.inertActions.isEmpty, "\(behaviour.inertActions)")
        XCTAssertTrue(behaviour.isEmpty, "\(behaviour.decisions)")
        // non-triggering twin: the same taps without writes are inert
        var quiet = ControlBehaviour()
        _ = quiet.observe(add, in: 0, before: product, after: nil, unchanged: true)
        XCTAssertEqual(quiet.observe(add, in: 1, before: screen("Chair", ["button \"Add to cart\""]), after: nil, unchanged: true)?.kind, .inert)
    }

    /// A tap that changed only its own control's label ("Like" ↔ "Unlike") and nothing else on the screen: its labels
    /// are one control. Anything else changing with it, or no label change, is no relabelling.
    func testAButtonThatOnlyChangesItsOwnLabelIsOneControl() {
        func button(_ label: String, x: Double = 0) -> UIElement {
            UIElement(role: .button, platformType: "button", label: label, frame: UIFrame(x: x, y: 10, width: 60, height: 20), actions: [.tap], target: "click",
                      locator: "css selector:#like")
        }
        let other = UIElement(role: .link, platformType: "a", label: "Home", frame: UIFrame(x: 100, y: 10, width: 60, height: 20), actions: [.tap], target: "/",
                              locator: "css selector:#home")
        // Another card's "Like": the tapped one is one item's status among several.
        let second = UIElement(role: .button, platformType: "button", label: "Like", frame: UIFrame(x: 0, y: 60, width: 60, height: 20), actions: [.tap],
                               target: "click", locator: "css selector:#like2")
        func page(_ like: String, extra: [UIElement] = [], text: String = "Lamp Like", alone: Bool = false) -> UISnapshot {
            var root = UIElement(role: .window, platformType: "document", children: [button(like), other] + (alone ? [] : [second]) + extra)
            root.value = text
            return UISnapshot(context: ScreenContext(title: "Shop", container: "/"), root: root)
        }
        let tap = CrawlEvent(kind: .tap, target: button("Like"))
        // triggering
        let relabel = ControlBehaviour.relabel(page("Like"), page("Unlike", text: "Lamp Unlike"), by: tap)
        XCTAssertEqual(relabel?.from, "button → click \"Like\"")
        XCTAssertEqual(relabel?.to, "button → click \"Unlike\"")
        // non-triggering: something else changed too, the label stayed, another control was tapped
        let toast = UIElement(role: .staticText, platformType: "div", label: "Saved", locator: "css selector:#toast")
        XCTAssertNil(ControlBehaviour.relabel(page("Like"), page("Unlike", extra: [toast]), by: tap))
        XCTAssertNil(ControlBehaviour.relabel(page("Like"), page("Like"), by: tap))
        XCTAssertNil(ControlBehaviour.relabel(page("Like"), page("Unlike", text: "Section 2 Unlike"), by: tap), "the page's text changed too (a guide's next link)")
        XCTAssertEqual(relabel?.alone, false, "one card's status among several")
        // The page's text as a snapshot reports it, clipped to 200 UTF-16 units: the longer label pushes one more
        // character out of the end. Clipped, a change elsewhere still shows.
        let long = "Lamp Like " + String(repeating: "Lorem ipsum dolor sit amet. ", count: 8)
        func clipped(_ text: String) -> String { String(decoding: Array(text.utf16.prefix(200)), as: UTF16.self) }
        XCTAssertEqual(ControlBehaviour.relabel(page("Like", text: clipped(long)),
                                                page("Unlike", text: clipped(long.replacingOccurrences(of: "Like", with: "Unlike"))), by: tap), relabel)
        XCTAssertNil(ControlBehaviour.relabel(page("Like", text: clipped(long)),
                                              page("Unlike", text: clipped(long.replacingOccurrences(of: "Like", with: "Unlike")
                                                                                .replacingOccurrences(of: "dolor", with: "dolce"))), by: tap))
        func inHeader(_ like: String) -> UISnapshot {
            let bar = UIElement(role: .navigationBar, platformType: "header", label: "Shop Home \(like)", locator: "css selector:header",
                                children: [other, button(like)])
            return UISnapshot(context: ScreenContext(title: "Shop", container: "/"), root: UIElement(role: .window, platformType: "document", children: [bar]))
        }
        XCTAssertEqual(ControlBehaviour.relabel(inHeader("Like"), inHeader("Unlike"), by: tap),
                       .init(from: "button → click \"Like\"", to: "button → click \"Unlike\"", alone: true),
                       "a header named by the text it holds, the toggle's among it")
        XCTAssertEqual(ControlBehaviour.relabel(page("Like", alone: true), page("Unlike", text: "Lamp Unlike", alone: true), by: tap)?.alone, true,
                       "a control of its own kind, whose label may name a mode (DEG / RAD)")
        var opened = button("Hide"); opened.expanded = true
        var closed = button("Show"); closed.expanded = false
        let disclosure = { (b: UIElement) in UISnapshot(context: ScreenContext(title: "Shop", container: "/"),
                                                        root: UIElement(role: .window, platformType: "document", children: [b, second, { var s2 = second; s2.label = "Show"; s2.locator = "css selector:#s2"; return s2 }()])) }
        XCTAssertNil(ControlBehaviour.relabel(disclosure(closed), disclosure(opened), by: CrawlEvent(kind: .tap, target: closed)), "a disclosure that opened")
        XCTAssertNil(ControlBehaviour.relabel(page("Like"), page("Unlike"), by: CrawlEvent(kind: .tap, target: other)))

        var behaviour = ControlBehaviour()
        let home = AbstractState(properties: [StateProperty(.container, "/"), StateProperty(.control, "button → click \"Like\"")], name: "Home")
        let liked = AbstractState(properties: [StateProperty(.container, "/"), StateProperty(.control, "button → click \"Unlike\"")], name: "Home")
        let decision = behaviour.observe(tap, in: 0, before: home, after: liked, unchanged: false, relabel: relabel)
        XCTAssertEqual(decision?.kind, .selfContained)
        XCTAssertEqual(decision?.states, [0])
        XCTAssertEqual(behaviour.normalize(liked.properties), behaviour.normalize(home.properties), "one control whichever label it shows")
        XCTAssertEqual(behaviour.normalize(home.properties).last, StateProperty(.control, "button → click \"Like\" / \"Unlike\""), "named by both labels")
        XCTAssertNil(behaviour.observe(tap, in: 1, before: liked, after: home, unchanged: false,
                                       relabel: .init(from: relabel!.to, to: relabel!.from, alone: false)), "decided once")
    }

    /// A lone button that only relabels itself ("Dark" / "Light") is one control once it did so on two different
    /// screens: a setting of the app's frame (a header's theme switch). Seen on one screen only it may name that
    /// screen's mode (a calculator's "DEG" / "RAD"), and its labels still tell states apart.
    func testALoneButtonThatOnlyRelabelsItselfOnTwoScreensIsOneControl() {
        let dark = "button#theme → click \"Dark\"", light = "button#theme → click \"Light\""
        let flip = ControlBehaviour.Relabel(from: dark, to: light, alone: true)
        let tap = CrawlEvent(kind: .tap, target: UIElement(role: .button, platformType: "button", identifier: "theme", label: "Dark", actions: [.tap],
                                                           target: "click", locator: "css selector:#theme"))
        func state(_ page: String, _ theme: String) -> AbstractState {
            AbstractState(properties: [StateProperty(.container, "/"), StateProperty(.heading, page), StateProperty(.control, theme)], name: page)
        }
        var behaviour = ControlBehaviour()
        // non-triggering: one screen, twice
        XCTAssertNil(behaviour.observe(tap, in: 0, before: state("Jobs", dark), after: state("Jobs", light), unchanged: false, relabel: flip))
        XCTAssertNil(behaviour.observe(tap, in: 3, before: state("Jobs", dark), after: state("Jobs", light), unchanged: false, relabel: flip))
        XCTAssertNotEqual(behaviour.normalize(state("Jobs", dark).properties), behaviour.normalize(state("Jobs", light).properties),
                          "a mode of one screen, as far as the crawl knows")
        // triggering: a second screen
        let decision = behaviour.observe(tap, in: 5, before: state("About", dark), after: state("About", light), unchanged: false, relabel: flip)
        XCTAssertEqual(decision?.kind, .selfContained)
        XCTAssertEqual(decision?.states, [0, 5])
        XCTAssertEqual(behaviour.normalize(state("Jobs", dark).properties), behaviour.normalize(state("Jobs", light).properties))
        XCTAssertEqual(behaviour.normalize(state("About", light).properties).last, StateProperty(.control, "button#theme → click \"Dark\" / \"Light\""))
    }
}
