"""The API methods the server answers (help.getConfig, help.getNearestDc, updates.getState; login
in login.py, users in selfuser.py; for a signed-in key, messaging in chat.py, dialogs.py,
group_chats.py, contacts.py and updates.py, channels in channel_admin.py, channel_chat.py and
channel_updates.py), the wrappers it unwraps (invokeWithLayer, initConnection,
invokeWithoutUpdates, invokeAfterMsg(s)), and the per-method test behaviours (--flood-wait,
--migrate, --delay-method)."""
import re

from telethon.tl import functions, types

from channel_admin import ChannelAdmin
from channel_chat import ChannelChat
from channel_updates import ChannelUpdates
from chat import Chat
from contacts import Contacts
from delivery import Caller, Delivery
from devices import Devices
from dialog_settings import DialogSettings
from dialogs import Dialogs
from group_chats import GroupChats
from files import Files, FileStore
from login import Login
from presence import Presence
from pushes import Pushes
from selfuser import SelfUser
from transfers import Transfers
from updates import Updates
from wire import RpcFailure  # session.py imports it from here too

WRAPPERS = (functions.InvokeWithLayerRequest, functions.InitConnectionRequest,
            functions.InvokeWithoutUpdatesRequest, functions.InvokeAfterMsgRequest,
            functions.InvokeAfterMsgsRequest)


def unwrap(request):
    """The query inside invokeWithLayer(initConnection(…)) and friends."""
    while isinstance(request, WRAPPERS):
        request = request.query
    return request


def without_updates(request):
    """Whether invokeWithoutUpdates wraps the query (then the call does not subscribe its session)."""
    while isinstance(request, WRAPPERS):
        if isinstance(request, functions.InvokeWithoutUpdatesRequest):
            return True
        request = request.query
    return False


def method_name(request):
    """The TL name of a Telethon request: GetConfigRequest in telethon.tl.functions.help →
    help.getConfig; PingDelayDisconnectRequest → pingDelayDisconnect."""
    namespace = type(request).__module__.rsplit('.', 1)[-1]
    name = type(request).__name__
    name = name[:-len('Request')] if name.endswith('Request') else name
    name = name[0].lower() + name[1:]
    return name if namespace == 'functions' else namespace + '.' + name


def normalized(name):
    """help.getConfig, help.getconfig and ping_delay_disconnect all name the method they mean."""
    return re.sub(r'[_\s]', '', name).lower()


