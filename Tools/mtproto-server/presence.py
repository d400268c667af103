"""account.updateStatus and the online status other users see (core.telegram.org/api/users:
userStatusOnline until `expires`, then userStatusOffline with `was_online`). A client says it is
online (offline: false) while it runs, and Telegram takes it as online for five minutes unless it
says so again; offline: true, or its last connection closing, makes it offline at once. Every
change goes to the other users' connected sessions as updateShort(updateUserStatus) (every
account is everyone's contact here), and every User object carries the status."""
from telethon.tl import functions, types

from wire import Bool

ONLINE_SECONDS = 300


class _Nobody:
    """The caller of a change no request made (a connection closing): its log, no session."""

    def __init__(self, log):
        self.log, self.session = log, None


class Presence:
    def __init__(self, accounts, delivery, clock, log):
        self.accounts, self.delivery, self.clock, self.log = accounts, delivery, clock, log
        self.online_until = {}  # user id → unix time its last "online" lasts to
        self.was_online = {}    # user id → unix time it went offline
        self.handlers = {functions.account.UpdateStatusRequest: self.update_status}
        accounts.status_of = self.status_tl

    def handler(self, request):
        return self.handlers.get(type(request))

    def status_tl(self, user_id):
        now = int(self.clock())
        until = self.online_until.get(user_id)
        if until is not None and until > now:
            return types.UserStatusOnline(expires=until)
        if until is not None:
            return types.UserStatusOffline(was_online=until)
        if user_id in self.was_online:
            return types.UserStatusOffline(was_online=self.was_online[user_id])
        return types.UserStatusRecently()

    def update_status(self, request, caller):
        me, now = caller.me, int(self.clock())
        if request.offline:
            self.online_until.pop(me.id, None)
            self.was_online[me.id] = now
        else:
            self.online_until[me.id] = now + ONLINE_SECONDS
        caller.log.info('updateStatus user %d: %s', me.id, 'offline' if request.offline else 'online')
        self._announce(me.id, caller)
        return Bool(True)

    def connection_closed(self):
        """Users online with no connected session left go offline now."""
        now = int(self.clock())
        for user_id in [u for u, until in self.online_until.items() if until > now]:
            if next(self.delivery.sessions(user_id), None) is None:
                del self.online_until[user_id]
                self.was_online[user_id] = now
                self.log.info('user %d offline: its last connection closed', user_id)
                self._announce(user_id, _Nobody(self.log))

    def _announce(self, user_id, caller):
        update = types.UpdateShort(update=types.UpdateUserStatus(user_id=user_id, status=self.status_tl(user_id)),
                                   date=int(self.clock()))
        for other in list(self.accounts.users):
            if other != user_id:
                self.delivery.push(other, update, caller, 'updateUserStatus(%d)' % user_id)
