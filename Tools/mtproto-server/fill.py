#!/usr/bin/env python3
"""Fills a stopped test server's state directory with messages from one account to another, as
if sent by messages.sendMessage while the receiver was away: both copies, each box's pts events,
in one transaction. For benches of a catch-up (Tools/bench/network_sync.py):

  fill.py --state DIR --from +9997020002 --to +9997010001 --count 100000 [--json]

Both phones must be accounts of the state (server.py --account, or a login). Run it while no
server uses DIR: the server reads boxes at each request, but a fill of 100,000 messages holds the
database's write lock for seconds."""
import argparse
import json
import logging
import sys
import time

from accounts import Accounts, normalize_phone
from messages import MessageStore


def fill(store, sender, receiver, count, text, now):
    """`count` messages sender → receiver, numbered from 1; the receiver's pts after them."""
    with store.write():
        for n in range(1, count + 1):
            store.add_private(sender.id, receiver.id, '%s %d' % (text, n), now)
    return store.pts(receiver.id)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--state', required=True, help='the server\'s --state directory')
    parser.add_argument('--from', dest='sender', required=True, help='the sending account\'s phone')
    parser.add_argument('--to', dest='receiver', required=True, help='the receiving account\'s phone')
    parser.add_argument('--count', type=int, required=True)
    parser.add_argument('--text', default='catch-up', help='each message is "TEXT N"')
    parser.add_argument('--json', action='store_true')
    args = parser.parse_args()
    if args.count < 1:
        parser.error('--count must be at least 1')
    log = logging.getLogger('fill')
    accounts = Accounts(args.state, log)
    users = []
    for phone in (args.sender, args.receiver):
        user = accounts.by_phone(normalize_phone(phone))
        if user is None:
            print('fill.py: no account with phone %s in %s' % (phone, args.state), file=sys.stderr)
            return 2
        users.append(user)
    if users[0].id == users[1].id:
        print('fill.py: --from and --to name the same account', file=sys.stderr)
        return 2
    store = MessageStore(args.state, log)
    started = time.monotonic()
    pts = fill(store, users[0], users[1], args.count, args.text, int(time.time()))
    report = {'messages': args.count, 'receiverPts': pts, 'seconds': round(time.monotonic() - started, 2)}
    print(json.dumps(report) if args.json else 'filled %(messages)d messages in %(seconds)s s; the receiver\'s pts is %(receiverPts)d' % report)
    return 0


if __name__ == '__main__':
    sys.exit(main())
