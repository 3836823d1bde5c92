import XCTest
@testable import CartoCore

final class JSONEscapeTests: XCTestCase {
    func decode(_ text: String) -> (String, JSONEscape.Failure?, Int) {
        let bytes = Array(text.utf8)
        var i = 0, out: [UInt8] = []
        let failure = JSONEscape.decode(bytes, at: &i, into: &out)
        return (String(decoding: out, as: UTF8.self), failure, i)
    }

    func testEscapesSurrogatesAndFailures() {
        XCTAssertEqual(decode("n rest").0, "\n")
        XCTAssertEqual(decode("n rest").2, 1)
        XCTAssertEqual(decode("u00e9x").0, "é")
        XCTAssertEqual(decode(#"ud83d\ude00!"#).0, "😀")
        XCTAssertEqual(decode(#"ud83d\ude00!"#).2, 11, "on the character after the pair")
        // A high surrogate followed by something that is not a low one: U+FFFD, and the next escape is left alone.
        XCTAssertEqual(decode(#"ud83d\u0041"#).0, "\u{FFFD}")
        XCTAssertEqual(decode(#"ud83d\u0041"#).2, 5)
        XCTAssertEqual(decode("q").1, .invalidEscape(UInt8(ascii: "q")))
        XCTAssertEqual(decode("q").2, 0)
        XCTAssertEqual(decode("u12g4").1, .invalidUnicode)
        XCTAssertEqual(decode("u+123").1, .invalidUnicode)
        XCTAssertEqual(decode("").1, .truncated)
        // Both parsers read strings through it.
        XCTAssertEqual(try JSONValue.parse(#"["\ud83d\u0041", "a\/b"]"#), .array([.string("\u{FFFD}A"), .string("a/b")]))
    }
}
