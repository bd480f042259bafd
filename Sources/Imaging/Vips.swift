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
        guard vips_image_get_string(pointer, field, &value) == 0, let value else {
            vips_error_clear()
            return nil
        }
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

enum Vips {
    /// libvips' error text for the call that just failed, then clears it.
    /// (The buffer is process-wide in libvips 8.14; text from a failure on
    /// another thread at the same instant can appear in it too.)
    static func takeError(fallback: String = "unknown libvips error") -> String {
        let text = String(cString: vips_error_buffer())
        vips_error_clear()
        let trimmed = text.split(whereSeparator: \.isNewline).joined(separator: "; ")
        return trimmed.isEmpty ? fallback : trimmed
    }

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
