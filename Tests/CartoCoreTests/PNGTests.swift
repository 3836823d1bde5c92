import Foundation
import XCTest
@testable import CartoCore

final class PNGTests: XCTestCase {
    func testEncodeDecodeRoundTripKeepsEveryPixel() throws {
        var image = RGBAImage(width: 37, height: 23)
        var rng = SplitMix64(seed: 3)
        for y in 0..<23 { for x in 0..<37 { image[x, y] = RGBA(UInt8(rng.next(below: 256)), UInt8(x * 6), UInt8(y * 11), UInt8(rng.next(below: 256))) } }
        let data = try PNG.encode(image)
        XCTAssertEqual(Array(data.prefix(8)), [137, 80, 78, 71, 13, 10, 26, 10])
        XCTAssertEqual(try PNG.decode(data), image)
    }

    func testDecodesChromiumScreenshotsRGB() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let shot = try PNG.read(root.appendingPathComponent("Examples/usage-sessions/screenshots/products.png"))
        XCTAssertEqual(shot.width, 390); XCTAssertEqual(shot.height, 844)
        let bar = shot[200, 5]
        XCTAssertGreaterThan(Int(bar.b), Int(bar.r) + 80, "the blue header: \(bar)")
        XCTAssertEqual(shot[200, 700], RGBA(255, 255, 255), "white page below the list")
    }

    func testDamagedPNGsAreClearErrors() throws {
        var data = try PNG.encode(RGBAImage(width: 4, height: 4, fill: RGBA(1, 2, 3)))
        data[data.count - 20] ^= 0xFF   // inside IDAT: the chunk's checksum no longer matches
        XCTAssertThrowsError(try PNG.decode(data, name: "x.png")) { error in
            XCTAssertTrue("\(error)".hasPrefix("x.png: not a PNG carto can read (chunk IDAT fails its checksum)"), "\(error)")
        }
        XCTAssertThrowsError(try PNG.decode(Data("GIF89a".utf8), name: "y.png")) { error in
            XCTAssertTrue("\(error)".contains("no PNG signature"), "\(error)")
        }
        XCTAssertThrowsError(try PNG.decode(data.prefix(40), name: "z.png"))
    }

    func testBlendingAndHeatColours() {
        var image = RGBAImage(width: 2, height: 1, fill: RGBA(0, 0, 0))
        image.blend(x: 0, y: 0, RGBA(255, 255, 255, 128))
        XCTAssertEqual(image[0, 0], RGBA(128, 128, 128))
        image.blend(x: 5, y: 5, RGBA(255, 0, 0))   // outside: ignored
        XCTAssertEqual(RGBA.heat(1).r, 255); XCTAssertEqual(RGBA.heat(0).b, 255)
        XCTAssertLessThan(RGBA.heat(0).a, RGBA.heat(1).a)
        let small = RGBAImage(width: 4, height: 4, fill: RGBA(10, 20, 30)).scaled(width: 2, height: 2)
        XCTAssertEqual(small[1, 1], RGBA(10, 20, 30))
    }
}
