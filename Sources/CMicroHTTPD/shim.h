#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

// MHD_start_daemon and MHD_get_daemon_info are variadic and cannot be imported into Swift;
// these typed wrappers can.

/// The callback of MHD_OPTION_URI_LOG_CALLBACK: sees the raw request target, answers the request context.
typedef void *(*cmhd_uri_log_callback)(void *cls, const char *uri, struct MHD_Connection *connection);

/// Starts a daemon listening on `address`, with the given callbacks and limits.
static inline struct MHD_Daemon *cmhd_start_daemon(
    unsigned int flags, const struct sockaddr *address,
    MHD_AccessHandlerCallback handler, void *handler_cls,
    MHD_RequestCompletedCallback completed, void *completed_cls,
    cmhd_uri_log_callback uri_log, void *uri_log_cls,
    unsigned int connection_timeout_seconds, size_t connection_memory_limit, unsigned int connection_limit)
{
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
        MHD_OPTION_URI_LOG_CALLBACK, uri_log, uri_log_cls,
        MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory_limit,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_END);
}

/// The port the daemon is bound to, or 0 when unknown.
static inline uint16_t cmhd_bind_port(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// The number of connections the daemon has open, or 0 when unknown.
static inline unsigned int cmhd_current_connections(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? 0 : info->num_connections;
}

static const uint64_t CMHD_SIZE_UNKNOWN = MHD_SIZE_UNKNOWN;
static const ssize_t CMHD_CONTENT_READER_END_OF_STREAM = MHD_CONTENT_READER_END_OF_STREAM;
static const ssize_t CMHD_CONTENT_READER_END_WITH_ERROR = MHD_CONTENT_READER_END_WITH_ERROR;
