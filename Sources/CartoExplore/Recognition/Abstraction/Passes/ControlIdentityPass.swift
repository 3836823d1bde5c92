import CartoCore

/// Every control left on screen, by identity: what the screen offers decides which state it is. Hidden controls do
/// not count (a menu opened is a new state); disabled ones do (they are on screen). Text, values and static content
/// never count. Links out of the app are `external` properties.
public enum ControlIdentityPass: AbstractionPass {
    public static func run(_ work: inout AbstractionWork) {
        let fields = ControlIdentity.fieldIdentifiers(work.elements)
        var pointersAtFields = false
        for i in work.elements.indices where !work.consumed[i] {
            let e = work.elements[i]
            guard ControlIdentity.isControl(e), work.shown(i) else { continue }
            // Links to fields of the page (an error summary's "Email: Enter your email address." → `#email`) say which
            // fields need attention: data, as the errors under the fields are. That there are such links counts, once.
            if ControlIdentity.pointsAtAField(e, fields: fields, page: work.snapshot.context) {
                if !pointersAtFields {
                    pointersAtFields = true
                    work.properties.append(StateProperty(.control, ControlIdentity.fieldPointer))
                    work.coarseProperties.append(StateProperty(.control, ControlIdentity.fieldPointer))
                }
                continue
            }
            // A row of a menu that holds its own link or button is that control, not a second one.
            if e.role == .cell, (i + 1..<work.subtreeEnd[i]).contains(where: { ControlIdentity.isControl(work.elements[$0]) && work.elements[$0].role != .cell }) { continue }
            let kind: StateProperty.Kind = ControlIdentity.leavesApp(e) ? .external : .control
            work.properties.append(StateProperty(kind, ControlIdentity.identity(e)))
            let coarse = [.link, .button, .menuItem, .cell].contains(e.role) ? ControlIdentity.coarseIdentity(e) : ControlIdentity.identity(e)
            work.coarseProperties.append(StateProperty(kind, coarse))
        }
    }
}
