import CartoCore

/// On a screen whose abstraction proved too coarse (one event led to different states from it), the headings on
/// screen and the number of rows of each list become part of the state.
public enum RefinementDetailPass: AbstractionPass {
    public static func run(_ work: inout AbstractionWork) {
        guard work.refined else { return }
        for i in work.elements.indices where work.elements[i].role == .heading && work.shown(i) {
            if let label = work.elements[i].label { work.properties.append(StateProperty(.detail, "heading \"\(String(label.prefix(60)))\"")) }
        }
        for list in work.lists { work.properties.append(StateProperty(.detail, "rows \(list.anchor) \(list.rows)")) }
    }
}
