import Foundation

/// The scripts the browser dialect runs in the page, one JavaScript file each in `Scripts/` (compiled in with
/// `embedInCode`). They form one protocol: `instrumentation.js` installs `window.__carto` before any page script;
/// `idle.js` and `snapshot.js` read it. Every other file declares one function named after it; a call is built as
/// an expression that declares the files it needs and calls that function with JSON-encoded arguments — no
/// arguments are spliced into script text.
enum BrowserScripts {
    /// One script file.
    struct Source: Sendable {
        let name: String
        let text: String
        init(_ name: String, _ bytes: [UInt8]) {
            self.name = name
            text = String(decoding: bytes, as: UTF8.self)
        }
    }

    static let instrumentationFile = Source("instrumentation.js", PackageResources.instrumentation_js)
    static let elementHelpers = Source("element-helpers.js", PackageResources.element_helpers_js)
    static let snapshotFile = Source("snapshot.js", PackageResources.snapshot_js)
    static let idleFile = Source("idle.js", PackageResources.idle_js)
    static let seededRandomFile = Source("seeded-random.js", PackageResources.seeded_random_js)
    static let recorderFile = Source("recorder.js", PackageResources.recorder_js)
    static let findFile = Source("find.js", PackageResources.find_js)
    static let locateFile = Source("locate.js", PackageResources.locate_js)
    static let scrollElementFile = Source("scroll-element.js", PackageResources.scroll_element_js)
    static let setValueFile = Source("set-value.js", PackageResources.set_value_js)
    static let focusForTypingFile = Source("focus-for-typing.js", PackageResources.focus_for_typing_js)
    static let describeFile = Source("describe.js", PackageResources.describe_js)
    static let ownScrollFile = Source("own-scroll.js", PackageResources.own_scroll_js)

    /// Every script file, for tests that load each in Chromium.
    static let allFiles = [instrumentationFile, elementHelpers, snapshotFile, idleFile, recorderFile, findFile, locateFile,
                           scrollElementFile, setValueFile, focusForTypingFile, describeFile, seededRandomFile, ownScrollFile]

    /// An expression that declares `sources` (in order, in a scope of its own) and evaluates to `call`.
    static func expression(_ sources: [Source], _ call: String) -> String {
        "(() => {\n" + sources.map(\.text).joined(separator: "\n") + "\nreturn " + call + ";\n})()"
    }

    /// `function(arguments…)` with each argument as a JavaScript literal (JSON is valid JavaScript).
    static func call(_ function: String, _ arguments: JSONArgument...) -> String {
        function + "(" + arguments.map(\.literal).joined(separator: ", ") + ")"
    }

    /// An argument passed into a page script.
    enum JSONArgument {
        case string(String)
        case number(Int)
        case bool(Bool)
        case script(String)   // a JavaScript expression of ours (a callback)

        var literal: String {
            switch self {
            case .string(let s): return jsString(s)
            case .number(let n): return String(n)
            case .bool(let b): return b ? "true" : "false"
            case .script(let s): return s
            }
        }
    }

    /// Installed on every new document and evaluated once more on a page loaded before the driver attached.
    static var instrumentation: String { instrumentationFile.text }

    /// Seeds the page's random numbers (see `seeded-random.js`); installed before `instrumentation` on every new document.
    static func seededRandom(_ seed: UInt64) -> String {
        expression([seededRandomFile], call("seededRandom", .number(Int(seed >> 32)), .number(Int(seed & 0xffff_ffff))))
    }

    /// The idle wait as a promise for CDP `Runtime.evaluate` with `awaitPromise` (see `idle.js`). Without `snapshot`
    /// the promise only waits: the page's error buffer stays for the next observation; with it, the window is scrolled
    /// back to the page's top before the snapshot.
    static func idle(quietMilliseconds: Int, timeoutMilliseconds: Int, snapshot withSnapshot: Bool = true) -> String {
        expression(withSnapshot ? [elementHelpers, snapshotFile, idleFile] : [idleFile],
                   call("idle", .number(quietMilliseconds), .number(timeoutMilliseconds), .script(withSnapshot ? "snapshot" : "() => null"),
                        .script(withSnapshot ? "true" : "false")))
    }

    /// The snapshot as an expression (JSON text).
    static let snapshotExpression = expression([elementHelpers, snapshotFile], "snapshot()")

    /// Scrolls the window back to the page's top unless the app scrolled it where it is; whether it did (see
    /// `scrollHome` in element-helpers.js).
    static let scrollHomeExpression = expression([elementHelpers], "scrollHome()")

    /// `[x, y, coveredBy]` where a finger would touch the element a CSS locator names, or null (see `locate.js`).
    static func locate(cssSelector: String, label: String? = nil) -> String {
        expression([findFile, elementHelpers, ownScrollFile, locateFile], call("locate", .string(cssSelector), label.map { .string($0) } ?? .script("null")))
    }

    /// Scrolls a scrollable element by most of its height.
    static func scrollElement(cssSelector: String) -> String {
        expression([findFile, ownScrollFile, scrollElementFile], call("scrollElement", .string(cssSelector)))
    }

    /// Sets a form control's value as a person would; true when the element exists.
    static func setValue(cssSelector: String, value: String) -> String {
        expression([findFile, setValueFile], call("setValue", .string(cssSelector), .string(value)))
    }

    /// Focuses a text field (selecting its content with `select`): `"empty"`, `"filled"` or null.
    static func focusForTyping(cssSelector: String, select: Bool = true) -> String {
        expression([findFile, ownScrollFile, focusForTypingFile], call("focusForTyping", .string(cssSelector), .bool(select)))
    }

    /// One element found by CSS, described as a snapshot node (JSON text), or null.
    static func describe(cssSelector: String) -> String {
        expression([findFile, elementHelpers, describeFile], call("describe", .string(cssSelector)))
    }

    /// The interaction recorder of `carto record`, installed on every document (see `recorder.js`).
    static let recorder = expression([elementHelpers, recorderFile], "installRecorder()")

    /// A JavaScript expression for the string `s` (JSON is valid JavaScript).
    static func jsString(_ s: String) -> String {
        let array = String(decoding: (try? JSONSerialization.data(withJSONObject: [s])) ?? Data("[\"\"]".utf8), as: UTF8.self)
        return array + "[0]"
    }
}
