import CartoCore

/// Headings on screen, outside lists: a single-page app that loads its screens into one container under one
/// navigation tells them apart by their headings (`Papers`, `Information`, a quiz's "What does CSS stand for?")
/// where a tester would too. Numbers are masked; headings of fields and values are content; headings inside list
/// rows are row content and were taken by `ListCollapsePass`. Coarsening leaves them out (a screen whose headings
/// are data — an article's title, a product's name — is coarsened like one whose links are: `StateIndex`).
public enum HeadingPass: AbstractionPass {
    public static func run(_ work: inout AbstractionWork) {
        for i in work.elements.indices where !work.consumed[i] && work.elements[i].role == .heading && work.shown(i) {
            guard let label = work.elements[i].label.map(LabelNormaliser.mask), !label.isEmpty, namesAScreen(label) else { continue }
            work.properties.append(StateProperty(.heading, String(label.prefix(60))))
        }
    }

    /// A heading that reads as fields and values (`Gender: female Name: Ann Active: true`, a page echoing what was
    /// typed) is content, and content is not identity. A long heading is a name all the same (a quiz's question; an
    /// earlier rule of at most 8 words left a quiz's long questions nameless): headings that are data are found by
    /// coarsening, not by their length.
    public static func namesAScreen(_ heading: String) -> Bool {
        heading.split(whereSeparator: \.isWhitespace).filter { $0.count > 1 && $0.hasSuffix(":") }.count < 2
    }
}
