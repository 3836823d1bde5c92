/// What the platform SDKs declare, so that categorisation can follow inheritance out of the codebase.
/// The paper knew 12 view controllers and 40 views; these are the public lists of UIKit, AppKit, WatchKit,
/// SwiftUI and the Apple frameworks that ship view controllers and views.
public enum SDKKnowledgeBase {
    /// Public view-controller classes (superclass chains end here).
    public static let viewControllers: Set<String> = [
        // UIKit
        "UIViewController", "UINavigationController", "UITabBarController", "UITableViewController",
        "UICollectionViewController", "UISplitViewController", "UIPageViewController", "UISearchController",
        "UIAlertController", "UIActivityViewController", "UIImagePickerController", "UIVideoEditorController",
        "UIReferenceLibraryViewController", "UIDocumentPickerViewController", "UIDocumentBrowserViewController",
        "UIDocumentMenuViewController", "UIDocumentViewController", "UIInputViewController", "UICloudSharingController",
        "UIFontPickerViewController", "UIColorPickerViewController", "UISearchContainerViewController",
        "UITextFormattingViewController",
        // SwiftUI bridge
        "UIHostingController", "NSHostingController",
        // CarPlay: templates are its screens and CPInterfaceController its navigation controller
        "CPInterfaceController", "CPTemplate", "CPListTemplate", "CPGridTemplate", "CPTabBarTemplate", "CPInformationTemplate",
        "CPAlertTemplate", "CPActionSheetTemplate", "CPMapTemplate", "CPSearchTemplate", "CPVoiceControlTemplate",
        "CPNowPlayingTemplate", "CPPointOfInterestTemplate", "CPContactTemplate",
        // Other iOS frameworks
        "SFSafariViewController", "MFMailComposeViewController", "MFMessageComposeViewController",
        "AVPlayerViewController", "PHPickerViewController", "CNContactViewController", "CNContactPickerViewController",
        "EKEventEditViewController", "EKEventViewController", "EKCalendarChooser", "QLPreviewController",
        "GKGameCenterViewController", "GKMatchmakerViewController", "GKTurnBasedMatchmakerViewController",
        "SKStoreProductViewController", "SKCloudServiceSetupViewController", "PKAddPassesViewController",
        "PKAddPaymentPassViewController", "PKPaymentAuthorizationViewController", "INUIAddVoiceShortcutViewController",
        "INUIEditVoiceShortcutViewController", "VNDocumentCameraViewController", "RPPreviewViewController",
        "RPBroadcastActivityViewController", "SLComposeViewController", "SLComposeServiceViewController",
        "MPMediaPickerController", "GLKViewController", "ASCredentialProviderViewController",
        "DDDevicePickerViewController", "PHContentEditingController",
        "MSMessagesAppViewController", "MSStickerBrowserViewController", "AVPictureInPictureVideoCallViewController", "DataScannerViewController",
                // AppKit
        "NSViewController", "NSWindowController", "NSSplitViewController", "NSTabViewController", "NSPageController",
        "NSTitlebarAccessoryViewController", "NSCollectionViewItem",         // WatchKit
        "WKInterfaceController", "WKUserNotificationInterfaceController", "WKHostingController", "WKUserNotificationHostingController",
        // TVUIKit
        "TVDigitEntryViewController",
    ]

