import WebUI

/// The words of `/me/data`, Chinese first.
enum AccountDataText {
    static let title = LocalizedText(zh: "我的数据", en: "My data")
    static let download = LocalizedText(zh: "下载我的数据", en: "Download my data")
    static let downloadFooter = LocalizedText(
        zh: "一个 zip 文件：每个应用一份 JSON（资料、评论、收藏、志愿表……），以及你上传的照片原图。",
        en: "A zip file: one JSON file per app (profile, comments, favourites, plans …) and the originals of your photos.")
    static let downloadButton = LocalizedText(zh: "下载 zip", en: "Download zip")
    static let delete = LocalizedText(zh: "注销账号", en: "Delete my account")
    static let deleteFooter = LocalizedText(
        zh: "注销后无法恢复：照片、收藏、志愿表、通知和登录设备全部删除；你的评论保留，署名改为“已注销用户”。",
        en: "This cannot be undone: photos, favourites, plans, notifications and devices are deleted; your comments stay, signed “Deleted user”.")
    static let password = LocalizedText(zh: "输入密码确认", en: "Enter your password to confirm")
    static let usernameInstead = LocalizedText(zh: "此账号没有密码：输入用户名确认", en: "This account has no password: type your username to confirm")
    static let show = LocalizedText(zh: "显示", en: "Show")
    static let hide = LocalizedText(zh: "隐藏", en: "Hide")
    static let deleteButton = LocalizedText(zh: "永久注销账号", en: "Delete my account for good")
    static let deleteConfirm = LocalizedText(zh: "确定要永久注销账号吗？", en: "Delete your account for good?")
    static let deleted = LocalizedText(zh: "账号已注销。", en: "Your account has been deleted.")
    static func tooLarge(files: Int, bytes: Int64) -> LocalizedText {
        let megabytes = bytes >> 20
        return LocalizedText(zh: "数据太多（\(files) 个文件，\(megabytes) MB），无法打包下载。",
                             en: "Too much to pack into one download (\(files) files, \(megabytes) MB).")
    }
    static let exportFailed = LocalizedText(zh: "打包失败，请稍后再试。", en: "The archive could not be made. Please try again later.")
}
