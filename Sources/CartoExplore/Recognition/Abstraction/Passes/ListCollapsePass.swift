import CartoCore

/// Lists whose rows are data of one shape — table and collection cells, list items, rows — become one `list`
/// property whatever their number (an empty list is `emptyList`): adding a todo item is not a new screen. Only rows
/// on screen count; the controls inside them, visible or revealed later, make the row's shape (a field for typing only
/// where a row shows it). Lists whose rows lead to different places (menus) or hold a disclosure (a navbar with a
/// dropdown) are left to `ControlIdentityPass`.
/// A list with a selected row says so (which row is data).
public enum ListCollapsePass: AbstractionPass {
    public static func run(_ work: inout AbstractionWork) {
        for index in work.elements.indices where !work.consumed[index] {
            let list = work.elements[index]
            let forced = work.overrides.lists.contains { $0.matches(list) }
            guard RowShape.isListContainer(list) || forced else { continue }
            let rowIndices = work.children(of: index).filter { forced || work.elements[$0].role == .cell }
            guard work.shown(index) else { continue }
            if !forced && RowShape.isLayoutTable(list, rows: rowIndices.count) { continue }
            let visibleRows = rowIndices.filter { work.elements[$0].visible && !work.consumed[$0] }
            let shapes = visibleRows.map { rowShape(work, $0) }
            let trees = visibleRows.map { work.tree(at: $0) }
            guard forced || (RowShape.isUniform(shapes) && !RowShape.isMenu(trees) && !RowShape.holdsDisclosure(trees)) else { continue }
            // A list with no rows and no name of its own is layout, not an empty list a user would see.
            let anchor = anchorName(list)
            if visibleRows.isEmpty && list.identifier == nil && list.label == nil && !forced && rowIndices.isEmpty { continue }
            // A row's field for typing that no row shows (an inline editor until a rename opens it) is not what the
            // rows offer; one shown is (a row open for typing: a place of its own, whichever row it is). Rows that
            // are editors already — a field shown in every row (a survey's question text) — offer typing either
            // way: a further field shown in some rows only (the choices box a question's type reveals) is the row's
            // detail. Other hidden controls still count: a button a hover reveals must not split a screen. Rows are
            // compared for uniformity with every field, shown or not, so that one row open among two is still one list.
            var typing = (shown: Set<String>(), hidden: Set<String>())
            var shownInEveryRow: Set<String>?
            for row in visibleRows {
                var shownHere = Set<String>()
                for i in row..<work.subtreeEnd[row] where !work.consumed[i] && work.elements[i].role.isTextInput && ControlIdentity.isControl(work.elements[i]) {
                    if work.shown(i) { shownHere.insert(ControlIdentity.shape(work.elements[i])) }
                    else { typing.hidden.insert(ControlIdentity.shape(work.elements[i])) }
                }
                typing.shown.formUnion(shownHere)
                shownInEveryRow = shownInEveryRow.map { $0.intersection(shownHere) } ?? shownHere
            }
            let editors = shownInEveryRow ?? []
            let detail = editors.isEmpty ? typing.hidden.subtracting(typing.shown) : typing.hidden.union(typing.shown).subtracting(editors)
            let offered = shapes.reduce(into: Set<String>()) { $0.formUnion($1) }.subtracting(detail)
            for row in rowIndices { work.consume(subtreeOf: row) }
            work.consumed[index] = true
            if visibleRows.isEmpty {
                work.properties.append(StateProperty(.emptyList, anchor))
                work.coarseProperties.append(StateProperty(.emptyList, anchor))
            } else {
                let union = offered.sorted()
                // Whether a row is the chosen one (a plan card, an option: the row marked selected) is the screen's
                // state — the step's "Next" goes on only then — though which row is data.
                let chosen = visibleRows.contains { work.elements[$0].selected }
                let value = anchor + " [" + union.joined(separator: ", ") + "]" + (chosen ? " (a row selected)" : "")
                work.properties.append(StateProperty(.list, value))
                work.coarseProperties.append(StateProperty(.list, value))
            }
            work.lists.append((anchor, visibleRows.count))
            if let locator = list.locator {
                work.listLocators.insert(locator)
                if visibleRows.count >= 2, !forced, let value = work.properties.last?.value,
                   let (at, tag) = LearntList.rowsParent(of: rowIndices.map { work.elements[$0].locator }, under: locator) {
                    work.listsToLearn.append((at, LearntList(value: value, shapes: offered, rowTag: tag)))
                }
            }
        }
    }

    /// The row's shape, leaving out what an earlier pass took (an ignored region inside the row).
    static func rowShape(_ work: AbstractionWork, _ row: Int) -> Set<String> {
        RowShape.of(elements: (row..<work.subtreeEnd[row]).lazy.filter { !work.consumed[$0] }.map { work.elements[$0] })
    }

    static func anchorName(_ e: UIElement) -> String {
        if let id = e.identifier, !id.isEmpty { return LabelNormaliser.mask(id) }
        if let label = e.label, !label.isEmpty, label.count <= 40 { return LabelNormaliser.mask(label) }
        return e.role.rawValue
    }
}