    /// Public view classes: UIView and every UIKit subclass, layers, bar items, layouts, plus AppKit, WatchKit and other frameworks' views.
    public static let views: Set<String> = [
        // UIKit views and controls
        "UIView", "NSTextAttachmentViewProvider", "UIWindow", "UILabel", "UIImageView", "UIButton", "UIControl", "UITextField", "UITextView",
        "UISwitch", "UISlider", "UIStepper", "UISegmentedControl", "UIPageControl", "UIProgressView",
        "UIActivityIndicatorView", "UIDatePicker", "UIPickerView", "UIScrollView", "UITableView", "UITableViewCell",
        "UITableViewHeaderFooterView", "UICollectionView", "UICollectionViewCell", "UICollectionReusableView",
        "UICollectionViewListCell", "UIStackView", "UIVisualEffectView", "UINavigationBar", "UIToolbar", "UITabBar",
        "UISearchBar", "UISearchTextField", "UIRefreshControl", "UIInputView", "UIPopoverBackgroundView",
        "UIColorWell", "UIContentUnavailableView", "UIListContentView", "UIEventAttributionView", "UIPasteControl",
        "UICalendarView", "UIAlertView", "UIActionSheet", "UIWebView", "UIStandardTextCursorView",
                // UIKit UI elements that are not UIViews but belong to the view layer
        "UIBarItem", "UIBarButtonItem", "UITabBarItem", "UINavigationItem", "UIBarButtonItemGroup",
        "UICollectionViewLayout", "UICollectionViewFlowLayout", "UICollectionViewCompositionalLayout",
        "UICollectionViewLayoutAttributes", "UICollectionViewTransitionLayout",
        "UIGestureRecognizer", "UITapGestureRecognizer", "UIPanGestureRecognizer", "UILongPressGestureRecognizer",
        "UISwipeGestureRecognizer", "UIPinchGestureRecognizer", "UIRotationGestureRecognizer",
        "UIScreenEdgePanGestureRecognizer", "UIHoverGestureRecognizer",
        "UIFocusGuide", "UILayoutGuide", "UIMotionEffect", "UIInterpolatingMotionEffect",
        // Core Animation
        "CALayer", "CAShapeLayer", "CAGradientLayer", "CATextLayer", "CAEmitterLayer", "CAReplicatorLayer",
        "CAScrollLayer", "CATiledLayer", "CATransformLayer", "CAMetalLayer", "CAEAGLLayer", "CAOpenGLLayer",
        // Other frameworks' views
        "MKMapView", "MKAnnotationView", "MKMarkerAnnotationView", "MKPinAnnotationView", "MKOverlayRenderer",
        "MKOverlayPathRenderer", "MKPolylineRenderer", "MKPolygonRenderer", "MKCircleRenderer", "MKUserTrackingButton",
        "MKCompassButton", "MKScaleView", "WKWebView", "AVPlayerLayer", "AVCaptureVideoPreviewLayer",
        "AVRoutePickerView", "ARSCNView", "ARSKView", "ARView", "ARCoachingOverlayView", "SCNView", "SKView",
        "SKNode", "SKScene", "SKSpriteNode", "SKLabelNode", "SKShapeNode", "SKEmitterNode", "SKEffectNode",
        "SKCropNode", "SKCameraNode", "MTKView", "GLKView", "PKCanvasView", "MPVolumeView", "PDFView",
        "PDFThumbnailView", "PHLivePhotoView", "ASAuthorizationAppleIDButton", "PKPaymentButton", "PKAddPassButton",
        "CLLocationButton", "GADBannerView", "LPLinkView", 
        // AppKit
        "NSView", "NSWindow", "NSPanel", "NSSavePanel", "NSOpenPanel", "NSControl", "NSButton", "NSTextField", "NSTextView", "NSImageView",
        "NSTableView", "NSTableCellView", "NSTableRowView", "NSTableHeaderView", "NSOutlineView", "NSCollectionView",
        "NSScrollView", "NSClipView", "NSStackView", "NSSplitView", "NSTabView", "NSBox", "NSVisualEffectView",
        "NSPopUpButton", "NSSegmentedControl", "NSSlider", "NSProgressIndicator", "NSDatePicker", "NSSearchField",
        "NSSecureTextField", "NSComboBox", "NSPathControl", "NSLevelIndicator", "NSStepper", "NSSwitch",
        "NSColorWell", "NSMenu", "NSMenuItem", "NSToolbar", "NSToolbarItem", "NSStatusItem", "NSTouchBar",
        "NSCell", "NSActionCell", "NSTextFieldCell", "NSButtonCell", "NSCollectionViewLayout",
        "NSCollectionViewFlowLayout", "NSGridView", "NSRulerView", "NSBrowser", "NSMatrix", "NSOpenGLView",
        // WatchKit
        "WKInterfaceObject", "WKInterfaceLabel", "WKInterfaceButton", "WKInterfaceImage", "WKInterfaceTable",
        "WKInterfaceGroup", "WKInterfaceSwitch", "WKInterfaceSlider", "WKInterfaceMap", "WKInterfacePicker",
        // Common third-party view bases
        "ASDisplayNode", "ASCellNode", "ASTextNode", "ASImageNode", "ASButtonNode", "ASNetworkImageNode",
        "SwipeTableViewCell", "SwipeCollectionViewCell", "LOTAnimationView", "LottieAnimationView", "AnimationView",
        "FSCalendar", "JTAppleCell", "MessagesCollectionView", "MessageContentCell", "IQTextView",
        "SkeletonView", "ShimmerView", "TTTAttributedLabel", "ActiveLabel", "YYLabel", "KingfisherImageView",
    ]

