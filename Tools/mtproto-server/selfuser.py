"""What a signed-in key may ask about itself, the least a client's login needs: users.getUsers
(Telethon's get_me), users.getFullUser, and updates.getDifference (Telethon's sign_in calls it
right after logging in; nothing ever happens here, so the difference is always empty). A key
without an account is answered 401 AUTH_KEY_UNREGISTERED, as Telegram does."""
from telethon.tl import functions, types

from wire import RpcFailure, Vector


class SelfUser:
    def __init__(self, accounts, clock):
        self.accounts, self.clock = accounts, clock
        self.handlers = {
            functions.users.GetUsersRequest: self.get_users,
            functions.users.GetFullUserRequest: self.get_full_user,
            functions.updates.GetDifferenceRequest: self.get_difference,
        }

    def handler(self, request):
        return self.handlers.get(type(request))

    def _me(self, key_id):
        me = self.accounts.user_of_key(key_id)
        if me is None:
            raise RpcFailure(401, 'AUTH_KEY_UNREGISTERED')
        return me

    def _user(self, me, input_user):
        """The User an InputUser names, or None (Telegram leaves unknown ones out)."""
        if isinstance(input_user, types.InputUserSelf):
            return me
        if isinstance(input_user, types.InputUser):
            user = self.accounts.users.get(input_user.user_id)
            if user is not None and user.access_hash == input_user.access_hash:
                return user
        return None

    def get_users(self, request, key_id, log):
        me = self._me(key_id)
        users = (self._user(me, i) for i in request.id)
        return Vector(u.tl(is_self=u is me) for u in users if u is not None)

    def get_full_user(self, request, key_id, log):
        me = self._me(key_id)
        user = self._user(me, request.id)
        if user is None:
            raise RpcFailure(400, 'USER_ID_INVALID')
        full = types.UserFull(id=user.id, settings=types.PeerSettings(),
                              notify_settings=types.PeerNotifySettings(), common_chats_count=0)
        return types.users.UserFull(full_user=full, chats=[], users=[user.tl(is_self=user is me)])

    def get_difference(self, request, key_id, log):
        self._me(key_id)
        return types.updates.DifferenceEmpty(date=int(self.clock()), seq=1)
