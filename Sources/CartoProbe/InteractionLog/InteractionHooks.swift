#if canImport(UIKit)
import UIKit
import ObjectiveC

/// The thin UIKit layer of the interaction logger: it only translates UIKit callbacks into `InteractionLogger`
/// calls (everything that decides what is written is platform-neutral and tested on Linux). Not built on Linux.
///
///     InteractionHooks.install(logger)   // in application(_:didFinishLaunchingWithOptions:)
///
/// Hooks: touches (`UIApplication.sendEvent`), taps with `recognised` (the touched view is a control or has a
/// gesture recognizer), control actions (`UIApplication.sendAction`: buttons, sliders, switches, segmented
/// controls, date pickers), screens (`viewDidAppear` of content view controllers), foreground/background.
public enum InteractionHooks {
    nonisolated(unsafe) static var logger: InteractionLogger?
    nonisolated(unsafe) private static var installed = false

    @MainActor
    public static func install(_ logger: InteractionLogger) {
        self.logger = logger
        guard !installed else { return }
        installed = true
        exchange(UIApplication.self, #selector(UIApplication.sendEvent(_:)), #selector(UIApplication.carto_sendEvent(_:)))
        exchange(UIApplication.self, #selector(UIApplication.sendAction(_:to:from:for:)), #selector(UIApplication.carto_sendAction(_:to:from:for:)))
        exchange(UIViewController.self, #selector(UIViewController.viewDidAppear(_:)), #selector(UIViewController.carto_viewDidAppear(_:)))
        let center = NotificationCenter.default
        center.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main) { _ in InteractionHooks.logger?.lifecycle("background") }
        center.addObserver(forName: UIApplication.willEnterForegroundNotification, object: nil, queue: .main) { _ in InteractionHooks.logger?.lifecycle("foreground") }
        center.addObserver(forName: UIApplication.willTerminateNotification, object: nil, queue: .main) { _ in InteractionHooks.logger?.lifecycle("terminate") }
    }

    private static func exchange(_ type: AnyClass, _ original: Selector, _ replacement: Selector) {
        guard let a = class_getInstanceMethod(type, original), let b = class_getInstanceMethod(type, replacement) else { return }
        method_exchangeImplementations(a, b)
    }

    static func target(of view: UIView?) -> InteractionTarget? {
        guard let view else { return nil }
        let type: String
        switch view {
        case is UIButton: type = "button"
        case is UISwitch: type = "toggle"
        case is UISlider: type = "slider"
        case is UISegmentedControl: type = "segmentedControl"
        case is UITextField: type = (view as! UITextField).isSecureTextEntry ? "secureTextField" : "textField"
        case is UITextView: type = "textView"
        case is UITableViewCell, is UICollectionViewCell: type = "cell"
        case is UIImageView: type = "image"
        case is UILabel: type = "staticText"
        default: type = "other"
        }
        return InteractionTarget(id: view.accessibilityIdentifier, label: view.accessibilityLabel, type: type)
    }

    /// Something handles a touch on this view: a control, a cell, or a gesture recognizer on it or an ancestor.
    static func handles(_ view: UIView?) -> Bool {
        var v = view
        while let current = v {
            if current is UIControl || current is UITableViewCell || current is UICollectionViewCell { return true }
            if current.gestureRecognizers?.contains(where: { $0.isEnabled }) == true { return true }
            v = current.superview
        }
        return false
    }
}

extension UIApplication {
    @objc func carto_sendEvent(_ event: UIEvent) {
        carto_sendEvent(event)   // the original implementation (exchanged)
        guard let logger = InteractionHooks.logger, event.type == .touches, let touches = event.allTouches else { return }
        for touch in touches {
            let point = touch.location(in: nil)
            let phase: String
            switch touch.phase {
            case .began: phase = "began"
            case .moved: phase = "moved"
            case .ended: phase = "ended"
            case .cancelled: phase = "cancelled"
            default: continue
            }
            let pointer = Int(bitPattern: ObjectIdentifier(touch).hashValue) & 0xFFFF
            logger.touch(phase: phase, x: Double(point.x), y: Double(point.y), pointer: pointer, target: InteractionHooks.target(of: touch.view))
            if touch.phase == .ended, touch.tapCount >= 1 {
                logger.tap(x: Double(point.x), y: Double(point.y), recognised: InteractionHooks.handles(touch.view), target: InteractionHooks.target(of: touch.view))
            }
        }
    }

    @objc func carto_sendAction(_ action: Selector, to target: Any?, from sender: Any?, for event: UIEvent?) -> Bool {
        let handled = carto_sendAction(action, to: target, from: sender, for: event)
        guard let logger = InteractionHooks.logger, let control = sender as? UIControl, let element = InteractionHooks.target(of: control) else { return handled }
        switch control {
        case let slider as UISlider: logger.controlChanged(element, control: "slider", value: String(slider.value))
        case let toggle as UISwitch: logger.controlChanged(element, control: "switch", value: toggle.isOn ? "on" : "off")
        case let segments as UISegmentedControl: logger.controlChanged(element, control: "segmented", value: String(segments.selectedSegmentIndex))
        case let picker as UIDatePicker: logger.controlChanged(element, control: "datePicker", value: ISO8601DateFormatter().string(from: picker.date))
        case is UITextField: break   // text is logged when editing ends, by the app or a delegate
        default: logger.widgetClick(element)
        }
        return handled
    }
}

extension UIViewController {
    @objc func carto_viewDidAppear(_ animated: Bool) {
        carto_viewDidAppear(animated)
        // Containers are not screens; their content view controllers are.
        guard !(self is UINavigationController || self is UITabBarController || self is UIPageViewController) else { return }
        let name = title ?? String(describing: type(of: self))
        InteractionHooks.logger?.screenAppeared(name, container: navigationController.map { String(describing: type(of: $0)) })
    }
}
#endif
