import CartoArch
import CartoCore
import CartoReports
import Foundation
import XCTest

final class ReportTests: XCTestCase {
    nonisolated(unsafe) static let report: ArchitectureReport = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/ShopApp").path
        return try! ArchitectureAnalyzer().analyze(path: root)
    }()

    func testJSONContractKeys() throws {
        let json = try ArchitectureReportRenderer.render(Self.report, format: .json)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        for key in ["components", "dependencies", "violations", "metrics"] { XCTAssertNotNil(object[key], key) }
        let component = try XCTUnwrap((object["components"] as? [[String: Any]])?.first)
        for key in ["name", "qualifiedName", "kind", "layer", "file", "line"] { XCTAssertNotNil(component[key], key) }
        let dependency = try XCTUnwrap((object["dependencies"] as? [[String: Any]])?.first)
        for key in ["from", "to", "kind", "file", "line"] { XCTAssertNotNil(dependency[key], key) }
        let violation = try XCTUnwrap((object["violations"] as? [[String: Any]])?.first)
        for key in ["rule", "from", "to", "file", "line", "message"] { XCTAssertNotNil(violation[key], key) }
        XCTAssertTrue((component["layer"] as? String).map { ["model", "view", "controller"].contains($0) } ?? false)
    }

    func testSARIFIsValidShapeWithRepositoryRelativePaths() throws {
        let sarif = try ArchitectureReportRenderer.render(Self.report, format: .sarif)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        XCTAssertEqual(object["version"] as? String, "2.1.0")
        XCTAssertNotNil(object["$schema"])
        let run = try XCTUnwrap((object["runs"] as? [[String: Any]])?.first)
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "carto")
        let ruleIDs = (driver["rules"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, Self.report.violations.count)
        for r in results {
            XCTAssertTrue(ruleIDs.contains(r["ruleId"] as? String ?? ""))
            let location = try XCTUnwrap(((r["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
            let uri = try XCTUnwrap((location["artifactLocation"] as? [String: Any])?["uri"] as? String)
            XCTAssertTrue(uri.hasPrefix("Examples/ShopApp/ShopApp/"), "repository-relative: \(uri)")
            XCTAssertFalse(uri.hasPrefix("/"))
            XCTAssertNotNil((location["region"] as? [String: Any])?["startLine"] as? Int)
        }
    }

    func testDOTClustersLayersAndHighlightsViolations() throws {
        let dot = try ArchitectureReportRenderer.render(Self.report, format: .dot)
        XCTAssertTrue(dot.hasPrefix("digraph"))
        for layer in ["model", "view", "controller"] { XCTAssertTrue(dot.contains("subgraph \"cluster_\(layer)\""), layer) }
        XCTAssertTrue(dot.contains("\"Cart\" -> \"CartViewController\" [label=\"1\", color=\"#D62728\""))
    }

    func testMarkdownSummary() throws {
        let md = try ArchitectureReportRenderer.render(Self.report, format: .markdown)
        XCTAssertTrue(md.contains("❌ **\(Self.report.metrics.newViolations) new violations**"))
        XCTAssertTrue(md.contains("| Model |"))
        XCTAssertTrue(md.contains("`model-isolation`"))
    }

    func testHTMLIsSelfContained() throws {
        let html = try ArchitectureReportRenderer.render(Self.report, format: .html)
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        XCTAssertFalse(html.contains("<script src"))
        XCTAssertFalse(html.contains("<link"))
        XCTAssertFalse(html.contains("src=\"http"))
        XCTAssertTrue(html.contains("<svg"))
        for v in Self.report.violations { XCTAssertTrue(html.contains("\(Markup.html(v.file)):\(v.line)"), v.file) }
    }

    func testTextGroupsViolationsWithLocationsAndNoColourWhenDisabled() throws {
        let text = try ArchitectureReportRenderer.render(Self.report, format: .text)
        XCTAssertFalse(text.contains("\u{1B}["))
        XCTAssertTrue(text.contains("Examples/ShopApp/ShopApp/Models/Cart.swift:13: error: Model 'Cart' depends on controller 'CartViewController'"), text)
        XCTAssertTrue(text.contains("Pressure points"))
    }
}

final class JSONReportTests: XCTestCase {
    /// The hand-written writer must say exactly what JSONEncoder says for the same report (every key, every value).
    func testStreamingWriterMatchesJSONEncoder() throws {
        var report = ReportTests.report
        report.diagnostics = [Diagnostic(severity: .error, file: "a \"quoted\"\tfile.swift", line: 3, message: "line\nbreak \u{1} ünïcode"),
                              Diagnostic(severity: .warning, file: "b.swift", message: "no line")]
        report.violations[0].isNew = false
        let fast = try JSONSerialization.jsonObject(with: Data(JSONReport.render(report).utf8)) as? NSDictionary
        let reference = try JSONSerialization.jsonObject(with: JSONOutput.encoder().encode(report)) as? NSDictionary
        XCTAssertNotNil(fast)
        XCTAssertEqual(fast, reference)
    }
}
