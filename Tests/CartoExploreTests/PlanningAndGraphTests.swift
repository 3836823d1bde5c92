import CartoCore
import CartoDrivers
@testable import CartoExplore
import CartoModel
import XCTest

final class PlanningAndGraphTests: XCTestCase {
    func testTextInputKindExamples() {
        for (field, kind) in TextInputKind.examples {
            XCTAssertEqual(TextInputKind.classify(field), kind, "\(field.platformType) \(field.identifier ?? "") \(field.label ?? "")")
        }
    }

    /// Each example field gets the value it lists, and every one of them is a value its constraints admit.
    func testAcceptedValueExamples() throws {
        let today = try XCTUnwrap(ISO8601DateFormatter().date(from: "2026-11-26T12:00:00Z"))
        for (field, value) in AcceptedValue.examples {
            let kind = TextInputKind.classify(field)
            XCTAssertEqual(AcceptedValue.value(for: field, kind: kind, today: today), value, "\(field.platformType) \(field.accepts.map { "\($0)" } ?? "")")
            if AcceptedValue.Format(field) == .text {
                XCTAssertTrue(AcceptedValue.admits(value, field.accepts ?? InputConstraints(), kind: kind), value)
            }
        }
        // What a field refuses: too short, off its pattern, not the shape its kind needs.
        XCTAssertFalse(AcceptedValue.admits("abc", InputConstraints(minLength: 4), kind: .freeText))
        XCTAssertFalse(AcceptedValue.admits("12-34", InputConstraints(pattern: "[0-9]{3}-[0-9]{3}"), kind: .phone))
        XCTAssertFalse(AcceptedValue.admits("Enter your email", InputConstraints(), kind: .email))
        XCTAssertFalse(AcceptedValue.admits("", InputConstraints(required: true), kind: .freeText))
        XCTAssertTrue(AcceptedValue.admits("", InputConstraints(pattern: "[0-9]+"), kind: .freeText), "an empty optional field is sent")
    }

    /// Patterns and the instance made of them; nil for what the maker does not read.
    func testPatternInstances() {
        let examples: [(String, Int, String?)] = [
            ("[0-9]{3}-[0-9]{3}", 1, "111-111"), ("\\d{2,4}", 1, "11"), ("\\d{2,4}", 9, "1111"), ("[^0-9]+", 1, "a"),
            ("(?:https?|ftp)://.+", 1, "http://a"), ("[A-Z][a-z]*", 3, "Aaaa"), ("colou?r", 1, "colour".replacingOccurrences(of: "u", with: "")),
            ("(?=.*\\d)[a-z]{2}", 1, "aa"), ("\\u0041\\x42", 1, "AB"), ("(a)\\1", 1, nil), ("[a-z", 1, nil),
            // What JavaScript would not read as a quantifier is left as text (the caller's check refuses it); a huge
            // count stops at the longest instance; an unfinished group or escape is nothing.
            ("x{-1}", 1, "x{-1}"), ("x{2,1}", 1, "x{2,1}"), ("\\d{1000000000}", 1, String(repeating: "1", count: PatternInstance.longest)),
            ("(\\d{400}){400}", 1, nil), ("a{", 1, "a{"), ("(?", 1, nil), ("\\", 1, nil),
        ]
        for (pattern, repeats, instance) in examples {
            XCTAssertEqual(PatternInstance.make(pattern, repeats: repeats), instance, pattern)
        }
    }

