#ifndef APPSUITE_CMICROHTTPD_SHIM_H
#define APPSUITE_CMICROHTTPD_SHIM_H
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdarg.h>
#include <microhttpd.h>

/// `MHD_start_daemon` is variadic, which Swift cannot call: this wrapper passes the integer options
/// through one `MHD_OPTION_ARRAY` and the two notification callbacks (function pointers, which the
/// array's `intptr_t` slots cannot carry portably) as their own options, and our percent-decoder for the
/// URL and query (`unescape`). All callbacks, the accept policy `accept` included, share `context`.
static inline struct MHD_Daemon *CMicroHTTPD_start(unsigned int flags, uint16_t port,
                                                   MHD_AcceptPolicyCallback accept,
                                                   MHD_AccessHandlerCallback handler,
                                                   MHD_RequestCompletedCallback completed,
                                                   MHD_NotifyConnectionCallback connectionNotified,
                                                   size_t (*unescape)(void *, struct MHD_Connection *, char *),
                                                   void *context,
                                                   struct MHD_OptionItem *options) {
    return MHD_start_daemon(flags, port, accept, context, handler, context,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                            MHD_OPTION_NOTIFY_CONNECTION, connectionNotified, context,
                            MHD_OPTION_UNESCAPE_CALLBACK, unescape, context,
                            MHD_OPTION_ARRAY, options,
                            MHD_OPTION_END);
}

/// `MHD_get_daemon_info` is variadic: this returns the port the daemon listens on (useful after port 0).
static inline uint16_t CMicroHTTPD_boundPort(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// `MHD_get_connection_info` is variadic: this returns the client's socket address, or NULL.
static inline const struct sockaddr *CMicroHTTPD_clientAddress(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

/// `MHD_get_daemon_info` is variadic: the number of open connections, used by graceful shutdown.
static inline unsigned int CMicroHTTPD_currentConnections(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? 0 : info->num_connections;
}
/// `MHD_get_connection_info` is variadic: the connection's socket, for the request watchdog's `shutdown(2)`.
static inline int CMicroHTTPD_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// `MHD_get_connection_info` is variadic: the per-connection pointer set in the connection callback.
static inline void *CMicroHTTPD_socketContext(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}
/// `MHD_get_connection_info` is variadic: the size in bytes of the request line and header block as received
/// (through the empty line), for the header syntax check; 0 when unknown.
static inline size_t CMicroHTTPD_requestHeaderSize(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    return info == NULL ? 0 : info->header_size;
}
#endif
