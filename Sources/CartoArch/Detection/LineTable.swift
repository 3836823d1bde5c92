/// Maps UTF-8 offsets to 1-based line numbers with one scan of the bytes and a binary search per lookup.
struct LineTable: Sendable {
    private var starts: [Int] = [0]

    init(bytes: UnsafeBufferPointer<UInt8>) {
        starts.reserveCapacity(bytes.count / 30 + 1)
        for i in 0..<bytes.count where bytes[i] == 10 { starts.append(i + 1) }
    }

    var lineCount: Int { starts.count }

    func line(ofOffset offset: Int) -> Int {
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo + 1
    }
}