    func testPlannerFillsFormsOpensFirstRowAndSkipsBlockedAndExternal() throws {
        func link(_ label: String, _ href: String) -> UIElement {
            UIElement(role: .link, platformType: "a", label: label, actions: [.tap], target: href, locator: "css selector:#\(label)")
        }
        let rows = (1...3).map { i in UIElement(role: .cell, platformType: "li", actions: [.tap], locator: "css selector:li\(i)", children: [link("Row\(i)", "http://h/r\(i)")]) }
        let form = UIElement(role: .form, platformType: "form", locator: "css selector:form", children: [
            UIElement(role: .textField, platformType: "input[type=email]", identifier: "email", actions: [.tap, .type], locator: "css selector:#email"),
            UIElement(role: .textField, platformType: "input[type=text]", identifier: "zip", actions: [.tap, .type], locator: "css selector:#zip"),
            UIElement(role: .button, platformType: "button", label: "Send", actions: [.tap], target: "submit", locator: "css selector:#send"),
        ])
        let root = UIElement(role: .window, platformType: "document", children: [
            link("Out", "https://elsewhere.example/"), link("Logout", "http://h/logout"),
            UIElement(role: .list, platformType: "ul", actions: [.scroll], locator: "css selector:ul", children: rows), form,
        ])
        let planner = EventPlanner(rows: .first, blocklist: try Blocklist(["label:^logout$"]))
        let plan = planner.plan(UISnapshot(context: ScreenContext(title: "T", container: "/"), root: root), origin: "http://h")
        XCTAssertEqual(plan.events.map(\.description), [
            "scroll list", "tap link \"Row1\"", "tap button \"Send\"",
            "fill textField \"email\", textField \"zip\" and submit",
        ])
        XCTAssertEqual(plan.events.last?.fields.map(\.text), ["carto@example.com", "42"])
        XCTAssertEqual(plan.events.last?.actions.count, 3, "two fields typed, then the submit button tapped")
        XCTAssertEqual(Set(plan.skipped.map(\.reason)), ["leaves http://h (external link)", "blocked by label:^logout$"])
        let all = EventPlanner(rows: .all).plan(UISnapshot(context: ScreenContext(title: "T", container: "/"), root: root), origin: "http://h")
        XCTAssertEqual(all.events.filter { $0.description.hasPrefix("tap link \"Row") }.count, 3)
        // A wizard's step: a form without a submit button, its "Next Step" in a footer after it — the fill taps it.
        let step = UIElement(role: .form, platformType: "form", locator: "css selector:form", children: [
            UIElement(role: .textField, platformType: "input[type=text]", identifier: "name", actions: [.tap, .type], locator: "css selector:#name"),
        ])
        let next = UIElement(role: .button, platformType: "button", label: "Next Step", actions: [.tap], target: "click", locator: "css selector:#next")
        let wizard = UIElement(role: .window, platformType: "document", children: [step, link("Credits", "https://elsewhere.example/"), next])
        let fill = try XCTUnwrap(EventPlanner().plan(UISnapshot(context: ScreenContext(title: "T", container: "/"), root: wizard), origin: "http://h").events.first { $0.kind == .fill })
        XCTAssertEqual(fill.submit?.label, "Next Step")
        // A dropdown's toggle whose href names another site opens its menu in place: tapped, not skipped as external.
        var toggle = link("Dropdown", "http://example.com/")
        toggle.expanded = false
        let navbar = UIElement(role: .window, platformType: "document", children: [toggle, link("Elsewhere", "http://example.com/")])
        let planned = EventPlanner().plan(UISnapshot(context: ScreenContext(title: "T", container: "/"), root: navbar), origin: "http://h")
        XCTAssertEqual(planned.events.map(\.description), ["tap link \"Dropdown\""])
        XCTAssertEqual(planned.skipped.map(\.reason), ["leaves http://h (external link)"])
    }

    /// A row's own links and buttons are its events; the row itself is tapped too only where the page listens on the
    /// row (a product card that opens the product and holds "Add to cart"), not where the row is only their box.
    func testARowIsTappedBesideItsButtonsOnlyWhereThePageListensOnIt() {
        func grid(listened: Bool) -> UISnapshot {
            let rows = (1...2).map { i in
                UIElement(role: .cell, platformType: "div", label: "Lamp \(i)", actions: [.tap], target: listened ? "click" : nil,
                          locator: "css selector:#card\(i)", children: [
                    UIElement(role: .button, platformType: "button", label: "Add to cart", actions: [.tap], target: "click", locator: "css selector:#add\(i)"),
                ])
            }
            return UISnapshot(context: ScreenContext(title: "Shop", container: "/"), root: UIElement(role: .window, platformType: "document", children: [
                UIElement(role: .list, platformType: "div", identifier: "grid", locator: "css selector:#grid", children: rows),
            ]))
        }
        XCTAssertEqual(EventPlanner().plan(grid(listened: true), origin: nil).events.map(\.description), ["tap cell \"Lamp 1\"", "tap button \"Add to cart\""])
        XCTAssertEqual(EventPlanner().plan(grid(listened: false), origin: nil).events.map(\.description), ["tap button \"Add to cart\""])
    }

    /// Fields outside any form are sent by the button right after them — unless that button is a disclosure ("Show
    /// the notes", a menu toggle: it shows things and sends nothing), when Return sends them.
    func testFieldsOutsideAFormAreSentByTheButtonAfterThemButNotByADisclosure() {
        func plan(_ after: UIElement) -> CrawlEvent? {
            let field = UIElement(role: .textField, platformType: "input[type=text]", identifier: "new", label: "What needs to be done?",
                                  actions: [.tap, .type], locator: "css selector:#new")
            let page = UISnapshot(context: ScreenContext(title: "T", container: "/"), root: UIElement(role: .window, platformType: "document",
                                                                                                    children: [field, after]))
            return EventPlanner().plan(page, origin: nil).events.first { $0.kind == .fill }
        }
        let add = UIElement(role: .button, platformType: "button", label: "Add", actions: [.tap], target: "click", locator: "css selector:#add")
        XCTAssertEqual(plan(add)?.submit?.label, "Add")
        let notes = UIElement(role: .button, platformType: "summary", label: "Show the notes", expanded: false, actions: [.tap], locator: "css selector:summary")
        XCTAssertNotNil(plan(notes))
        XCTAssertNil(plan(notes)?.submit, "Return sends the field")
        let menu = UIElement(role: .button, platformType: "button", label: "Menu", expanded: true, actions: [.tap], target: "click", locator: "css selector:#menu")
        XCTAssertNil(plan(menu)?.submit)
        // A search box, a category picker and "Add product" in one toolbar: the box is sent by Return, not by the add
        // button — but in a form, a picker between the title and "Create Task" is the form's, and so is the button.
        let picker = UIElement(role: .picker, platformType: "select", identifier: "category", label: "All categories", actions: [.setValue],
                               locator: "css selector:#category", options: ["All categories", "Lamps"])
        func toolbar(inForm: Bool) -> CrawlEvent? {
            let field = UIElement(role: .textField, platformType: "input[type=text]", identifier: "search", actions: [.tap, .type], locator: "css selector:#search")
            let children = inForm ? [UIElement(role: .form, platformType: "form", locator: "css selector:form", children: [field, picker, add])] : [field, picker, add]
            let page = UISnapshot(context: ScreenContext(title: "T", container: "/"), root: UIElement(role: .window, platformType: "document", children: children))
            return EventPlanner().plan(page, origin: nil).events.first { $0.kind == .fill }
        }
        XCTAssertNotNil(toolbar(inForm: false))
        XCTAssertNil(toolbar(inForm: false)?.submit, "Return sends the search box")
        XCTAssertEqual(toolbar(inForm: true)?.submit?.label, "Add")
    }

