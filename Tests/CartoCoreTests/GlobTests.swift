import CartoCore
import XCTest

final class GlobTests: XCTestCase {
    func testAnchoredAndUnanchoredPatterns() {
        XCTAssertTrue(Glob("Generated/**").matches("Generated/Strings.swift"))
        XCTAssertTrue(Glob("Generated/**").matches("Generated/a/b/c.swift"))
        XCTAssertFalse(Glob("Generated/**").matches("App/Generated/x.swift"), "a pattern with / is anchored at the root")
        XCTAssertTrue(Glob("**/Generated/**").matches("App/Generated/x.swift"))
        XCTAssertTrue(Glob("*.generated.swift").matches("App/Deep/R.generated.swift"), "a pattern without / matches names anywhere")
        XCTAssertFalse(Glob("*.swift").matches("App/Main.swift.orig"))
        XCTAssertTrue(Glob("Tests").matches("Module/Tests"))
        XCTAssertTrue(Glob("Sources/*/Model.swift").matches("Sources/App/Model.swift"))
        XCTAssertFalse(Glob("Sources/*/Model.swift").matches("Sources/App/Sub/Model.swift"), "* stays within a component")
        XCTAssertTrue(Glob("File?.swift").matches("File1.swift"))
        XCTAssertTrue(Glob("[A-C]*.swift").matches("Beta.swift"))
        XCTAssertFalse(Glob("[!A-C]*.swift").matches("Beta.swift"))
        XCTAssertTrue(Glob("Vendor/").matches("Vendor/x/y.swift"), "a trailing / means the whole folder")
    }
}

final class FileDiscoveryTests: XCTestCase {
    func testFindsSortedFilesSkipsVendoredFoldersAndReportsMissingRoot() throws {
        let root = NSTemporaryDirectory() + "carto-discovery-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        for path in ["b/B.swift", "a/A.swift", "Pods/P.swift", "a/readme.md", "x.xcodeproj/y.swift", "node_modules/z.swift"] {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try "".write(toFile: full, atomically: true, encoding: .utf8)
        }
        let result = try FileDiscovery(options: .init(extensions: ["swift"])).discover(root: root)
        XCTAssertEqual(result.files.map(\.relativePath), ["a/A.swift", "b/B.swift"])
        XCTAssertThrowsError(try FileDiscovery(options: .init(extensions: ["swift"])).discover(root: root + "/missing")) {
            XCTAssertEqual(($0 as? CartoError)?.status, .inputError)
        }
    }
}

final class ExporterTests: XCTestCase {
    func testDOTQuotesAndClusters() {
        var g = DOTGraph(name: "g")
        g.clusters = [.init(id: "view", label: "View \"1\"", nodes: [.init(id: "A.B", attributes: [("label", "B")])])]
        g.edges = [.init(from: "A.B", to: "C", attributes: [("color", "red")])]
        let dot = g.render()
        XCTAssertTrue(dot.contains("subgraph \"cluster_view\""))
        XCTAssertTrue(dot.contains("label=\"View \\\"1\\\"\""))
        XCTAssertTrue(dot.contains("\"A.B\" -> \"C\" [color=\"red\"]"))
    }

    func testSARIFURIsArePercentEncodedRelativePaths() {
        XCTAssertEqual(SARIF.uri(forRelativePath: "Scene/Server Details/A.swift"), "Scene/Server%20Details/A.swift")
        XCTAssertEqual(SARIF.uri(forRelativePath: "Ünï/%.swift"), "%C3%9Cn%C3%AF/%25.swift")
    }

    func testHTMLEscaping() {
        XCTAssertEqual(Markup.html("<a href=\"x\">'&'</a>"), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
    }

    func testTerminalStyleHonoursNO_COLOR() {
        XCTAssertFalse(TerminalStyle.automatic(environment: ["NO_COLOR": "1"]).enabled)
        XCTAssertEqual(TerminalStyle(enabled: false).red("x"), "x")
        XCTAssertEqual(TerminalStyle(enabled: true).red("x"), "\u{1B}[31mx\u{1B}[0m")
    }

    func testMultigraphKeepsParallelEdges() {
        var g = Multigraph<String, Int>()
        let a = g.addNode("a"), b = g.addNode("b")
        g.addEdge(from: a, to: b, label: 1)
        g.addEdge(from: a, to: b, label: 2)
        XCTAssertEqual(g.outgoingEdges(of: a).count, 2)
        XCTAssertEqual(g.successors(of: a), [b])
        XCTAssertEqual(g.predecessors(of: b), [a])
    }
}

final class JSONWriterTests: XCTestCase {
    func testWritesValidJSONWithEscapesNumbersAndSplicedArrays() throws {
        var fragment = JSONWriter.elements(depth: 1)
        for n in [0, 7, 42, -15, 1_234_567, Int.max, Int.min + 1] { fragment.element(); fragment.value(n) }
        var w = JSONWriter()
        w.beginObject()
        w.field("empty", elements: JSONWriter.elements(depth: 1))
        w.field("numbers", elements: fragment)
        w.field("text", "quote \" backslash \\ newline \n tab \t control \u{01} ünï")
        w.field("ratio", 0.25)
        w.field("whole", 3.0)
        w.endObject()
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(w.output)) as? [String: Any])
        XCTAssertEqual(object["numbers"] as? [Int], [0, 7, 42, -15, 1_234_567, Int.max, Int.min + 1])
        XCTAssertEqual((object["empty"] as? [Any])?.count, 0)
        XCTAssertEqual(object["text"] as? String, "quote \" backslash \\ newline \n tab \t control \u{01} ünï")
        XCTAssertEqual(object["ratio"] as? Double, 0.25)
        XCTAssertEqual(object["whole"] as? Int, 3)
    }
}
