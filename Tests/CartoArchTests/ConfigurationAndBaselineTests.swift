import CartoArch
import CartoCore
import XCTest

final class ConfigurationTests: XCTestCase {
    func testCustomLayersAndForbiddenAndAllowedPairs() throws {
        let codebase = try TestCodebase([
            ".carto.yml": """
                preset: mvc
                layers:
                  - name: service
                    namePattern: "(Service|Client)$"
                  - name: persistence
                    paths: ["Storage/**"]
                  - name: analytics
                    conformsTo: [Tracking]
                rules:
                  forbidden:
                    - from: service
                      to: persistence
                  allowed:
                    - from: view
                      to: model
                """,
            "App/Screen.swift": "import UIKit\nstruct Item {}\nfinal class ItemCell: UITableViewCell { var item: Item? }\n",
            "App/Net.swift": "final class APIClient { let db = Database() }\nprotocol Tracking {}\nstruct Firebase: Tracking {}\n",
            "Storage/Database.swift": "final class Database {}\n",
        ])
        let report = try codebase.analyze()
        XCTAssertEqual(report.preset, "mvc")
        XCTAssertEqual(report.component("APIClient")?.layer, "service")
        XCTAssertEqual(report.component("Database")?.layer, "persistence")
        XCTAssertEqual(report.component("Firebase")?.layer, "analytics")
        XCTAssertEqual(report.component("Firebase")?.heuristic, "configured-layer")
        XCTAssertEqual(report.violations.map(\.rule), ["forbidden-service-to-persistence"], "view → model is allowed by the config")
        XCTAssertTrue(report.layers.contains { $0.name == "service" })
        XCTAssertTrue(report.metrics.layers.contains { $0.layer == "persistence" && $0.components == 1 })
    }

    func testPresetOptionOverridesConfiguration() throws {
        let codebase = try TestCodebase([".carto.yml": "preset: mvc\n", "A.swift": "struct A {}\n"])
        XCTAssertEqual(try codebase.analyze(preset: "viper").preset, "viper")
        XCTAssertThrowsError(try codebase.analyze(preset: "nonsense")) { error in
            XCTAssertEqual((error as? CartoError)?.status, .inputError)
        }
    }
}

final class SuppressionAndBaselineTests: XCTestCase {
    static let source = """
        import UIKit
        struct Product {}
        final class Cell: UITableViewCell {
            var product: Product? // carto:ignore view-isolation
            // carto:ignore R1
            var other: Product?
            var third: Product?
            var fourth: Product? // carto:ignore model-isolation
        }
        // carto:ignore
        final class Legacy: UIView { var p: Product? }
        """

    func testInlineIgnoreOnTheLineTheLineAboveAndTheDeclaration() throws {
        let report = try TestCodebase(source: Self.source).analyze()
        XCTAssertEqual(report.violations.map(\.line), [7, 8], "ignores by id, by paper alias and for a whole declaration; a comment for another rule does not hide this one")
        XCTAssertEqual(report.metrics.suppressedViolations, 3)
    }

    func testBaselineAcceptsExistingViolationsButNotNewOnes() throws {
        let codebase = try TestCodebase(source: Self.source)
        let first = try codebase.analyze()
        let baseline = Baseline(violations: first.violations)
        XCTAssertEqual(baseline.violations.count, 1, "same rule, components, kind and file collapse into one counted entry")
        XCTAssertEqual(baseline.violations.first?.count, 2)

        // The code moves and a new violation appears.
        try codebase.write("Sources/Main.swift", "\n\n" + Self.source + "\nfinal class Other: UIView { let p = Product() }\n")
        let second = try codebase.analyze { $0.baseline = baseline }
        XCTAssertEqual(second.violations.count, 3)
        XCTAssertEqual(second.newViolations.map(\.from), ["Other"])
        XCTAssertEqual(second.metrics.newViolations, 1)
    }
}

final class DeterminismTests: XCTestCase {
    func testOutputIsIdenticalAcrossRunsAndThreadCounts() throws {
        var files: [String: String] = [:]
        for i in 0..<60 {
            files["Module\(i % 3)/File\(i).swift"] = """
                import UIKit
                struct Model\(i) { let next: Model\((i + 1) % 60)? }
                final class Cell\(i): UITableViewCell { var model: Model\(i)? ; var shared: Shared? }
                final class Screen\(i): UIViewController { let cell = Cell\(i)() ; func go() { present(Screen\((i + 7) % 60)(), animated: true) } }
                final class Shared {}
                """
        }
        let codebase = try TestCodebase(files)
        let encoder = JSONOutput.encoder()
        let one = try encoder.encode(codebase.analyze(jobs: 1))
        let four = try encoder.encode(codebase.analyze(jobs: 4))
        let again = try encoder.encode(codebase.analyze(jobs: 4))
        XCTAssertEqual(one, four)
        XCTAssertEqual(four, again)
    }
}
