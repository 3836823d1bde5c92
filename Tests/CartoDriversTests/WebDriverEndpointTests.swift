import CartoCore
import CartoDrivers
import Foundation
import XCTest

/// `--webdriver` as users write it for local and remote servers.
final class WebDriverEndpointTests: XCTestCase {
    func testHostNamesIPv6PathsAndCredentials() throws {
        let grid = try WebDriverEndpoint(parsing: "https://ci%40corp:p%3Ass@grid.example.com/wd/hub/")
        XCTAssertEqual(grid.url.absoluteString, "https://grid.example.com/wd/hub", "no credentials, no trailing slash")
        XCTAssertEqual(grid.credentials, .init(user: "ci@corp", password: "p:ss"), "percent-decoded")
        XCTAssertEqual(grid.credentials?.basicAuthorization, "Basic " + Data("ci@corp:p:ss".utf8).base64EncodedString())
        XCTAssertEqual(grid.port, 443)
        XCTAssertEqual(grid.authority, "grid.example.com:443")
        XCTAssertFalse(grid.isLoopback, "a remote server: DevTools go through it, not to a local port")
        XCTAssertFalse(grid.description.contains("p:ss"))

        let v6 = try WebDriverEndpoint(parsing: "http://[::1]:4723")
        XCTAssertEqual(v6.host, "::1")
        XCTAssertEqual(v6.authority, "[::1]:4723")
        XCTAssertTrue(v6.isLoopback)
        XCTAssertNil(v6.credentials)

        XCTAssertEqual(try WebDriverEndpoint(parsing: "http://appium-mac.local:4723").port, 4723)
        XCTAssertEqual(try WebDriverEndpoint(parsing: "http://localhost").port, 80)
    }

    func testBadValuesNameThemselvesAndWhatToPass() throws {
        let cases = [
            ("127.0.0.1:4444", "not a URL"),
            ("ws://127.0.0.1:9222", "the scheme must be http or https, not ws"),
            ("http://", "no host"),
        ]
        for (text, says) in cases {
            XCTAssertThrowsError(try WebDriverEndpoint(parsing: text), text) { error in
                let e = error as? CartoError
                XCTAssertEqual(e?.status, .inputError)
                XCTAssertTrue(e?.message.hasPrefix("--webdriver \(text)") == true, e?.message ?? "")
                XCTAssertTrue(e?.message.contains(says) == true, e?.message ?? "")
            }
        }
        XCTAssertThrowsError(try WebDriverEndpoint(parsing: "https://grid:443", caCertificatePath: "/no/such.pem")) { error in
            XCTAssertTrue((error as? CartoError)?.message.contains("--cacert /no/such.pem: no such readable file") == true)
        }
        let pem = NSTemporaryDirectory() + "carto-ca-\(UUID().uuidString).pem"
        try "not used".write(toFile: pem, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: pem) }
        XCTAssertThrowsError(try WebDriverEndpoint(parsing: "http://grid:4444", caCertificatePath: pem)) { error in
            XCTAssertTrue((error as? CartoError)?.message.contains("only used for https") == true)
        }
    }

    /// Which errors end a session: the server gone or the session forgotten, not one command's failure.
    func testOnlyAGoneServerOrSessionEndsTheSession() {
        XCTAssertTrue(WebDriverError(code: "transport", message: "x", httpStatus: nil, transport: .refused).endsSession)
        XCTAssertTrue(WebDriverError(code: "invalid session id", message: "x", httpStatus: 404).endsSession)
        XCTAssertTrue(WebDriverError(code: "unknown error", message: "chrome not reachable", httpStatus: 500).endsSession)
        XCTAssertFalse(WebDriverError(code: WebDriverError.devToolsCode, message: "DOM.focus: Element is not focusable", httpStatus: nil).endsSession)
        XCTAssertFalse(WebDriverError(code: "unknown error", message: "unhandled inspector error: {\"code\":-32000}", httpStatus: 500).endsSession)
        XCTAssertEqual(WebDriverError(code: "transport", message: "m", httpStatus: nil, transport: .tls("x")).cartoError.status, .inputError)
        XCTAssertEqual(WebDriverError(code: "transport", message: "m", httpStatus: nil, transport: .refused).cartoError.status, .driverError)
    }
}
