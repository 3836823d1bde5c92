import CartoCore
import CartoDrivers
import Foundation

/// Elements the crawler must not touch: user patterns on label, identifier or URL (`label:Log ?out`, `id:delete-.*`,
/// `url:/logout`; regular expressions, case-insensitive), plus built-in guards: links to another origin, mail/phone
/// links and downloads are never followed.
public struct Blocklist: Sendable {
    public enum Field: String, Sendable { case label, id, url }
    public struct Pattern: @unchecked Sendable {   // NSRegularExpression is immutable once built
        public var field: Field
        public var source: String
        let regex: NSRegularExpression
    }

    public private(set) var patterns: [Pattern] = []

    public init(_ specs: [String] = []) throws {
        for spec in specs {
            guard let colon = spec.firstIndex(of: ":"), let field = Field(rawValue: String(spec[..<colon])) else {
                throw CartoError("--block \(spec): expected label:REGEX, id:REGEX or url:REGEX")
            }
            let source = String(spec[spec.index(after: colon)...])
            do {
                patterns.append(Pattern(field: field, source: source, regex: try NSRegularExpression(pattern: source, options: [.caseInsensitive])))
            } catch {
                throw CartoError("--block \(spec): invalid regular expression; escape special characters or use a simpler pattern")
            }
        }
    }

    /// Why `element` must not be acted on in an app that started at `origin` (web), or nil when it may.
    public func reason(toSkip element: UIElement, origin: String?) -> String? {
        for p in patterns {
            let subject: String?
            switch p.field {
            case .label: subject = element.label
            case .id: subject = element.identifier
            case .url: subject = element.target
            }
            if let subject, p.regex.firstMatch(in: subject, range: NSRange(subject.startIndex..., in: subject)) != nil {
                return "blocked by \(p.field.rawValue):\(p.source)"
            }
        }
        if element.role == .link, let target = element.target, let url = URL(string: target), let scheme = url.scheme?.lowercased() {
            if ["mailto", "tel", "sms"].contains(scheme) { return "\(scheme) link" }
            if let origin, ["http", "https"].contains(scheme), BrowserOrigin.of(url) != origin { return "leaves \(origin) (external link)" }
        }
        return nil
    }
}
