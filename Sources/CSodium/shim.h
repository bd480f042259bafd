#ifndef APPSUITE_CSODIUM_SHIM_H
#define APPSUITE_CSODIUM_SHIM_H
#include <sodium.h>
#endif
