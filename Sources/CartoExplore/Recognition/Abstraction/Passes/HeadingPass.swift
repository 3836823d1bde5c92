import CartoCore

/// Headings on screen, outside lists: a single-page app that loads its screens into one container under one
/// navigation tells them apart by their headings (`Papers`, `Information`) where a tester would too. Numbers are
/// masked; long headings and headings of fields and values are content; headings inside list rows are row content and were taken by `ListCollapsePass`. Coarsening leaves them out
/// (a screen whose headings are data, such as a feed of article titles, is coarsened like one whose links are).
public enum HeadingPass: AbstractionPass {
    public static func run(_ work: inout AbstractionWork) {
        for i in work.elements.indices where !work.consumed[i] && work.elements[i].role == .heading && work.shown(i) {
            guard let label = work.elements[i].label.map(LabelNormaliser.mask), !label.isEmpty, namesAScreen(label) else { continue }
            work.properties.append(StateProperty(.heading, String(label.prefix(60))))
        }
    }

    /// Screen names are short. A heading of many words, or one that reads as fields and values (`Gender: female
    /// Name: Ann Active: true`, a page echoing what was typed), is content, and content is not identity.
    public static func namesAScreen(_ heading: String) -> Bool {
        let words = heading.split(whereSeparator: \.isWhitespace)
        guard words.count <= maxWords else { return false }
        return words.filter { $0.count > 1 && $0.hasSuffix(":") }.count < 2
    }

    public static let maxWords = 8
}
