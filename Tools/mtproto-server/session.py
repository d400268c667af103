"""The encrypted session (core.telegram.org/mtproto/description, service_messages,
security_guidelines): MTProto 2.0 encryption both ways, msg_id/seqno/salt/session checks, service
messages, containers, gzip, acks, rpc_result/rpc_error, and the misbehaviours that corrupt what
the server sends."""
import asyncio
import collections
import os
import struct

from telethon.errors import TypeNotFoundError
from telethon.tl import functions, types

import wire
from methods import RpcFailure, method_name, normalized, unwrap, without_updates
from envelope import decrypt, encrypt
from wire import ProtocolError

MSGS_ACK = 0x62D6B459
HTTP_WAIT = 0x9299359F
NOT_CONTENT_RELATED = (wire.MSG_CONTAINER, MSGS_ACK, HTTP_WAIT)
# Service messages whose content-relatedness clients disagree on (Telethon sends msgs_state_req
# with an even seqno; the spec's "virtually all except containers and acks" says odd): either
# parity is accepted.
EITHER_PARITY = {types.MsgsStateReq.CONSTRUCTOR_ID, types.MsgsStateInfo.CONSTRUCTOR_ID,
                 types.MsgsAllInfo.CONSTRUCTOR_ID, types.MsgResendReq.CONSTRUCTOR_ID,
                 types.MsgDetailedInfo.CONSTRUCTOR_ID, types.MsgNewDetailedInfo.CONSTRUCTOR_ID}
TOO_OLD, TOO_NEW = 300, 30  # seconds, the windows of security_guidelines#checking-msg-id
REMEMBERED = 1000  # msg_ids (and answers) a session remembers


class Session:
    def __init__(self, session_id, clock):
        self.id = session_id
        self.ids = wire.MessageIds(clock)
        self.sent_content = 0
        self.received = collections.OrderedDict()  # msg_id → None, the last REMEMBERED
        self.answers = collections.OrderedDict()   # req_msg_id → rpc_result body
        self.pending = set()                        # req_msg_ids being answered late
        self.dropped = set()                        # of those, the ones rpc_drop_answer dropped
        self.connection = None                      # the latest connection that carried it
        self.wants_updates = False                  # called an API method without invokeWithoutUpdates

    def seqno(self, content_related):
        if not content_related:
            return self.sent_content * 2
        self.sent_content += 1
        return self.sent_content * 2 - 1

    def remember(self, msg_id):
        self.received[msg_id] = None
        while len(self.received) > REMEMBERED:
            self.received.popitem(last=False)

    def store_answer(self, req_msg_id, body):
        self.answers[req_msg_id] = body
        while len(self.answers) > REMEMBERED:
            self.answers.popitem(last=False)


class Outbox:
    """What one incoming packet makes the server send: (body, content_related, reply)."""

    def __init__(self):
        self.items, self.acks = [], []

    def add(self, obj_or_bytes, content_related=True, reply=True):
        body = obj_or_bytes if isinstance(obj_or_bytes, bytes) else bytes(obj_or_bytes)
        self.items.append((body, content_related, reply))


