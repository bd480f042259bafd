/// A command line split into positional words and `--name value` / `--name=value` / `--flag` options.
struct Arguments: Equatable {
    var positional: [String] = []
    var options: [String: String] = [:]
    var flags: Set<String> = []

    /// Parses `words` (without the program name). `valued` lists the options that take a value.
    init(_ words: [String], valued: Set<String>) throws(UsageError) {
        var iterator = words.makeIterator()
        while let word = iterator.next() {
            if word == "--" {
                while let rest = iterator.next() { positional.append(rest) }
            } else if word.hasPrefix("--") {
                let body = word.dropFirst(2)
                if let equals = body.firstIndex(of: "=") {
                    let name = String(body[..<equals])
                    guard valued.contains(name) else { throw UsageError("unknown option --\(name)") }
                    options[name] = String(body[body.index(after: equals)...])
                } else if valued.contains(String(body)) {
                    guard let value = iterator.next(), !value.hasPrefix("--") else { throw UsageError("--\(body) needs a value") }
                    options[String(body)] = value
                } else {
                    flags.insert(String(body))
                }
            } else if word == "-h" {
                flags.insert("help")
            } else {
                positional.append(word)
            }
        }
    }

    /// Takes the options in `names` (`--name value` or `--name=value`) out of `words` and returns them with the
    /// other words in order, for a command that parses its own words.
    static func extract(_ names: Set<String>, from words: [String]) throws(UsageError) -> (options: [String: String], rest: [String]) {
        var options: [String: String] = [:]
        var rest: [String] = []
        var iterator = words.makeIterator()
        while let word = iterator.next() {
            let body = word.hasPrefix("--") ? word.dropFirst(2) : ""
            if let equals = body.firstIndex(of: "="), names.contains(String(body[..<equals])) {
                options[String(body[..<equals])] = String(body[body.index(after: equals)...])
            } else if names.contains(String(body)) {
                guard let value = iterator.next(), !value.hasPrefix("--") else { throw UsageError("--\(body) needs a value") }
                options[String(body)] = value
            } else {
                rest.append(word)
            }
        }
        return (options, rest)
    }

    /// Fails on a flag the command does not know, so typos are not silently ignored.
    func requireOnly(flags allowed: Set<String>) throws(UsageError) {
        if let unknown = flags.subtracting(allowed).sorted().first { throw UsageError("unknown option --\(unknown)") }
    }
}

/// A mistake in how the command was called: printed with a hint, exit code 64 (`EX_USAGE`).
struct UsageError: Error, Equatable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