    /// Fields outside any form with a button between them are filled apart: a live search box and "Help" in the
    /// header, then the add bar's task field and "Add" below the list. Filled together, the search text hid every
    /// task added. Fields with only labels or pickers between them stay one group (the dialog of the next test).
    func testFieldsOutsideAFormWithAButtonBetweenThemAreFilledApart() {
        let search = UIElement(role: .searchField, platformType: "input[type=search]", identifier: "search", label: "Search", actions: [.tap, .type], locator: "css selector:#search")
        let help = UIElement(role: .button, platformType: "button", identifier: "help", label: "Help", actions: [.tap], target: "click", locator: "css selector:#help")
        let task = UIElement(role: .textField, platformType: "input[type=text]", identifier: "task", label: "Add a task", actions: [.tap, .type], locator: "css selector:#task")
        let add = UIElement(role: .button, platformType: "button", identifier: "add", label: "Add", actions: [.tap], target: "click", locator: "css selector:#add")
        func fills(_ children: [UIElement]) -> [CrawlEvent] {
            let page = UISnapshot(context: ScreenContext(title: "T", container: "/"), root: UIElement(role: .window, platformType: "document", children: children))
            return EventPlanner().plan(page, origin: nil).events.filter { $0.kind == .fill }
        }
        // triggering
        let apart = fills([search, help, task, add])
        XCTAssertEqual(apart.map { $0.fields.map(\.field.identifier) }, [["search"], ["task"]], "\(apart.map(\.description))")
        XCTAssertEqual(apart.last?.submit?.label, "Add")
        // non-triggering: no button between the fields
        let together = fills([search, task, add])
        XCTAssertEqual(together.map { $0.fields.map(\.field.identifier) }, [["search", "task"]])
        XCTAssertEqual(together.first?.submit?.label, "Add")
    }

    /// A dialog laid out without a form whose last field is a picker ("Name", "Date", then "Type" on its
    /// placeholder, then "Add"): the fields are filled and sent by Return as a search box in a toolbar would be, and
    /// also filled with the picker's first choice and sent by "Add" — the only way its script reads them.
    func testFieldsOutsideAFormWhoseButtonLiesPastAPickerAreAlsoSentByIt() {
        func field(_ id: String, _ label: String) -> UIElement {
            UIElement(role: .textField, platformType: "input[type=text]", identifier: id, label: label, actions: [.tap, .type], locator: "css selector:#\(id)")
        }
        let type = UIElement(role: .picker, platformType: "select", identifier: "type", label: "Type", value: "-- Select Type --", actions: [.setValue],
                             locator: "css selector:#type", options: ["-- Select Type --", "Type 1", "Type 2"])
        let add = UIElement(role: .button, platformType: "button", identifier: "addBtn", label: "Add", actions: [.tap], target: "click", locator: "css selector:#addBtn")
        let cancel = UIElement(role: .button, platformType: "button", identifier: "cancelBtn", label: "Cancel", actions: [.tap], target: "click", locator: "css selector:#cancelBtn")
        func fills(_ children: [UIElement]) -> [CrawlEvent] {
            let page = UISnapshot(context: ScreenContext(title: "T", container: "/"), root: UIElement(role: .window, platformType: "document", children: children))
            return EventPlanner().plan(page, origin: nil).events.filter { $0.kind == .fill }
        }
        // triggering
        let dialog = fills([field("name", "Name"), field("date", "Date"), type, add, cancel])
        XCTAssertEqual(dialog.count, 2, "\(dialog.map(\.description))")
        XCTAssertNil(dialog.first?.submit, "Return sends them, as before")
        XCTAssertEqual(dialog.last?.submit?.label, "Add")
        XCTAssertEqual(dialog.last?.fields.last?.field.identifier, "type")
        XCTAssertEqual(dialog.last?.fields.last?.text, "Type 1", "the picker's first choice, not its placeholder")
        XCTAssertEqual(dialog.last?.fields.map(\.field.identifier), ["name", "date", "type"])
        XCTAssertNotEqual(dialog.first?.key, dialog.last?.key)
        // triggering: the dialog's footer "Cancel", "Add" side by side past the picker — "Cancel" is passed over
        func framed(_ e: UIElement, x: Double) -> UIElement { var e = e; e.frame = UIFrame(x: x, y: 400, width: 80, height: 36); return e }
        let footer = UIElement(role: .other, platformType: "div", children: [framed(cancel, x: 0), framed(add, x: 100)])
        let withFooter = fills([field("name", "Name"), field("date", "Date"), type, footer])
        XCTAssertEqual(withFooter.last?.submit?.label, "Add", "\(withFooter.map(\.description))")
        XCTAssertEqual(withFooter.last?.fields.map(\.field.identifier), ["name", "date", "type"])
        // non-triggering: "Cancel" above "Add", not beside it, sends nothing and ends the search
        let stacked = UIElement(role: .other, platformType: "div", children: [cancel, add].enumerated().map { i, b in
            var b = b; b.frame = UIFrame(x: 0, y: 400 + Double(i) * 100, width: 80, height: 36); return b })
        XCTAssertNil(fills([field("name", "Name"), type, stacked]).first { $0.submit != nil })
        // non-triggering: no button past the picker; a control other than a picker before the button; in a form
        XCTAssertEqual(fills([field("name", "Name"), type]).count, 1)
        XCTAssertEqual(fills([field("name", "Name"), type, UIElement(role: .link, platformType: "a", label: "Help", actions: [.tap], target: "/help", locator: "css selector:#help"),
                              field("q", "Search"), add]).filter { $0.submit?.label == "Add" }.count, 1, "the second field's own button only")
        XCTAssertEqual(fills([UIElement(role: .form, platformType: "form", locator: "css selector:form", children: [field("name", "Name"), type, add])]).count, 1)
    }

