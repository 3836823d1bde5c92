import CartoCore

/// A screen that offers nothing — no control, no list, no heading — is known by its text (a dead end such as
/// "Final state S5", a confirmation): without it every dead end of an app would be one state. The driver puts the
/// beginning of the screen's visible text in the root's value (numbers masked here, and addresses: a server's "not
/// found: /wiki/Fragment" is the same dead end for every missing page).
public enum ContentOnlyScreenPass: AbstractionPass {
    static let defining: Set<StateProperty.Kind> = [.heading, .control, .list, .emptyList]
    /// The text with every address in it (`/wiki/Fragment`, `https://host/x`) written `/…`.
    static func maskingAddresses(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { word in
            word.hasPrefix("/") || word.hasPrefix("http://") || word.hasPrefix("https://") ? "/…" : String(word)
        }.joined(separator: " ")
    }

    public static func run(_ work: inout AbstractionWork) {
        guard !work.properties.contains(where: { defining.contains($0.kind) }),
              let text = work.snapshot.root.value.map({ LabelNormaliser.mask(maskingAddresses($0)) }), !text.isEmpty else { return }
        let property = StateProperty(.detail, "text \"\(String(text.prefix(80)))\"")
        work.properties.append(property)
        work.coarseProperties.append(property)
    }
}
