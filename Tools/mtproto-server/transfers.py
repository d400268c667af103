"""auth.exportAuthorization and auth.importAuthorization: the account carried to the auth key of
another datacenter (where a file lives), as Telegram does. A signed-in key exports for a dc that is
not its own; the key made for that dc imports it, once, and is signed in as the user. Every dc is
this one process: a key is "for" the dc its key exchange named (p_q_inner_data_dc)."""
import os

from telethon.tl import types

from wire import RpcFailure


class Transfers:
    def __init__(self, accounts):
        self.accounts = accounts
        self.exported = {}  # (user id, bytes) → the dc it may be imported on

    def export(self, request, me, key_dc, log):
        if request.dc_id == key_dc or not 1 <= request.dc_id <= 5:
            raise RpcFailure(400, 'DC_ID_INVALID')
        token = os.urandom(32)
        self.exported[(me.id, token)] = request.dc_id
        log.info('exportAuthorization user %d for dc %d', me.id, request.dc_id)
        return types.auth.ExportedAuthorization(id=me.id, bytes=token)

    def take(self, request, key_id, key_dc, log):
        dc = self.exported.pop((request.id, bytes(request.bytes)), None)
        user = self.accounts.users.get(request.id)
        if dc is None or dc != key_dc or user is None:
            raise RpcFailure(400, 'AUTH_BYTES_INVALID')
        self.accounts.bind(key_id, user)
        log.info('importAuthorization user %d on dc %d', user.id, key_dc)
        return types.auth.Authorization(user=user.tl(is_self=True))
