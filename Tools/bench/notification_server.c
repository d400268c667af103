/*
 * Tools/bench/notification_server.c — a small, fast org.freedesktop.Notifications for the bench.
 * Compiled on the fly by Tools/bench/desktop_bus.py (cc, gcc or the Swift toolchain's clang, with
 * pkg-config dbus-1), started on the private session bus that module starts.
 *
 * Why C and not python-dbusmock's notification_daemon template (which the tests use): the bench
 * times notify-service's whole process, the server's answer included, and dbusmock took about
 * 170 ms to answer one Notify carrying a 64x64 image (16 KiB of image-data unpacked into Python
 * objects), many times the process itself. This answers at once, as a desktop's server does.
 *
 * What it answers (Desktop Notifications Specification 1.2):
 *   GetCapabilities       -> ["body", "actions", "inline-reply"]
 *   GetServerInformation  -> ("bench-notification-server", "telegram-linux", "1", "1.2")
 *   Notify                -> an id: replaces_id when it is not 0 (the spec's replacement), else the
 *                            next of 1, 2, 3, ...
 *   CloseNotification     -> an empty reply, and the NotificationClosed signal (reason 3)
 *   anything else         -> org.freedesktop.DBus.Error.UnknownMethod
 *
 * Usage:   notification_server        (the bus from DBUS_SESSION_BUS_ADDRESS)
 * Output:  "ready" on stdout once it owns org.freedesktop.Notifications; when the bus goes away,
 *          "notify N image M close K" (Notify calls, those with an image-data hint, closes), then exit 0.
 * Exit:    1 when it cannot connect or the name is taken.
 */
#include <dbus/dbus.h>
#include <stdio.h>
#include <string.h>

static const char *NAME = "org.freedesktop.Notifications";
static const char *PATH = "/org/freedesktop/Notifications";

static unsigned notify_calls, image_calls, close_calls;
static dbus_uint32_t next_id = 1;

/* Whether Notify's hints (a{sv}, the 7th argument) carry image-data (or its older names). */
static int has_image(DBusMessageIter *hints) {
    DBusMessageIter entry, key;
    if (dbus_message_iter_get_arg_type(hints) != DBUS_TYPE_ARRAY)
        return 0;
    dbus_message_iter_recurse(hints, &entry);
    while (dbus_message_iter_get_arg_type(&entry) == DBUS_TYPE_DICT_ENTRY) {
        const char *name = NULL;
        dbus_message_iter_recurse(&entry, &key);
        if (dbus_message_iter_get_arg_type(&key) == DBUS_TYPE_STRING) {
            dbus_message_iter_get_basic(&key, &name);
            if (!strcmp(name, "image-data") || !strcmp(name, "image_data") || !strcmp(name, "icon_data"))
                return 1;
        }
        dbus_message_iter_next(&entry);
    }
    return 0;
}

static DBusMessage *notify(DBusMessage *call) {
    DBusMessageIter args;
    dbus_uint32_t replaces = 0, id;
    int index = 0;
    if (!dbus_message_iter_init(call, &args) || strcmp(dbus_message_get_signature(call), "susssasa{sv}i"))
        return dbus_message_new_error(call, DBUS_ERROR_INVALID_ARGS, "Notify takes (susssasa{sv}i)");
    do {
        if (index == 1)
            dbus_message_iter_get_basic(&args, &replaces);
        else if (index == 6)
            image_calls += has_image(&args) ? 1 : 0;
        index++;
    } while (dbus_message_iter_next(&args));
    notify_calls++;
    id = replaces ? replaces : next_id++;
    DBusMessage *reply = dbus_message_new_method_return(call);
    dbus_message_append_args(reply, DBUS_TYPE_UINT32, &id, DBUS_TYPE_INVALID);
    return reply;
}

static DBusMessage *close_notification(DBusConnection *bus, DBusMessage *call) {
    dbus_uint32_t id = 0, reason = 3; /* 3: closed by a call to CloseNotification */
    if (!dbus_message_get_args(call, NULL, DBUS_TYPE_UINT32, &id, DBUS_TYPE_INVALID))
        return dbus_message_new_error(call, DBUS_ERROR_INVALID_ARGS, "CloseNotification takes (u)");
    close_calls++;
    DBusMessage *closed = dbus_message_new_signal(PATH, NAME, "NotificationClosed");
    dbus_message_append_args(closed, DBUS_TYPE_UINT32, &id, DBUS_TYPE_UINT32, &reason, DBUS_TYPE_INVALID);
    dbus_connection_send(bus, closed, NULL);
    dbus_message_unref(closed);
    return dbus_message_new_method_return(call);
}

static DBusMessage *answer(DBusConnection *bus, DBusMessage *call) {
    const char *member = dbus_message_get_member(call);
    const char *interface = dbus_message_get_interface(call);
    if (interface && strcmp(interface, NAME))
        return dbus_message_new_error(call, DBUS_ERROR_UNKNOWN_METHOD, "unknown interface");
    if (!strcmp(member, "Notify"))
        return notify(call);
    if (!strcmp(member, "CloseNotification"))
        return close_notification(bus, call);
    if (!strcmp(member, "GetCapabilities")) {
        static const char *capabilities[] = {"body", "actions", "inline-reply"};
        const char **list = capabilities;
        DBusMessage *reply = dbus_message_new_method_return(call);
        dbus_message_append_args(reply, DBUS_TYPE_ARRAY, DBUS_TYPE_STRING, &list, 3, DBUS_TYPE_INVALID);
        return reply;
    }
    if (!strcmp(member, "GetServerInformation")) {
        const char *name = "bench-notification-server", *vendor = "telegram-linux", *version = "1", *spec = "1.2";
        DBusMessage *reply = dbus_message_new_method_return(call);
        dbus_message_append_args(reply, DBUS_TYPE_STRING, &name, DBUS_TYPE_STRING, &vendor, DBUS_TYPE_STRING, &version,
                                 DBUS_TYPE_STRING, &spec, DBUS_TYPE_INVALID);
        return reply;
    }
    return dbus_message_new_error(call, DBUS_ERROR_UNKNOWN_METHOD, "unknown method");
}

int main(void) {
    DBusError error;
    dbus_error_init(&error);
    DBusConnection *bus = dbus_bus_get_private(DBUS_BUS_SESSION, &error);
    if (!bus) {
        fprintf(stderr, "notification_server: no session bus: %s\n", error.message);
        return 1;
    }
    dbus_connection_set_exit_on_disconnect(bus, FALSE);
    if (dbus_bus_request_name(bus, NAME, DBUS_NAME_FLAG_DO_NOT_QUEUE, &error) != DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER) {
        fprintf(stderr, "notification_server: cannot own %s: %s\n", NAME, dbus_error_is_set(&error) ? error.message : "taken");
        return 1;
    }
    printf("ready\n");
    fflush(stdout);
    /* Until the bus goes away (the bench stops its dbus-daemon); what arrived with the name first. */
    do {
        DBusMessage *message;
        while ((message = dbus_connection_pop_message(bus))) {
            if (dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_METHOD_CALL && dbus_message_get_member(message)) {
                DBusMessage *reply = answer(bus, message);
                if (!dbus_message_get_no_reply(message))
                    dbus_connection_send(bus, reply, NULL);
                dbus_message_unref(reply);
            }
            dbus_message_unref(message);
        }
        dbus_connection_flush(bus);
    } while (dbus_connection_read_write(bus, -1));
    printf("notify %u image %u close %u\n", notify_calls, image_calls, close_calls);
    return 0;
}
