import CartoCore
@testable import CartoExplore
import CartoModel
import XCTest

final class StateRecognizerTests: XCTestCase {
    func signature(_ container: String, _ title: String, _ types: [String], hidden: Set<Int> = []) -> StateSignature {
        StateSignature(container: container, title: title, elements: types.enumerated().map { i, t in
            ElementFeatures(UIElement(role: .button, platformType: t, visible: !hidden.contains(i), actions: [.tap]))
        })
    }

    func testPaperFormulaWithDefaultWeights() {
        let w = SimilarityWeights()
        let a = signature("/", "Home", ["a", "button", "h1", "li", "li"])
        // Identical: (3×0.8 + 5×5×0.7) / (3 + 5×5) = 19.9 / 28.
        XCTAssertEqual(w.similarity(a, a), 19.9 / 28 * 100, accuracy: 1e-9)
        // One element hidden: 0.7 less.
        XCTAssertEqual(w.similarity(a, signature("/", "Home", ["a", "button", "h1", "li", "li"], hidden: [4])), 19.2 / 28 * 100, accuracy: 1e-9)
        // Another title: 0.8 less, below τ = 70.
        XCTAssertLessThan(w.similarity(a, signature("/", "Settings", ["a", "button", "h1", "li", "li"])), 70)
        // Fewer elements in the current state: missing partners match nothing.
        XCTAssertEqual(w.similarity(a, signature("/", "Home", ["a", "button", "h1"])), (1.6 + 3 * 3.5) / 28 * 100, accuracy: 1e-9)
    }

    func testRecognizerMatchesOnlyEquivalentStatesAndPrefersIdentical() {
        var r = StateRecognizer()
        let home = signature("/", "Home", ["a", "button"])
        let dialog = signature("/", "Home", ["a", "button"], hidden: [0])
        XCTAssertNil(r.match(home))
        XCTAssertEqual(r.add(home), 0)
        XCTAssertEqual(r.match(home)?.index, 0)
        // With 2 elements one hidden flip costs 0.7 of 13 properties: 71.5% → 66.2%, a new state.
        XCTAssertNil(r.match(dialog))
        r.add(dialog)
        XCTAssertEqual(r.match(dialog)?.index, 1)
        XCTAssertNil(r.match(signature("/settings", "Home", ["a", "button"])))
    }

    func testBoundsAgreeWithBruteForceForCustomWeights() {
        var w = SimilarityWeights()
        w.container = 0.1; w.title = 0.1; w.elementCount = 0.1; w.threshold = 60
        var r = StateRecognizer(weights: w)
        var visited: [StateSignature] = []
        var rng = SplitMix64(seed: 7)
        let types = ["a", "button", "input", "li"]
        for _ in 0..<300 {
            let n = 1 + rng.next(below: 6)
            let s = StateSignature(container: ["/", "/a", "/b"][rng.next(below: 3)], title: ["T", "U"][rng.next(below: 2)],
                                   elements: (0..<n).map { _ in ElementFeatures(UIElement(role: .button, platformType: types[rng.next(below: 4)], visible: rng.next(below: 5) > 0)) })
            let brute = visited.firstIndex { w.similarity($0, s) >= w.threshold }
            let fast = r.match(s)?.index
            if let brute, let fast {
                XCTAssertGreaterThanOrEqual(w.similarity(visited[fast], s), w.threshold)
                _ = brute
            } else {
                XCTAssertEqual(brute, fast, "both must agree that no visited state is similar")
            }
            if fast == nil { r.add(s); visited.append(s) }
        }
    }
}
