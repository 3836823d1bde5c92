import Foundation
import XCTest

/// Runs the real `carto` executable the way users and CI do.
final class CLITests: XCTestCase, CLIHarness {
    static let example = CLIHarnessPaths.repoRoot + "/Examples/ShopApp"

    func testExitCodes() throws {
        let clean = try tempDir()
        try "struct Fine {}\n".write(toFile: clean + "/Fine.swift", atomically: true, encoding: .utf8)
        XCTAssertEqual(try carto(["arch", clean]).status, 0)
        let violating = try carto(["arch", Self.example])
        XCTAssertEqual(violating.status, 1, violating.stderr)
        let missing = try carto(["arch", "/no/such/dir"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr.split(separator: "\n").count, 1, "one line: \(missing.stderr)")
        XCTAssertTrue(missing.stderr.contains("/no/such/dir"))
        XCTAssertEqual(try carto(["arch", Self.example, "--format", "yaml"]).status, 2)
        XCTAssertEqual(try carto(["arch", Self.example, "--preset", "nope"]).status, 2)
        XCTAssertEqual(try carto(["frobnicate"]).status, 2)
        try "layerz: 1\n".write(toFile: clean + "/.carto.yml", atomically: true, encoding: .utf8)
        let badConfig = try carto(["arch", clean])
        XCTAssertEqual(badConfig.status, 2)
        XCTAssertTrue(badConfig.stderr.contains(".carto.yml:1: unknown key 'layerz'"), badConfig.stderr)
    }

    func testProgressGoesToStderrAndNotToTheReport() throws {
        let dir = try tempDir()
        for i in 0..<40 { try "struct S\(i) {}\n".write(toFile: dir + "/S\(i).swift", atomically: true, encoding: .utf8) }
        let shown = try carto(["arch", dir, "--format", "json"], environment: ["CARTO_PROGRESS_DELAY": "0"])
        XCTAssertTrue(shown.stderr.contains("Parsing Swift files"), shown.stderr)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)), "stdout stays pure JSON")
        let quiet = try carto(["arch", dir, "--quiet"], environment: ["CARTO_PROGRESS_DELAY": "0"])
        XCTAssertFalse(quiet.stderr.contains("Parsing"))
    }

    /// Root reads every file regardless of permissions, so run carto as `nobody` to meet a really unreadable file.
    func testUnreadableFileIsReportedAndSkipped() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("needs root and setpriv to drop privileges")
        }
        let dir = try tempDir()
        try "struct Good {}\n".write(toFile: dir + "/Good.swift", atomically: true, encoding: .utf8)
        try "struct Secret {}\n".write(toFile: dir + "/Secret.swift", atomically: true, encoding: .utf8)
        chmod(dir, 0o755)
        chmod(dir + "/Good.swift", 0o644)
        chmod(dir + "/Secret.swift", 0o000)
        let (status, data) = try runProgram("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", Self.binary, "arch", dir, "--format", "json"])
        XCTAssertEqual(status, 0)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let names = (report["components"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        XCTAssertEqual(names, ["Good"])
        let diagnostics = report["diagnostics"] as? [[String: Any]] ?? []
        XCTAssertTrue(diagnostics.contains { ($0["file"] as? String) == "Secret.swift" && (($0["message"] as? String) ?? "").contains("not readable") }, "\(diagnostics)")
    }

    func testHelpEverywhere() throws {
        for args in [["--help"], ["arch", "--help"], ["arch", "check", "--help"], ["arch", "detect", "--help"], ["arch", "rules", "--help"],
                     ["crawl", "--help"], ["graph", "--help"], ["graph", "diff", "--help"], ["graph", "convert", "--help"]] {
            let r = try carto(args)
            XCTAssertEqual(r.status, 0, args.joined(separator: " "))
            XCTAssertTrue(r.stdout.contains("USAGE"), args.joined(separator: " "))
        }
        XCTAssertTrue(try carto(["arch", "check", "--help"]).stdout.contains("--format"))
        XCTAssertTrue(try carto(["crawl", "--help"]).stdout.contains("--resume"))
        XCTAssertEqual(try carto(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines), "0.1.0")
    }

    func testJSONToOutputFileAndDetect() throws {
        let dir = try tempDir()
        let r = try carto(["arch", Self.example, "--format", "json", "--output", dir + "/report.json"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout, "")
        let data = try Data(contentsOf: URL(fileURLWithPath: dir + "/report.json"))
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual((object["components"] as? [Any])?.count, 27)

        let detect = try carto(["arch", "detect", Self.example])
        XCTAssertEqual(detect.status, 0)
        let doc = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(detect.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((doc["components"] as? [Any])?.count, 27)
        XCTAssertNil(doc["violations"])
    }

    func testBaselineRoundTrip() throws {
        let dir = try tempDir()
        let write = try carto(["arch", Self.example, "--write-baseline", dir + "/baseline.json"])
        XCTAssertEqual(write.status, 1)
        let again = try carto(["arch", Self.example, "--baseline", dir + "/baseline.json"])
        XCTAssertEqual(again.status, 0, again.stdout)
        XCTAssertTrue(again.stdout.contains("No new violations"))
        try "{not json".write(toFile: dir + "/bad.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(try carto(["arch", Self.example, "--baseline", dir + "/bad.json"]).status, 2)
    }

    func testColourOnlyWhenAskedAndNeverWithNO_COLOR() throws {
        XCTAssertFalse(try carto(["arch", Self.example]).stdout.contains("\u{1B}["), "not a TTY")
        XCTAssertTrue(try carto(["arch", Self.example, "--color", "always"]).stdout.contains("\u{1B}["))
        XCTAssertFalse(try carto(["arch", Self.example], environment: ["NO_COLOR": "1"]).stdout.contains("\u{1B}["))
    }

    /// The README shows real output: it must stay what the tool prints.
    func testREADMESampleOutputIsCurrent() throws {
        let readme = try String(contentsOfFile: repoRoot + "/README.md", encoding: .utf8)
        let marker = "$ swift run -c release carto arch Examples/ShopApp\n"
        let start = try XCTUnwrap(readme.range(of: marker)).upperBound
        let end = try XCTUnwrap(readme.range(of: "```", range: start..<readme.endIndex)).lowerBound
        let shown = String(readme[start..<end])
        let actual = try carto(["arch", "Examples/ShopApp", "--color", "never"], cwd: repoRoot)
        XCTAssertEqual(actual.stdout, shown)
    }

    func testRulesListsPresetsHeuristicsAndRules() throws {
        let r = try carto(["arch", "rules"])
        XCTAssertEqual(r.status, 0)
        for word in ["auto (default)", "mvc-coordinators", "viper", "view-controller-inheritance", "model-isolation (R2)"] {
            XCTAssertTrue(r.stdout.contains(word), word)
        }
    }

    /// Opens the HTML report in real headless Chromium and takes a screenshot.
    func testHTMLReportRendersInHeadlessChromium() throws {
        guard let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("Chromium is not installed (the README's test command installs it)")
        }
        let dir = try tempDir()
        XCTAssertEqual(try carto(["arch", Self.example, "--format", "html", "-o", dir + "/report.html"]).status, 1)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--hide-scrollbars",
                             "--window-size=1280,2200", "--screenshot=\(dir)/report.png", "file://\(dir)/report.html"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let png = try Data(contentsOf: URL(fileURLWithPath: dir + "/report.png"))
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertGreaterThan(png.count, 40_000, "a rendered page, not a blank one")
        if let keep = ProcessInfo.processInfo.environment["CARTO_KEEP_SCREENSHOT"] {
            try? FileManager.default.removeItem(atPath: keep)
            try FileManager.default.copyItem(atPath: dir + "/report.png", toPath: keep)
        }

        // The DOM as Chromium rendered it carries the summary and the violations.
        let dump = Process()
        dump.executableURL = URL(fileURLWithPath: chromium)
        dump.arguments = ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--dump-dom", "file://\(dir)/report.html"]
        let pipe = Pipe()
        dump.standardOutput = pipe
        dump.standardError = FileHandle.nullDevice
        try dump.run()
        let dom = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        dump.waitUntilExit()
        XCTAssertTrue(dom.contains("Architecture report"))
        XCTAssertTrue(dom.contains("ShopApp/Models/Cart.swift:13"))
    }
}
