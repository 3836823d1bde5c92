import CartoCore
@testable import CartoExplore
import XCTest

/// After an event changes the app where it stays (a product added to the cart), the controls whose label the change
/// rewrote ("Cart (0)" → "Cart (1)") show what changed: the crawl fires them next (`Session.relabelled`).
final class RelabelledControlsTests: XCTestCase {
    private func button(_ locator: String, _ label: String) -> UIElement {
        UIElement(role: .button, platformType: "button", label: label, actions: [.tap], locator: locator)
    }

    private func screen(cart: String, like: String, heading: String = "Catalogue") -> UISnapshot {
        UISnapshot(context: ScreenContext(title: "Shop", container: "/"), root: UIElement(role: .window, platformType: "document", children: [
            UIElement(role: .heading, platformType: "h1", label: heading, locator: "h1"),
            button("#cart", cart), button("#add", "Add"), button("#like", like), button("#clear", "Clear storage"),
        ]))
    }

    func testTheControlsAWriteRelabelledAreFiredNextButNotTheOneTapped() {
        let before = screen(cart: "Cart (0)", like: "Like")
        let events = before.elements.filter { $0.role == .button }.map { CrawlEvent(kind: .tap, target: $0) }
        let add = events[1], like = events[2]
        // Triggering: "Add" rewrote the cart's count.
        XCTAssertEqual(Session.relabelled(events, but: add, before, screen(cart: "Cart (1)", like: "Like")), [0])
        // Not triggering: the control tapped relabels itself ("Like" → "Unlike": a second tap undoes the first).
        XCTAssertEqual(Session.relabelled(events, but: like, before, screen(cart: "Cart (0)", like: "Unlike")), [])
        // Not triggering: nothing's label changed (a heading did: not a control).
        XCTAssertEqual(Session.relabelled(events, but: add, before, screen(cart: "Cart (0)", like: "Like", heading: "Saved")), [])
        // Not triggering: another page.
        var elsewhere = screen(cart: "Cart (1)", like: "Like")
        elsewhere.context = ScreenContext(title: "Cart", container: "/cart.html")
        XCTAssertEqual(Session.relabelled(events, but: add, before, elsewhere), [])
    }
}
