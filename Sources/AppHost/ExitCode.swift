/// Process exit codes, from BSD `sysexits.h` so scripts can tell failures apart.
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// A command failed in a way not listed below.
    case failure = 1
    /// The command line was wrong (`EX_USAGE`).
    case usage = 64
    /// Input data was malformed (`EX_DATAERR`).
    case dataError = 65
    /// An input file or folder does not exist or cannot be read (`EX_NOINPUT`).
    case noInput = 66
    /// A service could not start, e.g. the port is taken (`EX_UNAVAILABLE`).
    case unavailable = 69
    /// An internal error (`EX_SOFTWARE`).
    case software = 70
    /// An output file or the data directory cannot be created (`EX_CANTCREAT`).
    case cannotCreate = 73
}
