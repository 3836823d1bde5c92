import CartoCore

/// What a dialog's dimmed backdrop (or a drawer's shade) lets through is not the screen: a person looking at an open
/// dialog sees the dialog, and the page dimmed behind it is where it was opened, not what it is. The same "Add book"
/// dialog over a list of one book, of two, or over an empty list is one screen; the page's address, route and title
/// stay (a sheet over Home and the same sheet over Favorites are two). When one event from such a screen led to
/// different states (closing the dialog returned to different pages behind it), the screen is refined and what lies
/// under the layer tells its states apart again (`StateIndex.refine`).
public enum CoveredContentPass: AbstractionPass {
    public static func run(_ work: inout AbstractionWork) {
        guard !work.refined else { return }
        // Element by element, not by subtree: a page may lift one element above the layer (a tour's highlighted
        // control) while its surroundings stay under it.
        for i in work.elements.indices where work.elements[i].covered == true { work.consumed[i] = true }
    }
}
