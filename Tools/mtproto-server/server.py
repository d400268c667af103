#!/usr/bin/env python3
"""A Telegram-protocol (MTProto 2.0, layer 214) test server for the client's tests: key exchange,
encrypted sessions, help.getConfig, ping, updates.getState, login (code, sign-up, SRP password,
log out), messaging in private chats, basic groups and channels (broadcast and supergroups) with
live updates, getDifference and getChannelDifference, and misbehaviours on request. Listens on 127.0.0.1 only; prints one JSON line {"ready": true,
"port": N, "pid": P} when it listens and logs to stderr. Not the product: built on Telethon's TL
objects and `cryptography`, sharing no code with the Swift client. See README.md."""
import argparse
import asyncio
import json
import logging
import os
import sys
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import auth  # noqa: E402
import transport  # noqa: E402
import wire  # noqa: E402
from accounts import Accounts, parse_account  # noqa: E402
from channel_box import ChannelBox  # noqa: E402
from channels import ChannelStore  # noqa: E402
from groups import GroupStore  # noqa: E402
from keystore import KeyStore  # noqa: E402
from messages import MessageStore  # noqa: E402
from methods import Methods, normalized  # noqa: E402
from session import EncryptedHandler  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_KEY = os.path.join(HERE, 'keys', 'test-server.pem')

# name → whether it takes a value (`name=value`)
MISBEHAVIOURS = {
    'truncated-frame': False, 'wrong-msg-key': False, 'replayed-msg-id': False,
    'bad-g-a': True, 'unsafe-dh-prime': True, 'bad-nonce': False, 'bad-server-nonce': False,
    'bad-new-nonce-hash': False, 'salt-changes': False, 'stall': False,
    'wrong-session-id': False, 'bad-fingerprint': False, 'old-msg-id': False,
    'time-offset': True, 'dh-retry-once': False, 'transport-flood-once': False,
    'salt-change-on-container': False, 'drop-pushes': True, 'drop-channel-pushes': True,
    'history-below-offset': False,
}
OPTIONAL_VALUE = {'bad-g-a': '1', 'unsafe-dh-prime': 'prime'}


class Server:
    def __init__(self, args, log):
        self.log = log
        self.misbehave = parse_misbehave(args.misbehave)
        self.timing = args.timing
        self.clock = wire.Clock(float(self.misbehave.get('time-offset', 0)))
        self.dc_id = args.dc_id
        self.file_dc = args.file_dc or args.dc_id
        self.dc_ports = {}  # a datacenter with an address of its own (--file-dc): its port
        self.rsa = auth.RsaKey(args.rsa_key)
        self.state_dir = args.state
        self.keys = KeyStore(args.state, self.clock, log)
        self.accounts = Accounts(args.state, log)
        chosen = [(a, True) for a in args.account or []] + [(a, False) for a in args.public_account or []]
        for (phone, first_name, last_name, password, username), listed in ((parse_account(a), l) for a, l in chosen):
            user = self.accounts.preload(phone, first_name, last_name, password, username, listed)
            log.info('account %d +%s %s @%s%s', user.id, phone, first_name, user.username,
                     ' (with a password)' if password else '')
        self.store = MessageStore(args.state, log)
        self.groups = GroupStore(self.store, log)  # basic groups, in the same database
        self.channels = ChannelStore(self.store, log)  # channels and their participants, the same
        self.channel_box = ChannelBox(self.store)  # each channel's one message box, the same
        self.difference_too_long = args.difference_too_long
        self.channel_difference_too_long = args.channel_difference_too_long
        self.page_limit = args.page_limit
        self.login_code = args.login_code
        self.delay_method = parse_pairs(args.delay_method, float, '--delay-method')
        self.answer_late = parse_pairs(args.answer_late, float, '--answer-late')
        self.hold_answer = parse_pairs(args.hold_answer, str, '--hold-answer')
        self.flood_wait = parse_pairs(args.flood_wait, int, '--flood-wait')
        self.migrate = parse_pairs(args.migrate, int, '--migrate')
        self.methods = Methods(self)
        self.port = None
        self.dh_retry_done = False
        self.transport_flood_done = False
        self.connection_count = 0


