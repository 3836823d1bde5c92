import CartoCore
import Foundation

/// Ways to find a target again, tried in this order: identifier, accessibility label, visible text, type-and-index
/// path. A target keeps all of them, so replay can fall back when one stops matching.
public struct Locators: Codable, Sendable, Hashable {
    /// accessibilityIdentifier (iOS) or id / data-testid / name (web).
    public var id: String?
    public var label: String?
    public var text: String?
    /// Platform locator by type and position: `css selector:body > main:nth-of-type(1) > button:nth-of-type(2)` (web),
    /// `xpath://XCUIElementTypeButton[2]` (iOS).
    public var path: String?
    public init(id: String? = nil, label: String? = nil, text: String? = nil, path: String? = nil) {
        self.id = id; self.label = label; self.text = text; self.path = path
    }

    /// All the locators a snapshot element has: its identifier, its full label, its platform locator.
    public init(_ element: UIElement) {
        func nonEmpty(_ s: String?) -> String? { s?.isEmpty == false ? s : nil }
        self.init(id: nonEmpty(element.identifier), label: nonEmpty(element.label), text: nil, path: nonEmpty(element.locator))
    }

    public var isEmpty: Bool { [id, label, text, path].allSatisfy { $0?.isEmpty != false } }

    /// The target in reports: `#id`, else `"label"` or `"text"`, else the path.
    public var shortName: String {
        [id.map { "#" + $0 }, label.map { "\"\($0)\"" }, text.map { "\"\($0)\"" }].compactMap { $0 }.first ?? path ?? ""
    }

    /// The `${NAME}` a secret typed into this field becomes in scripts and models: `SECRET_` and its id or label.
    public var secretVariable: String {
        let base = (id ?? label ?? "secret").uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }
        return "SECRET_" + String(base)
    }
}

/// One user action: command, component (the target's normalised role), target with all its locators, arguments.
/// Codable: `model.json` edges carry the actions of each event, and a journey step is one of them (or a check).
public struct UserAction: Codable, Sendable, Hashable, CustomStringConvertible {
    public var command: ActionCommand
    /// The target's role: `button`, `link`, `textField`, … (nil: the screen).
    public var component: String?
    public var target: Locators?
    /// `type` [text] (`${NAME}` for secrets), `setValue` [value], `swipe` [direction].
    public var arguments: [String]?

    public init(command: ActionCommand, component: String? = nil, target: Locators? = nil, arguments: [String]? = nil) {
        self.command = command; self.component = component; self.target = target; self.arguments = arguments
    }

    /// `command` on `element`, with all the element's locators.
    public init(_ command: ActionCommand, on element: UIElement?, arguments: [String]? = nil) {
        self.init(command: command, component: element?.role.rawValue, target: element.map(Locators.init), arguments: arguments)
    }

    public var description: String {
        let name = target?.shortName ?? ""
        return ([command.rawValue] + [component, name.isEmpty ? nil : name].compactMap { $0 } + (arguments ?? []).map { "\"\($0)\"" })
            .joined(separator: " ")
    }
}

extension DriverAction {
    /// The command in the shared vocabulary.
    public var command: ActionCommand {
        switch self {
        case .tap: return .tap
        case .type: return .type
        case .submit: return .submit
        case .scroll: return .scroll
        case .back: return .back
        case .setValue: return .setValue
        case .swipe: return .swipe
        }
    }

    /// The action in the shared vocabulary. `secret`: the `${NAME}` to write instead of typed text (a password).
    public func userAction(secret: Bool = false) -> UserAction {
        switch self {
        case .tap(let e): return UserAction(.tap, on: e)
        case .type(let e, let text):
            let locators = Locators(e)
            return UserAction(command: .type, component: e.role.rawValue, target: locators, arguments: [secret ? "${\(locators.secretVariable)}" : text])
        case .submit(let e): return UserAction(.submit, on: e)
        case .scroll(let e): return UserAction(.scroll, on: e)
        case .back: return UserAction(command: .back)
        case .setValue(let e, let value): return UserAction(.setValue, on: e, arguments: [value])
        case .swipe(let e, let direction): return UserAction(.swipe, on: e, arguments: [direction])
        }
    }
}
