#!/usr/bin/env python3
"""Tools/bench/telethon_delivery.py — the reference for "key → message on the other side": two
Telethon clients (a client proven against Telegram) in one process, signed in as two accounts of
the test server; the first sends --count messages to the second, one at a time, and each is timed
from just before the send to the second client's NewMessage handler (the server's push, read,
decrypted, parsed and dispatched by Telethon's update handling). Run with the virtualenv's
Python (Scripts/setup), by Tools/bench/network_sync.py. Prints {"ms": [...]}.

  telethon_delivery.py --server 127.0.0.1:PORT --sender +PHONE --receiver +PHONE --code CODE --count N
"""

import argparse
import asyncio
import json
import os
import secrets
import sys
import time

SERVER_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "mtproto-server")
sys.path.insert(0, SERVER_DIR)

from telethon import events, functions, types  # noqa: E402
from telethon_check import make_client  # noqa: E402


async def signed_in(host, port, phone, code, updates):
    client = make_client(host, port, "intermediate", 2, None, "telethon_delivery", receive_updates=updates, catch_up=False)
    await client.connect()
    await client.send_code_request(phone)
    await client.sign_in(phone, code=code)
    return client


async def run(args):
    host, port = args.server.rsplit(":", 1)
    sender = await signed_in(host, int(port), args.sender, args.code, False)
    receiver = await signed_in(host, int(port), args.receiver, args.code, True)
    try:
        me = await receiver.get_me()
        contacts = await sender(functions.contacts.GetContactsRequest(hash=0))
        user = next((u for u in contacts.users if u.id == me.id), None)
        if user is None:
            raise RuntimeError("the receiver is not among the sender's contacts")
        peer = types.InputPeerUser(user.id, user.access_hash)
        arrived = {}

        @receiver.on(events.NewMessage(incoming=True))
        async def on_message(event):
            waiter = arrived.get(event.message.message)
            if waiter is not None and not waiter.done():
                waiter.set_result(time.monotonic_ns())

        loop = asyncio.get_running_loop()
        times = []
        for n in range(args.count + 1):  # the first is a warm-up
            text = "delivery %s" % secrets.token_hex(6)
            arrived[text] = loop.create_future()
            started = time.monotonic_ns()
            await sender(functions.messages.SendMessageRequest(peer=peer, message=text, random_id=secrets.randbits(63)))
            came = await asyncio.wait_for(arrived[text], 10)
            if n:
                times.append((came - started) / 1e6)
            await asyncio.sleep(0.15)  # as the Swift side: each send from an idle pair
        return times
    finally:
        await sender.disconnect()
        await receiver.disconnect()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--server", required=True)
    parser.add_argument("--sender", required=True)
    parser.add_argument("--receiver", required=True)
    parser.add_argument("--code", required=True)
    parser.add_argument("--count", type=int, default=20)
    args = parser.parse_args()
    print(json.dumps({"ms": asyncio.run(run(args))}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
