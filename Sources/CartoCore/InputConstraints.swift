/// What a field accepts, as the page declares it: HTML's constraint validation attributes on the web (`required`,
/// `pattern`, `minlength`/`maxlength`, `min`/`max`/`step`) and the example of the expected format it shows (the
/// placeholder: `123-456-789`, `name@domain.com`). A form the browser refuses to send is no screen the crawler can
/// leave; these say what to type so that it sends.
public struct InputConstraints: Codable, Hashable, Sendable {
    public var required: Bool?
    /// A regular expression the whole value must match (HTML wraps it in `^(?:…)$`).
    public var pattern: String?
    public var minLength: Int?
    public var maxLength: Int?
    /// Bounds of a number, date or time, in the field's own notation (`0`, `2024-01-01`, `09:00`).
    public var min: String?
    public var max: String?
    /// The granularity of a number (`500`) or `any`.
    public var step: String?
    /// The example of the expected value the field shows while empty.
    public var placeholder: String?

    public init(required: Bool? = nil, pattern: String? = nil, minLength: Int? = nil, maxLength: Int? = nil,
                min: String? = nil, max: String? = nil, step: String? = nil, placeholder: String? = nil) {
        self.required = required; self.pattern = pattern; self.minLength = minLength; self.maxLength = maxLength
        self.min = min; self.max = max; self.step = step; self.placeholder = placeholder
    }
}
