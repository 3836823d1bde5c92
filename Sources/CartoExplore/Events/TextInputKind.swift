import CartoCore

/// What a text field wants, and the value the crawler types into it. Decided from the platform type
/// (`input[type=email]`), then from the field's identifier and label, so unlabelled `type=text` fields named
/// "email" still get an address.
public enum TextInputKind: String, Codable, Sendable, CaseIterable {
    case email, url, number, phone, password, search, freeText

    public var sampleValue: String {
        switch self {
        case .email: return "carto@example.com"
        case .url: return "https://example.com"
        case .number: return "42"
        case .phone: return "+15555550123"
        case .password: return "Carto-Pass-123"
        case .search: return "test"
        case .freeText: return "Cartographer"
        }
    }

    public static func classify(_ e: UIElement) -> TextInputKind {
        if e.role == .secureTextField { return .password }
        if e.role == .searchField { return .search }
        let type = e.platformType.lowercased()
        let words = [e.identifier, e.label].compactMap { $0?.lowercased() }.joined(separator: " ")
        // A phone number asked for in a number field (digits only, no plus or spaces) is still a phone number: its
        // checks want a phone's digits (ten of them, say), not any number. Only the plain words: a number of hotel
        // nights is no "tel", the year of an automobile no "mobile".
        if type.contains("type=number"), Self.words(e).contains(where: { $0.hasPrefix("phone") || $0.hasPrefix("mobile") }) { return .phone }
        for (needle, kind) in [("type=email", TextInputKind.email), ("type=url", .url), ("type=number", .number),
                               ("type=tel", .phone), ("type=password", .password), ("type=search", .search)]
        where type.contains(needle) { return kind }
        for (needles, kind) in [(["password", "passcode", "pin"], TextInputKind.password), (["e-mail", "email", "mail"], .email),
                                (["phone", "mobile", "tel"], .phone), (["url", "website", "link", "homepage"], .url),
                                (["search", "find", "query"], .search),
                                (["age", "amount", "quantity", "count", "number", "zip", "postcode", "postal"], .number)]
        where needles.contains(where: { words.contains($0) }) { return kind }
        return .freeText
    }

    /// The words of a field's identifier and label, lower case, split at punctuation and camel-case humps
    /// (`phoneNumber`, `user-phone`, `automobile_year`), as `ReturnControl.tokens` reads them.
    static func words(_ e: UIElement) -> [String] { [e.identifier, e.label].compactMap { $0 }.flatMap(ReturnControl.tokens) }

    /// Fields and the kind they must get: the classifier's specification, run as tests.
    public static let examples: [(UIElement, TextInputKind)] = [
        (UIElement(role: .textField, platformType: "input[type=email]"), .email),
        (UIElement(role: .textField, platformType: "input[type=text]", identifier: "user-email"), .email),
        (UIElement(role: .textField, platformType: "XCUIElementTypeTextField", label: "E-mail address"), .email),
        (UIElement(role: .secureTextField, platformType: "XCUIElementTypeSecureTextField", label: "Password"), .password),
        (UIElement(role: .textField, platformType: "input[type=url]"), .url),
        (UIElement(role: .textField, platformType: "input[type=text]", label: "Your website"), .url),
        (UIElement(role: .textField, platformType: "input[type=number]"), .number),
        (UIElement(role: .textField, platformType: "input[type=number]", identifier: "phone-no"), .phone),
        (UIElement(role: .textField, platformType: "input[type=number]", identifier: "hotel-nights"), .number),
        (UIElement(role: .textField, platformType: "input[type=number]", identifier: "automobile-year"), .number),
        (UIElement(role: .textField, platformType: "input[type=number]", identifier: "userPhone"), .phone),
        (UIElement(role: .textField, platformType: "input[type=text]", identifier: "zip"), .number),
        (UIElement(role: .textField, platformType: "input[type=tel]"), .phone),
        (UIElement(role: .textField, platformType: "XCUIElementTypeTextField", label: "Mobile number"), .phone),
        (UIElement(role: .searchField, platformType: "XCUIElementTypeSearchField"), .search),
        (UIElement(role: .textField, platformType: "input[type=text]", label: "Find a product"), .search),
        (UIElement(role: .textField, platformType: "input[type=text]", label: "Full name"), .freeText),
        (UIElement(role: .textView, platformType: "textarea", label: "Comments"), .freeText),
    ]
}
