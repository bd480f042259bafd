#ifndef APPSUITE_CMAGICKWAND_SHIM_H
#define APPSUITE_CMAGICKWAND_SHIM_H
/*
 * ImageMagick 6's MagickWand (Debian libmagickwand-dev): the asset slicer reads the named layers of a
 * Photoshop file with it (ImageMagick's PSD coder), never with a parser of its own.
 */
/* ImageMagick's config defines _GNU_SOURCE; the C library's headers come first so that they are read
 * as in every other module of the suite (else clang sees two different fd_set definitions). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/stat.h>
/* SwiftPM drops pkg-config's -D flags, so the Debian build's settings (Wand-6.Q16.pc) are given here. */
#define MAGICKCORE_QUANTUM_DEPTH 16
#define MAGICKCORE_HDRI_ENABLE 0
#include <wand/MagickWand.h>
#endif
