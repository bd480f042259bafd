import CVips

/// The one Swift owner of a `VipsImage` reference. Non-copyable, so the
/// reference is released exactly once, when the owner goes out of scope.
/// Never shared between threads: each call creates and drops its own.
struct OwnedImage: ~Copyable {
    let pointer: UnsafeMutablePointer<VipsImage>

    /// Takes over a reference returned by libvips (a new image or an operation's
    /// output). Returns nil for a NULL pointer (libvips signals failure that way).
    init?(taking pointer: UnsafeMutablePointer<VipsImage>?) {
        guard let pointer else { return nil }
        self.pointer = pointer
    }

    deinit { g_object_unref(pointer) }

    var width: Int { Int(vips_image_get_width(pointer)) }
    var height: Int { Int(vips_image_get_height(pointer)) }
    var bands: Int { Int(vips_image_get_bands(pointer)) }
    var hasAlpha: Bool { vips_image_hasalpha(pointer) != 0 }

    /// A string header field, or nil when absent.
    func string(_ field: String) -> String? {
        guard vips_image_get_typeof(pointer, field) != 0 else { return nil }
        var value: UnsafePointer<CChar>?
        guard vips_image_get_string(pointer, field, &value) == 0, let value else { return nil }
        return String(cString: value)
    }

    func has(_ field: String) -> Bool { vips_image_get_typeof(pointer, field) != 0 }
}

/// The one Swift owner of a `VipsSource` reference (see `OwnedImage`).
struct OwnedSource: ~Copyable {
    let pointer: UnsafeMutablePointer<VipsSource>

    init?(taking pointer: UnsafeMutablePointer<VipsSource>?) {
        guard let pointer else { return nil }
        self.pointer = pointer
    }

    deinit { g_object_unref(pointer) }
}

/// The loader libvips chose for an input (`vips_foreign_find_load_*`), described from its type alone.
struct Loader {
    /// The operation's nickname, e.g. "jpegload_buffer" or "heifload_source".
    let nickname: String
    let format: ImageFormat

    init(_ typeName: UnsafePointer<CChar>, sniff: UnsafeRawBufferPointer?) {
        nickname = vips_nickname_find(g_type_from_name(typeName)).map { String(cString: $0) } ?? String(cString: typeName)
        format = Imaging.format(loader: nickname, heifCompression: nil, sniff: sniff)
    }

    /// HEIF and AVIF are opened with `unlimited` (see the shim): our own pixel limit applies instead of
    /// libheif's, which would refuse a 17000×17000 header without saying its size.
    var isHEIF: Bool { format == .heif || format == .avif }
}

/// libvips 8.14 keeps one error buffer for the whole process (`vips_error_buffer`; no per-thread
/// variant exists), so the text found there after a failure may be another thread's. Nothing here reads
/// it: a failure is told apart by which call failed and described from what the caller knows (the
/// format, the size, the step). The one exception is `Imaging.start`, before any other call can run.
enum Vips {
    /// Whether libvips refuses to run the operation with this nickname
    /// (`vips_block_untrusted_set` / `vips_operation_block_set`).
    static func isBlocked(_ nickname: UnsafePointer<CChar>) -> Bool {
        let type = vips_type_find("VipsOperation", nickname)
        guard type != 0, let typeClass = g_type_class_ref(type) else { return false }
        defer { g_type_class_unref(typeClass) }
        let flags = typeClass.assumingMemoryBound(to: VipsOperationClass.self).pointee.flags
        return flags.rawValue & VIPS_OPERATION_BLOCKED.rawValue != 0
    }

    /// Copies a buffer that libvips allocated with g_malloc and frees it.
    static func takeBuffer(_ buffer: UnsafeMutableRawPointer?, count: Int) -> [UInt8] {
        guard let buffer else { return [] }
        defer { g_free(buffer) }
        return [UInt8](UnsafeRawBufferPointer(start: buffer, count: count))
    }
}

extension Array where Element == UInt8 {
    /// `withUnsafeBytes` with a typed error (the standard one only rethrows).
    func withBytes<R>(
        _ body: (UnsafeRawBufferPointer) throws(ImagingError) -> R
    ) throws(ImagingError) -> R {
        let result: Result<R, ImagingError> = withUnsafeBytes { raw in
            Result { () throws(ImagingError) -> R in try body(raw) }
        }
        return try result.get()
    }
}
