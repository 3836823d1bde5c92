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
