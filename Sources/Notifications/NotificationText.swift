public import WebUI

/// The notification pages' words, Chinese first.
public enum NotificationText {
    public static let inbox = LocalizedText(zh: "消息", en: "Inbox")
    static let empty = LocalizedText(zh: "暂无消息", en: "No notifications yet")
    static let emptyHint = LocalizedText(zh: "有人回复你的评论、举报有结果时会通知你。", en: "You'll hear here when someone replies to you or a report is handled.")
    static let markAllRead = LocalizedText(zh: "全部标为已读", en: "Mark all as read")
    static let allRead = LocalizedText(zh: "已全部标为已读", en: "All marked as read")
    static let settings = LocalizedText(zh: "通知设置", en: "Notification settings")
    static let saved = LocalizedText(zh: "通知设置已保存", en: "Notification settings saved")
    static let keepInInbox = LocalizedText(zh: "站内消息", en: "In inbox")
    static let push = LocalizedText(zh: "推送到设备", en: "Push to devices")
    static let kindsFooter = LocalizedText(zh: "关闭站内消息后，这类通知也不会推送。", en: "Turning a kind off in the inbox also stops its pushes.")
    static let more = LocalizedText(zh: "更早的消息", en: "Older notifications")
    static let unread = LocalizedText(zh: "未读", en: "Unread")
    static let pushHeader = LocalizedText(zh: "推送通知", en: "Push notifications")
    static let pushEnable = LocalizedText(zh: "在此设备上接收推送", en: "Get push notifications on this device")
    static let pushDisable = LocalizedText(zh: "停止在此设备上推送", en: "Stop push on this device")
    static let pushFooter = LocalizedText(
        zh: "点按后浏览器会询问是否允许通知；你随时可以在这里或浏览器设置中关闭。",
        en: "Your browser asks for permission first; turn it off here or in the browser's settings at any time.")
    static let pushUnsupported = LocalizedText(zh: "此浏览器不支持推送通知。", en: "This browser does not support push notifications.")
    static let badCursor = LocalizedText(zh: "cursor 无效。", en: "The cursor is not valid.")
    static func unknownKind(_ kind: String) -> LocalizedText { LocalizedText(zh: "未知的通知类型：\(kind)", en: "Unknown notification kind: \(kind)") }
}

extension InboxError {
    /// The message for a page or a problem's `detail`.
    public func message(_ language: Language) -> String {
        switch self {
        case .badCursor: NotificationText.badCursor(language)
        case .unknownKind(let kind): NotificationText.unknownKind(kind)(language)
        }
    }
}
