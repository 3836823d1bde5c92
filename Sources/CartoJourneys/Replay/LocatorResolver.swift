import CartoCore
import CartoDrivers
import Foundation

/// Finds a step's target on the current screen, falling back like Selenium IDE's alternative targets:
/// identifier, then accessibility label, then visible text, then the type-and-index path. Says which one matched,
/// so reports show when a script survives only on a fallback (time to update it).
public enum LocatorResolver {
    public enum Match: String, Sendable, Codable, CaseIterable { case id, label, text, path }

    /// The locator replay tries first for `target` — the first it has, in the order of `Match` (scripts list their
    /// locators in that order): a step found by it is found as written, by any later one through a fallback.
    public static func primary(of target: Locators) -> Match? {
        Match.allCases.first { match in
            let value: String?
            switch match { case .id: value = target.id; case .label: value = target.label; case .text: value = target.text; case .path: value = target.path }
            return value?.isEmpty == false
        }
    }

    static let families: [Set<UIRole>] = [
        [.button, .link, .cell, .tab, .menuItem, .segmentedControl],
        [.toggle, .checkbox, .radio],
        [.textField, .secureTextField, .searchField, .textView],
        [.picker, .slider, .stepper],
        [.staticText, .heading],
    ]

    public static func resolve(_ target: Locators, component: String?, in snapshot: UISnapshot,
                               atLocator: (String) throws -> UIElement?) rethrows -> (UIElement, Match)? {
        let elements = snapshot.elements.filter { $0.visible && $0.role != .window && $0.role != .application }
        let role = component.flatMap(UIRole.init(rawValue:))
        // Same role first, then a role of the same family: a link may become a button between versions, but a
        // heading that happens to read "Sign in" is not the sign-in button.
        let family = role.flatMap { r in families.first { $0.contains(r) } } ?? role.map { [$0] } ?? []
        func pick(_ test: (UIElement) -> Bool) -> UIElement? {
            elements.first { test($0) && (role == nil || $0.role == role) } ?? elements.first { test($0) && family.contains($0.role) }
        }
        if let id = target.id, !id.isEmpty, let e = pick({ $0.identifier == id }) { return (e, .id) }
        if let label = target.label, !label.isEmpty, let e = pick({ $0.label == label }) { return (e, .label) }
        if let text = target.text, !text.isEmpty, let e = pick({ $0.label == text || $0.value == text }) { return (e, .text) }
        if let path = target.path, !path.isEmpty {
            if let e = elements.first(where: { $0.locator == path }) { return (e, .path) }
            if var e = try atLocator(path) {
                if let role, e.role == .other { e.role = role }
                return (e, .path)
            }
        }
        return nil
    }
}
