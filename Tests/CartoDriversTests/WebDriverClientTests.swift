import CartoCore
import CartoDrivers
import Foundation
import XCTest

/// End to end against real chromedriver and headless Chromium (installed by scripts/test.sh).
final class WebDriverClientTests: XCTestCase {
    static let page = """
        <!DOCTYPE html><html><head><title>Login</title><meta name="viewport" content="width=device-width"></head>
        <body>
          <h1 id="heading">Sign in</h1>
          <input id="email" type="email" placeholder="Email">
          <button id="go" onclick="document.getElementById('heading').textContent = 'Hello ' + document.getElementById('email').value">Go</button>
          <div style="height: 3000px"></div>
        </body></html>
        """

    func testSessionScriptElementsKeysClickScreenshotAndErrors() throws {
        let (site, service) = try serveWithChromeDriver(["login.html": Self.page])
        let driver = WebDriverClient(baseURL: service.url)
        let granted = try driver.startSession(capabilities: ChromeDriverService.mobileCapabilities())
        XCTAssertEqual(granted["browserName"] as? String, "chrome")
        try driver.setTimeouts(script: 5_000, pageLoad: 20_000)

        try driver.navigate(to: site.url.absoluteString + "/login.html")
        let title = try driver.title()
        XCTAssertEqual(title, "Login")
        let width = try driver.execute("return window.innerWidth") as? Int
        XCTAssertEqual(width, 390, "iPhone-sized mobile emulation")
        let touch = try driver.execute("return navigator.maxTouchPoints > 0") as? Bool
        XCTAssertEqual(touch, true)

        let email = try driver.findElement("#email")
        try driver.sendKeys("ada@example.com", to: email)
        try driver.click(try driver.findElement("#go"))
        let heading = try driver.text(of: try driver.findElement("#heading"))
        XCTAssertEqual(heading, "Hello ada@example.com")
        let placeholder = try driver.attribute("placeholder", of: email)
        XCTAssertEqual(placeholder, "Email")

        try driver.swipe(from: (200, 700), to: (200, 200))
        let png = try driver.screenshot()
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])

        do {
            _ = try driver.findElement("#missing")
            XCTFail("expected no such element")
        } catch let error as WebDriverError {
            XCTAssertEqual(error.code, "no such element")
            XCTAssertTrue(error.description.hasPrefix("element not found"), error.description)
        }
        do {
            _ = try driver.execute("throw new Error('boom')")
            XCTFail("expected a javascript error")
        } catch let error as WebDriverError {
            XCTAssertEqual(error.code, "javascript error")
            XCTAssertTrue(error.message.contains("boom"))
        }

        driver.endSession()
        do {
            _ = try driver.title()
            XCTFail("expected an error without a session")
        } catch let error as WebDriverError {
            XCTAssertEqual(error.code, "invalid session id")
        }
    }

    func testDeadDriverIsATransportErrorNotAHang() throws {
        let driver = WebDriverClient(baseURL: URL(string: "http://127.0.0.1:9")!, requestTimeout: 5)
        let ready = driver.isReady()
        XCTAssertFalse(ready)
        do {
            try driver.startSession(capabilities: [:])
            XCTFail("expected a transport error")
        } catch let error as WebDriverError {
            XCTAssertEqual(error.code, "transport")
        }
    }
}
