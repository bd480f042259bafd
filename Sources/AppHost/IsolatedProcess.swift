public import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Work a C library might not finish (a filter-bomb SVG in librsvg, a PDF page in poppler, a PSD in ImageMagick)
/// runs in a helper process: the `appsuite` binary started again with a hidden command, which first limits itself
/// (``Limits/apply(_:)``: CPU seconds, address space, file size, nice value) and is killed at a wall-clock
/// deadline. A library stuck in C then holds no server thread, and its memory and CPU are bounded by the kernel.
///
/// ```swift
/// let ending = IsolatedProcess.run(helper, command: "slicer-job", arguments: [spec], limits: limits,
///                                  line: { print("progress", $0) }, log: { print($0) })
/// ```
public enum IsolatedProcess {
    /// What a helper may use; the helper sets them on itself before it reads anything (``apply(_:)``).
    public struct Limits: Sendable, Hashable {
        /// CPU seconds (`RLIMIT_CPU`): at this the kernel sends `SIGXCPU`, one second later `SIGKILL`.
        public var cpuSeconds: Int
        /// Address space in bytes (`RLIMIT_AS`): an allocation past it fails.
        public var memoryBytes: Int
        /// The largest file it may write, in bytes (`RLIMIT_FSIZE`; `SIGXFSZ` is ignored, so the write fails).
        public var fileBytes: Int
        /// Its nice value (0…19): its CPU goes to the server's threads first.
        public var niceness: Int32
        /// Wall-clock time from start: the parent kills it then (`SIGKILL`).
        public var wallClock: Duration

        public init(cpuSeconds: Int, memoryBytes: Int, fileBytes: Int, niceness: Int32 = 10, wallClock: Duration) {
            self.cpuSeconds = cpuSeconds
            self.memoryBytes = memoryBytes
            self.fileBytes = fileBytes
            self.niceness = niceness
            self.wallClock = wallClock
        }

        /// The options a helper's command line starts with.
        var arguments: [String] {
            ["--cpu-seconds", String(cpuSeconds), "--memory-bytes", String(memoryBytes), "--file-bytes", String(fileBytes),
             "--nice", String(niceness)]
        }

