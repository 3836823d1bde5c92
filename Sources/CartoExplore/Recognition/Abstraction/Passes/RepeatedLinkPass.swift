import CartoCore

/// Repeated siblings without a list around them — cards of a grid, links to articles — are a list too: three or more
/// visible links whose targets share one shape with a masked part (`/product/#`) become one `list` property.
/// Links to different places (`/about`, `/contact`) keep their identities.
public enum RepeatedLinkPass: AbstractionPass {
    static let minimumRepeats = 3

    public static func run(_ work: inout AbstractionWork) {
        var groups: [String: [Int]] = [:]
        for i in work.elements.indices where !work.consumed[i] {
            let e = work.elements[i]
            guard e.role == .link, let target = e.target, !target.hasPrefix("#"), !target.hasPrefix("javascript:"), work.shown(i) else { continue }
            // The page a link leads to, without its fragment: `#` links (`/#`, `/page.html#pablo`) lead to no page of
            // a kind, whereas the `#` of a shape is a masked number (`/product/#`).
            let page = String(target.prefix { $0 != "#" })
            let shape = LabelNormaliser.targetShape(page)
            guard shape.split(separator: "/").contains("#") || shape.contains("=*") else { continue }
            groups[ControlIdentity.shape(e), default: []].append(i)
        }
        for (shape, members) in groups.sorted(by: { $0.key < $1.key }) where members.count >= minimumRepeats {
            for i in members { work.consume(subtreeOf: i) }
            let property = StateProperty(.list, "links [" + shape + "]")
            work.properties.append(property)
            work.coarseProperties.append(property)
            work.lists.append(("links", members.count))
        }
    }
}
