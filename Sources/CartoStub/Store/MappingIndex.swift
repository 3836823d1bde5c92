import Foundation

/// Which mappings can answer a request, found from its path without looking at the others: mappings with an exact
/// `url`/`urlPath` by that path, pattern mappings by the literal text their regular expression starts with (a
/// byte trie walked along the request's path or URL), and the few with no usable literal checked always. So the
/// cost of matching does not grow with the number of mappings in the folder. Candidates come back in the store's
/// order (priority, then newest first), so the first that matches is the one WireMock picks.
struct MappingIndex {
    private var exactPath: [String: [Int]] = [:]
    private var pathPrefixes = PrefixTrie()  // urlPathPattern: against the path
    private var urlPrefixes = PrefixTrie()  // urlPattern: against path and query
    private var always: [Int] = []

    /// - Parameter mappings: the store's active mappings, in matching order; indexes refer to them.
    init(_ mappings: [StubMapping]) {
        for (rank, m) in mappings.enumerated() {
            switch m.request.url {
            case let .url(u): exactPath[u.firstIndex(of: "?").map { String(u[..<$0]) } ?? u, default: []].append(rank)
            case let .urlPath(p): exactPath[p, default: []].append(rank)
            case let .urlPathPattern(r):
                let prefix = Self.literalPrefix(r.pattern)
                if prefix.isEmpty { always.append(rank) } else { pathPrefixes.insert(prefix, rank) }
            case let .urlPattern(r):
                let prefix = Self.literalPrefix(r.pattern)
                if prefix.isEmpty { always.append(rank) } else { urlPrefixes.insert(prefix, rank) }
            case .any: always.append(rank)
            }
        }
    }

    /// The mappings worth matching against this request, in matching order.
    func candidates(path: String, url: String) -> [Int] {
        var out = always
        if let e = exactPath[path] { out += e }
        pathPrefixes.collect(along: path, into: &out)
        urlPrefixes.collect(along: url, into: &out)
        if out.count > 1 { out.sort() }
        return out
    }

    /// The text every match of an (anchored, whole-string) regular expression starts with; "" when there is none
    /// to rely on (a top-level alternative, a leading group or class, an inline flag).
    static func literalPrefix(_ pattern: String) -> String {
        let chars = Array(pattern)
        // A top-level `|` lets a match start with either side: no common literal.
        var depth = 0, inClass = false, i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "\\" { i += 2; continue }
            if inClass { if c == "]" { inClass = false } } else if c == "[" { inClass = true } else if c == "(" { depth += 1 } else if c == ")" { depth -= 1 } else if c == "|" && depth == 0 { return "" }
            i += 1
        }
        var out: [Character] = []
        i = chars.first == "^" ? 1 : 0
        let literalEscapes: Set<Character> = [".", "/", "-", "?", "+", "*", "(", ")", "[", "]", "{", "}", "\\", "|", "^", "$", "&", "=", "#", " ", ":", "_", "~", "!", "%", ",", ";", "@", "'", "\""]
        while i < chars.count {
            let c = chars[i]
            if c == "\\" {
                guard i + 1 < chars.count, literalEscapes.contains(chars[i + 1]) else { break }
                out.append(chars[i + 1])
                i += 2
            } else if ".[()^$|".contains(c) {
                break
            } else if "*?{".contains(c) {
                // The character before (escaped or not) may be absent (`/users?`, `a*`, `\.{0,2}`): not part of the prefix.
                if !out.isEmpty { out.removeLast() }
                break
            } else if c == "+" {
                break  // at least once: what came before stays
            } else {
                out.append(c)
                i += 1
            }
        }
        return String(out)
    }
}

/// Mapping ranks stored under byte strings; a walk along a text collects every rank whose key is a prefix of it.
struct PrefixTrie {
    private var children: [[UInt8: Int32]] = [[:]]
    private var ranks: [[Int]] = [[]]

    mutating func insert(_ key: String, _ rank: Int) {
        var node = 0
        for b in key.utf8 {
            if let next = children[node][b] { node = Int(next); continue }
            children.append([:])
            ranks.append([])
            children[node][b] = Int32(children.count - 1)
            node = children.count - 1
        }
        ranks[node].append(rank)
    }

    func collect(along text: String, into out: inout [Int]) {
        guard children.count > 1 else { return }
        var node = 0
        for b in text.utf8 {
            guard let next = children[node][b] else { return }
            node = Int(next)
            if !ranks[node].isEmpty { out += ranks[node] }
        }
    }
}
