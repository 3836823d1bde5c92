import CartoArch
import CartoCore
import Foundation
import XCTest

final class BadInputTests: XCTestCase {
    func testMissingPathIsAnInputError() {
        XCTAssertThrowsError(try ArchitectureAnalyzer().analyze(path: "/no/such/folder")) { error in
            let e = error as? CartoError
            XCTAssertEqual(e?.status, .inputError)
            XCTAssertTrue(e?.message.contains("/no/such/folder") ?? false)
        }
    }

    func testMalformedSwiftIsReportedAndTheRestAnalysed() throws {
        let codebase = try TestCodebase([
            "Broken.swift": "class Broken {\n    func f( {\n}\nstruct AfterError {}\n",
            "Fine.swift": "struct Fine {}\n",
        ])
        let report = try codebase.analyze()
        XCTAssertNotNil(report.components.first { $0.name == "Fine" })
        XCTAssertNotNil(report.components.first { $0.name == "Broken" })
        let diag = try XCTUnwrap(report.diagnostics.first { $0.file == "Broken.swift" })
        XCTAssertEqual(diag.severity, .error)
        XCTAssertTrue(diag.message.contains("syntax error"), diag.message)
        XCTAssertNotNil(diag.line)
    }

    func testNonUTF8BinaryAndOversizedFilesAreSkippedWithDiagnostics() throws {
        let codebase = try TestCodebase(["Good.swift": "struct Good {}\n"])
        try codebase.write("Latin1.swift", Data([0x73, 0x74, 0x72, 0x75, 0x63, 0x74, 0x20, 0xE9, 0xFF, 0x20, 0x7B, 0x7D]))
        try codebase.write("Binary.swift", Data([0x00, 0x01, 0x02, 0x03]))
        try codebase.write("Generated.swift", String(repeating: "let x = 1\n", count: 300))
        let report = try codebase.analyze { $0.maxFileSize = 1000 }
        let byFile = Dictionary(grouping: report.diagnostics, by: \.file)
        XCTAssertTrue(byFile["Latin1.swift"]?.first?.message.contains("UTF-8") ?? false)
        XCTAssertTrue(byFile["Binary.swift"]?.first?.message.contains("binary") ?? false)
        XCTAssertTrue(byFile["Generated.swift"]?.first?.message.contains("limit") ?? false)
        XCTAssertEqual(report.components.map(\.name), ["Good"])
    }

    func testUnreadableFileIsSkipped() throws {
        let codebase = try TestCodebase(["Good.swift": "struct Good {}\n", "Secret.swift": "struct Secret {}\n"])
        let secret = codebase.root + "/Secret.swift"
        chmod(secret, 0)
        defer { chmod(secret, 0o644) }
        guard FileManager.default.isReadableFile(atPath: secret) == false else {
            throw XCTSkip("running as root: permissions do not stop reads")
        }
        let report = try codebase.analyze()
        XCTAssertTrue(report.diagnostics.contains { $0.file == "Secret.swift" && $0.message.contains("not readable") })
    }

    /// swift-syntax backtracks exponentially on deeply nested `[`; such files are skipped, not parsed for hours.
    func testPathologicalBracketNestingIsSkippedQuickly() throws {
        let deep = "let x = " + String(repeating: "[(", count: 40) + "1" + String(repeating: ")]", count: 40) + "\n"
        let codebase = try TestCodebase(["Deep.swift": deep, "Fine.swift": "let ok = [[[1]]]\nstruct Fine {}\n"])
        let start = Date()
        let report = try codebase.analyze()
        XCTAssertLessThan(Date().timeIntervalSince(start), 30)
        XCTAssertEqual(report.components.map(\.name), ["Fine"])
        XCTAssertTrue(report.diagnostics.contains { $0.file == "Deep.swift" && $0.message.contains("nests 40 levels") }, "\(report.diagnostics)")
    }

    func testSymlinkLoopsAndVendoredFoldersAreNotFollowed() throws {
        let codebase = try TestCodebase([
            "App/Main.swift": "struct Main {}\n",
            "Pods/Alamofire/Session.swift": "class Session {}\n",
            "Carthage/Checkouts/X.swift": "class X {}\n",
            ".build/checkouts/Y.swift": "class Y {}\n",
            "DerivedData/Z.swift": "class Z {}\n",
            "Generated/Strings.swift": "enum Strings {}\n",
        ])
        try FileManager.default.createSymbolicLink(atPath: codebase.root + "/App/loop", withDestinationPath: codebase.root + "/App")
        try FileManager.default.createSymbolicLink(atPath: codebase.root + "/App/dangling.swift", withDestinationPath: codebase.root + "/missing.swift")
        let report = try codebase.analyze { $0.excludes = ["Generated/**"] }
        XCTAssertEqual(report.components.map(\.name), ["Main"])
        XCTAssertTrue(report.diagnostics.contains { $0.message.contains("symbolic link loop") })
        XCTAssertTrue(report.diagnostics.contains { $0.file == "App/dangling.swift" })
    }

    func testInvalidConfigurationNamesFileLineAndKey() throws {
        let cases: [(String, String)] = [
            ("preset: mvc\nlayerz: []\n", "unknown key 'layerz'"),
            ("preset: nope\n", "unknown preset 'nope'"),
            ("maxFileSize: -3\n", "key 'maxFileSize'"),
            ("layers:\n  - name: service\n    namePattern: \"([\"\n", "key 'layers.namePattern'"),
            ("layers:\n  - title: x\n", "has no 'name'"),
            ("rules:\n  forbidden:\n    - from: view\n", "'from' and 'to'"),
            ("preset: [unclosed\n", "invalid YAML"),
        ]
        for (yaml, expected) in cases {
            let codebase = try TestCodebase(["A.swift": "struct A {}\n", ".carto.yml": yaml])
            XCTAssertThrowsError(try codebase.analyze(), yaml) { error in
                let e = error as? CartoError
                XCTAssertEqual(e?.status, .inputError)
                XCTAssertTrue(e?.message.contains(".carto.yml") ?? false, e?.message ?? "")
                XCTAssertTrue(e?.message.contains(expected) ?? false, "\(e?.message ?? "") should mention \(expected)")
            }
        }
    }

    func testConfigurationErrorPointsAtTheLine() throws {
        let codebase = try TestCodebase(["A.swift": "struct A {}\n", ".carto.yml": "preset: mvc\nexclude: []\nbogus: 1\n"])
        XCTAssertThrowsError(try codebase.analyze()) { error in
            XCTAssertTrue((error as? CartoError)?.message.contains(".carto.yml:3:") ?? false, "\(error)")
        }
    }
}
