#ifndef APPSUITE_CVIPS_SHIM_H
#define APPSUITE_CVIPS_SHIM_H
#include <vips/vips.h>
#endif
