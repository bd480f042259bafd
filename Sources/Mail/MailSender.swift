/// Something that delivers a message now or throws: ``SMTPSender`` in production. Blocking.
public protocol MailSender: Sendable {
    var from: MailAddress { get }
    func send(_ message: MailMessage) throws(MailError)
}
