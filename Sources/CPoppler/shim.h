#ifndef APPSUITE_CPOPPLER_SHIM_H
#define APPSUITE_CPOPPLER_SHIM_H
/*
 * poppler-glib (Debian libpoppler-glib-dev) renders PDF pages through cairo; the asset slicer draws
 * each page of a vector PDF at each scale with it. No wrappers: its calls take fixed arguments.
 */
#include <poppler.h>
#include <cairo.h>
#endif
