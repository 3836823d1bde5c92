import Foundation
import XCTest

/// `carto crawl` and `carto graph` as users run them: exit codes, interruption (kill -9, Ctrl-C), resume,
/// a driver that dies mid-run, bad input.
final class CrawlCLITests: XCTestCase, CLIHarness {
    var webApp: String { repoRoot + "/Examples/web-app" }

    func requireChromeDriver() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver") || FileManager.default.isExecutableFile(atPath: "/usr/lib/chromium/chromedriver") else {
            throw XCTSkip("chromedriver is not installed (scripts/test.sh installs chromium and chromium-driver)")
        }
    }

    /// Waits (polling the log carto appends to) until `count` states were found.
    func waitForStates(_ count: Int, in dir: String, timeout: TimeInterval = 60) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let log = (try? String(contentsOfFile: dir + "/log.jsonl", encoding: .utf8)) ?? ""
            if log.components(separatedBy: "\"type\":\"state\"").count - 1 >= count { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTFail("carto did not find \(count) states in \(timeout) s")
    }

    /// Parent of every process, from /proc.
    func parents() -> [Int32: Int32] {
        var out: [Int32: Int32] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 2, let parent = Int32(fields[1]) { out[pid] = parent }
        }
        return out
    }

    /// chromedriver processes whose parent is `pid`.
    func children(of pid: Int32) -> [Int32] {
        parents().filter { $0.value == pid }.keys.filter { child in
            ((try? String(contentsOfFile: "/proc/\(child)/comm", encoding: .utf8)) ?? "").hasPrefix("chromedriver")
        }
    }

    /// Every process below `pid` (chromedriver and the browser it started).
    func descendants(of pid: Int32) -> [Int32] {
        let map = parents()
        var out: [Int32] = []
        var frontier = [pid]
        while let next = frontier.popLast() {
            let kids = map.filter { $0.value == next }.map(\.key)
            out += kids
            frontier += kids
        }
        return out
    }

    func model(_ dir: String) throws -> [String: Any] {
        let data = try XCTUnwrap(FileManager.default.contents(atPath: dir + "/model.json"))
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func testBlockedRequestsAreNeverLoaded() throws {
        try requireChromeDriver()
        let site = try tempDir() + "/site"
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        try "<!DOCTYPE html><title>Plain</title><script src=\"tracker.js\"></script><p>Hello</p>".write(toFile: site + "/index.html", atomically: true, encoding: .utf8)
        try "document.title = 'Tracked';".write(toFile: site + "/tracker.js", atomically: true, encoding: .utf8)
        func title(_ args: [String]) throws -> String? {
            let dir = try tempDir() + "/out"
            let result = try carto(["crawl", site, "-o", dir, "-q", "--no-screenshots"] + args)
            XCTAssertEqual(result.status, 0, result.stderr)
            return ((try model(dir))["states"] as? [[String: Any]])?.first?["title"] as? String
        }
        XCTAssertEqual(try title([]), "Tracked")
        XCTAssertEqual(try title(["--block-requests", "*tracker.js"]), "Plain")
        let spec = try tempDir() + "/crawl.yml"
        try "blockRequests:\n  - \"*/tracker.js\"\n".write(toFile: spec, atomically: true, encoding: .utf8)
        XCTAssertEqual(try title(["--config", spec]), "Plain")
        try "blockRequests:\n  - \"\"\n".write(toFile: spec, atomically: true, encoding: .utf8)
        let bad = try carto(["crawl", site, "-o", try tempDir() + "/bad", "--config", spec])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("crawl.yml:2: key 'blockRequests': a URL pattern must not be empty"), bad.stderr)
    }

    func testCrawlExitsOneWithFailuresAndWritesEveryOutput() throws {
        try requireChromeDriver()
        let dir = try tempDir() + "/out"
        let result = try carto(["crawl", webApp, "-o", dir, "--junit", dir + ".junit.xml"])
        XCTAssertEqual(result.status, 1, "the example's throwing handler is a failure: \(result.stdout) \(result.stderr)")
        XCTAssertTrue(result.stdout.contains("10 unique states"), result.stdout)
        for file in ["model.json", "crawl.xml", "model.dot", "model.graphml", "report.html", "log.jsonl", "crawl.sqlite", "screenshots/s0.png"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/" + file), file)
        }
        let junit = try String(contentsOfFile: dir + ".junit.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains("<failure type=\"uncaught error\""), junit)
        XCTAssertTrue(junit.contains("tap button &quot;Report a problem&quot;"), junit)

        // The same folder is not overwritten; graph tools read it.
        let again = try carto(["crawl", webApp, "-o", dir])
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.contains("already holds a crawl"), again.stderr)
        XCTAssertEqual(try carto(["graph", "diff", dir, dir + "/model.json"]).status, 0)
        let graphml = try carto(["graph", "convert", dir, "--format", "graphml"])
        XCTAssertEqual(graphml.status, 0)
        XCTAssertEqual(graphml.stdout.components(separatedBy: "<node ").count - 1, 10)
    }

    func testKillNineThenResumeLosesNothing() throws {
        try requireChromeDriver()
        let dir = try tempDir() + "/out"
        let (process, _) = try launch(["crawl", webApp, "-o", dir, "-q"])
        try waitForStates(4, in: dir)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

        let resumed = try carto(["crawl", "--resume", dir, "-q"])
        XCTAssertEqual(resumed.status, 1, resumed.stderr)
        let stats = try XCTUnwrap(try model(dir)["stats"] as? [String: Any])
        XCTAssertEqual(stats["uniqueStates"] as? Int, 10, "the resumed crawl ends with the full model: \(stats)")
        XCTAssertEqual(stats["stopReason"] as? String, "explored")
    }

    /// Whether `pid` is a live process (a zombie has exited: on machines whose init does not reap orphans, killed
    /// processes stay as zombies).
    func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }

    /// Nothing carto starts outlives it: after SIGKILL (a CI time-out, the OOM killer) — which leaves carto no chance to
    /// clean up — and after SIGTERM, every chromedriver and Chromium process of `carto crawl --browsers 2` and of
    /// `carto record` is gone within 5 s, and so is what they wrote in the temporary folder (browser profiles).
    func testNothingItStartedOutlivesItEvenAfterKillNine() throws {
        try requireChromeDriver()
        let cases: [(String, Int32, [String])] = [
            ("crawl, SIGKILL", SIGKILL, ["crawl", webApp, "-q", "--browsers", "2"]),
            ("crawl, SIGTERM", SIGTERM, ["crawl", webApp, "-q", "--browsers", "2", "--wait", "fixed:300"]),
            ("record, SIGKILL", SIGKILL, ["record", "file://" + webApp + "/about.html", "--headless", "--duration", "60", "--quiet"]),
        ]
        for (name, signal, arguments) in cases {
            let dir = try tempDir() + "/out"
            let scratch = try shortTemporaryFolder()
            let (process, _) = try launch(arguments + ["--output", dir], environment: ["TMPDIR": scratch])
            // Both browsers up (crawl: states found; record: a Chromium below chromedriver).
            let deadline = Date().addingTimeInterval(60)
            var tree: [Int32] = []
            while Date() < deadline {
                tree = descendants(of: process.processIdentifier)
                let browsers = tree.filter { ((try? String(contentsOfFile: "/proc/\($0)/comm", encoding: .utf8)) ?? "").hasPrefix("chrom") }
                if browsers.count >= (arguments[0] == "crawl" ? 6 : 3) { break }
                Thread.sleep(forTimeInterval: 0.1)
            }
            if arguments[0] == "crawl" { try waitForStates(2, in: dir) }
            tree = descendants(of: process.processIdentifier)
            XCTAssertGreaterThanOrEqual(children(of: process.processIdentifier).count, 1, "\(name): a chromedriver was started")
            kill(process.processIdentifier, signal)
            let killed = Date()
            process.waitUntilExit()
            var alive = tree.filter(isAlive)
            while !alive.isEmpty && Date().timeIntervalSince(killed) < 5 {
                Thread.sleep(forTimeInterval: 0.05)
                alive = tree.filter(isAlive)
            }
            XCTAssertEqual(alive, [], "\(name): \(alive.count) of \(tree.count) processes carto started still run 5 s later")
            alive.forEach { kill($0, SIGKILL) }
            XCTAssertEqual(try leftInTemporaryFolder(scratch, within: 5), [], "\(name): left in TMPDIR")
        }
    }

    /// A crawl that ends on its own leaves nothing in the temporary folder either (chromedriver and Chromium left two
    /// folders per browser there, one a ~3 MB profile, on every crawl).
    func testACrawlLeavesNothingInTheTemporaryFolder() throws {
        try requireChromeDriver()
        let scratch = try shortTemporaryFolder()
        let result = try carto(["crawl", webApp, "-q", "--browsers", "2", "--max-events", "10", "--output", try tempDir() + "/out"],
                               environment: ["TMPDIR": scratch])
        XCTAssertTrue([0, 1].contains(result.status), result.stderr)
        XCTAssertEqual(try leftInTemporaryFolder(scratch, within: 5), [])
    }

    /// A TMPDIR for carto short enough that carto uses it (`/tmp/cx.XXXXXX`; a long one it replaces with /tmp, where
    /// Chromium's socket path fits).
    func shortTemporaryFolder() throws -> String {
        var template = Array("/tmp/cx.XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { throw CocoaError(.fileWriteUnknown) }
        let dir = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    /// What is still in `folder` once it stayed non-empty for `seconds` (the reaper removes its folder after carto is
    /// gone, a moment later).
    func leftInTemporaryFolder(_ folder: String, within seconds: TimeInterval) throws -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        var left = try FileManager.default.contentsOfDirectory(atPath: folder)
        while !left.isEmpty && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            left = try FileManager.default.contentsOfDirectory(atPath: folder)
        }
        return left.sorted()
    }

    func testCtrlCWritesOutputsAndStopsChromeDriver() throws {
        try requireChromeDriver()
        let dir = try tempDir() + "/out"
        let (process, _) = try launch(["crawl", webApp, "-o", dir, "-q", "--browsers", "2"])
        try waitForStates(2, in: dir)
        let drivers = children(of: process.processIdentifier)
        XCTAssertEqual(drivers.count, 2, "carto started one chromedriver per session")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        XCTAssertTrue([0, 1].contains(process.terminationStatus), "\(process.terminationStatus)")
        let stats = try XCTUnwrap(try model(dir)["stats"] as? [String: Any])
        XCTAssertEqual(stats["stopReason"] as? String, "interrupted")
        for pid in drivers { XCTAssertFalse(isAlive(pid), "chromedriver \(pid) was stopped") }
    }

    /// A second Ctrl-C quits without finishing the event in flight (its driver calls fail as the sessions close)
    /// and still leaves a model, a resumable checkpoint, no chromedriver and exit 130. A slow fixed wait keeps the
    /// first Ctrl-C from ending the crawl on its own before the second arrives.
    func testSecondCtrlCQuitsNowWithExit130AndKeepsProgress() throws {
        try requireChromeDriver()
        let dir = try tempDir() + "/out"
        let (process, stderr) = try launch(["crawl", webApp, "-o", dir, "--wait", "fixed:1500"], stderr: true)
        try waitForStates(2, in: dir)
        let drivers = children(of: process.processIdentifier)
        let asked = Date()
        kill(process.processIdentifier, SIGINT)
        Thread.sleep(forTimeInterval: 0.05)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        // At most the rest of the 1.5 s sleep in flight and closing the browser (~1 s); a graceful stop would also
        // observe the screen and write a checkpoint.
        XCTAssertLessThan(Date().timeIntervalSince(asked), 3.5)
        XCTAssertEqual(process.terminationStatus, 130)
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(message.contains("interrupted; the progress is saved: carto crawl --resume"), message)
        XCTAssertGreaterThanOrEqual((try model(dir)["states"] as? [Any])?.count ?? 0, 2, "the model has what was found")
        for pid in drivers { XCTAssertFalse(isAlive(pid), "chromedriver \(pid) was stopped") }
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/crawl.sqlite"), "the checkpoint to resume from")
    }

    func testDriverDyingMidRunExitsThreeAndKeepsProgress() throws {
        try requireChromeDriver()
        let dir = try tempDir() + "/out"
        let (process, _) = try launch(["crawl", webApp, "-o", dir, "-q"])
        try waitForStates(3, in: dir)
        let tree = descendants(of: process.processIdentifier)
        children(of: process.processIdentifier).forEach { kill($0, SIGKILL) }
        process.waitUntilExit()
        tree.forEach { kill($0, SIGKILL) }   // the browser of the killed chromedriver
        XCTAssertEqual(process.terminationStatus, 3)
        let states = try XCTUnwrap(try model(dir)["states"] as? [[String: Any]])
        XCTAssertGreaterThanOrEqual(states.count, 3, "what was found before the driver died is in model.json")
    }

    func testBadInputGetsOneLineAndExitTwo() throws {
        let cwd = try tempDir()
        for arguments in [["crawl", "/no/such/folder"], ["crawl", webApp, "--wait", "sometimes"], ["crawl", "--resume", "/no/such/crawl"],
                          ["crawl", webApp, "--block", "label:("], ["graph", "diff", "/no/a.json", "/no/b.json"], ["crawl"]] {
            let result = try carto(arguments, cwd: cwd)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertFalse(result.stderr.isEmpty, "\(arguments)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cwd), [], "bad input leaves no output folder behind")
        // The crawl specification: a bad file, a bad --input or --only names what is wrong, on one line, exit 2.
        let spec = cwd + "/../crawl-\(UUID().uuidString).yml"
        try "crawl:\n  inputs:\n    \"id:email\": ann@example.org\n  invariants:\n    - { name: banner, absent: \"css:[\" }\n"
            .write(toFile: spec, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: spec) }
        for (arguments, expected) in [(["crawl", webApp, "--config", spec], "\(spec):5: key 'invariants.absent': css:[: invalid regular expression"),
                                      (["crawl", webApp, "--input", "id:email"], "--input id:email: expected FIELD:PATTERN=VALUE"),
                                      (["crawl", webApp, "--only", "shape:round"], "--only shape:round: expected FIELD:PATTERN"),
                                      (["crawl", webApp, "--config", "/no/such.yml"], "/no/such.yml: crawl specification is not readable")] {
            let result = try carto(arguments, cwd: cwd)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cwd), [], "a bad specification leaves no output folder behind")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver") {
            let noApp = try carto(["crawl", "http://127.0.0.1:9/", "-o", try tempDir() + "/o"])
            XCTAssertEqual(noApp.status, 2, "a start page that does not load is an input error: \(noApp.stdout) \(noApp.stderr)")
            XCTAssertTrue(noApp.stderr.contains("http://127.0.0.1:9/: the start page did not load"), noApp.stderr)
        }
        let unreachable = try carto(["crawl", webApp, "--webdriver", "http://127.0.0.1:9", "-o", try tempDir() + "/o"])
        XCTAssertEqual(unreachable.status, 3, unreachable.stderr)
        XCTAssertEqual(unreachable.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }.count, 1, unreachable.stderr)
    }
}