    /// A dialog without a form: a name, a stepper ("−", a number field, "+") and a footer bar "Cancel", "Save". The
    /// stepper's buttons are part of their field, neither ending the fields nor sending them, and "Cancel" is passed
    /// over for the "Save" that follows it on its line: one fill of both fields, sent by "Save". A "−" with a word on
    /// it ("− Remove") beside the number is no stepper; a "Cancel" alone in its bar, or above the next button, sends
    /// nothing.
    func testAStepperAndACancelBeforeSaveNeitherEndNorSendTheFields() {
        func button(_ label: String, _ id: String, line: Double = 300) -> UIElement {
            UIElement(role: .button, platformType: "button", identifier: id, label: label, frame: UIFrame(x: 0, y: line, width: 80, height: 36),
                      actions: [.tap], target: "click", locator: "css selector:#" + id)
        }
        let name = UIElement(role: .textField, platformType: "input[type=text]", identifier: "task", label: "What are you working on?", actions: [.tap, .type], locator: "css selector:#task")
        let goal = UIElement(role: .textField, platformType: "input[type=number]", identifier: "goal", label: "goal", actions: [.tap, .type], locator: "css selector:#goal")
        func fills(minus: String, footer: [UIElement]) -> [CrawlEvent] {
            let stepper = UIElement(role: .other, platformType: "div", children: [button(minus, "fewer"), goal, button("+", "more")])
            let bar = UIElement(role: .other, platformType: "div", children: footer)
            let page = UISnapshot(context: ScreenContext(title: "T", container: "/"), root: UIElement(role: .window, platformType: "document", children: [name, stepper, bar]))
            return EventPlanner().plan(page, origin: nil).events.filter { $0.kind == .fill }
        }
        // triggering
        let both = fills(minus: "−", footer: [button("Cancel", "cancel"), button("Save", "save")])
        XCTAssertEqual(both.count, 1, "\(both.map(\.description))")
        XCTAssertEqual(both.first?.fields.map(\.field.identifier), ["task", "goal"])
        XCTAssertEqual(both.first?.submit?.label, "Save")
        // non-triggering: a worded button beside the number ends the fields; a Cancel alone in its bar
        XCTAssertTrue(fills(minus: "− Remove", footer: [button("Cancel", "cancel"), button("Save", "save")]).contains { $0.submit?.label == "− Remove" })
        XCTAssertFalse(fills(minus: "−", footer: [button("Cancel", "cancel")]).contains { $0.submit != nil })
        XCTAssertFalse(fills(minus: "−", footer: [button("Cancel", "cancel"), button("Save", "save", line: 360)]).contains { $0.submit != nil })
    }

    /// An editor of a title and a card's two text areas, outside any form: the "×" after them removes the card and
    /// sends nothing; a text area takes Return as a new line, so the "Save" in the bar above the fields sends them.
    /// A text field followed by the same "×" is sent by Return, as before.
    func testTextAreasAreSentByTheSaveAboveThemAndADismissAfterThemSendsNothing() {
        func plan(last: UIElement) -> CrawlEvent? {
            let save = UIElement(role: .button, platformType: "button", identifier: "save", label: "Save Deck", actions: [.tap], target: "click", locator: "css selector:#save")
            let title = UIElement(role: .textField, platformType: "input[type=text]", identifier: "title", label: "Deck Title", actions: [.tap, .type], locator: "css selector:#title")
            let front = UIElement(role: .textView, platformType: "textarea", label: "Term", actions: [.tap, .type], locator: "css selector:#front")
            let remove = UIElement(role: .button, platformType: "button", label: "×", actions: [.tap], target: "click", locator: "css selector:#remove")
            let add = UIElement(role: .button, platformType: "button", label: "+ Add Card", actions: [.tap], target: "click", locator: "css selector:#add")
            let page = UISnapshot(context: ScreenContext(title: "T", container: "/"), root: UIElement(role: .window, platformType: "document",
                                                                                                    children: [save, title, front, last, remove, add]))
            return EventPlanner().plan(page, origin: nil).events.first { $0.kind == .fill }
        }
        let back = UIElement(role: .textView, platformType: "textarea", label: "Definition", actions: [.tap, .type], locator: "css selector:#back")
        XCTAssertEqual(plan(last: back)?.fields.map(\.field.label), ["Deck Title", "Term", "Definition"])
        XCTAssertEqual(plan(last: back)?.submit?.label, "Save Deck")
        let code = UIElement(role: .textField, platformType: "input[type=text]", label: "Code", actions: [.tap, .type], locator: "css selector:#code")
        XCTAssertNotNil(plan(last: code))
        XCTAssertNil(plan(last: code)?.submit, "Return sends a text field; the × after it sends nothing")
    }

