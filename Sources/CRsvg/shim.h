#ifndef APPSUITE_CRSVG_SHIM_H
#define APPSUITE_CRSVG_SHIM_H
/*
 * librsvg (Debian librsvg2-dev) renders SVG through cairo; the asset slicer uses it to draw one
 * element by id at each scale. Its calls take fixed arguments; the one wrapper reads a GError.
 */
#include <librsvg/rsvg.h>
#include <cairo.h>

/// Why: GError's struct is declared by whichever module imports GLib first (libvips for the suite), so
/// Swift code that imports only this module reads the message through here. NULL-safe.
static inline const char *
appsuite_gerror_message(const GError *error)
{
	return error != NULL ? error->message : NULL;
}
#endif
