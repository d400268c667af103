"""A chat's place and sound in its owner's list: messages.toggleDialogPin (at most five pinned,
the newest first, as Telegram's limit for a free account), account.updateNotifySettings and
account.getNotifySettings for a private chat, a basic group or a channel (mute_until; the other
settings are not kept). The owner's other sessions hear updateDialogPinned / updateNotifySettings; getDialogs
carries both."""
from telethon.tl import functions, types

import render
from peers import chat_peer
from wire import Bool, RpcFailure

PINNED_LIMIT = 5


class DialogSettings:
    def __init__(self, accounts, store, groups, delivery, clock, channels=None):
        self.accounts, self.store, self.delivery, self.clock = accounts, store, delivery, clock
        self.groups, self.channels = groups, channels
        self.handlers = {
            functions.messages.ToggleDialogPinRequest: self.toggle_pin,
            functions.account.UpdateNotifySettingsRequest: self.update_notify_settings,
            functions.account.GetNotifySettingsRequest: self.get_notify_settings,
        }

    def handler(self, request):
        return self.handlers.get(type(request))

    def _chat(self, caller, wrapper, kind):
        if not isinstance(wrapper, kind):
            raise RpcFailure(400, 'PEER_ID_INVALID')
        return chat_peer(self.accounts, self.groups, caller.me, wrapper.peer, self.channels)

    def toggle_pin(self, request, caller):
        me, peer = caller.me, self._chat(caller, request.peer, types.InputDialogPeer)
        pinned = self.store.pinned_dialogs(me.id)
        if request.pinned and peer.key not in pinned:
            if len(pinned) >= PINNED_LIMIT:
                raise RpcFailure(400, 'PINNED_DIALOGS_TOO_MUCH')
            order = max((self.store.dialog(me.id, p)['pinned'] for p in pinned), default=0) + 1
            with self.store.write():
                self.store.set_dialog(me.id, peer.key, pinned=order)
        elif not request.pinned and peer.key in pinned:
            with self.store.write():
                self.store.set_dialog(me.id, peer.key, pinned=None)
        else:
            return Bool(True)
        caller.log.info('toggleDialogPin user %d peer %d: %s', me.id, peer.key, 'pinned' if request.pinned else 'unpinned')
        update = types.UpdateDialogPinned(peer=types.DialogPeer(peer=render.peer(peer.key)), pinned=request.pinned or None)
        self.delivery.push(me.id, self.delivery.updates(me, [update], int(self.clock())), caller, 'updateDialogPinned')
        return Bool(True)

    def update_notify_settings(self, request, caller):
        me, peer = caller.me, self._chat(caller, request.peer, types.InputNotifyPeer)
        mute_until = int(request.settings.mute_until.timestamp()) if hasattr(request.settings.mute_until, 'timestamp') \
            else int(request.settings.mute_until or 0)
        with self.store.write():
            self.store.set_dialog(me.id, peer.key, mute_until=mute_until)
        caller.log.info('updateNotifySettings user %d peer %d: mute_until %d', me.id, peer.key, mute_until)
        update = types.UpdateNotifySettings(peer=types.NotifyPeer(peer=render.peer(peer.key)),
                                            notify_settings=types.PeerNotifySettings(mute_until=mute_until or None))
        self.delivery.push(me.id, self.delivery.updates(me, [update], int(self.clock())), caller, 'updateNotifySettings')
        return Bool(True)

    def get_notify_settings(self, request, caller):
        peer = self._chat(caller, request.peer, types.InputNotifyPeer)
        return types.PeerNotifySettings(mute_until=self.store.dialog(caller.me.id, peer.key)['mute_until'] or None)