    /// A form without a submit button of its own is sent by its plain button after the fields ("Create Task", read by
    /// the page's script), not by Return (which would send it to the server); a submit button, when there is one,
    /// comes first.
    func testAFormWithoutASubmitButtonIsSentByItsButtonAfterTheFields() {
        func plan(_ buttons: [UIElement]) -> CrawlEvent? {
            let field = UIElement(role: .textField, platformType: "input[type=text]", identifier: "title", actions: [.tap, .type], locator: "css selector:#title")
            let form = UIElement(role: .form, platformType: "form", locator: "css selector:#task-form", children: [field] + buttons)
            let page = UISnapshot(context: ScreenContext(title: "T", container: "/"), root: UIElement(role: .window, platformType: "document", children: [form]))
            return EventPlanner().plan(page, origin: nil).events.first { $0.kind == .fill }
        }
        let create = UIElement(role: .button, platformType: "button", label: "Create Task", actions: [.tap], target: "click", locator: "css selector:#create")
        let send = UIElement(role: .button, platformType: "button", label: "Send", actions: [.tap], target: "submit", locator: "css selector:#send")
        XCTAssertEqual(plan([create])?.submit?.label, "Create Task")
        XCTAssertEqual(plan([create, send])?.submit?.label, "Send")
    }

    /// A fill ticks what its form still requires: an unticked required checkbox, and the boxes of a required choice
    /// none of whose boxes is on — not a box already ticked, not an optional one.
    func testAFillTicksTheBoxesItsFormRequires() {
        func box(_ role: UIRole, _ id: String, on: Bool = false, required: Bool = true) -> UIElement {
            UIElement(role: role, platformType: "input[type=\(role == .radio ? "radio" : "checkbox")]", identifier: id, value: String(on),
                      actions: [.tap], locator: "css selector:#\(id)", accepts: required ? InputConstraints(required: true) : nil)
        }
        func checks(_ boxes: [UIElement]) -> [String] {
            let field = UIElement(role: .textField, platformType: "input[type=email]", identifier: "mail", actions: [.tap, .type], locator: "css selector:#mail")
            let send = UIElement(role: .button, platformType: "button", label: "Register", actions: [.tap], target: "submit", locator: "css selector:#send")
            let form = UIElement(role: .form, platformType: "form", locator: "css selector:form", children: [field] + boxes + [send])
            let page = UISnapshot(context: ScreenContext(title: "T", container: "/"), root: UIElement(role: .window, platformType: "document", children: [form]))
            let fill = EventPlanner().plan(page, origin: nil).events.first { $0.kind == .fill }
            return (fill?.checks ?? []).compactMap(\.identifier)
        }
        XCTAssertEqual(checks([box(.checkbox, "agree"), box(.checkbox, "news", required: false)]), ["agree"])
        XCTAssertEqual(checks([box(.checkbox, "agree", on: true)]), [])
        XCTAssertEqual(checks([box(.radio, "female"), box(.radio, "male")]), ["female", "male"], "the last of the choice stays on")
        XCTAssertEqual(checks([box(.radio, "female", required: false), box(.radio, "male", on: true, required: false)]), [],
                       "a choice made is no longer required (the page marks it no more)")
        // Fired on the screen as it is then: a box ticked since the fill was planned (a toggle fired in between) is
        // not tapped again, which would untick it.
        func page(_ agree: UIElement) -> UISnapshot {
            let field = UIElement(role: .textField, platformType: "input[type=email]", identifier: "mail", actions: [.tap, .type], locator: "css selector:#mail")
            let send = UIElement(role: .button, platformType: "button", label: "Register", actions: [.tap], target: "submit", locator: "css selector:#send")
            return UISnapshot(context: ScreenContext(title: "T", container: "/"), root: UIElement(role: .window, platformType: "document", children: [
                UIElement(role: .form, platformType: "form", locator: "css selector:form", children: [field, agree, send])]))
        }
        let fill = EventPlanner().plan(page(box(.checkbox, "agree")), origin: nil).events.first { $0.kind == .fill }
        XCTAssertEqual(fill?.actions(on: page(box(.checkbox, "agree"))).map(\.description),
                       ["type \"carto@example.com\" into textField \"mail\"", "tap checkbox \"agree\"", "tap button \"Register\""])
        XCTAssertEqual(fill?.actions(on: page(box(.checkbox, "agree", on: true))).map(\.description),
                       ["type \"carto@example.com\" into textField \"mail\"", "tap button \"Register\""])
    }

