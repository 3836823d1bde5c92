import CartoCore

/// Headings on screen, outside lists: a single-page app that loads its screens into one container under one
/// navigation tells them apart by their headings (`Papers`, `Information`) where a tester would too. Numbers are
/// masked; headings inside list rows are row content and were taken by `ListCollapsePass`. Coarsening leaves them out
/// (a screen whose headings are data, such as a feed of article titles, is coarsened like one whose links are).
public enum HeadingPass: AbstractionPass {
    public static func run(_ work: inout AbstractionWork) {
        for i in work.elements.indices where !work.consumed[i] && work.elements[i].role == .heading && work.shown(i) {
            guard let label = work.elements[i].label.map(LabelNormaliser.mask), !label.isEmpty else { continue }
            work.properties.append(StateProperty(.heading, String(label.prefix(60))))
        }
    }
}
