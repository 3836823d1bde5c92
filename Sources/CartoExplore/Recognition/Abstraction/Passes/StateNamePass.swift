import CartoCore

/// The readable name: title (or container), the route, each list with its rows now, the selected tab or filter.
/// `Todos · /#/active · todo-list(3) · "Active" selected`.
public enum StateNamePass: AbstractionPass {
    public static func run(_ work: inout AbstractionWork) {
        for list in work.lists { work.nameParts.append("\(list.anchor)(\(list.rows))") }
        for i in work.elements.indices where !work.consumed[i] && work.elements[i].selected && work.shown(i) {
            let e = work.elements[i]
            guard [.tab, .segmentedControl, .menuItem, .link].contains(e.role), let label = e.label else { continue }
            work.nameParts.append("\"\(String(label.prefix(30)))\" selected")
        }
    }
}
