/// Notifications to assistive technologies (`UIAccessibility.post(notification:argument:)`).
@MainActor
public enum Accessibility {
    /// What changed (`UIAccessibility.Notification`).
    public enum Notification: Hashable, Sendable {
        /// Something to say now; the argument is the text (`announcement`).
        case announcement
        /// Part of the screen changed; the argument is the element to move to, or nil
        /// (`layoutChanged`).
        case layoutChanged
        /// Most of the screen changed; the argument is the element to move to, or nil
        /// (`screenChanged`).
        case screenChanged
    }

    /// Who hears the notifications: the window's accessibility service, when one runs.
    /// A post with no one listening does nothing, as on iOS without VoiceOver.
    static var listeners: [Int: (Notification, Any?) -> Void] = [:]
    private static var nextListener = 0

    /// Posts a notification (`UIAccessibility.post(notification:argument:)`).
    public static func post(notification: Notification, argument: Any?) {
        for listener in listeners.values { listener(notification, argument) }
    }

    /// Calls `handler` with each notification posted until the result is released.
    public static func observeNotifications(_ handler: @escaping (Notification, Any?) -> Void)
        -> AccessibilityObservation
    {
        nextListener += 1
        let id = nextListener
        listeners[id] = handler
        return AccessibilityObservation(id: id)
    }
}

/// A registration for accessibility notifications, ended when released.
@MainActor
public final class AccessibilityObservation {
    let id: Int
    init(id: Int) { self.id = id }
    isolated deinit { Accessibility.listeners.removeValue(forKey: id) }
}