    /// View controllers of common third-party libraries.
    public static let thirdPartyViewControllers: Set<String> = [
        "ASViewController", "ASDKViewController", "ASNavigationController", "ASTabBarController",
        "MessagesViewController", "SwiftMessagesSegue", "SideMenuNavigationController", "PanModalPresentable",
        "FormViewController", "SLKTextViewController", "ButtonBarPagerTabStripViewController",
        "SegmentedPagerTabStripViewController", "PagerTabStripViewController", "BarPagerTabStripViewController",
        "TabmanViewController", "PageboyViewController", "XLPagerTabStrip", "FloatingPanelController",
        "SJSegmentedViewController", "RAMAnimatedTabBarController", "ESTabBarController",
    ]

    /// Classes whose names end in `Controller` but that are not view controllers.
    public static let notViewControllers: Set<String> = [
        "NSFetchedResultsController", "UIPresentationController", "UIPopoverPresentationController",
        "UISheetPresentationController", "NSArrayController", "NSObjectController", "NSTreeController",
        "NSDictionaryController", "NSUserDefaultsController", "UIDocumentInteractionController",
        "UIPrintInteractionController", "UIMenuController", "UIActivityItemsConfiguration",
        "AVPlayerItemVideoOutput", "GCController", "MPMusicPlayerController", "MPRemoteCommandCenter",
        "AVPictureInPictureController", "UIPrinterPickerController", "UIFocusSystem", "UIStoryboardSegue",
        "UIPercentDrivenInteractiveTransition", "UIViewPropertyAnimator", "UINotificationFeedbackGenerator",
    ]

    /// Protocols whose conformers are SwiftUI (or WidgetKit / App Intents UI) views.
    /// A SwiftUI view protocol, or a library's cross-platform wrapper of the representables
    /// (`PlatformViewRepresentable`, declared in a package the codebase imports).
    public static func isSwiftUIViewProtocol(_ name: String) -> Bool {
        swiftUIViewProtocols.contains(name) || name.hasSuffix("ViewRepresentable") || name.hasSuffix("ViewControllerRepresentable")
    }

    public static let swiftUIViewProtocols: Set<String> = [
        "View", "ViewModifier", "Shape", "InsettableShape", "ButtonStyle", "PrimitiveButtonStyle", "ToggleStyle",
        "LabelStyle", "TextFieldStyle", "ProgressViewStyle", "GaugeStyle", "MenuStyle", "ListStyle", "PickerStyle",
        "DatePickerStyle", "GroupBoxStyle", "DisclosureGroupStyle", "ControlGroupStyle", "TableStyle",
        "NavigationSplitViewStyle", "TabViewStyle", "FormStyle", "LabeledContentStyle", "ShapeStyle",
        "UIViewRepresentable", "UIViewControllerRepresentable", "NSViewRepresentable", "NSViewControllerRepresentable",
        "WKInterfaceObjectRepresentable", "PreviewProvider", "Widget", "WidgetBundle", "Scene", "Layout",
        "AnimatableModifier", "GeometryEffect", "Gesture", "ViewAnimation", "TimelineView", "Canvas",
        "DynamicViewContent", "ToolbarContent", "CustomizableToolbarContent", "Commands",
        "TipViewStyle", "NavigationViewStyle", "IndexViewStyle", "TextEditorStyle", "SearchFieldStyle",
        "WindowStyle", "WindowToolbarStyle", "MenuButtonStyle", "ContainerBackgroundPlacement",
    ]

    /// SwiftUI's application entry point; its conformer steers the app like an application delegate.
    public static let appProtocols: Set<String> = ["App"]