    /// A fill chooses in each picker its form requires a choice in and that still shows none (a required select on
    /// its "Select" placeholder: the browser refuses the form until then) its first choice; a picker that shows a
    /// choice, or that the form does not require, is left as it is.
    func testAFillChoosesInEveryRequiredPickerLeftOnItsPlaceholder() {
        func picker(_ id: String, showing: String, required: Bool = true) -> UIElement {
            UIElement(role: .picker, platformType: "select", identifier: id, label: id, value: showing, actions: [.tap, .setValue],
                      locator: "css selector:#\(id)", accepts: required ? InputConstraints(required: true) : nil, options: ["Select", "Drop-In", "Monthly"])
        }
        func actions(_ pickers: [UIElement]) -> [String] {
            let field = UIElement(role: .textField, platformType: "input[type=email]", identifier: "mail", actions: [.tap, .type], locator: "css selector:#mail")
            let send = UIElement(role: .button, platformType: "button", label: "Book", actions: [.tap], target: "submit", locator: "css selector:#send")
            let form = UIElement(role: .form, platformType: "form", locator: "css selector:form", children: [field] + pickers + [send])
            let page = UISnapshot(context: ScreenContext(title: "T", container: "/"), root: UIElement(role: .window, platformType: "document", children: [form]))
            return (EventPlanner().plan(page, origin: nil).events.first { $0.kind == .fill }?.actions ?? []).map(\.description)
        }
        // triggering
        XCTAssertEqual(actions([picker("membership", showing: "Select")]),
                       ["type \"carto@example.com\" into textField \"mail\"", "set picker \"membership\" to \"Drop-In\"", "tap button \"Book\""])
        // non-triggering: a choice shown already (the form would not say it is missing), a picker the form does not require
        XCTAssertEqual(actions([picker("membership", showing: "Monthly", required: false), picker("plan", showing: "Select", required: false)]),
                       ["type \"carto@example.com\" into textField \"mail\"", "tap button \"Book\""])
    }

    /// A form of choices only (a wizard's step asking for a level) is sent with its required choice made, as a form
    /// of fields is filled and sent; a form whose choice is optional, or made, gets no such event (its button is a tap).
    func testAFormOfRequiredChoicesOnlyIsSentWithAChoiceMade() {
        func radio(_ id: String, on: Bool = false, required: Bool = true) -> UIElement {
            UIElement(role: .radio, platformType: "input[type=radio]", identifier: id, label: id.capitalized, value: String(on),
                      actions: [.tap], locator: "css selector:#\(id)", accepts: required ? InputConstraints(required: true) : nil)
        }
        func fills(_ radios: [UIElement]) -> [CrawlEvent] {
            let next = UIElement(role: .button, platformType: "button", label: "Next Step", actions: [.tap], target: "submit", locator: "css selector:#next")
            let form = UIElement(role: .form, platformType: "form", locator: "css selector:form", children: radios + [next])
            let page = UISnapshot(context: ScreenContext(title: "T", container: "/"), root: UIElement(role: .window, platformType: "document", children: [form]))
            return EventPlanner().plan(page, origin: nil).events.filter { $0.kind == .fill }
        }
        let sent = fills([radio("beginner"), radio("expert")])
        XCTAssertEqual(sent.map(\.description), ["fill radio \"Beginner\", radio \"Expert\" and submit"])
        XCTAssertEqual(sent.first?.actions.map(\.description), ["tap radio \"Beginner\"", "tap radio \"Expert\"", "tap button \"Next Step\""])
        XCTAssertEqual(fills([radio("beginner", required: false), radio("expert", required: false)]).count, 0)
        XCTAssertEqual(fills([radio("beginner", on: true, required: false), radio("expert", required: false)]).count, 0)
    }

    func testReturnControlExamples() {
        for (element, parent, returns) in ReturnControl.examples {
            XCTAssertEqual(ReturnControl.matches(element, parent: parent), returns, "\(ElementNaming.describe(element)) \(element.identifier ?? "")")
        }
    }

    func testControlsThatLeadBackAreFiredLastInDocumentOrder() {
        func tap(_ role: UIRole, _ label: String, id: String? = nil, target: String? = nil) -> UIElement {
            UIElement(role: role, platformType: role == .link ? "a" : "button", identifier: id, label: label, actions: [.tap], target: target,
                      locator: "css selector:#\(id ?? label)")
        }
        let root = UIElement(role: .window, platformType: "document", children: [
            tap(.link, "← Back", id: "back", target: "/products.html"), tap(.button, "Add to basket", id: "add"),
            tap(.link, "Home", target: "/"), tap(.button, "Reviews", id: "reviews"),
        ])
        let plan = EventPlanner().plan(UISnapshot(context: ScreenContext(title: "Apples", container: "/product.html"), root: root), origin: "http://h")
        XCTAssertEqual(plan.events.map(\.description), [
            "tap button \"Add to basket\"", "tap button \"Reviews\"", "tap link \"← Back\"", "tap link \"Home\"",
        ])
    }

