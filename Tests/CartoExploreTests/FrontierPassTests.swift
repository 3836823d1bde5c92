import CartoCore
@testable import CartoExplore
import XCTest

/// Each frontier pass's examples, as SwiftLint tests its rules: what the pass was given, and whether it drops the
/// event (or, for the ordering, which event goes first).
final class FrontierPassTests: XCTestCase {
    func check<Pass: FrontierPass>(_ make: () -> Pass, _ examples: [FrontierPassExample], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(examples.contains { $0.skips } && examples.contains { !$0.skips }, "examples that drop and keep", file: file, line: line)
        for example in examples {
            var pass = make()
            for (from, to, event) in example.recorded {
                pass.learn(CrawlProgress.EdgeRecord(from: from, to: to, event: event, kind: .new))
                pass.learnOutcome(of: event, from: from, to: to)
            }
            let reason = pass.reasonToSkip(example.event, in: example.state)
            XCTAssertEqual(reason != nil, example.skips, "\(Pass.self): \(example.description) (\(reason ?? "kept"))", file: file, line: line)
        }
    }

    func testRepeatBound() { check({ RepeatBound(maxRepeats: 2) }, RepeatBound.examples) }

    func testGlobalNavigation() { check({ GlobalNavigation(after: 3) }, GlobalNavigation.examples) }

    func testInertControls() { check({ InertControls() }, InertControls.examples) }

    func testAlikeSiblings() { check({ AlikeSiblings() }, AlikeSiblings.examples) }

    func testFiredOnItsScreen() { check({ FiredOnItsScreen() }, FiredOnItsScreen.examples) }

    func testActionNoveltyOrdering() {
        for example in ActionNovelty.examples {
            XCTAssertEqual(ActionNovelty.choice(in: example), example.first, example.description)
        }
    }
}

/// `StateNaming`'s examples: names unique within a model, naming what sets a state apart from its nearest sibling.
final class StateNamingTests: XCTestCase {
    func testExamples() {
        for example in StateNaming.examples {
            XCTAssertEqual(StateNaming.unique(example.states), example.names, example.description)
        }
    }

    func testNamesDoNotDependOnTheOrderStatesWereFoundIn() {
        for example in StateNaming.examples {
            let reversed = StateNaming.unique(example.states.reversed())
            XCTAssertEqual(Array(reversed.reversed()), example.names, example.description)
        }
    }
}

/// `ListDrain`: which returns to a screen took a row away, and which events form the cycle to repeat.
final class ListDrainTests: XCTestCase {
    static func list(_ rows: Int, covered: Bool = false) -> UISnapshot {
        let cells = (0..<rows).map { UIElement(role: .cell, platformType: "li", label: "Habit \($0)") }
        var list = UIElement(role: .list, platformType: "ul", identifier: "habits", visible: true, locator: "css selector:#habits", children: cells)
        if covered { list.covered = true }
        return UISnapshot(context: ScreenContext(title: "Habits", container: "/"), root: UIElement(role: .window, platformType: "document", children: [list]))
    }

    func testAListHoldingFewerRowsThanWhenTheAppLeftItShrank() throws {
        let shrunk = try XCTUnwrap(ListDrain.shrunk(Self.list(2), since: Self.list(3)))
        XCTAssertEqual(shrunk.list, "css selector:#habits")
        XCTAssertEqual([shrunk.before, shrunk.now], [3, 2])
        XCTAssertNil(ListDrain.shrunk(Self.list(3), since: Self.list(3)), "as many rows")
        XCTAssertNil(ListDrain.shrunk(Self.list(4), since: Self.list(3)), "a row more: something added")
        XCTAssertNil(ListDrain.shrunk(Self.list(2, covered: true), since: Self.list(3, covered: true)), "a list dimmed under a dialog is not the screen")
    }

