#ifndef APPSUITE_CCMARK_SHIM_H
#define APPSUITE_CCMARK_SHIM_H
/*
 * libcmark (Debian libcmark-dev), the CommonMark reference parser and HTML renderer: merchants' articles are
 * Markdown. Its calls take fixed arguments; no wrappers.
 */
#include <cmark.h>
#endif
