import CartoCore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads the XML page source that Appium's XCUITest driver and WebDriverAgent return (`GET /source`),
/// with or without Appium's `<AppiumAUT>` wrapper, into the platform-neutral snapshot.
public enum IOSPageSource {
    /// XCUIElementType names → roles.
    public static func role(forType type: String) -> UIRole {
        let name = type.hasPrefix("XCUIElementType") ? String(type.dropFirst("XCUIElementType".count)) : type
        switch name {
        case "Application": return .application
        case "Window": return .window
        case "Button": return .button
        case "Link": return .link
        case "TextField": return .textField
        case "SecureTextField": return .secureTextField
        case "SearchField": return .searchField
        case "TextView": return .textView
        case "StaticText": return .staticText
        case "Image", "Icon": return .image
        case "Cell": return .cell
        case "Table": return .table
        case "CollectionView": return .collection
        case "Tab": return .tab
        case "TabBar": return .tabBar
        case "NavigationBar": return .navigationBar
        case "Toolbar": return .toolbar
        case "Switch", "Toggle": return .toggle
        case "Slider": return .slider
        case "Stepper": return .stepper
        case "Picker", "PickerWheel", "DatePicker": return .picker
        case "SegmentedControl": return .segmentedControl
        case "PageIndicator": return .pageIndicator
        case "ProgressIndicator": return .progressIndicator
        case "ActivityIndicator": return .activityIndicator
        case "Alert": return .alert
        case "Sheet": return .sheet
        case "Menu", "MenuBar": return .menu
        case "MenuItem", "MenuBarItem": return .menuItem
        case "ScrollView": return .scrollView
        case "WebView": return .webView
        case "Map": return .map
        case "Keyboard", "Key": return .keyboard
        case "StatusBar": return .statusBar
        case "CheckBox": return .checkbox
        case "RadioButton": return .radio
        default: return .other
        }
    }

    static func actions(for role: UIRole) -> [ActionCommand] {
        switch role {
        case .textField, .secureTextField, .searchField, .textView: return [.tap, .type]
        case .slider, .stepper, .picker: return [.setValue]
        case .table, .collection, .scrollView, .webView: return [.scroll, .swipe]
        default: return role.isTappable ? [.tap] : []
        }
    }

    /// Parses a page source. Throws `CartoError` naming `source` and the XML line on malformed input.
    public static func parse(_ data: Data, source: String = "page source") throws -> UISnapshot {
        let delegate = Builder()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        guard parser.parse(), var root = delegate.root else {
            let line = parser.lineNumber
            let reason = parser.parserError.map { "\($0.localizedDescription)" } ?? "no XCUIElementType root element"
            throw CartoError("\(source):\(line): not an XCUITest page source (\(reason)); pass the XML returned by GET /source")
        }
        assignLocators(&root)
        return UISnapshot(context: context(of: root), root: root)
    }

    /// Locators for finding elements again: the accessibility id when it names one element only, else the XPath
    /// by type and position that the parser recorded.
    static func assignLocators(_ root: inout UIElement) {
        var counts: [String: Int] = [:]
        for e in root.allElements { if let id = e.identifier { counts[id, default: 0] += 1 } }
        func visit(_ e: inout UIElement) {
            if let id = e.identifier, counts[id] == 1, e.role != .application { e.locator = "accessibility id:" + id }
            for i in e.children.indices { visit(&e.children[i]) }
        }
        visit(&root)
    }

    /// Title and container: the visible navigation bar's name (iOS identifies screens by it), else the
    /// first visible static text under the application's first visible window.
    static func context(of root: UIElement) -> ScreenContext {
        let visible = root.allElements.filter(\.visible)
        if let bar = visible.first(where: { $0.role == .navigationBar }) {
            let name = bar.identifier ?? bar.label
            let title = name ?? bar.children.first(where: { $0.role == .staticText })?.label
            return ScreenContext(title: title, container: "navigationBar:\(name ?? "")")
        }
        let title = visible.first(where: { $0.role == .staticText && ($0.label?.isEmpty == false) })?.label
        return ScreenContext(title: title, container: root.label.map { "application:\($0)" })
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: UIElement?
        private var stack: [UIElement] = []
        /// Per open element: how many children of each type it has so far (XPath positions are per type).
        private var typeCounts: [[String: Int]] = [[:]]
        private var paths: [String] = [""]
        private var accessible: [Bool] = []

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                    attributes a: [String: String] = [:]) {
            guard elementName.hasPrefix("XCUIElementType") else { return }   // <AppiumAUT> and unknown wrappers
            let type = a["type"] ?? elementName
            let role = IOSPageSource.role(forType: type)
            func number(_ key: String) -> Double? { a[key].flatMap(Double.init) }
            var frame: UIFrame?
            if let x = number("x"), let y = number("y"), let w = number("width"), let h = number("height") {
                frame = UIFrame(x: x, y: y, width: w, height: h)
            }
            let name = a["name"].flatMap { $0.isEmpty ? nil : $0 }
            let label = a["label"].flatMap { $0.isEmpty ? nil : $0 }
            let element = UIElement(
                role: role, platformType: type,
                // WDA reports the accessibility identifier as `name` (falling back to the label when there is none).
                identifier: name, label: label ?? name, value: a["value"].flatMap { $0.isEmpty ? nil : $0 }, frame: frame,
                enabled: a["enabled"] != "false", visible: a["visible"] != "false", selected: a["selected"] == "true",
                actions: IOSPageSource.actions(for: role))
            let position = (typeCounts[typeCounts.count - 1][elementName] ?? 0) + 1
            typeCounts[typeCounts.count - 1][elementName] = position
            let path = paths[paths.count - 1] + "/\(elementName)[\(position)]"
            var located = element
            located.locator = "xpath:/" + path   // `//` from the top: works with and without the <AppiumAUT> wrapper
            stack.append(located)
            accessible.append(a["accessible"] == "true")
            typeCounts.append([:])
            paths.append(path)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            guard elementName.hasPrefix("XCUIElementType"), var done = stack.popLast() else { return }
            typeCounts.removeLast()
            paths.removeLast()
            // React Native and custom SwiftUI controls expose themselves as accessible `Other` elements with a
            // label: tappable when nothing inside them is.
            if accessible.removeLast(), done.role == .other, done.label != nil, done.visible, done.enabled,
               !done.allElements.dropFirst().contains(where: { !$0.actions.isEmpty }) {
                done.actions = [.tap]
            }
            if stack.isEmpty { root = done } else { stack[stack.count - 1].children.append(done) }
        }
    }
}