    func testTheCycleIsTheEventsSinceTheAppLeftTheScreenAtMostThree() {
        let open = CrawlEvent(kind: .tap, target: UIElement(role: .button, platformType: "div", label: "Read", actions: [.tap], target: "click"))
        let delete = CrawlEvent(kind: .tap, target: UIElement(role: .button, platformType: "button", identifier: "delete", label: "Delete", actions: [.tap]))
        typealias Step = CrawlProgress.StateRecord.TraceStep
        XCTAssertEqual(ListDrain.cycle(backTo: 0, fired: [Step(from: 0, event: open), Step(from: 1, event: delete)])?.steps,
                       [Step(from: 0, event: open), Step(from: 1, event: delete)])
        XCTAssertEqual(ListDrain.cycle(backTo: 0, fired: [Step(from: 0, event: open), Step(from: 0, event: open), Step(from: 1, event: delete)])?.steps.count, 2,
                       "from the last time the app left the screen")
        XCTAssertNil(ListDrain.cycle(backTo: 0, fired: [Step(from: 0, event: open), Step(from: 1, event: .back)]), "a back retraces")
        XCTAssertNil(ListDrain.cycle(backTo: 0, fired: [Step(from: 0, event: open)] + (1...3).map { Step(from: $0, event: delete) }), "longer than three")
        XCTAssertNil(ListDrain.cycle(backTo: 5, fired: [Step(from: 0, event: open), Step(from: 1, event: delete)]), "never left from there")
    }
}

/// `ReturnsToOpener`'s examples: which control that went back is fired again on arriving from another state.
final class ReturnsToOpenerTests: XCTestCase {
    func testExamples() {
        XCTAssertTrue(ReturnsToOpener.examples.contains { $0.test == nil } && ReturnsToOpener.examples.contains { $0.test != nil })
        for example in ReturnsToOpener.examples {
            var returns = ReturnsToOpener()
            for step in example.seen {
                switch step {
                case .returned(let work, let origin): returns.returned(work, to: origin)
                case .tested(let work, let origin, let landed): returns.tested(work, from: origin, landed: landed)
                }
            }
            XCTAssertEqual(returns.toTest(in: example.arrival.state, from: example.arrival.origin), example.test, example.description)
        }
    }
}

/// `Progression`: which returns to a screen show its content moved on.
final class ProgressionTests: XCTestCase {
    static func screen(_ text: String, heading: String = "Question 1 of 10", rows: Int = 0) -> UISnapshot {
        var children = [UIElement(role: .heading, platformType: "h1", label: heading),
                        UIElement(role: .button, platformType: "button", label: "Next", actions: [.tap])]
        if rows > 0 {
            children.append(UIElement(role: .list, platformType: "ul", identifier: "items", locator: "css selector:#items",
                                      children: (0..<rows).map { UIElement(role: .cell, platformType: "li", label: "Item \($0)") }))
        }
        return UISnapshot(context: ScreenContext(title: "Quiz", container: "/"),
                          root: UIElement(role: .window, platformType: "document", value: text, children: children))
    }

    func testContentMovedOnWhenItsTextDiffersBeyondNumbersAndDates() {
        XCTAssertTrue(Progression.movedOn(Self.screen("Paris is the capital of France."), since: Self.screen("Bats are mammals.")), "the next question")
        XCTAssertFalse(Progression.movedOn(Self.screen("Bats are mammals."), since: Self.screen("Bats are mammals.")), "the same question")
        XCTAssertFalse(Progression.movedOn(Self.screen("Updated 12:05:33", heading: "Question 2 of 10"), since: Self.screen("Updated 12:04:10")),
                       "only numbers changed: a counter, a clock")
        XCTAssertFalse(Progression.movedOn(Self.screen("Agenda for Nov 28"), since: Self.screen("Agenda for Nov 27")), "only a date")
        XCTAssertFalse(Progression.movedOn(Self.screen("A new entry", rows: 3), since: Self.screen("Entries", rows: 2)), "a list grew: something added")
        XCTAssertTrue(Progression.movedOn(Self.screen("Second page", rows: 2), since: Self.screen("First page", rows: 2)), "a list as long, other text")
        XCTAssertFalse(Progression.movedOn(Self.screen("12÷3×"), since: Self.screen("12÷")), "a calculator's display: no words")
        XCTAssertFalse(Progression.movedOn(Self.screen("Result eee"), since: Self.screen("Result ee")), "what was tapped piling up in a display")
        XCTAssertTrue(Progression.movedOn(Self.screen("Seen the sea"), since: Self.screen("Seen the sun")), "a word replaced, not lengthened")
        XCTAssertFalse(Progression.movedOn(Self.screen("Name Role Ada admin Bob user"), since: Self.screen("Name Role Bob user Ada admin")),
                       "the same words in another order: a table sorted")
    }