    func model(_ states: [(String, String)], _ edges: [(Int, String, Int)]) -> CrawlModel {
        CrawlModel(app: .init(platform: "web", start: "x"),
                   settings: CrawlSettings(),
                   states: states.enumerated().map { .init(id: "s\($0.offset)", title: $0.element.1, context: $0.element.0, screenshot: nil, depth: 0, elements: 1, events: 1) },
                   edges: edges.map { .init(from: "s\($0.0)", to: "s\($0.2)", event: $0.1, kind: .new) },
                   stats: .init(events: 1, uniqueStates: states.count, totalStates: 1, edges: edges.count, durationSeconds: 1, failures: 0, stopReason: .explored),
                   failures: [])
    }

    func testGraphDiffMatchesStatesByWhatUsersSeeNotByNumber() {
        let a = model([("/", "Home"), ("/a", "A"), ("/b", "B")], [(0, "tap a", 1), (0, "tap b", 2)])
        // Same app, discovered in another order, /b gone and /c new.
        let b = model([("/", "Home"), ("/c", "C"), ("/a", "A")], [(0, "tap a", 2), (0, "tap c", 1)])
        let diff = GraphDiff(from: a, to: b)
        XCTAssertEqual(diff.addedStates.map(\.name), ["C (/c)"])
        XCTAssertEqual(diff.removedStates.map(\.name), ["B (/b)"])
        XCTAssertEqual(diff.addedEdges.map(\.event), ["tap c"])
        XCTAssertEqual(diff.removedEdges.map(\.event), ["tap b"])
        XCTAssertTrue(GraphDiff(from: a, to: a).isEmpty)
    }

    func testGraphDiffComparesAbstractIdentitiesAcrossBuildsServedElsewhere() {
        func build(_ path: String, _ title: String, _ states: [[String]]) -> CrawlModel {
            var m = model(states.map { _ in (path, title) }, [(0, "fill new-todo and submit", 1)])
            for i in m.states.indices {
                m.states[i].properties = ["container " + path, "title " + title] + states[i]
                m.states[i].name = title + " #\(i)"
            }
            return m
        }
        let react = build("/examples/react/dist/", "React • TodoMVC", [["emptyList todo-list"], ["list todo-list [checkbox]"]])
        let vue = build("/examples/vue/dist/", "Vue.js • TodoMVC", [["list todo-list [checkbox]"], ["emptyList todo-list"]])
        XCTAssertEqual(GraphDiff(from: react, to: vue, ignoring: [.title, .container], edges: false).isEmpty, true)
        XCTAssertFalse(GraphDiff(from: react, to: vue, edges: false).isEmpty, "titles and paths differ unless ignored")
        var missing = vue
        missing.states.removeLast()
        let diff = GraphDiff(from: react, to: missing, ignoring: [.title, .container], edges: false)
        XCTAssertEqual(diff.removedStates.map(\.properties), [["emptyList todo-list"]])
        XCTAssertTrue(diff.text().contains("- state React • TodoMVC #0\n    emptyList todo-list\n"), diff.text())
    }

    /// Two frameworks' crawls of one to-do app: the same screens, controls named otherwise.
    func frameworkModel(_ names: (field: String, toggleAll: String, all: String, row: String), extra: [String] = [], dropActive: Bool = false) -> CrawlModel {
        let base = ["container /", "heading todos", "control " + names.field]
        let list = ["control " + names.toggleAll, "list todo-list [\(names.row)]"]
        func links(_ selected: String) -> [String] {
            ["control " + names.all + (selected == "All" ? " (selected)" : ""), "control link → /#/active \"Active\"" + (selected == "Active" ? " (selected)" : "")]
        }
        var states: [[String]] = [base, base + list + links("All") + extra, base + list + links("Active")]
        var edges: [(Int, AbstractEvent, Int)] = [
            (0, AbstractEvent(kind: .fill, controls: [names.field]), 1),
            (1, AbstractEvent(kind: .tap, controls: ["link → /#/active \"Active\""]), 2),
            (2, AbstractEvent(kind: .tap, controls: [names.all.replacingOccurrences(of: "link → ", with: "link → ")]), 1),
        ]
        if dropActive { states.removeLast(); edges = [edges[0]] }
        var m = model(states.map { _ in ("/", "TodoMVC") }, [])
        for i in m.states.indices { m.states[i].properties = states[i]; m.states[i].name = "state \(i)" }
        m.edges = edges.map { CrawlModel.Edge(from: "s\($0.0)", to: "s\($0.2)", event: "\($0.1.kind.rawValue) \($0.1.controls[0])", kind: .new, abstractEvent: $0.1) }
        return m
    }

