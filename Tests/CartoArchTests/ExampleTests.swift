import CartoArch
import XCTest

/// SwiftLint-style: every heuristic's and every rule's own examples are its tests.
final class HeuristicExampleTests: XCTestCase {
    /// Each heuristic with a preset that runs it.
    private var heuristics: [(any CategorisationHeuristic, Preset)] {
        var seen = Set<String>()
        var out: [(any CategorisationHeuristic, Preset)] = []
        for preset in Preset.all {
            for h in preset.heuristics where seen.insert(type(of: h).identifier).inserted && !(type(of: h).triggeringExamples.isEmpty) {
                out.append((h, preset))
            }
        }
        return out
    }

    func testEveryHeuristicHasTriggeringExamples() {
        for preset in Preset.all {
            for h in preset.heuristics where !(String(describing: type(of: h)).hasPrefix("Relabel")) {
                XCTAssertFalse(type(of: h).triggeringExamples.isEmpty, "\(type(of: h).identifier) has no examples")
                XCTAssertFalse(type(of: h).summary.isEmpty)
            }
        }
    }

    /// Runs every example of every heuristic under a preset that uses it; `check` judges the example's component.
    private func forEachExample(_ pick: (any CategorisationHeuristic.Type) -> [CategorisationExample],
                                _ check: (String, CategorisationExample, ArchitectureReport.ReportComponent) -> Void) throws {
        for (h, preset) in heuristics {
            for example in pick(type(of: h)) {
                let report = try TestCodebase(source: example.source).analyze(preset: preset.name)
                // An example naming a component its source does not declare tests nothing: it fails.
                guard let c = report.component(example.component) else {
                    XCTFail("\(type(of: h).identifier): the example names \(example.component), which its source does not declare:\n\(example.source)")
                    continue
                }
                check(type(of: h).identifier, example, c)
            }
        }
    }

    func testTriggeringExamples() throws {
        try forEachExample({ $0.triggeringExamples }) { id, example, c in
            XCTAssertEqual(c.heuristic, id, "\(id) should decide \(example.component) in:\n\(example.source)\n(got \(c.heuristic): \(c.reason))")
            if let layer = example.layer { XCTAssertEqual(c.layer, layer, "\(id): layer of \(example.component)") }
            if let role = example.role { XCTAssertEqual(c.role, role, "\(id): role of \(example.component)") }
        }
    }

    func testNonTriggeringExamples() throws {
        try forEachExample({ $0.nonTriggeringExamples }) { id, example, c in
            XCTAssertNotEqual(c.heuristic, id, "\(id) must not decide \(example.component) in:\n\(example.source)")
        }
    }
}

final class RuleExampleTests: XCTestCase {
    private var rules: [any ArchitectureRule] {
        var seen = Set<String>()
        return (Preset.all.flatMap(\.rules) + ArchitectureStyle.allCases.flatMap(\.rules)).filter { seen.insert($0.identifier).inserted }
    }

    func testTriggeringExamples() throws {
        for rule in rules {
            for source in rule.triggeringExamples {
                let report = try TestCodebase(source: source).analyze(preset: rule.examplePreset)
                XCTAssertTrue(report.violations.contains { $0.rule == rule.identifier },
                              "\(rule.identifier) should fire under \(rule.examplePreset) on:\n\(source)\n(got \(report.violations.map(\.rule)))")
            }
        }
    }

    func testNonTriggeringExamples() throws {
        for rule in rules {
            for source in rule.nonTriggeringExamples {
                let report = try TestCodebase(source: source).analyze(preset: rule.examplePreset)
                XCTAssertFalse(report.violations.contains { $0.rule == rule.identifier },
                               "\(rule.identifier) must not fire on:\n\(source)\n(got \(report.violations.map(\.message)))")
            }
        }
    }

    func testPaperRulesAreExemplified() {
        for id in ["view-isolation", "model-isolation", "view-controller-coordinator", "viewmodel-ui-independence", "viper-view-interactor"] {
            let rule = rules.first { $0.identifier == id }
            XCTAssertNotNil(rule, id)
            XCTAssertFalse(rule?.triggeringExamples.isEmpty ?? true, "\(id) needs a triggering example")
            XCTAssertFalse(rule?.nonTriggeringExamples.isEmpty ?? true, "\(id) needs a non-triggering example")
        }
    }
}
