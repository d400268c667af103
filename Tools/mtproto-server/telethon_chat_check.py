#!/usr/bin/env python3
"""The messaging proof, end to end: starts a server (fresh --state), signs in Telethon clients
on three accounts (A on two devices, B, C) with telethon_chat.py, and checks live delivery,
catch-up through getDifference after being offline, once-only sending by random_id, edits,
reactions, pins, deletions and read states reaching the other side, getHistory/getDialogs paging
over 250 messages, the difference's slice/too-long/ahead answers, errors, and a SIGKILL restart
that keeps messages, pts and the dedupe. Prints one line per check; exits 1 at the first failure."""
import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON = sys.executable
sys.path.insert(0, HERE)
import telethon_chat  # noqa: E402
ACCOUNTS = ['+9996610001:Ada:Lovelace', '+9996620002:Bob:Two:s3cret:bobby', '+9996630003:Cy:Three']
A, B, C = 1000001, 1000002, 1000003


class Failure(Exception):
    pass


def check(condition, what, detail=''):
    if not condition:
        raise Failure('%s%s' % (what, ': %s' % detail if detail else ''))
    print('ok: %s' % what, flush=True)


class Server:
    def __init__(self, state, extra=(), port=0):
        self.log = open(os.path.join(state, 'server.log'), 'a')
        self.process = subprocess.Popen(
            [PYTHON, os.path.join(HERE, 'server.py'), '--port', str(port), '--state', state,
             *sum((['--account', a] for a in ACCOUNTS), []), *extra],
            stdout=subprocess.PIPE, stderr=self.log, text=True)
        self.port = json.loads(self.process.stdout.readline())['port']

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self):
        self.process.terminate()
        self.process.wait()


class Chat:
    """telethon_chat.py runs against one server, a session file per device."""

    def __init__(self, server, directory, transport):
        self.server, self.directory, self.transport = server, directory, transport

    def args(self, command, device, *rest, timeout=30):
        return [PYTHON, os.path.join(HERE, 'telethon_chat.py'), command, '--server', '127.0.0.1:%d' % self.server.port,
                '--transport', self.transport, '--session-file', os.path.join(self.directory, device),
                '--timeout', str(timeout), '--json', *map(str, rest)]

    def run(self, command, device, *rest, expect_error=None, timeout=60):
        # In this process (telethon_chat.execute): the same command line, without a Python and a
        # Telethon start for each of the checks' hundred-odd commands.
        _, result = telethon_chat.execute(self.args(command, device, *rest, timeout=timeout)[2:])
        if expect_error is not None:
            check(result.get('rpc_error') == expect_error, '%s answers %s' % (command, expect_error), result)
            return result
        if not result.get('ok'):
            raise Failure('%s %s: %s' % (command, ' '.join(map(str, rest)), result.get('error')))
        return result

    def wait(self, device, count, kinds='message', timeout=30, live_only=False):
        """Starts `wait`; returns once it is listening. .finish() gives the events."""
        extra = ['--live-only'] if live_only else []
        return Waiter(self.args('wait', device, '--count', count, '--kinds', kinds, *extra, timeout=timeout), timeout)


class Waiter:
    def __init__(self, args, timeout):
        self.timeout = timeout
        self.process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise Failure('wait ended before it was ready: %s' % self.process.stderr.read())
            item = json.loads(line)
            if item.get('ready'):
                self.pts = item['pts']
                break
            self.lines.append(item)

    def finish(self):
        # The rest through the same text wrapper readline used: communicate() reads the pipe
        # beneath it and loses what the wrapper has buffered already (events that came right
        # after "ready", on a loaded machine). The child ends by its own deadline.
        errors = []
        reader = threading.Thread(target=lambda: errors.append(self.process.stderr.read()), daemon=True)
        reader.start()
        out = self.process.stdout.read()
        self.process.wait(timeout=self.timeout + 10)
        reader.join(timeout=5)
        err = errors[0] if errors else ''
        items = list(self.lines)
        for line in out.splitlines():
            if line.strip():
                try:
                    items.append(json.loads(line))
                except ValueError:
                    raise Failure('wait printed a line that is not JSON: %r (stderr: %s)' % (line[:300], err[-500:]))
        if not items or not items[-1].get('ok'):
            raise Failure('wait failed: %s %s' % (items[-1:] if items else '', err))
        return [i for i in items if 'event' in i]


