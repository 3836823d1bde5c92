import CartoCore
import CartoDrivers
import Foundation
import XCTest

/// The browser dialect's DOM snapshot, idle wait and failure capture, against a chromedriver that is already
/// running (`--webdriver URL`), in real headless Chromium.
final class BrowserSnapshotTests: XCTestCase {
    static let page = """
        <!DOCTYPE html><html><head><title>Snapshot</title><meta name="viewport" content="width=device-width"></head><body>
        <header><nav><a href="/a.html">Inside</a><a href="https://elsewhere.example/x">Outside</a></nav></header>
        <h1>Heading</h1>
        <label>Email <input id="mail" type="email"></label>
        <input id="pw" type="password" placeholder="Password">
        <label><input id="agree" type="checkbox" checked> Agree</label>
        <select id="size" aria-label="Size"><option>S</option><option>M</option></select>
        <button id="off" disabled>Disabled</button>
        <div id="custom">Custom control</div>
        <div role="tablist"><button role="tab" id="t1" aria-selected="true">One</button><button role="tab" id="t2">Two</button></div>
        <ul id="rows"><li><a href="/r1.html">Row 1</a></li><li><a href="/r2.html">Row 2</a></li></ul>
        <p hidden><button id="ghost">Ghost</button></p>
        <dialog id="dlg"><button id="inside">Inside dialog</button></dialog>
        <button id="open">Open</button>
        <button id="later">Later</button><div id="slot"></div>
        <script>
          document.getElementById('custom').addEventListener('click', () => {});
          document.getElementById('open').addEventListener('click', () => document.getElementById('dlg').showModal());
          document.getElementById('later').addEventListener('click', () => setTimeout(() => {
            document.getElementById('slot').innerHTML = '<a id="late" href="/late.html">Late link</a>';
          }, 400));
        </script></body></html>
        """

    func testSnapshotRolesStateLocatorsModalsAndIdleWait() throws {
        let (site, service) = try serveWithChromeDriver(["index.html": Self.page])
        let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"), webdriver: service.url)
        defer { driver.close() }
        try driver.restart()
        _ = try driver.waitForIdle(.standard)
        let snapshot = try driver.snapshot()
        XCTAssertEqual(snapshot.context, ScreenContext(title: "Snapshot", container: "/"))
        let elements = snapshot.elements
        func element(_ id: String) throws -> UIElement { try XCTUnwrap(elements.first { $0.identifier == id }, id) }

        XCTAssertEqual(try element("mail").role, .textField)
        XCTAssertEqual(try element("mail").label, "Email", "label from <label>")
        XCTAssertEqual(try element("mail").platformType, "input[type=email]")
        XCTAssertEqual(try element("pw").role, .secureTextField)
        XCTAssertEqual(try element("agree").role, .checkbox)
        XCTAssertEqual(try element("agree").value, "true")
        XCTAssertEqual(try element("size").role, .picker)
        XCTAssertEqual(try element("off").enabled, false)
        XCTAssertEqual(try element("off").actions, [], "disabled elements are not acted on")
        XCTAssertEqual(try element("custom").role, .button, "a click listener makes a control")
        XCTAssertEqual(try element("custom").target, "click")
        XCTAssertEqual(try element("t1").role, .tab)
        XCTAssertTrue(try element("t1").selected)
        XCTAssertEqual(try element("ghost").visible, false)
        XCTAssertEqual(try element("inside").visible, false, "closed dialog")
        XCTAssertTrue(elements.contains { $0.role == .heading && $0.label == "Heading" })
        let links = elements.filter { $0.role == .link }
        XCTAssertEqual(links.first { $0.label == "Inside" }?.target, "/a.html", "same-origin targets without the origin")
        XCTAssertEqual(links.first { $0.label == "Outside" }?.target, "https://elsewhere.example/x")
        XCTAssertEqual(elements.filter { $0.role == .cell }.count, 2)
        let locators = elements.compactMap(\.locator)
        XCTAssertEqual(Set(locators).count, locators.count, "locators are unique")

        // A modal dialog makes everything else inert.
        try driver.perform(.tap(try element("open")))
        _ = try driver.waitForIdle(.standard)
        let modal = try driver.snapshot()
        let actionable = modal.elements.filter { !$0.actions.isEmpty }.compactMap(\.identifier)
        XCTAssertEqual(actionable, ["inside"])

        // Content that arrives 400 ms after a tap is in the snapshot right after the idle wait.
        try driver.restart()
        _ = try driver.waitForIdle(.standard)
        try driver.perform(.tap(try element("later")))
        let idle = try driver.waitForIdle(.standard)
        XCTAssertTrue(idle.idle)
        XCTAssertGreaterThanOrEqual(idle.waitedMilliseconds, 350)
        XCTAssertTrue(try driver.snapshot().elements.contains { $0.identifier == "late" })
        XCTAssertNil(try driver.outOfScope())
    }

