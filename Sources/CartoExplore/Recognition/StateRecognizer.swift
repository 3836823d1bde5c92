import CartoCore
import CartoModel

/// Algorithm 1's similarity σ under these weights.
extension SimilarityWeights {
    var screenSum: Double { container + title + elementCount }
    var elementSum: Double { type + hidden + enabled + target + action }
    static let screenProperties = 3.0
    static let elementProperties = 5.0

    /// σ between a visited state `s` and the current state `cs`, in percent, exactly as Algorithm 1 computes it:
    /// elements are paired by index (the paper's GETELEMENTATINDEX), a missing partner matches nothing, and the sum
    /// is divided by the number of properties compared (3 + 5 × |s.elements|), not by the weights.
    public func similarity(_ s: StateSignature, _ cs: StateSignature) -> Double {
        similarity(s, cs, stopBelow: nil)!
    }

    /// σ, or nil as soon as σ can no longer reach `stopBelow` (the remaining elements all matching would not suffice).
    func similarity(_ s: StateSignature, _ cs: StateSignature, stopBelow: Double?) -> Double? {
        var sigma = 0.0
        if s.container == cs.container { sigma += container }
        if s.title == cs.title { sigma += title }
        if s.elementCount == cs.elementCount { sigma += elementCount }
        let attributes = Self.screenProperties + Double(s.elementCount) * Self.elementProperties
        let needed = stopBelow.map { $0 / 100 * attributes } ?? -.infinity
        let perElement = elementSum
        let other = cs.elements
        var remaining = Double(s.elementCount) * perElement
        for (j, e1) in s.elements.enumerated() {
            remaining -= perElement
            if j < other.count {
                let e2 = other[j]
                if e1.type == e2.type { sigma += type }
                if e1.hidden == e2.hidden { sigma += hidden }
                if e1.enabled == e2.enabled { sigma += enabled }
                if e1.target == e2.target { sigma += target }
                if e1.action == e2.action { sigma += action }
            }
            if sigma + remaining < needed { return nil }
        }
        return sigma / attributes * 100
    }

    /// Whether a state whose screen properties differ in `mismatched` (container, title, count) could still reach τ
    /// for some element count: σ is monotone in the count, so checking no elements and infinitely many suffices —
    /// but the limit for infinitely many is never attained, so it must exceed τ (with the paper's weights it is
    /// exactly 70, which makes every screen-level difference decisive).
    func canReachThreshold(containerDiffers: Bool, titleDiffers: Bool, countDiffers: Bool) -> Bool {
        let screen = screenSum - (containerDiffers ? container : 0) - (titleDiffers ? title : 0) - (countDiffers ? elementCount : 0)
        let withNoElements = screen / Self.screenProperties * 100
        let withManyElements = elementSum / Self.elementProperties * 100
        return withNoElements >= threshold - 1e-9 || withManyElements > threshold + 1e-9
    }
}

/// Algorithm 1 over a growing set of visited states, made to scale: states sit in buckets by (container, title,
/// element count); an identical signature is found by hash; σ is computed only for buckets whose screen-level
/// differences still allow reaching τ (with the paper's weights that is the exact bucket only), in discovery order,
/// stopping each comparison as soon as τ is out of reach. The answer is the one Algorithm 1 gives, except that an
/// identical visited state is preferred over an earlier similar one.
public struct StateRecognizer: Sendable {
    public let weights: SimilarityWeights
    private struct BucketKey: Hashable, Sendable { var container: String; var title: String; var count: Int }
    private var signatures: [StateSignature] = []
    private var exact: [StateSignature: Int] = [:]
    private var buckets: [BucketKey: [Int]] = [:]
    private let onlyExactBucket: Bool

    public init(weights: SimilarityWeights = SimilarityWeights()) {
        self.weights = weights
        onlyExactBucket = !weights.canReachThreshold(containerDiffers: true, titleDiffers: false, countDiffers: false)
            && !weights.canReachThreshold(containerDiffers: false, titleDiffers: true, countDiffers: false)
            && !weights.canReachThreshold(containerDiffers: false, titleDiffers: false, countDiffers: true)
    }

    public var count: Int { signatures.count }

    /// Adds a visited state; returns its index (states are numbered in discovery order).
    @discardableResult
    public mutating func add(_ signature: StateSignature) -> Int {
        let index = signatures.count
        signatures.append(signature)
        if exact[signature] == nil { exact[signature] = index }
        buckets[BucketKey(container: signature.container, title: signature.title, count: signature.elementCount), default: []].append(index)
        return index
    }

    public func signature(at index: Int) -> StateSignature { signatures[index] }

    /// The visited state `current` is equivalent to (σ ≥ τ), with σ; nil when it is a new state.
    public func match(_ current: StateSignature) -> (index: Int, similarity: Double)? {
        if let index = exact[current] {
            let sigma = weights.similarity(signatures[index], current)
            if sigma >= weights.threshold { return (index, sigma) }
        }
        let key = BucketKey(container: current.container, title: current.title, count: current.elementCount)
        if onlyExactBucket {
            return bestIn(buckets[key] ?? [], current)
        }
        var candidates: [Int] = []
        for (other, members) in buckets where weights.canReachThreshold(
            containerDiffers: other.container != key.container, titleDiffers: other.title != key.title, countDiffers: other.count != key.count) {
            candidates += members
        }
        return bestIn(candidates.sorted(), current)
    }

    private func bestIn(_ candidates: [Int], _ current: StateSignature) -> (index: Int, similarity: Double)? {
        for index in candidates {
            if let sigma = weights.similarity(signatures[index], current, stopBelow: weights.threshold), sigma >= weights.threshold {
                return (index, sigma)
            }
        }
        return nil
    }
}
