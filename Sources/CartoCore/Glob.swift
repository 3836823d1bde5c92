/// Shell-style path patterns as used in `.carto.yml` and `--exclude`:
/// `*` matches within one path component, `**` across components, `?` one character,
/// `[abc]` a character class. A pattern without `/` matches a file or folder name anywhere.
public struct Glob: Hashable, Sendable, CustomStringConvertible {
    public let pattern: String
    private let tokens: [Token]
    private let anchored: Bool

    private enum Token: Hashable, Sendable {
        case literal(Character)
        case any            // ?
        case star           // *
        case globstar       // **/ or trailing **
        case set([Character], negated: Bool)
    }

    public init(_ pattern: String) {
        self.pattern = pattern
        var p = pattern
        if p.hasPrefix("./") { p.removeFirst(2) }
        if p.hasSuffix("/") { p.removeLast(); p += "/**" }
        anchored = p.contains("/")
        if p.hasPrefix("/") { p.removeFirst() }
        var tokens: [Token] = []
        let chars = Array(p)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            switch c {
            case "*":
                if i + 1 < chars.count, chars[i + 1] == "*" {
                    i += 2
                    if i < chars.count, chars[i] == "/" { i += 1 }
                    tokens.append(.globstar)
                    continue
                }
                tokens.append(.star)
            case "?": tokens.append(.any)
            case "[":
                if let close = chars[(i + 1)...].firstIndex(of: "]"), close > i + 1 {
                    var body = Array(chars[(i + 1)..<close])
                    let negated = body.first == "!" || body.first == "^"
                    if negated { body.removeFirst() }
                    var set: [Character] = []
                    var j = 0
                    while j < body.count {
                        if j + 2 < body.count, body[j + 1] == "-",
                           let lo = body[j].unicodeScalars.first?.value, let hi = body[j + 2].unicodeScalars.first?.value, lo <= hi {
                            for v in lo...hi { if let s = Unicode.Scalar(v) { set.append(Character(s)) } }
                            j += 3
                        } else {
                            set.append(body[j]); j += 1
                        }
                    }
                    tokens.append(.set(set, negated: negated))
                    i = close + 1
                    continue
                }
                tokens.append(.literal(c))
            default: tokens.append(.literal(c))
            }
            i += 1
        }
        self.tokens = tokens
    }

    public var description: String { pattern }

    /// Matches a `/`-separated relative path. Unanchored patterns (no `/`) match any suffix of components.
    public func matches(_ path: String) -> Bool {
        let chars = Array(path)
        if anchored { return match(chars, 0, 0) }
        // Try at every component boundary.
        if match(chars, 0, 0) { return true }
        for (i, c) in chars.enumerated() where c == "/" {
            if match(chars, i + 1, 0) { return true }
        }
        return false
    }

    private func match(_ s: [Character], _ si: Int, _ ti: Int) -> Bool {
        var si = si, ti = ti
        while ti < tokens.count {
            switch tokens[ti] {
            case .literal(let c):
                guard si < s.count, s[si] == c else { return false }
                si += 1; ti += 1
            case .any:
                guard si < s.count, s[si] != "/" else { return false }
                si += 1; ti += 1
            case .set(let set, let negated):
                guard si < s.count, s[si] != "/", set.contains(s[si]) != negated else { return false }
                si += 1; ti += 1
            case .star:
                var k = si
                while true {
                    if match(s, k, ti + 1) { return true }
                    if k >= s.count || s[k] == "/" { return false }
                    k += 1
                }
            case .globstar:
                // Zero or more whole components.
                if match(s, si, ti + 1) { return true }
                var k = si
                while k < s.count {
                    if s[k] == "/", match(s, k + 1, ti + 1) { return true }
                    k += 1
                }
                return ti + 1 == tokens.count
            }
        }
        return si == s.count
    }
}