    static let stepsPage = """
        <!DOCTYPE html><html><head><title>Steps</title><meta name="viewport" content="width=device-width"></head><body>
        <button id="go">Go</button><div id="out"></div>
        <button id="lost" onclick="fetch('http://127.0.0.1:1/nothing')">Lost</button>
        <script>
          // Work in steps, each started by the one before: a request, reading its body, a frame, then the change and
          // one more change in the frame after it.
          document.getElementById('go').addEventListener('click', async () => {
            const response = await fetch('data.json');
            const data = await response.json();
            await new Promise(resolve => requestAnimationFrame(resolve));
            document.getElementById('out').innerHTML = '<ul id="list"></ul>';
            requestAnimationFrame(() => {
              for (const name of data.names) document.getElementById('list').insertAdjacentHTML('beforeend', '<li>' + name + '</li>');
            });
          });
        </script></body></html>
        """

    /// Idle means the tap's whole chain of work is done — request, body, frame callbacks and the changes they make —
    /// over the direct DevTools session and through chromedriver alike, on a page reached by a navigating tap.
    func testIdleWaitCoversWorkInStepsOverBothChannels() throws {
        let start = #"<!DOCTYPE html><html><head><title>Start</title><meta name="viewport" content="width=device-width"></head><body><a id="next" href="steps.html">Next</a></body></html>"#
        let (site, service) = try serveWithChromeDriver(["index.html": start, "steps.html": Self.stepsPage,
                                                         "data.json": #"{"names": ["Ada", "Grace", "Edsger"]}"#])
        for direct in [true, false] {
            if !direct { setenv("CARTO_DEVTOOLS", "chromedriver", 1) }
            defer { unsetenv("CARTO_DEVTOOLS") }
            let driver = try BrowserDriver(startURL: site.url.appendingPathComponent("/"), webdriver: service.url)
            defer { driver.close() }
            XCTAssertEqual(driver.usesDirectDevTools, direct)
            for round in 1...3 {
                try driver.restart()
                _ = try driver.waitForIdle(.standard)
                try driver.perform(.tap(try XCTUnwrap(try driver.snapshot().elements.first { $0.identifier == "next" })))
                _ = try driver.waitForIdle(.standard)
                let go = try XCTUnwrap(try driver.snapshot().elements.first { $0.identifier == "go" })
                try driver.perform(.tap(go))
                let idle = try driver.waitForIdle(.standard)
                XCTAssertTrue(idle.idle, "\(idle.busy ?? "")")
                let items = try driver.snapshot().elements.filter { $0.role == .cell }.compactMap(\.label)
                XCTAssertEqual(items, ["Ada", "Grace", "Edsger"], "direct \(direct), round \(round)")
            }
            // A request that fails and that the page ignores is still an unhandled rejection (a smoke-test failure).
            _ = try driver.takeFailures()
            try driver.perform(.tap(try XCTUnwrap(try driver.snapshot().elements.first { $0.identifier == "lost" })))
            _ = try driver.waitForIdle(.standard)
            _ = try driver.snapshot()
            XCTAssertEqual(try driver.takeFailures().map(\.kind), ["unhandled rejection"], "direct \(direct)")
            let png = try driver.screenshot()
            XCTAssertEqual(png.count > 24 ? png[16..<20].reduce(0) { $0 << 8 | Int($1) } : 0, 780, "2× the 390-point phone width")
        }
    }
}
