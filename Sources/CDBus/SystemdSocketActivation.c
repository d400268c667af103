// libdbus-1.a's Unix transport also holds the server side, whose systemd socket activation calls
// libsystemd (sd_listen_fds, sd_is_socket). This process is only ever a client of the session
// bus, so that path never runs; defining the two here as "no sockets were passed" keeps the static
// archive from pulling libsystemd.so (and what it loads) into notify-service.
#include <errno.h>

int sd_listen_fds(int unset_environment) {
    (void)unset_environment;
    return 0;
}

int sd_is_socket(int fd, int family, int type, int listening) {
    (void)fd; (void)family; (void)type; (void)listening;
    return -ENOSYS;
}
