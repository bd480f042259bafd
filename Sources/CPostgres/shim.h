#ifndef APPSUITE_CPOSTGRES_SHIM_H
#define APPSUITE_CPOSTGRES_SHIM_H
#include <libpq-fe.h>

/// Notices (`NOTICE: relation … already exists, skipping`) are not errors; libpq prints them to stderr
/// unless the connection has a processor, so every connection gets this one, which drops them.
static void CPostgres_dropNotice(void *argument, const char *message) {
    (void)argument;
    (void)message;
}

static inline void CPostgres_silenceNotices(PGconn *connection) {
    PQsetNoticeProcessor(connection, CPostgres_dropNotice, NULL);
}
#endif