class Connection:
    def __init__(self, server, reader, writer, dc=None):
        server.connection_count += 1
        self.server, self.reader, self.writer = server, reader, writer
        self.log = logging.LoggerAdapter(server.log, {'conn': '#%d' % server.connection_count})
        self.transport = None
        self.closed = False
        self.frames_sent = 0
        self.last_encrypted = None
        self.key_exchange = auth.KeyExchange(server, self.log, dc)
        if dc is not None:
            self.log.info("at dc %d's own address", dc)
        self.plain_ids = wire.MessageIds(server.clock)
        self.encrypted = EncryptedHandler(server, self, self.log)
        self.disconnect_timer = None
        self.tasks = set()
        self.packet_kind = None  # plain, encrypted, or ping: what --timing names a packet

    async def run(self):
        self.transport = await transport.detect(self.reader)
        self.log.info('transport %s%s', self.transport.name,
                      ' (dc %d)' % self.transport.dc_id if self.transport.dc_id is not None else '')
        if 'stall' in self.server.misbehave:
            self.log.info('stall: reading, never answering')
            while await self.reader.read(65536):
                pass
            return
        while not self.closed:
            packet = await self.transport.read_packet()
            if 'transport-flood-once' in self.server.misbehave and not self.server.transport_flood_done:
                self.server.transport_flood_done = True
                await self.send_transport_error(-429)
                raise wire.ProtocolError('transport-flood-once: answered -429')
            started = time.perf_counter_ns()
            self.packet_kind = 'plain' if packet[:8] == b'\0' * 8 else 'encrypted'
            plain = self.packet_kind == 'plain'
            if plain:
                self.handle_plain(packet)
            else:
                await self.encrypted.handle(packet)
            if self.server.timing:
                # The server's own time for a packet: read to answer written (Scripts/bench's reference).
                self.log.info('timing %s %d us', self.packet_kind, (time.perf_counter_ns() - started) // 1000)
            await self.writer.drain()

    def handle_plain(self, packet):
        if len(packet) < 20:
            raise wire.ProtocolError('unencrypted message of %d bytes' % len(packet))
        msg_id, length = int.from_bytes(packet[8:16], 'little'), int.from_bytes(packet[16:20], 'little')
        if msg_id == 0 or length != len(packet) - 20:
            raise wire.ProtocolError('unencrypted message header is inconsistent')
        try:
            request, _ = wire.parse_object(packet[20:])
        except Exception as error:
            raise wire.ProtocolError('unencrypted message does not parse: %r' % error)
        self.log.info('%s', type(request).__name__)
        answer = bytes(self.key_exchange.handle(request))
        server_msg_id = self.plain_ids.next(reply=True)
        self.send(b'\0' * 8 + server_msg_id.to_bytes(8, 'little') + len(answer).to_bytes(4, 'little')
                  + answer)

    def send(self, payload, pad=True):
        if self.closed:
            return
        data = self.transport.frame(payload, pad)
        self.frames_sent += 1
        if 'truncated-frame' in self.server.misbehave and self.frames_sent == 1:
            self.log.info('truncated-frame: sending %d of %d bytes, then closing', len(data) // 2, len(data))
            self.writer.write(data[:len(data) // 2])
            self.close()
            return
        self.writer.write(data)

    async def send_transport_error(self, code):
        self.send(code.to_bytes(4, 'little', signed=True), pad=False)
        await self.writer.drain()

    def arm_disconnect(self, delay):
        if self.disconnect_timer:
            self.disconnect_timer.cancel()
        self.disconnect_timer = self.spawn(self._disconnect_after(delay))

    async def _disconnect_after(self, delay):
        await asyncio.sleep(delay)
        self.log.info('ping_delay_disconnect: no ping within %d s, closing', delay)
        self.close()

    def spawn(self, coroutine):
        task = asyncio.get_running_loop().create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    def close(self):
        if not self.closed:
            self.closed = True
            self.writer.close()
            if self.disconnect_timer:
                self.disconnect_timer.cancel()


async def serve_connection(server, reader, writer, dc=None):
    connection = Connection(server, reader, writer, dc)
    try:
        await connection.run()
    except asyncio.IncompleteReadError:
        connection.log.info('closed by the client')
    except (ConnectionError, OSError) as error:
        connection.log.info('connection lost: %s', error)
    except wire.ProtocolError as error:
        connection.log.warning('closing: %s', error)
    except Exception:
        connection.log.error('closing after an unexpected error:\n%s', traceback.format_exc())
    finally:
        connection.close()
        server.methods.presence.connection_closed()


def parse_misbehave(values):
    result = {}
    for value in values or []:
        for item in filter(None, (part.strip() for part in value.split(','))):
            name, _, argument = item.partition('=')
            if name not in MISBEHAVIOURS:
                raise SystemExit('unknown misbehaviour %r (known: %s)' % (name, ', '.join(MISBEHAVIOURS)))
            if argument and not MISBEHAVIOURS[name]:
                raise SystemExit('misbehaviour %r takes no value' % name)
            if MISBEHAVIOURS[name] and not argument and name not in OPTIONAL_VALUE:
                raise SystemExit('misbehaviour %r needs a value: %s=…' % (name, name))
            result[name] = argument or OPTIONAL_VALUE.get(name, True)
    for name in ('drop-pushes', 'drop-channel-pushes'):
        if name in result and not str(result[name]).isdigit():
            raise SystemExit('%s needs a count, not %r' % (name, result[name]))
    if 'time-offset' in result:
        try:
            float(result['time-offset'])
        except ValueError:
            raise SystemExit('time-offset needs seconds, not %r' % result['time-offset'])
    return result


def parse_pairs(values, convert, flag):
    result = {}
    for value in values or []:
        for item in filter(None, value.split(',')):
            name, sep, argument = item.partition('=')
            try:
                result[normalized(name)] = convert(argument)
            except ValueError:
                raise SystemExit('%s expects METHOD=VALUE, not %r' % (flag, item))
            if not sep:
                raise SystemExit('%s expects METHOD=VALUE, not %r' % (flag, item))
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--port', type=int, default=0, help='TCP port on 127.0.0.1 (0: a free one)')
    parser.add_argument('--state', help='directory keeping auth keys and salts across restarts')
    parser.add_argument('--rsa-key', default=DEFAULT_KEY, help='PEM RSA private key (2048 bits)')
    parser.add_argument('--dc-id', type=int, default=2, help='this datacenter\'s id (default 2)')
    parser.add_argument('--file-dc', type=int, choices=range(1, 6), metavar='N',
                        help='new files live on datacenter N (default: --dc-id): upload.getFile elsewhere answers '
                             'FILE_MIGRATE_N, and a client carries its authorization there (auth.export/importAuthorization)')
    parser.add_argument('--misbehave', action='append', metavar='MODE[,MODE…]')
    parser.add_argument('--delay-method', action='append', metavar='METHOD=SECONDS',
                        help='answer METHOD after SECONDS, doing it only then')
    parser.add_argument('--answer-late', action='append', metavar='METHOD=SECONDS',
                        help='do METHOD at once but answer after SECONDS (a kill meanwhile loses the answer)')
    parser.add_argument('--hold-answer', action='append', metavar='METHOD=PATH',
                        help='do METHOD at once but answer only while PATH does not exist (a test holds it)')
    parser.add_argument('--flood-wait', action='append', metavar='METHOD=SECONDS')
    parser.add_argument('--migrate', action='append', metavar='METHOD=DC')
    parser.add_argument('--account', action='append', metavar='PHONE:FIRST:LAST[:PASSWORD[:USERNAME]]',
                        help='an account to sign in to (repeatable); PASSWORD sets a two-step password, '
                             'USERNAME replaces the default user<id>')
    parser.add_argument('--public-account', action='append', metavar='PHONE:FIRST:LAST[:PASSWORD[:USERNAME]]',
                        help='as --account, but in nobody\'s contact list: others find it only by its username')
    parser.add_argument('--difference-too-long', type=int, default=10000, metavar='N',
                        help='updates.getDifference answers differenceTooLong to a pts more than N behind (10000)')
    parser.add_argument('--channel-difference-too-long', type=int, default=100000, metavar='N',
                        help='updates.getChannelDifference answers channelDifferenceTooLong to a pts more than N '
                             'behind the channel (100000)')
    parser.add_argument('--page-limit', type=int, default=100, metavar='N',
                        help='getDialogs and getHistory answer at most N per page (100), shorter than asked')
    parser.add_argument('--login-code', default='12345', help='the login code every phone gets (default 12345)')
    parser.add_argument('--verbose', action='store_true', help='debug logging')
    parser.add_argument('--timing', action='store_true',
                        help='log each packet\'s handling time ("timing plain|encrypted N us"), for Scripts/bench')
    args = parser.parse_args()
    if not args.login_code.isdigit():
        parser.error('--login-code wants digits, not %r' % args.login_code)
    if args.page_limit < 1:
        parser.error('--page-limit wants a positive number')
    if args.difference_too_long < 1:
        parser.error('--difference-too-long wants a positive number')
    if args.channel_difference_too_long < 1:
        parser.error('--channel-difference-too-long wants a positive number')

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter('%(asctime)s mtproto-server %(conn)s %(message)s',
                                           defaults={'conn': '-'}))
    log = logging.getLogger('mtproto-server')
    log.addHandler(handler)
    log.setLevel(logging.DEBUG if args.verbose else logging.INFO)
    server = Server(args, log)
    asyncio.run(listen(server, args.port))


async def listen(server, port):
    listener = await asyncio.start_server(
        lambda r, w: serve_connection(server, r, w), host='127.0.0.1', port=port)
    server.port = listener.sockets[0].getsockname()[1]
    server.log.info('listening on 127.0.0.1:%d, dc %d, key fingerprint %d, misbehave %s',
                    server.port, server.dc_id, server.rsa.fingerprint, server.misbehave or 'none')
    listeners = [listener]
    if server.file_dc != server.dc_id:
        # The files' datacenter at an address of its own (help.getConfig names it): a key made
        # there is for it, whatever its key exchange said (Telethon's names no dc).
        files = await asyncio.start_server(
            lambda r, w: serve_connection(server, r, w, server.file_dc), host='127.0.0.1', port=0)
        server.dc_ports[server.file_dc] = files.sockets[0].getsockname()[1]
        server.log.info('dc %d (files) listening on 127.0.0.1:%d', server.file_dc, server.dc_ports[server.file_dc])
        listeners.append(files)
    print(json.dumps({'ready': True, 'port': server.port, 'pid': os.getpid()}), flush=True)
    await asyncio.gather(*(each.serve_forever() for each in listeners))


if __name__ == '__main__':
    try:
        main()
    except KeyboardInterrupt:
        pass
