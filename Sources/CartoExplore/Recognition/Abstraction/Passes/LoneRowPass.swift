import CartoCore

/// A container the crawl saw holding rows of one shape (a grid of book cards, of task cards: divs without list
/// markup, recognised as a list by their repeated siblings) is a list whatever number of rows it holds, one
/// included: the first book added to a library, the last task left on a board. A single card cannot be told from a
/// layout box by its markup, so what the crawl saw decides (`StateIndex` learns the container by its locator); the
/// row's controls and headings are the list's row then, as its siblings' were, when they are of the shapes the list's
/// rows had. A field for typing the row shows where no row of the list showed one (a row open for renaming) is no
/// such shape: that is a screen of its own. An empty container is no list (an empty library is a screen of its own).
/// Several children side by side are left to `ListCollapsePass`: a container once seen holding rows of one shape (a
/// toolbar of three dropdowns) may hold other things side by side later (one dropdown open), and taking them all for
/// its rows hid a filter menu's choices (measured on a data table's toolbar: every menu one state).
public enum LoneRowPass: AbstractionPass {
    public static func run(_ work: inout AbstractionWork) {
        guard !work.learntLists.isEmpty else { return }
        for (locator, list) in work.learntLists.sorted(by: { $0.key < $1.key }) where !work.listLocators.contains(locator) {
            let children = work.elements.map { $0.locator.flatMap { LearntList.childSegment(of: $0, under: locator) } }
            let inside = work.elements.indices.filter { !work.consumed[$0] && children[$0] != nil }
            // One child of the container, of the tag its rows had, holds everything in it: a lone row (a toggle
            // beside a dropdown's items, in the container itself, is no row).
            let segments = Set(inside.compactMap { children[$0] })
            guard segments.count == 1, let segment = segments.first, segment.hasPrefix(list.rowTag + ":nth-of-type(") else { continue }
            guard inside.contains(where: { work.shown($0) }) else { continue }
            // The row itself, when it is a control of its own (a card the page listens on), is a button beside no
            // sibling and was a cell among them: it is the list's row all the same. A field for typing it holds
            // hidden is not what it offers (the list's shapes leave such fields out too, `ListCollapsePass`).
            let row = locator + " > " + segment
            let shapes = RowShape.of(elements: inside.filter { !work.elements[$0].role.isTextInput || work.shown($0) }.map { i -> UIElement in
                var e = work.elements[i]
                if e.locator == row, e.role == .button { e.role = .cell }
                return e
            })
            guard !shapes.isEmpty, shapes.isSubset(of: list.shapes) else { continue }
            for i in inside { work.consumed[i] = true }
            work.properties.append(StateProperty(.list, list.value))
            work.coarseProperties.append(StateProperty(.list, list.value))
            work.lists.append((list.value.components(separatedBy: " [").first ?? list.value, 1))
            work.listLocators.insert(locator)
        }
    }
}
