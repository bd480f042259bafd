import Glibc

/// Makes `appsuite serve` say why it died: on SIGSEGV, SIGBUS, SIGILL, SIGFPE or SIGABRT it writes one fixed
/// line to stderr (`appsuite: fatal signal SIGSEGV (11) …`) with a single `write(2)`, then raises the signal
/// again with the default action, so the process dies of it (core dump, exit status) and a supervisor
/// (`scripts/supervise`, systemd's `Restart=on-failure`) restarts it. This replaces the Swift runtime's crash
/// backtracer for these five signals: the backtracer prints and returns, and a signal sent with `kill` would
/// then leave the process running.
///
/// The handler runs only async-signal-safe calls (`write`, `raise`; POSIX.1-2017 §2.4.3) on memory prepared
/// by ``install()``: no allocation, no locks, no Swift reference counting. `SA_RESETHAND` puts the default
/// action back as it starts. It runs on an alternate stack on the main thread; a worker thread that overflows
/// its own stack (issue 8 item 1) has none, and the kernel then kills the process without the line.
enum FatalSignals {
    static let handled: [(number: Int32, name: String)] = [
        (SIGSEGV, "SIGSEGV"), (SIGBUS, "SIGBUS"), (SIGILL, "SIGILL"), (SIGFPE, "SIGFPE"), (SIGABRT, "SIGABRT"),
    ]

    /// The line written for signal `number`.
    static func message(_ number: Int32, _ name: String) -> String {
        "appsuite: fatal signal \(name) (\(number)): the server stops now; a supervisor restarts it\n"
    }

    /// Installs the handler for every signal in ``handled`` and unblocks them (a mask inherited from the
    /// parent could otherwise hold a SIGABRT pending forever). Call once, before the server starts threads.
    static func install() {
        let stackSize = 64 * 1024
        var stack = stack_t(ss_sp: UnsafeMutableRawPointer.allocate(byteCount: stackSize, alignment: 16), ss_flags: 0, ss_size: stackSize)
        sigaltstack(&stack, nil)
        for (number, name) in handled {
            let bytes = Array(message(number, name).utf8.prefix(fatalMessageSlot))
            let slot = fatalMessages + Int(number) * fatalMessageSlot
            slot.initialize(from: bytes, count: bytes.count)
            fatalMessageLengths[Int(number)] = bytes.count
            var action = sigaction()
            action.__sigaction_handler.sa_handler = fatalSignalHandler
            action.sa_flags = SA_ONSTACK | Int32(bitPattern: UInt32(SA_RESETHAND))
            sigemptyset(&action.sa_mask)
            sigaction(number, &action, nil)
        }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for (number, _) in handled { sigaddset(&unblocked, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }
}

/// Room per signal number (0…64) for the prepared line and its length.
private let fatalMessageSlot = 160
nonisolated(unsafe) private let fatalMessages = UnsafeMutablePointer<UInt8>.allocate(capacity: 65 * fatalMessageSlot)
nonisolated(unsafe) private let fatalMessageLengths = UnsafeMutablePointer<Int>.allocate(capacity: 65)

/// The C signal handler (the default action is already back, `SA_RESETHAND`): the prepared line, then the
/// signal again.
private func fatalSignalHandler(_ number: Int32) {
    guard (0..<65).contains(number) else { return }
    _ = write(2, fatalMessages + Int(number) * fatalMessageSlot, fatalMessageLengths[Int(number)])
    raise(number)
}
