#ifndef APPSUITE_CZLIB_SHIM_H
#define APPSUITE_CZLIB_SHIM_H
#include <zlib.h>

/// `deflateInit2` is a macro over `deflateInit2_` with the library's version and struct size:
/// this wrapper sets up `stream` for a gzip container (`windowBits` 9…15, + 16 for gzip) at `level`, with
/// a hash table of 2^(`memLevel` + 7) entries (`memLevel` 1…9).
static inline int CZlib_deflateInitGzip(z_stream *stream, int level, int windowBits, int memLevel) {
    return deflateInit2(stream, level, Z_DEFLATED, windowBits + 16, memLevel, Z_DEFAULT_STRATEGY);
}
#endif