class Methods:
    def __init__(self, server):
        self.server = server
        self.flood_pending = dict(server.flood_wait)  # normalized name → seconds, first call only
        self.migrate_pending = dict(server.migrate)     # normalized name → dc, first foreign call
        self.login = Login(server.accounts, server.login_code)
        self.self_user = SelfUser(server.accounts, server.clock)
        delivery = Delivery(server)
        accounts, store, groups, channels, box = server.accounts, server.store, server.groups, server.channels, server.channel_box
        channel_updates = ChannelUpdates(accounts, store, channels, box, server.clock, server.channel_difference_too_long)
        self.updates = Updates(accounts, store, groups, server.clock, server.difference_too_long, channels, channel_updates)
        # Methods for a signed-in key only, each handler(request, Caller).
        self.pushes = Pushes(server.accounts, server.log,
                             muted=lambda owner, peer: server.store.dialog(owner, peer)['mute_until'] > server.clock())
        files = Files(FileStore(server.state_dir, server.log, server.file_dc))
        self.transfers = Transfers(server.accounts)
        chat = Chat(accounts, store, groups, delivery, self.pushes, files, server.clock, channels)
        # ChannelChat first: it claims the messages.* calls whose peer is a channel.
        self.signed_in = (ChannelChat(accounts, store, channels, box, groups, delivery, self.pushes, files, chat, server.clock,
                                      server.page_limit),
                          chat, files,
                          Dialogs(accounts, store, groups, server.page_limit, channels, box,
                                  below_offset='history-below-offset' in server.misbehave, state=self.updates.state), Contacts(server.accounts),
                          Devices(server.accounts), self.updates,
                          DialogSettings(accounts, store, groups, delivery, server.clock, channels),
                          GroupChats(accounts, store, groups, delivery, self.pushes, server.clock),
                          ChannelAdmin(accounts, store, channels, box, delivery, server.clock), channel_updates)
        self.presence = Presence(server.accounts, delivery, server.clock, server.log)
        self.signed_in += (self.presence,)

    def answer(self, request, key_dc, key_id=None, log=None, session=None):
        """The result object for an (unwrapped) API request from the auth key `key_id` in
        `session`, or RpcFailure. `log`: the connection's logger, for login events."""
        name = method_name(request)
        key = normalized(name)
        if key in self.flood_pending:
            raise RpcFailure(420, 'FLOOD_WAIT_%d' % self.flood_pending.pop(key))
        target = self.migrate_pending.get(key)
        if target is not None and key_dc != target:
            # Once only: every dc is this one process, and a client whose key came from a plain
            # p_q_inner_data (Telethon) cannot make a key "for" the target dc.
            del self.migrate_pending[key]
            prefix = 'PHONE' if name.startswith('auth.') else 'NETWORK'
            raise RpcFailure(303, '%s_MIGRATE_%d' % (prefix, target))
        now = int(self.server.clock())
        if isinstance(request, functions.help.GetConfigRequest):
            return self.config(now, key_dc)
        if isinstance(request, functions.help.GetNearestDcRequest):
            return types.NearestDc(country='NL', this_dc=key_dc, nearest_dc=key_dc)
        me = self.server.accounts.user_of_key(key_id) if key_id is not None else None
        if isinstance(request, functions.updates.GetStateRequest) and me is None:
            # Any key, signed in or not, gets a state (the Swift client's tests ask it unsigned).
            return types.updates.State(pts=1, qts=0, date=now, seq=1, unread_count=0)
        if isinstance(request, functions.auth.ExportAuthorizationRequest) and me is not None:
            return self.transfers.export(request, me, key_dc, log or self.server.log)
        if isinstance(request, functions.auth.ImportAuthorizationRequest) and key_id is not None:
            return self.transfers.take(request, key_id, key_dc, log or self.server.log)
        handler = self.login.handler(request) or self.self_user.handler(request)
        if handler is not None and key_id is not None:
            return handler(request, key_id, log or self.server.log)
        handler = next((h for h in (s.handler(request) for s in self.signed_in) if h), None)
        if handler is not None and me is not None:
            return handler(request, Caller(me, key_id, session, log or self.server.log, key_dc))
        # A method this server knows from the schema but does not serve: what Telegram says to
        # an auth key with no account behind it (a signed-in key asking for more gets it too).
        raise RpcFailure(401, 'AUTH_KEY_UNREGISTERED')

    def config(self, now, this_dc):
        port = self.server.port
        options = [types.DcOption(id=dc, ip_address='127.0.0.1', port=self.server.dc_ports.get(dc, port)) for dc in range(1, 6)]
        return types.Config(
            date=now, expires=now + 3600, test_mode=True, this_dc=this_dc, dc_options=options,
            dc_txt_domain_name='localhost', chat_size_max=200, megagroup_size_max=200000,
            forwarded_count_max=100, online_update_period_ms=210000, offline_blur_timeout_ms=5000,
            offline_idle_timeout_ms=30000, online_cloud_timeout_ms=300000,
            notify_cloud_delay_ms=30000, notify_default_delay_ms=1500, push_chat_period_ms=60000,
            push_chat_limit=2, edit_time_limit=172800, revoke_time_limit=2147483647,
            revoke_pm_time_limit=2147483647, rating_e_decay=2419200, stickers_recent_limit=200,
            channels_read_media_period=604800, call_receive_timeout_ms=20000,
            call_ring_timeout_ms=90000, call_connect_timeout_ms=30000,
            call_packet_timeout_ms=10000, me_url_prefix='https://t.me/', caption_length_max=1024,
            message_length_max=4096, webfile_dc_id=this_dc, tmp_sessions=None,
            suggested_lang_code='en', lang_pack_version=1, base_lang_pack_version=1)
