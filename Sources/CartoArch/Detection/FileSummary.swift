/// What one pass over one file's syntax tree yields. Files are summarised in parallel and
/// merged afterwards, so a summary holds no references into the syntax tree.
struct FileSummary: Sendable {
    enum RecordKind: Sendable {
        case type(ComponentKind)
        case `extension`
    }

    /// A type declaration or an extension, with what its body refers to.
    struct Record: Sendable {
        var kind: RecordKind
        /// For types: enclosing scopes plus the name. For extensions: the extended type as written, split on dots.
        var path: [String]
        var line: Int
        var endLine: Int
        var inheritance: [(name: String, line: Int)] = []
        var attributes: [String] = []
        var properties: [PropertyInfo] = []
        var methods: [MethodInfo] = []
        var references: [TypeReference] = []
        var navigationCalls: Set<String> = []
        /// Whether a member dequeues cells or adds subviews (`ReferenceDecision.viewBuildingAPIs`).
        var buildsViews = false
        var ignoredRules: Set<String> = []
    }

    var fileIndex: Int32
    var relativePath: String
    var lineCount: Int
    var imports: Set<String> = []
    var records: [Record] = []
    var typealiases: [(path: [String], target: String, line: Int)] = []
    /// `// carto:ignore` comments: line they apply to → rule ids (`*` for all rules).
    var ignores: [Int: Set<String>] = [:]
    var diagnostics: [(line: Int?, message: String, isError: Bool)] = []
}
