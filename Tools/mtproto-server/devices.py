"""account.registerDevice and account.unregisterDevice: where the server sends a user's pushes.
A device is bound to the auth key that registered it (auth.logOut or a revoked key drops it) and
kept in accounts.json beside the authorizations. This server pushes to one token type, Simple
Push (4): the token is an http://127.0.0.1 URL the encrypted push is POSTed to (Tools/push-relay
hands them out). The secret is the 256-byte key the payload is encrypted with (pushes.py)."""
from urllib.parse import urlsplit

from telethon.tl import functions

from wire import Bool, RpcFailure

SIMPLE_PUSH = 4
SECRET_SIZE = 256


def valid_token(token):
    """Only loopback endpoints: the test server never sends anything off this machine."""
    try:
        url = urlsplit(token)
        return url.scheme == 'http' and url.hostname == '127.0.0.1' and url.port is not None
    except ValueError:
        return False


class Devices:
    def __init__(self, accounts):
        self.accounts = accounts
        self.handlers = {
            functions.account.RegisterDeviceRequest: self.register,
            functions.account.UnregisterDeviceRequest: self.unregister,
        }

    def handler(self, request):
        return self.handlers.get(type(request))

    def register(self, request, caller):
        if not request.token:
            raise RpcFailure(400, 'TOKEN_EMPTY')
        if request.token_type != SIMPLE_PUSH:
            raise RpcFailure(400, 'TOKEN_TYPE_INVALID')
        if not valid_token(request.token):
            raise RpcFailure(400, 'TOKEN_INVALID')
        if len(request.secret) != SECRET_SIZE:
            raise RpcFailure(400, 'SECRET_INVALID')
        self.accounts.register_device(caller.key_id, request.token, request.secret, bool(request.no_muted))
        caller.log.info('registerDevice user %d: %s', caller.me.id, request.token)
        return Bool(True)

    def unregister(self, request, caller):
        removed = self.accounts.unregister_device(caller.key_id, request.token)
        caller.log.info('unregisterDevice user %d: %s (%s)', caller.me.id, request.token,
                        'removed' if removed else 'not registered')
        return Bool(True)