def texts(events, kind='message'):
    return [e['text'] for e in events if e['event'] == kind]


def scenario(chat, state, log_path):
    for device, phone, extra in (('A', '+9996610001', []), ('A2', '+9996610001', []),
                                 ('B', '+9996620002', ['--password', 's3cret']), ('C', '+9996630003', [])):
        result = chat.run('login', device, '--phone', phone, '--code', '12345', *extra)
    check(result['pts'] == 1, 'four logins (A on two devices), an empty box starts at pts 1')

    # Live: B and A's second device listen, A sends.
    b, a2 = chat.wait('B', 1), chat.wait('A2', 1)
    sent = chat.run('send', 'A', '--to', '@bobby', '--text', 'hello bob')
    got, mine = b.finish(), a2.finish()
    check(sent['id'] == 1 and sent['pts'] == 2 and sent['type'] == 'UpdateShortSentMessage',
          'sendMessage answers updateShortSentMessage id 1 pts 2', sent)
    check(texts(got) == ['hello bob'] and got[0]['from_id'] == A and not got[0]['out'],
          'B (waiting) receives it live, incoming from A', got)
    check(texts(mine) == ['hello bob'] and mine[0]['out'] and mine[0]['peer_id'] == B,
          'A\'s other device receives it live as outgoing', mine)

    # Offline, then online: Telethon catches up by getDifference from its stored state.
    for i in range(3):
        chat.run('send', 'A', '--to', '+9996620002', '--text', 'while away %d' % i)
    got = chat.wait('B', 3).finish()
    check(texts(got) == ['while away %d' % i for i in range(3)], 'B, offline for 3 messages, catches up on connect', got)
    check('getDifference user %d from pts 2 (box at 5): Difference, 3 message(s)' % B in open(log_path).read(),
          'B\'s catch-up was one updates.getDifference from pts 2')

    # Exactly once by random_id, in one connection and (below) after a restart.
    twice = chat.run('send', 'A', '--to', '@bobby', '--text', 'once', '--random-id', 777, '--repeat', 2)['sent']
    check(twice[0] == twice[1], 'the same random_id twice: the same id, pts and date', twice)
    history = chat.run('history', 'B', '--with', '@user1000001', '--limit', 50)['messages']
    check(texts([dict(m, event='message') for m in history]).count('once') == 1 and len(history) == 5,
          'B\'s history holds it once (5 messages, newest first)', [m['id'] for m in history])
    once_id = twice[0]['id']

    # Edit, reaction, pin, revoke-delete reach B live; B's read reaches A; B's reaction reaches A.
    # A reaction is updateEditMessage (pts) plus updateMessageReactions: an edit and a reaction.
    b = chat.wait('B', 5, 'edit,reaction,pin,delete')
    chat.run('edit', 'A', '--with', '@bobby', '--id', once_id, '--text', 'once, edited')
    chat.run('react', 'A', '--with', '@bobby', '--id', once_id, '--emoji', '👍')
    chat.run('pin', 'A', '--with', '@bobby', '--id', once_id)
    deleted = chat.run('delete', 'A', '--ids', '2,999', '--revoke')
    got = b.finish()
    kinds = [e['event'] for e in got]
    check(sorted(kinds) == sorted(['edit', 'edit', 'reaction', 'pin', 'delete']),
          'B gets edit, reaction, pin, delete live', kinds)
    by_kind = {e['event']: e for e in got}
    check(by_kind['edit']['text'] == 'once, edited' and by_kind['reaction']['reactions'] == {'👍': 1}
          and by_kind['pin']['pinned'] and by_kind['delete']['ids'] == [2],
          'their contents: the new text, 👍 ×1, pinned, B\'s own id of the revoked message', by_kind)
    check(deleted['pts_count'] == 1, 'deleteMessages of one real and one unknown id: pts_count 1', deleted)
    pinned = chat.run('history', 'B', '--with', '@user1000001', '--pinned')['messages']
    check([m['text'] for m in pinned] == ['once, edited'] and pinned[0]['pinned'],
          'messages.search with inputMessagesFilterPinned finds the pinned message in B\'s box', pinned)
    newest = chat.run('history', 'B', '--with', '@user1000001', '--limit', 1)['messages'][0]
    check(newest.get('action', {}).get('_') == 'MessageActionPinMessage' and newest.get('reply_to') == pinned[0]['id'],
          'the pin is a service message in B\'s box too (messageActionPinMessage), replying to B\'s copy', newest)
    a = chat.wait('A', 2, 'read,reaction', live_only=True)  # A's own earlier 👍 is not news
    read = chat.run('read', 'B', '--with', '@user1000001')
    chat.run('react', 'B', '--with', '@user1000001', '--id', 5, '--emoji', '❤')
    got = a.finish()
    check(read['pts_count'] == 1 and {e['event'] for e in got} == {'read', 'reaction'},
          'B\'s readHistory and reaction reach A (updateReadHistoryOutbox, updateMessageReactions)', got)
    outbox = next(e for e in got if e['event'] == 'read')
    check(outbox['outbox'] and outbox['max_id'] == once_id + 1,
          'A\'s outbox is read up to its own newest, the pin\'s service message (id %d)' % (once_id + 1), outbox)
    again = chat.run('read', 'B', '--with', '@user1000001')
    check(again['pts_count'] == 0, 'reading again changes nothing (pts_count 0)', again)

    # Errors, with Telegram's strings.
    chat.run('send', 'A', '--to', '@bobby', '--text', ' ', expect_error='MESSAGE_EMPTY')
    chat.run('send', 'A', '--to', '@bobby', '--text', 'x' * 4097, expect_error='MESSAGE_TOO_LONG')
    chat.run('send', 'A', '--to', '@nobody_here', '--text', 'hi', expect_error='USERNAME_NOT_OCCUPIED')
    chat.run('send', 'A', '--to', '@bobby', '--text', 'hi', '--access-hash', 12345, expect_error='PEER_ID_INVALID')
    chat.run('edit', 'A', '--with', '@bobby', '--id', 999, '--text', 'x', expect_error='MESSAGE_ID_INVALID')
    chat.run('edit', 'B', '--with', '@user1000001', '--id', 5, '--text', 'x', expect_error='MESSAGE_AUTHOR_REQUIRED')
    chat.run('edit', 'A', '--with', '@bobby', '--id', once_id, '--text', 'once, edited', expect_error='MESSAGE_NOT_MODIFIED')

    # Paging: 250 messages A → C.
    many = chat.run('send', 'A', '--to', '@user1000003', '--text', 'bulk', '--count', 250, timeout=120)['sent']
    check(len({m['id'] for m in many}) == 250, '250 messages sent to C')
    got = chat.wait('C', 250, timeout=60).finish()
    check(texts(got) == ['bulk %d' % i for i in range(1, 251)], 'C, offline for all 250, catches up in order')
    check('getDifference user %d from pts 1 (box at 251): DifferenceSlice, 100 message(s)' % C in open(log_path).read()
          and 'getDifference user %d from pts 201 (box at 251): Difference, 50 message(s)' % C in open(log_path).read(),
          'Telethon\'s catch-up took differenceSlice 1→101, 101→201, then difference 201→251')
    history = chat.run('history', 'C', '--with', '+9996610001', '--limit', 300)['messages']
    ids = [m['id'] for m in history]
    check(ids == list(range(250, 0, -1)), 'C\'s Telethon iter_messages pages (100 per request) to all 250, newest first')
    page = lambda *a: chat.run('history', 'C', '--with', '+9996610001', '--page', *a)
    first, second = page('--limit', 100), page('--limit', 100, '--offset-id', 151)
    third = page('--limit', 100, '--offset-id', 51)
    ids_of = lambda result: [m['id'] for m in result['messages']]  # noqa: E731
    check(first['type'] == 'MessagesSlice' and first['count'] == 250 and ids_of(first) == list(range(250, 150, -1)),
          'getHistory page 1: messagesSlice count 250, ids 250..151')
    check([m['id'] for m in second['messages']] == list(range(150, 50, -1)) and second['offset_id_offset'] == 100,
          'page 2 from offset_id 151: ids 150..51, offset_id_offset 100')
    check([m['id'] for m in third['messages']] == list(range(50, 0, -1)), 'page 3 from offset_id 51: ids 50..1')
    around = page('--limit', 10, '--offset-id', 100, '--add-offset', -5)
    check(ids_of(around) == list(range(104, 94, -1)), 'offset_id 100, add_offset -5, limit 10: ids 104..95')
    newer = page('--limit', 20, '--offset-id', 245, '--add-offset', -20)
    # offsetFromID counts MSGID itself, so the "newer" window (add_offset = -limit) ends at MSGID.
    check([m['id'] for m in newer['messages']] == list(range(250, 244, -1)),
          'offset_id 245, add_offset -20, limit 20: ids 250..245 (the list\'s head)')
    bounded = page('--limit', 100, '--max-id', 240, '--min-id', 200)
    check(ids_of(bounded) == list(range(239, 200, -1)), 'max_id 240, min_id 200 filter the page: 239..201')
    dialogs = chat.run('dialogs', 'A', '--page-size', 1)
    check([d['peer'] for d in dialogs['dialogs']] == [C, B] and dialogs['pages'][-1]['peers'] == []
          and {p['type'] for p in dialogs['pages']} == {'DialogsSlice'} and len(dialogs['pages']) == 3,
          'A\'s getDialogs by 1: C, then B, then an empty slice', dialogs['pages'])
    c_dialog = chat.run('dialogs', 'C')['dialogs']
    check(c_dialog[0]['unread_count'] == 250 and c_dialog[0]['top_message'] == 250,
          'C\'s dialog: top 250, 250 unread', c_dialog)

    # The difference's shapes, from C's box (pts 251).
    d1 = chat.run('difference', 'C', '--pts', 1)
    check(d1['type'] == 'DifferenceSlice' and len(d1['new_messages']) == 100 and d1['state']['pts'] == 101,
          'getDifference from pts 1 with 250 pending: differenceSlice of 100, intermediate pts 101')
    d2 = chat.run('difference', 'C', '--pts', 201)
    check(d2['type'] == 'Difference' and len(d2['new_messages']) == 50 and d2['state']['pts'] == 251 and A in d2['users'],
          'from pts 201: difference of 50, state pts 251, users include A')
    too_long = chat.run('difference', 'C', '--pts', 1, '--pts-total-limit', 100)
    check(too_long['type'] == 'DifferenceTooLong' and too_long['pts'] == 251,
          'pts_total_limit 100 with 250 pending: differenceTooLong(pts 251)')
    check(chat.run('difference', 'C', '--pts', 1, '--pts-limit', 10)['state']['pts'] == 11, 'pts_limit 10: a slice up to pts 11')
    check(chat.run('difference', 'C', '--pts', 251)['type'] == 'DifferenceEmpty', 'from the current pts: differenceEmpty')
    ahead = chat.run('difference', 'C', '--pts', 9999)
    check(ahead['type'] == 'Difference' and ahead['state']['pts'] == 251 and not ahead['new_messages'],
          'from a pts ahead of the server: an empty difference carrying the current state')
    b_other = chat.run('difference', 'B', '--pts', 6)  # after 'once' (pts 6): its edit etc. as other_updates
    other_kinds = sorted({u['_'] for u in b_other['other_updates']})
    check({'UpdateEditMessage', 'UpdateMessageReactions', 'UpdatePinnedMessages', 'UpdateDeleteMessages',
           'UpdateReadHistoryInbox'} <= set(other_kinds),
          'B\'s difference lists edits, reactions, pins, deletions, reads', other_kinds)

    # Restart after SIGKILL: messages, pts and the dedupe survive.
    state_before = chat.run('state', 'A')
    chat.server.kill()
    chat.server = Server(state, ['--difference-too-long', '50'], port=chat.server.port)
    check(chat.run('state', 'A')['pts'] == state_before['pts'],
          'after SIGKILL and restart A\'s pts is still %d' % state_before['pts'])
    retry = chat.run('send', 'A', '--to', '@bobby', '--text', 'once', '--random-id', 777)
    check(retry == dict(twice[0], ok=True), 'random_id 777 after the restart: the original answer, nothing new', retry)
    check(len(chat.run('history', 'C', '--with', '+9996610001', '--limit', 300)['messages']) == 250, 'C still has 250 messages')
    check(chat.run('difference', 'C', '--pts', 1)['type'] == 'DifferenceTooLong',
          '--difference-too-long 50: from pts 1 (250 behind) too long')
    got = chat.wait('B', 1)
    chat.run('send', 'A', '--to', '@bobby', '--text', 'after restart')
    check(texts(got.finish()) == ['after restart'], 'live delivery after the restart')
    # B's whole history with A, for both: A hears the deletion of each of its copies.
    before = chat.run('history', 'A', '--with', '@bobby')['messages']
    having = chat.run('peer-dialogs', 'A', '--with', '@bobby')
    check([d['top_message'] for d in having['dialogs']] == [before[0]['id']] and having['messages'] == [before[0]['id']],
          'messages.getPeerDialogs: A\'s dialog with B, its top message the newest', having)
    a = chat.wait('A', 1, 'delete', live_only=True)
    gone = chat.run('delete-history', 'B', '--with', '@user1000001', '--revoke')
    got = a.finish()
    check(gone['_'] == 'AffectedHistory' and gone['offset'] == 0 and gone['pts_count'] > 0
          and sorted(got[0]['ids']) == sorted(m['id'] for m in before),
          'messages.deleteHistory with revoke: B\'s history goes, and A hears its copies go', gone)
    check(chat.run('history', 'A', '--with', '@bobby')['messages'] == []
          and chat.run('history', 'B', '--with', '@user1000001')['messages'] == [], 'neither side has a message left')
    check(chat.run('peer-dialogs', 'A', '--with', '@bobby')['dialogs'] == [],
          'messages.getPeerDialogs: the emptied chat has no dialog left on A\'s side')


def run_check(description, prefix, run_scenario, cleanup=lambda: None):
    """Starts a server on a fresh state directory, runs `run_scenario(chat, state, log path)`
    and says "all checks passed" or what failed (the state then kept); exit status 0 or 1."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument('--transport', default='abridged')
    parser.add_argument('--keep', action='store_true', help='keep the state directory (its path is printed)')
    args = parser.parse_args()
    state = tempfile.mkdtemp(prefix=prefix)
    chat = Chat(Server(state), state, args.transport)
    started = time.monotonic()
    try:
        run_scenario(chat, state, os.path.join(state, 'server.log'))
        print('all checks passed in %.1f s' % (time.monotonic() - started), flush=True)
        return 0
    except Failure as failure:
        print('FAILED: %s (server log: %s)' % (failure, os.path.join(state, 'server.log')), flush=True)
        args.keep = True
        return 1
    finally:
        chat.server.stop()
        cleanup()
        if args.keep:
            print('state: %s' % state)
        else:
            shutil.rmtree(state, ignore_errors=True)


def main():
    return run_check(__doc__.split('\n')[0], 'telethon-chat-', scenario)

if __name__ == '__main__':
    sys.exit(main())
