import CartoCore
@testable import CartoDrivers
import Foundation
import XCTest

/// Each page script file (`Sources/CartoDrivers/Browser/Scripts/*.js`) run on its own in headless Chromium: it
/// parses, declares the function named after it, and does what the driver relies on.
final class PageScriptTests: XCTestCase {
    static let page = """
        <!DOCTYPE html><html><head><title>Scripts</title><meta name="viewport" content="width=device-width"></head><body>
        <div id="host"></div>
        <iframe id="frame" srcdoc="<button id='framed'>In frame</button>"></iframe>
        <button id="free">Free</button>
        <button id="covered" style="position:relative">Covered</button>
        <div id="cover" style="position:absolute;left:0;top:0;width:100vw;height:0"></div>
        <select id="size"><option value="s">Small</option><option value="m">Medium</option></select>
        <input id="name" value="Ada"> <input id="empty"> <div id="plain">Plain</div>
        <div id="list" style="height:80px;overflow:auto"><div style="height:600px">tall</div></div>
        <button id="later">Later</button><div id="slot"></div>
        <script>
          document.getElementById('host').attachShadow({ mode: 'open' }).innerHTML = '<button id="inner">Shadow</button>';
          window.events = [];
          const size = document.getElementById('size');
          size.addEventListener('input', () => events.push('input:' + size.value));
          size.addEventListener('change', () => events.push('change:' + size.value));
          document.getElementById('later').addEventListener('click', () => setTimeout(() => {
            document.getElementById('slot').innerHTML = '<a id="late" href="#late">Late link</a>';
          }, 300));
        </script></body></html>
        """

    private func openPage() throws -> BrowserDriver {
        let (site, service) = try serveWithChromeDriver(["index.html": Self.page])
        let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"), webdriver: service.url)
        addTeardownBlock { driver.close() }
        try driver.restart()
        _ = try driver.waitForIdle(.standard)
        // The frame's document loads after the page's: wait until the framed button is there.
        for _ in 0..<50 where try driver.evaluate("!!document.getElementById('frame').contentDocument.getElementById('framed')") as? Bool != true {
            Thread.sleep(forTimeInterval: 0.05)
        }
        return driver
    }

    /// Every file parses in Chromium and declares the function the driver calls (instrumentation installs itself).
    func testEveryFileParsesAndDeclaresItsFunction() throws {
        let driver = try openPage()
        let declared = ["element-helpers.js": "roleOf", "snapshot.js": "snapshot", "idle.js": "idle", "recorder.js": "installRecorder",
                        "find.js": "find", "locate.js": "locate", "scroll-element.js": "scrollElement", "set-value.js": "setValue",
                        "focus-for-typing.js": "focusForTyping", "describe.js": "describe", "seeded-random.js": "seededRandom",
                        "own-scroll.js": "keepingOwnScroll"]
        XCTAssertEqual(Set(BrowserScripts.allFiles.map(\.name)), Set(declared.keys).union(["instrumentation.js"]))
        for file in BrowserScripts.allFiles {
            XCTAssertEqual(try driver.evaluate("(() => { new Function(\(BrowserScripts.jsString(file.text))); return 'parsed'; })()") as? String,
                           "parsed", file.name)
            guard let function = declared[file.name] else { continue }   // instrumentation.js runs, checked below
            XCTAssertEqual(try driver.evaluate(BrowserScripts.expression([file], "typeof " + function)) as? String, "function", file.name)
        }
        XCTAssertEqual(try driver.evaluate("typeof window.__carto.pending") as? String, "number", "instrumentation installed on the page")
    }

    func testFindCrossesShadowRootsAndFrames() throws {
        let driver = try openPage()
        func found(_ selector: String) throws -> String? {
            try driver.evaluate(BrowserScripts.expression([BrowserScripts.findFile],
                                                          "(e => e ? e.id : null)(" + BrowserScripts.call("find", .string(selector)) + ")")) as? String
        }
        XCTAssertEqual(try found("#free"), "free")
        XCTAssertEqual(try found("#host >>> #inner"), "inner", "into an open shadow root")
        XCTAssertEqual(try found("#frame >>> #framed"), "framed", "into a same-origin frame")
        XCTAssertNil(try found("#missing"))
        XCTAssertNil(try found("#free >>> #inner"), "an element without a shadow root has nothing inside")
        // A locator is data, not script: quotes in it reach querySelector as they are (and are refused there).
        XCTAssertThrowsError(try found("#x'); document.title = ('injected")) { XCTAssertTrue("\($0)".contains("not a valid selector"), "\($0)") }
        XCTAssertEqual(try driver.evaluate("document.title") as? String, "Scripts")
    }

    func testLocateAnswersWhereATouchLandsAndWhatCoversIt() throws {
        let driver = try openPage()
        let free = try XCTUnwrap(try driver.evaluate(BrowserScripts.locate(cssSelector: "#free")) as? [Any])
        XCTAssertEqual(free.count, 3)
        XCTAssertGreaterThan(free[0] as? Double ?? 0, 0)
        XCTAssertTrue(free[2] is NSNull, "nothing on top of #free")
        // Lay the cover over #covered: the touch would land on the cover, which locate names.
        _ = try driver.evaluate("""
            (() => { const r = document.getElementById('covered').getBoundingClientRect(), c = document.getElementById('cover');
              c.style.top = (r.top + scrollY - 5) + 'px'; c.style.height = (r.height + 10) + 'px'; c.style.position = 'absolute'; })()
            """)
        let covered = try XCTUnwrap(try driver.evaluate(BrowserScripts.locate(cssSelector: "#covered")) as? [Any])
        XCTAssertEqual(covered[2] as? String, "div#cover")
        XCTAssertNil(try driver.evaluate(BrowserScripts.locate(cssSelector: "#missing")) as? [Any], "no such element")
    }

