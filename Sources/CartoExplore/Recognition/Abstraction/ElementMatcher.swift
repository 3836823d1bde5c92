import CartoCore
import Foundation

/// An element pattern of the crawl specification: `id:REGEX`, `label:REGEX`, `name:REGEX`, `placeholder:REGEX`,
/// `text:REGEX`, `url:REGEX`, `css:REGEX` (on the locator), `role:NAME` or `type:REGEX` (platform type, e.g.
/// `input\[type=email\]`). Regular expressions search (not anchored) and ignore case.
public struct ElementMatcher: Sendable, Hashable, CustomStringConvertible {
    public enum Field: String, Sendable, CaseIterable { case id, label, name, placeholder, text, url, css, role, type }
    public let field: Field
    public let source: String
    private let regex: RegexBox

    public init(_ spec: String) throws {
        guard let colon = spec.firstIndex(of: ":"), let field = Field(rawValue: String(spec[..<colon])) else {
            throw CartoError("\(spec): expected FIELD:PATTERN with FIELD one of \(Field.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self.field = field
        source = String(spec[spec.index(after: colon)...])
        if field == .role, UIRole(rawValue: source) == nil {
            throw CartoError("\(spec): unknown role \(source); use one of \(UIRole.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        do { regex = RegexBox(try NSRegularExpression(pattern: source, options: [.caseInsensitive])) }
        catch { throw CartoError("\(spec): invalid regular expression; escape special characters or use a simpler pattern") }
    }

    public var description: String { "\(field.rawValue):\(source)" }

    public func matches(_ e: UIElement) -> Bool {
        let subject: String?
        switch field {
        case .id: subject = e.identifier
        case .label, .text: subject = e.label
        case .name: subject = e.identifier
        case .placeholder: subject = e.role.isTextInput ? e.label : nil
        case .url: subject = e.target
        case .css: subject = e.locator
        case .role: return e.role.rawValue == source
        case .type: subject = e.platformType
        }
        guard let subject else { return false }
        return regex.search(subject)
    }

    public static func == (a: ElementMatcher, b: ElementMatcher) -> Bool { a.field == b.field && a.source == b.source }
    public func hash(into hasher: inout Hasher) { hasher.combine(field.rawValue); hasher.combine(source) }
}

/// NSRegularExpression is immutable once built, so sharing it across threads is safe.
final class RegexBox: @unchecked Sendable {
    let value: NSRegularExpression
    init(_ value: NSRegularExpression) { self.value = value }
    /// Whether the pattern occurs anywhere in `subject`.
    func search(_ subject: String) -> Bool { value.firstMatch(in: subject, range: NSRange(subject.startIndex..., in: subject)) != nil }
}
