"""contacts.resolveUsername and contacts.getContacts. The test server's contact list is every
other account (mutual) but those made with --public-account, so two accounts can find each other
by phone, username or id without a contacts.importContacts step, and a public one only by its
username. Usernames: the account option's fifth field, else user<id>."""
from telethon.tl import functions, types

import render
from accounts import USERNAME
from wire import RpcFailure


class Contacts:
    def __init__(self, accounts):
        self.accounts = accounts
        self.handlers = {
            functions.contacts.ResolveUsernameRequest: self.resolve_username,
            functions.contacts.GetContactsRequest: self.get_contacts,
        }

    def handler(self, request):
        return self.handlers.get(type(request))

    def resolve_username(self, request, caller):
        name = request.username.lstrip('@')
        if not USERNAME.fullmatch(name):
            raise RpcFailure(400, 'USERNAME_INVALID')
        user = self.accounts.by_username(name)
        caller.log.info('resolveUsername user %d: %s', caller.me.id, 'user %d' % user.id if user else 'not occupied')
        if user is None:
            raise RpcFailure(400, 'USERNAME_NOT_OCCUPIED')
        return types.contacts.ResolvedPeer(peer=render.peer(user.id), chats=[],
                                           users=[user.tl(is_self=user is caller.me)])

    def get_contacts(self, request, caller):
        """The hash is not compared: the full list always comes."""
        others = [u for _, u in sorted(self.accounts.users.items()) if u is not caller.me and u.listed]
        return types.contacts.Contacts(contacts=[types.Contact(user_id=u.id, mutual=True) for u in others],
                                       saved_count=0, users=[u.tl(is_self=False, status=self.accounts.status_of(u.id)) for u in others])