    func testSetValueChoosesAnOptionAsAPersonWould() throws {
        let driver = try openPage()
        XCTAssertEqual(try driver.evaluate(BrowserScripts.setValue(cssSelector: "#size", value: "Medium")) as? Bool, true, "by visible text")
        XCTAssertEqual(try driver.evaluate("document.getElementById('size').value") as? String, "m")
        XCTAssertEqual(try driver.evaluate("events.join(',')") as? String, "input:m,change:m", "the events the page listens for")
        XCTAssertEqual(try driver.evaluate(BrowserScripts.setValue(cssSelector: "#size", value: "Huge")) as? Bool, false, "no such option")
        XCTAssertEqual(try driver.evaluate(BrowserScripts.setValue(cssSelector: "#missing", value: "x")) as? Bool, false)
    }

    func testFocusForTypingSelectsWhatTheNextKeyReplaces() throws {
        let driver = try openPage()
        XCTAssertEqual(try driver.evaluate(BrowserScripts.focusForTyping(cssSelector: "#name")) as? String, "filled")
        XCTAssertEqual(try driver.evaluate("(() => { const e = document.activeElement; return e.id + ':' + e.selectionStart + '-' + e.selectionEnd; })()") as? String,
                       "name:0-3", "the whole content selected")
        XCTAssertEqual(try driver.evaluate(BrowserScripts.focusForTyping(cssSelector: "#empty", select: false)) as? String, "empty")
        XCTAssertNil(try driver.evaluate(BrowserScripts.focusForTyping(cssSelector: "#plain")) as? String, "a div takes no text")
    }

    func testScrollElementAndDescribe() throws {
        let driver = try openPage()
        XCTAssertEqual(try driver.evaluate(BrowserScripts.scrollElement(cssSelector: "#list")) as? Bool, true)
        XCTAssertEqual(try driver.evaluate("document.getElementById('list').scrollTop") as? Double, 64, "80% of its height")
        XCTAssertEqual(try driver.evaluate(BrowserScripts.scrollElement(cssSelector: "#missing")) as? Bool, false)
        let text = try XCTUnwrap(try driver.evaluate(BrowserScripts.describe(cssSelector: "#free")) as? String)
        let node = try JSONValue.parse(text)
        XCTAssertEqual(node["role"]?.stringValue, "button")
        XCTAssertEqual(node["label"]?.stringValue, "Free")
        XCTAssertEqual(node["locator"]?.stringValue, "css selector:#free")
    }

    func testIdleWaitsForTheTimerAFrameworkSetAndAnswersWithTheSnapshot() throws {
        let driver = try openPage()
        _ = try driver.evaluate("document.getElementById('later').click()")
        let settled = try XCTUnwrap(try driver.evaluate(BrowserScripts.idle(quietMilliseconds: 50, timeoutMilliseconds: 5000), awaitPromise: true) as? [String: Any])
        XCTAssertEqual(settled["idle"] as? Bool, true)
        XCTAssertGreaterThanOrEqual(settled["waited"] as? Double ?? 0, 250, "waited for the 300 ms timer")
        let snapshot = try XCTUnwrap(settled["snapshot"] as? String)
        XCTAssertTrue(snapshot.contains("Late link"), "the snapshot was taken after the change")
        // A timer longer than the wait: not idle, and the answer says why.
        _ = try driver.evaluate("window.setTimeout(() => {}, 2000)")
        let busy = try XCTUnwrap(try driver.evaluate(BrowserScripts.idle(quietMilliseconds: 50, timeoutMilliseconds: 200, snapshot: false), awaitPromise: true) as? [String: Any])
        XCTAssertEqual(busy["idle"] as? Bool, false)
        XCTAssertEqual(busy["busy"] as? String, "1 timer(s)")
        XCTAssertNil(busy["snapshot"] as? String)
    }

    func testRecorderQueuesTapsAndChangesWithLocators() throws {
        let driver = try openPage()
        try driver.startRecording()
        _ = try driver.evaluate("document.getElementById('free').click()")
        _ = try driver.evaluate(BrowserScripts.setValue(cssSelector: "#size", value: "m"))
        let entries = try XCTUnwrap(try JSONValue.parse(driver.drainRecording()).arrayValue)
        XCTAssertEqual(entries.compactMap { $0["kind"]?.stringValue }, ["screen", "tap", "change"])
        XCTAssertEqual(entries[1]["target"]?["id"]?.stringValue, "free")
        XCTAssertEqual(entries[1]["recognised"]?.boolValue, true)
        XCTAssertEqual(entries[2]["value"]?.stringValue, "m")
        XCTAssertEqual(try JSONValue.parse(driver.drainRecording()).arrayValue?.count, 0, "drained")
    }
}
