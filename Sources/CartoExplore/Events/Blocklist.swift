import CartoCore
import CartoDrivers
import Foundation

/// Elements the crawler must not touch: user patterns on label, identifier or URL (`label:Log ?out`, `id:delete-.*`,
/// `url:/logout`; regular expressions, case-insensitive), plus built-in guards: links to another origin, mail/phone
/// links and downloads are never followed.
public struct Blocklist: Sendable {
    /// The fields a block pattern may name (a subset of `ElementMatcher`'s, which does the matching).
    static let fields: Set<ElementMatcher.Field> = [.label, .id, .url]

    public private(set) var patterns: [ElementMatcher] = []

    public init(_ specs: [String] = []) throws { try add(specs) }

    /// Adds patterns (the crawl specification's `block:` on top of `--block`).
    public mutating func add(_ specs: [String]) throws {
        for spec in specs {
            guard let colon = spec.firstIndex(of: ":"), let field = ElementMatcher.Field(rawValue: String(spec[..<colon])), Self.fields.contains(field) else {
                throw CartoError("--block \(spec): expected label:REGEX, id:REGEX or url:REGEX")
            }
            do { patterns.append(try ElementMatcher(spec)) } catch {
                throw CartoError("--block \(spec): invalid regular expression; escape special characters or use a simpler pattern")
            }
        }
    }

    /// Why `element` must not be acted on in an app that started at `origin` (web), or nil when it may.
    public func reason(toSkip element: UIElement, origin: String?) -> String? {
        if let p = patterns.first(where: { $0.matches(element) }) { return "blocked by \(p)" }
        // A link that says whether it is expanded (a dropdown's toggle) opens something in place whatever its href.
        if element.role == .link, element.expanded == nil, let target = element.target, let url = URL(string: target), let scheme = url.scheme?.lowercased() {
            if ["mailto", "tel", "sms"].contains(scheme) { return "\(scheme) link" }
            if let origin, ["http", "https"].contains(scheme), BrowserOrigin.of(url) != origin { return "leaves \(origin) (external link)" }
        }
        return nil
    }
}
