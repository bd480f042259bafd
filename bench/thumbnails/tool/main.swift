// bench-thumbnails: our thumbnail path (Imaging.thumbnail(contentsOf:), the one the server's
// derivatives and `appsuite photo thumbnail --batch` use) over many files in one process, without the
// server's other libraries, so peak RSS compares with vipsthumbnail's. libvips gets one thread per
// core here, like vipsthumbnail (the server keeps 1 per request). Prints "path<TAB>ms<TAB>W×H".
//
//   bench-thumbnails [--size 256] [--threads N (default: cores)] OUTDIR FILE…
import Glibc
import Imaging

/// Writes a line to standard error (fd 2; the C `stderr` global is not concurrency-safe in Swift 6).
func printError(_ text: String) {
    var line = text + "\n"
    _ = line.withUTF8 { write(2, $0.baseAddress, $0.count) }
}

var arguments = Array(CommandLine.arguments.dropFirst())
var side = 256
var threads = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
while arguments.count > 1, let value = Int(arguments[1]), ["--size", "--threads"].contains(arguments[0]) {
    if arguments[0] == "--size" { side = value } else { threads = max(1, value) }
    arguments.removeFirst(2)
}
guard arguments.count >= 2 else {
    printError("usage: bench-thumbnails [--size 256] OUTDIR FILE…")
    exit(64)
}
let directory = arguments.removeFirst()
mkdir(directory, 0o755)
do {
    try Imaging.start(Imaging.Configuration(concurrency: threads))
} catch {
    printError("bench-thumbnails: \(error)")
    exit(70)
}

func milliseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
}

var failures: Int32 = 0
for (index, path) in arguments.enumerated() {
    let started = milliseconds()
    do {
        let image = try Imaging.thumbnail(contentsOf: path, maxWidth: side, maxHeight: side)
        let elapsed = milliseconds() - started
        let output = "\(directory)/\(index).jpg"
        guard let file = fopen(output, "wb") else { throw ImagingError.fileNotReadable(path: output, detail: "cannot create") }
        _ = image.bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
        print("\(path)\t\((elapsed * 100).rounded() / 100) ms\t\(image.width)×\(image.height)")
    } catch {
        failures += 1
        printError("\(path): \(error)")
    }
}
exit(failures == 0 ? 0 : 65)
