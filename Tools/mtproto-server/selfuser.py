"""Users a signed-in key may ask about: users.getUsers (Telethon's get_me, and other accounts by
InputUser with their access_hash) and users.getFullUser. A key without an account is answered
401 AUTH_KEY_UNREGISTERED, as Telegram does."""
from telethon.tl import functions, types

from peers import input_user
from wire import RpcFailure, Vector


class SelfUser:
    def __init__(self, accounts, clock):
        self.accounts, self.clock = accounts, clock
        self.handlers = {
            functions.users.GetUsersRequest: self.get_users,
            functions.users.GetFullUserRequest: self.get_full_user,
        }

    def handler(self, request):
        return self.handlers.get(type(request))

    def _me(self, key_id):
        me = self.accounts.user_of_key(key_id)
        if me is None:
            raise RpcFailure(401, 'AUTH_KEY_UNREGISTERED')
        return me

    def get_users(self, request, key_id, log):
        """Ids no account has are left out; a known id with the wrong access_hash is USER_ID_INVALID."""
        me = self._me(key_id)
        users = [input_user(self.accounts, me, i) for i in request.id]
        return Vector(u.tl(is_self=u is me) for u in users if u is not None)

    def get_full_user(self, request, key_id, log):
        me = self._me(key_id)
        user = input_user(self.accounts, me, request.id)
        if user is None:
            raise RpcFailure(400, 'USER_ID_INVALID')
        full = types.UserFull(id=user.id, settings=types.PeerSettings(),
                              notify_settings=types.PeerNotifySettings(), common_chats_count=0)
        return types.users.UserFull(full_user=full, chats=[], users=[user.tl(is_self=user is me)])