class EncryptedHandler:
    """One connection's encrypted traffic. `connection` sends packets and owns the timers."""

    def __init__(self, server, connection, log):
        self.server, self.connection, self.log = server, connection, log
        self.entry = None
        self.session = None

    @property
    def misbehave(self):
        return self.server.misbehave

    async def handle(self, packet):
        key_id = struct.unpack_from('<q', packet)[0]
        entry = self.server.keys.get(key_id)
        if entry is None:
            await self.connection.send_transport_error(-404)
            raise ProtocolError('unknown auth_key_id %016x' % (key_id & (2 ** 64 - 1)))
        if self.entry is not None and entry is not self.entry:
            raise ProtocolError('auth key changed within one connection')
        self.entry = entry
        salt, session_id, msg_id, seqno, body = decrypt(entry.key, packet)
        if self.session is not None and session_id != self.session.id:
            raise ProtocolError('session_id changed within one connection')
        out = Outbox()
        session = entry.sessions.get(session_id)
        if session is None:
            session = entry.sessions[session_id] = Session(session_id, self.server.clock)
            self.log.info('new session %016x', session_id & (2 ** 64 - 1))
            out.add(types.NewSessionCreated(first_msg_id=self._first_msg_id(msg_id, body),
                                            unique_id=struct.unpack('<q', os.urandom(8))[0],
                                            server_salt=entry.current_salt(self.server.clock())),
                    reply=False)
        self.session = session
        session.connection = self.connection

        now = self.server.clock()
        if self._check_time(msg_id, seqno, out) and self._check_salt(salt, msg_id, seqno, now, out, body):
            self._process(msg_id, seqno, body, out, in_container=False)
        self.flush(out)

    @staticmethod
    def _first_msg_id(msg_id, body):
        if len(body) >= 16 and struct.unpack_from('<I', body)[0] == wire.MSG_CONTAINER:
            return min(msg_id, struct.unpack_from('<q', body, 8)[0])
        return msg_id

    def _check_time(self, msg_id, seqno, out):
        """bad_msg_notification 16/17/18 (its own msg_id carries the server's time)."""
        delta = msg_id / 2 ** 32 - self.server.clock()
        code = 18 if msg_id % 4 else 16 if delta < -TOO_OLD else 17 if delta > TOO_NEW else None
        if code:
            self.log.info('bad_msg_notification %d for msg_id %d (%.0f s off)', code, msg_id, delta)
            out.add(types.BadMsgNotification(bad_msg_id=msg_id, bad_msg_seqno=seqno, error_code=code),
                    content_related=False)
        return code is None

    def _check_salt(self, salt, msg_id, seqno, now, out, body):
        entry = self.entry
        if entry.salt_valid(salt, now):
            entry.messages_since_salt_change += 1
            first_container = ('salt-change-on-container' in self.misbehave and not entry.container_salt_changed
                               and wire.constructor_of(body) == wire.MSG_CONTAINER)
            if not first_container and ('salt-changes' not in self.misbehave or entry.messages_since_salt_change < 3):
                return True
            entry.container_salt_changed = entry.container_salt_changed or first_container
            entry.messages_since_salt_change = 0
            new_salt = entry.replace_salts(now)
            self.server.keys.save()
        else:
            new_salt = entry.current_salt(now)
        self.log.info('bad_server_salt for msg_id %d', msg_id)
        out.add(types.BadServerSalt(bad_msg_id=msg_id, bad_msg_seqno=seqno, error_code=48,
                                    new_server_salt=new_salt), content_related=False)
        return False

    def _bad(self, msg_id, seqno, code, out):
        self.log.info('bad_msg_notification %d for msg_id %d', code, msg_id)
        out.add(types.BadMsgNotification(bad_msg_id=msg_id, bad_msg_seqno=seqno, error_code=code),
                content_related=False)

    def _process(self, msg_id, seqno, body, out, in_container):
        session = self.session
        if msg_id in session.received:
            if msg_id in session.answers:  # a resent query whose answer is known: answer again
                out.add(session.answers[msg_id])
            return
        constructor = wire.constructor_of(body)
        content_related = constructor not in NOT_CONTENT_RELATED
        if in_container and msg_id % 4:
            return self._bad(msg_id, seqno, 18, out)
        if constructor in EITHER_PARITY:
            content_related = bool(seqno % 2)
        if content_related != bool(seqno % 2):
            return self._bad(msg_id, seqno, 35 if content_related else 34, out)
        session.remember(msg_id)
        if constructor == wire.MSG_CONTAINER:
            if in_container:
                return self._bad(msg_id, seqno, 64, out)
            messages = _container_messages(body)
            # service_messages#simple-container: the container's msg_id is newer than all it holds.
            if any(inner_id >= msg_id for inner_id, _, _ in messages):
                self.log.info('msg_container %d holds a newer msg_id', msg_id)
                return self._bad(msg_id, seqno, 64, out)
            self.log.info('msg_container of %d messages', len(messages))
            for inner_id, inner_seqno, inner_body in messages:
                self._process(inner_id, inner_seqno, inner_body, out, in_container=True)
            return
        if content_related:
            out.acks.append(msg_id)
        self._dispatch(msg_id, body, out)

    def _dispatch(self, msg_id, body, out):
        if wire.constructor_of(body) == wire.GZIP_PACKED:
            return self._dispatch(msg_id, wire.gunzip(body), out)
        if wire.constructor_of(body) == HTTP_WAIT:
            return
        try:
            obj, _ = wire.parse_object(body)
        except TypeNotFoundError as error:
            self.log.warning('unknown constructor %08x: rpc_error', error.invalid_constructor_id)
            out.add(wire.rpc_result(msg_id, bytes(RpcFailure(400, 'INPUT_METHOD_INVALID').result())))
            return
        except Exception as error:
            raise ProtocolError('message %d does not parse: %r' % (msg_id, error))
        now = self.server.clock()
        session, entry = self.session, self.entry
        quiet = without_updates(obj)
        if isinstance(obj, functions.InvokeAfterMsgRequest):
            # Run in arrival order, as every request here is: the one it follows came first.
            prior = obj.msg_id
            state = 'answered' if prior in session.answers else 'running' if prior in session.pending else \
                'received' if prior in session.received else 'unknown'
            self.log.info('invokeAfterMsg %s after msg %d (%s)', method_name(unwrap(obj)), prior, state)
        obj = unwrap(obj)  # invokeWithoutUpdates(ping) is a ping (Telethon sends it so)
        if isinstance(obj, (types.MsgsAck, types.MsgsAllInfo, types.MsgsStateInfo)):
            return
        if isinstance(obj, functions.PingDelayDisconnectRequest):
            self.connection.arm_disconnect(obj.disconnect_delay)
            return out.add(types.Pong(msg_id=msg_id, ping_id=obj.ping_id))
        if isinstance(obj, functions.PingRequest):
            self.connection.packet_kind = 'ping'
            return out.add(types.Pong(msg_id=msg_id, ping_id=obj.ping_id))
        if isinstance(obj, functions.GetFutureSaltsRequest):
            self.log.info('get_future_salts %d', obj.num)
            salts = [types.FutureSalt(valid_since=s[0], valid_until=s[1], salt=s[2])
                     for s in entry.future_salts(now, max(1, min(obj.num, 64)))]
            return out.add(types.FutureSalts(req_msg_id=msg_id, now=int(now), salts=salts))
        if isinstance(obj, functions.DestroySessionRequest):
            known = obj.session_id != session.id and entry.sessions.pop(obj.session_id, None)
            kind = types.DestroySessionOk if known else types.DestroySessionNone
            self.log.info('destroy_session %016x → %s', obj.session_id & (2 ** 64 - 1), kind.__name__)
            return out.add(kind(session_id=obj.session_id))
        if isinstance(obj, types.MsgsStateReq):
            self.log.info('msgs_state_req for %d msg_id(s)', len(obj.msg_ids))
            return out.add(types.MsgsStateInfo(req_msg_id=msg_id, info=bytes(
                self._state_of(i, now) for i in obj.msg_ids)), content_related=False)
        if isinstance(obj, types.MsgResendReq):
            for req_id in obj.msg_ids:
                if req_id in session.answers:
                    out.add(session.answers[req_id])
            return
        if isinstance(obj, functions.RpcDropAnswerRequest):
            return out.add(wire.rpc_result(msg_id, bytes(self._drop_answer(obj.req_msg_id))))
        self._call(msg_id, obj, out, quiet)

    def _drop_answer(self, req_msg_id):
        """rpc_drop_answer: a request still being answered is dropped (its answer never sent);
        one answered already or never seen is unknown (service_messages#cancellation-of-an-rpc-query)."""
        session = self.session
        if req_msg_id in session.pending:
            session.dropped.add(req_msg_id)
            answer = types.RpcAnswerDroppedRunning()
        else:
            answer = types.RpcAnswerUnknown()
        self.log.info('rpc_drop_answer %d → %s', req_msg_id, type(answer).__name__)
        return answer

    def _state_of(self, msg_id, now):
        """msgs_state_info's byte: 1 unknown (too old), 2 not received, 3 too new, 4 received,
        +32 being answered, +64 answered."""
        session = self.session
        if msg_id in session.received:
            return 4 | (64 if msg_id in session.answers else 32 if msg_id in session.pending else 0)
        if msg_id / 2 ** 32 > now + TOO_NEW:
            return 3
        return 2 if session.received and msg_id > next(iter(session.received)) else 1

    def _call(self, msg_id, query, out, quiet=False):
        name = method_name(query)
        if not quiet:  # api/updates: a session that calls methods gets updates
            self.session.wants_updates = True
        late = self.server.answer_late.get(normalized(name))
        hold = self.server.hold_answer.get(normalized(name))
        if late or hold:  # done now, answered later: a kill or a dropped connection loses the answer
            body = self._result(self.session, msg_id, query)
            self.session.pending.add(msg_id)
            self.log.info('%s (msg %d): done, answering %s', name, msg_id,
                          'in %.1f s' % late if late else 'once %s is gone' % hold)
            self.connection.spawn(self._send_later(self.session, msg_id, body, late, hold))
            return
        delay = self.server.delay_method.get(normalized(name))
        if delay:
            self.log.info('%s (msg %d): answering in %.1f s', name, msg_id, delay)
            self.session.pending.add(msg_id)
            self.connection.spawn(self._answer_later(self.entry, self.session, msg_id, query, delay))
            return
        out.add(self._result(self.session, msg_id, query))

    def _result(self, session, msg_id, query):
        name = method_name(query)
        try:
            result = self.server.methods.answer(query, self.entry.dc, self.entry.key_id, self.log, session)
            self.log.info('%s → %s', name, type(result).__name__)
        except RpcFailure as failure:
            self.log.info('%s → rpc_error %s', name, failure)
            result = failure.result()
        body = wire.rpc_result(msg_id, bytes(result))
        session.store_answer(msg_id, body)
        session.pending.discard(msg_id)
        return body

    async def _send_later(self, session, msg_id, body, delay, hold):
        await asyncio.sleep(delay or 0)
        while hold and os.path.exists(hold):
            await asyncio.sleep(0.05)
        session.pending.discard(msg_id)
        self._deliver(session, msg_id, body)

    async def _answer_later(self, entry, session, msg_id, query, delay):
        await asyncio.sleep(delay)
        if msg_id in session.dropped:
            session.dropped.discard(msg_id)
            session.pending.discard(msg_id)
            self.log.info('late answer to %d not sent: the client dropped it', msg_id)
            return
        self._deliver(session, msg_id, self._result(session, msg_id, query))

    def _deliver(self, session, msg_id, body):
        """A late answer goes to the session's connection now, or waits (stored) for a resend."""
        connection = session.connection
        if connection is None or connection.closed:
            self.log.info('late answer to %d kept for a resend: its session has no connection', msg_id)
            return
        out = Outbox()
        out.add(body)
        connection.encrypted.flush(out)

    def push(self, body):
        """A server-initiated message (an update): its own msg_id (…11) and an odd seqno."""
        out = Outbox()
        out.add(body, content_related=True, reply=False)
        self.flush(out)

    def flush(self, out):
        """Sends `out` as one message, or a msg_container when there is more than one."""
        if out.acks:
            out.add(types.MsgsAck(msg_ids=out.acks), content_related=False, reply=False)
            out.acks = []
        if not out.items or self.session is None:
            return
        session, entry = self.session, self.entry
        back = 3600 if 'old-msg-id' in self.misbehave else 0
        messages = [(session.ids.next(reply, back), session.seqno(content), body)
                    for body, content, reply in out.items]
        if len(messages) == 1:
            msg_id, seqno, body = messages[0]
        else:
            msg_id, seqno, body = session.ids.next(False, back), session.seqno(False), wire.container(messages)
        session_id = session.id
        if 'wrong-session-id' in self.misbehave:
            session_id ^= 0x1234567
        plain = struct.pack('<qqqii', entry.current_salt(self.server.clock()), session_id, msg_id,
                            seqno, len(body)) + body
        packet = encrypt(entry.key, entry.key_id, plain)
        if 'wrong-msg-key' in self.misbehave:
            packet = packet[:8] + bytes([packet[8] ^ 0xFF]) + packet[9:]
        self.connection.send(packet)
        if 'replayed-msg-id' in self.misbehave:
            if self.connection.last_encrypted is not None:
                self.log.info('replaying an earlier message')
                self.connection.send(self.connection.last_encrypted)
            self.connection.last_encrypted = packet


def _container_messages(body):
    """msg_container's messages, bounds-checked."""
    if len(body) < 8:
        raise ProtocolError('msg_container without a count')
    count = struct.unpack_from('<i', body, 4)[0]
    if not 0 < count <= 1024:
        raise ProtocolError('msg_container with %d messages' % count)
    offset, messages = 8, []
    for _ in range(count):
        if offset + 16 > len(body):
            raise ProtocolError('msg_container ends inside a message header')
        inner_id, inner_seqno, length = struct.unpack_from('<qii', body, offset)
        offset += 16
        if length < 4 or length % 4 or offset + length > len(body):
            raise ProtocolError('msg_container message of %d bytes does not fit' % length)
        messages.append((inner_id, inner_seqno, body[offset:offset + length]))
        offset += length
    return messages