    /// Protocols whose conformers are application or scene delegates.
    public static let applicationDelegateProtocols: Set<String> = [
        "UIApplicationDelegate", "UIWindowSceneDelegate", "UISceneDelegate", "NSApplicationDelegate",
        "WKExtensionDelegate", "WKApplicationDelegate", "CPTemplateApplicationSceneDelegate",
        "UIApplicationDelegateAdaptor",
        // App-extension principal classes and handlers play the application delegate's part for their extension.
        "NSExtensionRequestHandling", "UNNotificationContentExtension", "CXProviderDelegate",
    ]

    /// Base classes of app-extension principal classes (notification service, intents, share, widgets).
    public static let extensionPrincipalClasses: Set<String> = [
        "UNNotificationServiceExtension", "INExtension", "NSFileProviderExtension", "NSFileProviderReplicatedExtension",
        "ASCredentialProviderViewController", "CXCallDirectoryProvider", "MXMetricManagerSubscriber",
    ]

    /// Controller-side UIKit protocols: an object conforming to them mediates between views and data.
    public static let controllerProtocols: Set<String> = [
        "UITableViewDataSource", "UITableViewDelegate", "UICollectionViewDataSource", "UICollectionViewDelegate",
        "UICollectionViewDelegateFlowLayout", "UITableViewDataSourcePrefetching", "UICollectionViewDataSourcePrefetching",
        "UITableViewDragDelegate", "UITableViewDropDelegate", "UICollectionViewDragDelegate", "UICollectionViewDropDelegate",
        "UIViewControllerTransitioningDelegate", "UIViewControllerAnimatedTransitioning",
        "UIViewControllerInteractiveTransitioning", "UIAdaptivePresentationControllerDelegate",
        "UIPopoverPresentationControllerDelegate", "UINavigationControllerDelegate", "UITabBarControllerDelegate",
        "UIPageViewControllerDataSource", "UIPageViewControllerDelegate", "UISplitViewControllerDelegate",
        // ClockKit asks a complication's data source for what a watch face shows, as a table asks its data source.
        "CLKComplicationDataSource",
        "UISearchResultsUpdating", "UISearchControllerDelegate", "UIImagePickerControllerDelegate",
        "UIDocumentPickerDelegate", "PHPickerViewControllerDelegate", "MFMailComposeViewControllerDelegate",
        "MFMessageComposeViewControllerDelegate", "SFSafariViewControllerDelegate", "UIContextMenuInteractionDelegate",
        "UIGestureRecognizerDelegate",
        "NSTableViewDataSource", "NSTableViewDelegate", "NSOutlineViewDataSource", "NSOutlineViewDelegate",
        "NSCollectionViewDataSource", "NSCollectionViewDelegate", "NSWindowDelegate",
    ]

    /// Controller-side UIKit classes (not view controllers) whose subclasses are controllers.
    public static let controllerClasses: Set<String> = [
        "UIPresentationController", "UIPercentDrivenInteractiveTransition", "UITableViewDiffableDataSource",
        "UICollectionViewDiffableDataSource", "NSTableViewDiffableDataSource", "NSCollectionViewDiffableDataSource",
        "UIStoryboardSegue", "UIResponder", "UIApplication", "NSApplication", "UIDocument", "NSDocument",
        "UIViewPropertyAnimator",
        // Share-sheet activities act on the screen that offered them (`FindInPageActivity` holding its tab).
        "UIActivity", "UIActivityItemProvider",
    ]

    /// Names that mark an SDK type: Apple's framework prefixes followed by an uppercase letter.
    static let sdkPrefixes: [String] = [
        "UI", "NS", "CG", "CA", "CL", "MK", "AV", "SK", "SCN", "AR", "WK", "PH", "CK", "HK", "GK", "UN", "CN",
        "EK", "MF", "SF", "LA", "AS", "ST", "CT", "CF", "CI", "MT", "VN", "NW", "PK", "SL", "QL", "MP", "GC",
        "CM", "CB", "IN", "RP", "MS", "WC", "LP", "PDF", "GLK", "EA", "MC", "NE", "OS", "SC", "BG", "MX", "CP",
        "CX", "MTK", "ML", "AU", "VT", "CV", "DC", "CS", "ATT", "SW", "TK", "AD", "CH", "UT",
    ]