    func testGraphDiffPairsTheScreensOfTwoFrameworksWhoseControlsAreNamedOtherwise() {
        let jquery = frameworkModel((field: "textField#new-todo \"What needs to be done?\"", toggleAll: "checkbox#toggle-all \"Mark all as complete\"",
                                     all: "link → /#/all \"All\"", row: "checkbox"))
        let react = frameworkModel((field: "textField#todo-input \"New Todo Input\"", toggleAll: "checkbox#toggle-all \"Toggle All Input\"",
                                    all: "link → /#/ \"All\"", row: "checkbox#todo-item-toggle"))
        let diff = GraphDiff(from: jquery, to: react)
        XCTAssertTrue(diff.isEmpty, diff.text())
        XCTAssertEqual(diff.pairedStates, 3)
        XCTAssertEqual(diff.identicalStates, 0, "no state is identical: every one holds the differently named field")
        XCTAssertEqual(Set(diff.renamed.map { "\($0.from) → \($0.to)" }), [
            "control textField#new-todo \"What needs to be done?\" → control textField#todo-input \"New Todo Input\"",
            "control checkbox#toggle-all \"Mark all as complete\" → control checkbox#toggle-all \"Toggle All Input\"",
            "control link → /#/all \"All\" (selected) → control link → /#/ \"All\" (selected)",
            "control link → /#/all \"All\" → control link → /#/ \"All\"",
            "list todo-list [checkbox] → list todo-list [checkbox#todo-item-toggle]",
        ], diff.text())
        XCTAssertTrue(diff.text().contains("no differences: same states and edges (3 states)"), diff.text())
        // Identity only: every state differs.
        let exact = GraphDiff(from: jquery, to: react, exact: true)
        XCTAssertEqual(exact.removedStates.count, 3)
        XCTAssertEqual(exact.addedStates.count, 3)
        XCTAssertTrue(exact.renamed.isEmpty)

        // A framework that lost the Active screen and shows one more button on the list screen.
        let broken = frameworkModel((field: "textField#todo-input \"New Todo Input\"", toggleAll: "checkbox#toggle-all \"Toggle All Input\"",
                                     all: "link → /#/ \"All\"", row: "checkbox#todo-item-toggle"), extra: ["control button \"Clear completed\""], dropActive: true)
        let d = GraphDiff(from: jquery, to: broken)
        XCTAssertFalse(d.isEmpty)
        XCTAssertEqual(d.removedStates.map(\.name), ["state 2"], d.text())
        XCTAssertEqual(d.changedStates.map(\.added), [["control button \"Clear completed\""]], d.text())
        XCTAssertEqual(d.removedEdges.map(\.event).sorted(), ["tap link → /#/active \"Active\"", "tap link → /#/all \"All\""], d.text())
        XCTAssertTrue(d.text().contains("~ state state 1 ↔ state 1\n    + control button \"Clear completed\"\n"), d.text())
    }

    func testGraphDiffDoesNotPairScreensThatDifferInWhatCannotBeRenamed() {
        // Reached by corresponding events, but another page: not the same screen, whatever the controls.
        let a = frameworkModel((field: "textField#a \"A\"", toggleAll: "checkbox#t \"T\"", all: "link → /#/all \"All\"", row: "checkbox"))
        var b = a
        b.states[1].properties = (b.states[1].properties ?? []).map { $0 == "heading todos" ? "heading Checkout" : $0 }
        let d = GraphDiff(from: a, to: b)
        XCTAssertEqual(d.removedStates.map(\.name), ["state 1"])
        XCTAssertEqual(d.addedStates.map(\.name), ["state 1"])
        XCTAssertTrue(d.changedStates.isEmpty, d.text())
        // Letter case of a heading is styling: "Todos" and "todos" pair.
        var c = a
        for i in c.states.indices { c.states[i].properties = (c.states[i].properties ?? []).map { $0 == "heading todos" ? "heading Todos" : $0 } }
        let e = GraphDiff(from: a, to: c)
        XCTAssertEqual(e.pairedStates, 3, e.text())
        XCTAssertEqual(e.changedStates.count, 3, "paired, and the heading shown as changed: \(e.text())")
    }

    func testBadModelFilesGetOneLineErrors() throws {
        let path = NSTemporaryDirectory() + "carto-bad-model-\(UUID().uuidString).json"
        try "{\"states\": [".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertThrowsError(try ModelExport.load(path)) { error in
            XCTAssertTrue("\(error)".hasPrefix(path + ": not valid JSON"), "\(error)")
        }
        XCTAssertThrowsError(try ModelExport.load(path + ".missing")) { error in
            XCTAssertTrue("\(error)".contains("cannot read the model"), "\(error)")
        }
    }

    /// A picker's choices: each text once, not the one chosen, not an empty one, a few of a long list; planned as
    /// `choose` events that set the value as a person picks it.
    func testAPickersChoicesArePlannedEachOnceButTheOneChosen() {
        XCTAssertEqual(EventPlanner.choices(["Light", "Dark", "Custom"], current: "Light"), ["Dark", "Custom"])
        XCTAssertEqual(EventPlanner.choices(["", "Books", "Books", "Games"], current: nil), ["Books", "Games"])
        XCTAssertEqual(EventPlanner.choices((1...200).map { "Country \($0)" }, current: "Country 1"), (2...7).map { "Country \($0)" })
        let theme = UIElement(role: .picker, platformType: "select", identifier: "theme", label: "Theme", value: "Light", actions: [.setValue],
                              locator: "css selector:#theme", options: ["Light", "Dark"])
        var disabled = theme
        disabled.enabled = false
        disabled.locator = "css selector:#off"
        let snapshot = UISnapshot(context: ScreenContext(title: "Settings", container: "/"), root: UIElement(role: .window, platformType: "document", children: [theme, disabled]))
        let events = EventPlanner().plan(snapshot, origin: nil).events
        XCTAssertEqual(events.map(\.description), ["choose \"Dark\" in picker \"Theme\""])
        XCTAssertEqual(events.first?.userActions, [DriverAction.setValue(theme, value: "Dark").userAction()])
    }
}
