import CartoCore
import Foundation

/// Controls that most likely take the user back to a screen already seen: back, close, cancel, done, home, a link
/// to the start page, UIKit's navigation-bar back button. The planner fires them last in a state, so the crawl leaves
/// a state only when its other events are done — otherwise every event left behind costs a restart and a replayed
/// path later.
public enum ReturnControl {
    static let words: Set<String> = ["back", "close", "cancel", "dismiss", "done", "home", "return", "exit"]
    static let symbols: Set<Character> = ["←", "‹", "❮", "〈", "<", "×", "✕", "✖", "╳"]

    public static func matches(_ e: UIElement, parent: UIElement? = nil) -> Bool {
        guard e.role == .button || e.role == .link || e.role == .menuItem else { return false }
        if let back = parent?.navigationBackButton, back == e { return true }
        if e.role == .link, let target = e.target, ["/", "/index.html", "./", "index.html"].contains(target) { return true }
        for text in [e.label, e.identifier].compactMap({ $0 }) {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if let first = trimmed.first, symbols.contains(first) { return true }
            // "Back", "← Home", "Back to the shop", "close-dialog", "btnCancel", "BackButton".
            let tokens = Self.tokens(trimmed)
            if let first = tokens.first, words.contains(first) { return true }
            if tokens.count <= 2, tokens.contains(where: words.contains) { return true }
        }
        return false
    }

    /// Lower-case words of a label or identifier, split at spaces, punctuation and camel-case humps.
    static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var previousLower = false
        for ch in text {
            if ch.isLetter || ch.isNumber {
                if ch.isUppercase && previousLower && !current.isEmpty { tokens.append(current); current = "" }
                current.append(Character(ch.lowercased()))
                previousLower = ch.isLowercase || ch.isNumber
            } else {
                if !current.isEmpty { tokens.append(current); current = "" }
                previousLower = false
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// The heuristic's specification, run as tests: (element, its parent, fired last?).
    public static let examples: [(element: UIElement, parent: UIElement?, returns: Bool)] = {
        let backButton = UIElement(role: .button, platformType: "XCUIElementTypeButton", label: "Recipes")
        let navBar = UIElement(role: .navigationBar, platformType: "XCUIElementTypeNavigationBar", identifier: "Ingredients",
                               children: [backButton, UIElement(role: .button, platformType: "XCUIElementTypeButton", label: "Edit")])
        return [
            (UIElement(role: .link, platformType: "a", label: "← Home", target: "/"), nil, true),
            (UIElement(role: .link, platformType: "a", identifier: "back", label: "← Back", target: "/products.html"), nil, true),
            (UIElement(role: .link, platformType: "a", label: "Back to the shop", target: "/"), nil, true),
            (UIElement(role: .button, platformType: "button", identifier: "close-dialog", label: "Close"), nil, true),
            (UIElement(role: .button, platformType: "XCUIElementTypeButton", identifier: "btnCancel"), nil, true),
            (UIElement(role: .button, platformType: "button", label: "×"), nil, true),
            (UIElement(role: .link, platformType: "a", label: "Home", target: "/index.html"), nil, true),
            (backButton, navBar, true),
            // Ordinary controls keep their document order.
            (UIElement(role: .link, platformType: "a", label: "Products", target: "/products.html"), nil, false),
            (UIElement(role: .button, platformType: "button", identifier: "open-dialog", label: "Opening hours"), nil, false),
            (UIElement(role: .button, platformType: "XCUIElementTypeButton", label: "Edit"), navBar, false),
            (UIElement(role: .button, platformType: "button", label: "Go back in time: the history of the shop"), nil, false),
            (UIElement(role: .button, platformType: "button", label: "Backup settings"), nil, false),
            (UIElement(role: .textField, platformType: "input[type=text]", label: "Back"), nil, false),
        ]
    }()
}