    static let sdkModules: Set<String> = [
        "UIKit", "SwiftUI", "Foundation", "AppKit", "WatchKit", "CoreData", "CoreGraphics", "CoreLocation",
        "MapKit", "AVFoundation", "AVKit", "Combine", "Observation", "SwiftData", "WebKit", "SafariServices",
        "Photos", "PhotosUI", "StoreKit", "CloudKit", "UserNotifications", "WidgetKit", "CoreML", "Vision",
        "os", "Dispatch", "Darwin", "QuartzCore", "CoreImage", "Metal", "MetalKit", "SceneKit", "SpriteKit",
        "ARKit", "RealityKit", "HealthKit", "GameKit", "Contacts", "ContactsUI", "EventKit", "EventKitUI",
        "MessageUI", "LocalAuthentication", "AuthenticationServices", "Network", "Security", "CryptoKit",
        "AppIntents", "Intents", "IntentsUI", "CarPlay", "CoreMotion", "CoreBluetooth", "PassKit", "PDFKit",
        "QuickLook", "MediaPlayer", "CoreText", "ActivityKit", "OSLog", "BackgroundTasks", "LinkPresentation",
    ]

    /// Standard-library and Foundation value types, counted separately from SDK UI types.
    public static let standardLibrary: Set<String> = [
        "String", "Substring", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16",
        "UInt32", "UInt64", "Float", "Double", "Float80", "Float16", "Bool", "Array", "Dictionary", "Set",
        "Optional", "Result", "Error", "Never", "Void", "Range", "ClosedRange", "Sequence", "Collection",
        "BidirectionalCollection", "RandomAccessCollection", "MutableCollection", "RangeReplaceableCollection",
        "IteratorProtocol", "Equatable", "Hashable", "Comparable", "Codable", "Encodable", "Decodable",
        "CodingKey", "Encoder", "Decoder", "CustomStringConvertible", "CustomDebugStringConvertible",
        "Identifiable", "CaseIterable", "RawRepresentable", "Sendable", "Task", "TaskGroup", "ThrowingTaskGroup",
        "AsyncStream", "AsyncThrowingStream", "AsyncSequence", "AsyncIteratorProtocol", "Actor", "MainActor",
        "AnyHashable", "AnyIterator", "AnySequence", "AnyCollection", "Numeric", "BinaryInteger",
        "FixedWidthInteger", "SignedInteger", "UnsignedInteger", "FloatingPoint", "BinaryFloatingPoint",
        "StringProtocol", "ExpressibleByStringLiteral", "ExpressibleByIntegerLiteral", "ExpressibleByArrayLiteral",
        "ExpressibleByDictionaryLiteral", "ExpressibleByNilLiteral", "ExpressibleByBooleanLiteral",
        "ExpressibleByFloatLiteral", "ExpressibleByUnicodeScalarLiteral", "ExpressibleByExtendedGraphemeClusterLiteral",
        "ExpressibleByStringInterpolation", "OptionSet", "SetAlgebra", "Strideable", "Duration", "Clock",
        "ContinuousClock", "SuspendingClock", "CheckedContinuation", "UnsafeContinuation", "Unmanaged",
        "UnsafePointer", "UnsafeMutablePointer", "UnsafeRawPointer", "UnsafeMutableRawPointer", "UnsafeBufferPointer",
        "UnsafeMutableBufferPointer", "UnsafeRawBufferPointer", "ObjectIdentifier", "KeyPath", "WritableKeyPath",
        "ReferenceWritableKeyPath", "PartialKeyPath", "AnyKeyPath", "Mirror", "LazySequence", "Slice",
        "ArraySlice", "ContiguousArray", "StaticString", "Unicode", "CollectionOfOne", "EmptyCollection",
        "Zip2Sequence", "EnumeratedSequence", "ReversedCollection", "DefaultIndices", "IndexingIterator",
        "SIMD2", "SIMD3", "SIMD4", "Hasher", "AnyObject", "Any", "DecodingError", "EncodingError",
        "CancellationError", "Copyable", "Escapable", "AdditiveArithmetic", "SignedNumeric", "LosslessStringConvertible",
        "TextOutputStream", "TextOutputStreamable", "Atomic", "Mutex", "Span",
    ]