    func testTheFiredControlsOwnLabelIsNoContent() {
        func screen(_ favourite: String) -> UISnapshot {
            UISnapshot(context: ScreenContext(title: "Recipes", container: "/"), root: UIElement(role: .window, platformType: "document", value: "Pancakes " + favourite, children: [
                UIElement(role: .button, platformType: "button", label: favourite, actions: [.tap], locator: "css selector:#fav")]))
        }
        XCTAssertFalse(Progression.movedOn(screen("Unfavorite"), since: screen("Favorite"), fired: "css selector:#fav"), "a toggle: a second tap undoes it")
        XCTAssertTrue(Progression.movedOn(screen("Unfavorite"), since: screen("Favorite")), "another control's label changed")
    }

    /// The cycle back to a screen: to the state itself, or to one that is it but for data (the next question), the
    /// nearest first; not through a browser back, not longer than `ListDrain.maxSteps`.
    func testACycleLeadsBackToTheStateOrToOneThatIsItButForData() {
        typealias Step = CrawlProgress.StateRecord.TraceStep
        let answer = FiredOnItsScreen.answer(1, "Paris"), next = FiredOnItsScreen.answer(5, "Next")
        let questions: Set<Int> = [1, 3]
        func cycle(_ fired: [Step], to landed: Int) -> (Int, [Int])? {
            ListDrain.cycle(backTo: landed, fired: fired, alike: { questions.contains($0) && questions.contains(landed) }).map { ($0.origin, $0.steps.map(\.from)) }
        }
        let quiz = [Step(from: 0, event: answer), Step(from: 1, event: answer), Step(from: 2, event: next)]
        XCTAssertEqual(cycle(quiz, to: 3)?.0, 1, "question 1 → answered → question 2: a cycle from question 1")
        XCTAssertEqual(cycle(quiz, to: 3)?.1, [1, 2])
        XCTAssertEqual(cycle([Step(from: 4, event: next)], to: 4)?.1, [4], "an event that left the app on its state")
        XCTAssertNil(cycle([Step(from: 1, event: answer), Step(from: 2, event: .back)], to: 3), "a back retraces")
        XCTAssertNil(cycle([Step(from: 1, event: answer), Step(from: 6, event: next), Step(from: 7, event: next), Step(from: 8, event: next)], to: 3),
                     "longer than three events")
        XCTAssertNil(cycle(quiz, to: 9), "a screen not seen on the way")
    }

    /// A step of a cycle is fired on a state that is its own but for data at the control in the same place, whatever
    /// it reads.
    func testAStepsCounterpartIsTheControlInTheSamePlace() {
        let events = [FiredOnItsScreen.answer(1, "Seville"), FiredOnItsScreen.answer(2, "Madrid"), CrawlEvent.back]
        XCTAssertEqual(Progression.counterpart(of: FiredOnItsScreen.answer(2, "Lyon"), among: events), 1)
        XCTAssertEqual(Progression.counterpart(of: .back, among: events), 2)
        XCTAssertNil(Progression.counterpart(of: FiredOnItsScreen.answer(3, "Nice"), among: events))
    }
}
