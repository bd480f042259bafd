#ifndef APPSUITE_CZLIB_SHIM_H
#define APPSUITE_CZLIB_SHIM_H
#include <zlib.h>

/// `deflateInit2` is a macro over `deflateInit2_` with the library's version and struct size:
/// this wrapper sets up `stream` for a gzip container (windowBits 15 + 16) at `level`.
static inline int CZlib_deflateInitGzip(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}
#endif
