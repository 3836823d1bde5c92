import CartoCore

/// Drops elements and regions the specification says to ignore (`abstraction: ignore:`): a live clock, an ad slot.
public enum IgnoredRegionPass: AbstractionPass {
    public static func run(_ work: inout AbstractionWork) {
        guard !work.overrides.ignore.isEmpty else { return }
        var i = 0
        while i < work.elements.count {
            if work.overrides.ignore.contains(where: { $0.matches(work.elements[i]) }) {
                work.consume(subtreeOf: i)
                i = work.subtreeEnd[i]
            } else {
                i += 1
            }
        }
    }
}
