import XCTest
@testable import CartoExplore
import CartoCore
import CartoModel

/// `TraceShortening`: the events a replay of a state's trace fires. Each example is a trace as a session records it
/// (state fired in, event, whether it only moved the app) and the events a replay must fire.
final class TraceShorteningTests: XCTestCase {
    typealias Step = CrawlProgress.StateRecord.TraceStep

    private func tap(_ label: String) -> CrawlEvent {
        CrawlEvent(kind: .tap, target: UIElement(role: .button, platformType: "button", label: label, actions: [.tap], target: "click",
                                                 locator: "css selector:#\(label.lowercased().replacingOccurrences(of: " ", with: "-"))"))
    }
    private func fill(_ label: String) -> CrawlEvent {
        let field = UIElement(role: .textField, platformType: "input", label: label, actions: [.type], locator: "css selector:#\(label.lowercased())")
        return CrawlEvent(kind: .fill, target: field, fields: [.init(field: field, kind: .freeText, text: "ada")])
    }
    private func labels(_ steps: [Step]) -> [String] { steps.map { $0.event.kind == .back ? "back" : ($0.event.target?.label ?? "?") } }

    /// Triggering: a sign-in after registering, then a settings page where taps changed nothing, a switch learnt to
    /// change only itself was flipped twice and a menu opened and closed, before the state was found.
    func testStepsThatGaveTheAppNothingAreLeftOut() {
        let darkMode = tap("Dark mode")
        let trace: [Step] = [
            .init(from: 0, event: fill("Register")),                      // wrote, stayed on the sign-in
            .init(from: 0, event: fill("Sign in")),                       // wrote, moved on to the dashboard (2)
            .init(from: 2, event: tap("Settings"), onlyMoved: true),     // → 7
            .init(from: 7, event: tap("Settings"), onlyMoved: true),     // nothing
            .init(from: 7, event: darkMode),                              // changed its own state
            .init(from: 7, event: darkMode),
            .init(from: 7, event: tap("Change password"), onlyMoved: true),
            .init(from: 7, event: tap("Menu"), onlyMoved: true),         // → 12
            .init(from: 12, event: tap("Menu"), onlyMoved: true),        // → 7
            .init(from: 7, event: tap("Account"), onlyMoved: true),      // → 13, the state
        ]
        let shortened = TraceShortening.shortened(trace, to: 13, setAside: { $0 == darkMode })
        XCTAssertEqual(labels(shortened), ["Register", "Sign in", "Settings", "Account"])
        XCTAssertEqual(shortened.map(\.from), [0, 0, 2, 7], "each kept event is fired in the state it was fired in before")
        XCTAssertEqual(labels(TraceShortening.shortened(trace, to: 13)), ["Register", "Sign in", "Settings", "Dark mode", "Dark mode", "Account"],
                       "a switch not set aside changed the app: kept")
    }

    /// Triggering: a visit to another page and back, after the change the state needs.
    func testAVisitAndBackIsLeftOut() {
        let trace: [Step] = [
            .init(from: 0, event: tap("Add")),                            // changed in place
            .init(from: 0, event: tap("About"), onlyMoved: true),        // → 1
            .init(from: 1, event: .back, onlyMoved: true),               // → 0
            .init(from: 0, event: tap("Cart"), onlyMoved: true),         // → 2, the state
        ]
        XCTAssertEqual(labels(TraceShortening.shortened(trace, to: 2)), ["Add", "Cart"])
    }

    /// Non-triggering: a cycle through links (two entries pushed on the history) with a back after it — left out, the
    /// back would lead elsewhere.
    func testACycleIsKeptWhenABackAfterItWouldLeadElsewhere() {
        let trace: [Step] = [
            .init(from: 0, event: tap("About"), onlyMoved: true),        // → 1
            .init(from: 1, event: tap("Home"), onlyMoved: true),         // → 0
            .init(from: 0, event: tap("Add")),                            // changed in place
            .init(from: 0, event: tap("Cart"), onlyMoved: true),         // → 2
            .init(from: 2, event: tap("Remove")),                         // changed in place
            .init(from: 2, event: .back, onlyMoved: true),               // → 0
            .init(from: 0, event: tap("Checkout"), onlyMoved: true),     // → 3, the state
        ]
        XCTAssertEqual(labels(TraceShortening.shortened(trace, to: 3)), ["About", "Home", "Add", "Cart", "Remove", "back", "Checkout"])
        // Without the back, the cycle goes.
        let noBack = Array(trace.prefix(4)) + [.init(from: 2, event: tap("Checkout"), onlyMoved: true)]
        XCTAssertEqual(labels(TraceShortening.shortened(noBack, to: 3)), ["Add", "Cart", "Checkout"])
    }

    /// Non-triggering: a cycle in which a row was taken away, and steps recorded before steps said whether they only
    /// moved the app (progress saved by an older carto): all kept.
    func testCyclesThatChangedTheAppAndStepsNotKnownToOnlyMoveAreKept() {
        let cycle: [Step] = [
            .init(from: 0, event: tap("Item"), onlyMoved: true),         // → 1
            Step(from: 1, event: tap("Delete"), onlyMoved: true).changingTheApp,   // → 0, a row fewer (`ListDrain`)
            .init(from: 0, event: tap("Done"), onlyMoved: true),         // → 2, the state
        ]
        XCTAssertEqual(labels(TraceShortening.shortened(cycle, to: 2)), ["Item", "Delete", "Done"])
        let saved: [Step] = [.init(from: 0, event: tap("Item")), .init(from: 1, event: tap("Home")), .init(from: 0, event: tap("Done"))]
        XCTAssertEqual(labels(TraceShortening.shortened(saved, to: 2)), ["Item", "Home", "Done"])
    }

    /// Triggering: states that are one in the model (a view found before its switch was learnt to change only itself)
    /// close a cycle.
    func testStatesOneInTheModelCloseACycle() {
        let trace: [Step] = [
            .init(from: 0, event: fill("Sign in")),                       // → 4
            .init(from: 4, event: tap("List view"), onlyMoved: true),    // → 5, one with 4 in the model
            .init(from: 5, event: tap("Profile"), onlyMoved: true),      // → 6, the state
        ]
        XCTAssertEqual(labels(TraceShortening.shortened(trace, to: 6, same: { $0 == $1 || Set([$0, $1]) == [4, 5] })), ["Sign in", "Profile"])
    }
}
