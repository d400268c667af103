// libdbus-1's client API, for DesktopNotifications (notify-service only). The headers come from
// Debian's libdbus-1-dev (pkg-config dbus-1's cflags, given in Package.swift); the code is its
// static archive, libdbus-1.a.
#include <dbus/dbus.h>
