#ifndef APPSUITE_CLIBXML2_SHIM_H
#define APPSUITE_CLIBXML2_SHIM_H
// libxml2's HTML parser, for the tests that read the pages the server renders.
//
// Debian builds libxml2 with ICU, so <libxml/encoding.h> would pull in the system's ICU headers, which
// clash with the copy Foundation ships (_FoundationICU). Nothing here uses the ICU converter fields of
// xmlCharEncodingHandler (only pointers to documents and nodes), so the ICU part is left out.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

/// `xmlFree` is a global function pointer (a macro in some builds): this wrapper is callable from Swift.
static inline void CLibXML2_free(void *pointer) { xmlFree(pointer); }
#endif