        /// Takes the limit options from the front of a helper's `arguments`, applies them to this process (and
        /// turns core dumps off), and returns the other arguments.
        /// - Throws: ``CommandFailure`` (usage) when an option is missing or not a positive number, or a limit
        ///   cannot be set.
        public static func apply(_ arguments: [String]) throws(CommandFailure) -> [String] {
            var rest = arguments
            func take(_ name: String) throws(CommandFailure) -> Int {
                guard rest.count >= 2, rest[0] == "--" + name, let value = Int(rest[1]), value >= 0 else {
                    throw CommandFailure(.usage, "a helper's arguments start with --cpu-seconds, --memory-bytes, --file-bytes and --nice")
                }
                rest.removeFirst(2)
                return value
            }
            let cpu = try take("cpu-seconds"), memory = try take("memory-bytes"), file = try take("file-bytes"), nice = try take("nice")
            func set(_ resource: Int32, soft: Int, hard: Int) throws(CommandFailure) {
                var limit = rlimit(rlim_cur: rlim_t(soft), rlim_max: rlim_t(hard))
                guard setrlimit(__rlimit_resource_t(UInt32(resource)), &limit) == 0 else {
                    throw CommandFailure(.software, "cannot set resource limit \(resource): \(String(cString: strerror(errno)))")
                }
            }
            try set(Int32(RLIMIT_CPU.rawValue), soft: cpu, hard: cpu + 1)
            try set(Int32(RLIMIT_AS.rawValue), soft: memory, hard: memory)
            try set(Int32(RLIMIT_FSIZE.rawValue), soft: file, hard: file)
            try set(Int32(RLIMIT_CORE.rawValue), soft: 0, hard: 0)
            signal(SIGXFSZ, SIG_IGN)
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Int32(min(nice, 19)))
            return rest
        }
    }

    /// How a helper ended.
    public enum Ending: Sendable, Equatable {
        /// It exited by itself with this status.
        case exited(Int32)
        /// It used its CPU seconds (`SIGXCPU`, or the `SIGKILL` a second later).
        case overCPU
        /// It was still running at its wall-clock deadline and was killed.
        case overTime
        /// Another signal ended it (`SIGSEGV`, `SIGABRT` after a failed allocation …).
        case signalled(Int32)
        /// It could not be started (the binary is missing or not executable).
        case notStarted(String)
    }

    /// The `appsuite` binary that runs helpers: this process's own executable when it is `appsuite`, else the
    /// `appsuite` beside it (a test runner in `.build/debug`); nil when there is none.
    public static let helper: URL? = {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        let me = URL(fileURLWithPath: path)
        if me.lastPathComponent == "appsuite" { return me }
        let sibling = me.deletingLastPathComponent().appendingPathComponent("appsuite")
        return FileManager.default.isExecutableFile(atPath: sibling.path) ? sibling : nil
    }()

    /// Runs `executable command <limits> arguments` and waits for it, on the calling thread (a work-pool
    /// thread: it sleeps in `poll` meanwhile). Its environment is empty but for `PATH` and `LANG`, so it reads
    /// no `APPSUITE_*` setting. Each line it writes to standard output goes to `line`; its standard error
    /// (at most 64 KiB, the rest dropped) goes to `log` line by line.
    public static func run(_ executable: URL, command: String, arguments: [String], limits: Limits,
                           line: @escaping (String) -> Void, log: @escaping (String) -> Void) -> Ending {
        let process = Process()
        process.executableURL = executable
        process.arguments = [command] + limits.arguments + arguments
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let output = Pipe(), errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return .notStarted("\(executable.lastPathComponent): \(error.localizedDescription)")
        }
        let deadline = ContinuousClock.now + limits.wallClock
        var streams = [LineStream(output.fileHandleForReading.fileDescriptor, limit: nil, deliver: line),
                       LineStream(errors.fileHandleForReading.fileDescriptor, limit: 64 << 10, deliver: log)]
        var killed = false
        while streams.contains(where: { $0.isOpen }) {
            let left = deadline - ContinuousClock.now
            if left <= .zero {
                kill(process.processIdentifier, SIGKILL)
                killed = true
                break
            }
            var descriptors = streams.filter { $0.isOpen }.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            let milliseconds = Int32(min(1_000, max(1, left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000)))
            guard poll(&descriptors, nfds_t(descriptors.count), milliseconds) >= 0 || errno == EINTR else { break }
            for index in streams.indices where streams[index].isOpen {
                if let ready = descriptors.first(where: { $0.fd == streams[index].descriptor }), ready.revents != 0 { streams[index].read() }
            }
        }
        for index in streams.indices { streams[index].finish() }
        process.waitUntilExit()
        switch process.terminationReason {
        case .exit: return .exited(process.terminationStatus)
        case .uncaughtSignal:
            let signal = process.terminationStatus
            if killed { return .overTime }
            return signal == SIGXCPU || signal == SIGKILL ? .overCPU : .signalled(signal)
        @unknown default: return .signalled(process.terminationStatus)
        }
    }

    /// One pipe read into whole lines.
    private struct LineStream {
        let descriptor: Int32
        /// Bytes kept at most (the rest is read and dropped); nil for no limit.
        let limit: Int?
        let deliver: (String) -> Void
        var pending: [UInt8] = []
        var delivered = 0
        var isOpen = true

        init(_ descriptor: Int32, limit: Int?, deliver: @escaping (String) -> Void) {
            self.descriptor = descriptor
            self.limit = limit
            self.deliver = deliver
        }

        mutating func read() {
            var buffer = [UInt8](repeating: 0, count: 16 << 10)
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { return }
            guard count > 0 else {
                isOpen = false
                return
            }
            pending += buffer[0..<count]
            while let newline = pending.firstIndex(of: 10) {
                emit(Array(pending[..<newline]))
                pending.removeSubrange(...newline)
            }
        }

        mutating func finish() {
            if !pending.isEmpty { emit(pending) }
            pending = []
        }

        private mutating func emit(_ bytes: [UInt8]) {
            if let limit {
                guard delivered < limit else { return }
                delivered += bytes.count
            }
            deliver(String(decoding: bytes, as: UTF8.self))
        }
    }
}
