import CartoCore

/// On a screen whose abstraction proved too coarse (one event led to different states from it), the beginning of the
/// screen's text and the number of rows of each list become part of the state.
public enum RefinementDetailPass: AbstractionPass {
    public static func run(_ work: inout AbstractionWork) {
        guard work.refined else { return }
        if let text = work.snapshot.root.value.map(LabelNormaliser.mask), !text.isEmpty {
            work.properties.append(StateProperty(.detail, "text \"\(String(text.prefix(80)))\""))
        }
        for list in work.lists { work.properties.append(StateProperty(.detail, "rows \(list.anchor) \(list.rows)")) }
    }
}