    /// `UIView` for `UIKit.UIView`: the last segment of a possibly module-qualified name.
    public static func unqualified(_ name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return name }
        return String(name[name.index(after: dot)...])
    }

    /// Where an external type name comes from.
    public static func origin(of name: String) -> ExternalOrigin {
        var base = name
        if let dot = name.firstIndex(of: ".") {
            let module = String(name[..<dot])
            if module == "Swift" { return .standardLibrary }
            if sdkModules.contains(module) { return .sdk }
            base = String(name[name.index(after: dot)...])
        }
        if standardLibrary.contains(base) { return .standardLibrary }
        if viewControllers.contains(base) || views.contains(base) || swiftUIViewProtocols.contains(base)
            || controllerProtocols.contains(base) || applicationDelegateProtocols.contains(base) || foundationTypes.contains(base) {
            return .sdk
        }
        for prefix in sdkPrefixes where base.hasPrefix(prefix) {
            let rest = base.utf8.dropFirst(prefix.utf8.count)
            if let next = rest.first, next >= 65, next <= 90 { return .sdk }
        }
        return .other
    }

    static let foundationTypes: Set<String> = [
        "URL", "URLRequest", "URLSession", "URLComponents", "URLQueryItem", "Data", "Date", "DateFormatter",
        "DateComponents", "Calendar", "TimeZone", "Locale", "UUID", "JSONDecoder", "JSONEncoder",
        "PropertyListDecoder", "PropertyListEncoder", "NotificationCenter", "Notification", "UserDefaults",
        "FileManager", "Bundle", "ProcessInfo", "Timer", "RunLoop", "DispatchQueue", "DispatchGroup",
        "DispatchWorkItem", "DispatchTime", "OperationQueue", "Operation", "BlockOperation", "Thread",
        "IndexPath", "IndexSet", "Measurement", "NumberFormatter", "Decimal", "CharacterSet", "AttributedString",
        "Published", "ObservableObject", "Observable", "AnyCancellable", "PassthroughSubject", "CurrentValueSubject",
        "AnyPublisher", "Just", "Future", "Cancellable", "Publisher", "Subscriber", "Logger", "Color", "Image",
        "Text", "Font", "Binding", "State", "StateObject", "ObservedObject", "EnvironmentObject", "Environment",
        "AppStorage", "Namespace", "FocusState", "GeometryProxy", "EdgeInsets", "LocalizedStringKey", "AnyView",
        "ViewBuilder", "ToolbarItem", "NavigationPath", "Animation", "Angle", "TimeInterval", "DateInterval",
        "ByteCountFormatter", "RelativeDateTimeFormatter", "ISO8601DateFormatter", "Progress", "HTTPURLResponse",
        "URLResponse", "URLError", "CocoaError", "Scanner", "Predicate", "SortDescriptor", "FetchDescriptor",
        "ModelContext", "ModelContainer", "Query", "Transaction", "Task", "PersonNameComponents",
    ]

    /// Whether an external class name denotes a view controller: known lists first, then the naming convention
    /// third-party UI libraries follow (`…ViewController`, `…Controller` outside Apple's non-UI controllers).
    public static func isViewControllerName(_ name: String) -> Bool {
        let base = unqualified(name)
        if viewControllers.contains(base) || thirdPartyViewControllers.contains(base) { return true }
        if notViewControllers.contains(base) { return false }
        if base.hasSuffix("ViewController") || base.hasSuffix("NavigationController") || base.hasSuffix("TabBarController") { return true }
        return false
    }

    /// Whether an external class name denotes a view (known lists, then third-party naming conventions).
    public static func isViewName(_ name: String) -> Bool {
        let base = unqualified(name)
        if views.contains(base) { return true }
        if viewControllers.contains(base) || notViewControllers.contains(base) || controllerClasses.contains(base) { return false }
        guard origin(of: base) == .other else { return false }
        for suffix in ["View", "Cell", "Button", "Label", "Node", "Layer", "Bar", "Control", "TextField", "ImageView", "Slider", "Switch", "Row"] where base.hasSuffix(suffix) {
            return true
        }
        return false
    }
}
