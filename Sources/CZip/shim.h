#ifndef APPSUITE_CZIP_SHIM_H
#define APPSUITE_CZIP_SHIM_H
/*
 * libzip (Debian libzip-dev) writes the asset slicer's downloads (the catalog as a .zip). Its calls take
 * fixed arguments; no wrappers.
 */
#include <zip.h>
#endif
