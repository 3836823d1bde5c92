import XCTest
final class PlaceholderTests: XCTestCase { func testNothing() {} }
