#!/usr/bin/env python3
"""Telethon (a client proven against Telegram) signs in to the test server: auth.sendCode, then
auth.signIn with --code; on SESSION_PASSWORD_NEEDED the SRP check with --password (Telethon's own
client computation); on sign-up required auth.signUp with --first-name/--last-name; then get_me
(users.getUsers) and, with --logout, log_out and a check that the same key is now refused with
AUTH_KEY_UNREGISTERED. Prints {"ok": true, "user_id", "phone", "first_name", "last_name",
"signed_up", "password_used", "logged_out", …}; exits 1 with {"ok": false, "error", "rpc_error"}
on failure (the error names Telegram's error string). --session-file keeps the auth key between
runs (a Telethon StringSession), so a run after a server restart can show the key still signed in."""
import argparse
import asyncio
import json
import os
import sys

from telethon import errors, functions, types
from telethon.errors.rpcerrorlist import rpc_errors_dict
from telethon.sessions import MemorySession, StringSession

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from telethon_check import (common_arguments, fail, make_client, run_with_deadline,  # noqa: E402
                            server_address)

# Telethon raises a class per known error and keeps no error string: map classes back to names.
ERROR_NAMES = {cls: name for name, cls in rpc_errors_dict.items()}


def rpc_name(error):
    return ERROR_NAMES.get(type(error), error.message)


async def sign_in(client, args, result):
    sent = await client.send_code_request(args.phone)
    try:
        await client.sign_in(args.phone, code=args.code)
    except errors.SessionPasswordNeededError:
        if args.password is None:
            raise
        await client.sign_in(password=args.password)  # account.getPassword, compute_check, checkPassword
        result['password_used'] = True
    except errors.PhoneNumberUnoccupiedError:  # Telethon's name for authorizationSignUpRequired
        if not args.first_name:
            raise RuntimeError('no account: signIn answered auth.authorizationSignUpRequired '
                               '(give --first-name to sign up)')
        # Telethon 1.40's sign_up() refuses to run (its issue #4050): the request by hand, then
        # what sign_in does after a login.
        authorization = await client(functions.auth.SignUpRequest(
            phone_number=client._phone, phone_code_hash=sent.phone_code_hash,
            first_name=args.first_name, last_name=args.last_name or ''))
        await client._on_login(authorization.user)
        result['signed_up'] = True


async def refused_after_logout(host, port, args, auth_key):
    """The logged-out key, on a new connection: users.getUsers must say AUTH_KEY_UNREGISTERED."""
    session = MemorySession()
    session.auth_key = auth_key
    client = make_client(host, port, args.transport, args.dc_id, session, 'telethon_login')
    try:
        await client.connect()
        await client(functions.users.GetUsersRequest([types.InputUserSelf()]))
    except errors.AuthKeyUnregisteredError as error:
        return rpc_name(error)
    finally:
        await client.disconnect()
    raise RuntimeError('the logged-out key was still answered users.getUsers')


async def login(host, port, args):
    saved = None
    if args.session_file and os.path.exists(args.session_file):
        with open(args.session_file) as f:
            saved = StringSession(f.read().strip())
    client = make_client(host, port, args.transport, args.dc_id, saved or StringSession(), 'telethon_login')
    result = {'ok': True, 'signed_up': False, 'password_used': False, 'logged_out': False}
    try:
        await client.connect()
        result['auth_key_id'] = '%016x' % client.session.auth_key.key_id
        if args.phone:
            await sign_in(client, args, result)
        me = await client.get_me()  # users.getUsers([inputUserSelf])
        if me is None:
            raise RuntimeError('not signed in: users.getUsers answered AUTH_KEY_UNREGISTERED')
        result.update(user_id=me.id, phone=me.phone, first_name=me.first_name,
                      last_name=me.last_name or '', is_self=bool(me.is_self))
        if args.session_file:
            descriptor = os.open(args.session_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(descriptor, 'w') as f:
                f.write(client.session.save())
        if args.logout:
            auth_key = client.session.auth_key
            if not await client.log_out():  # auth.logOut; drops the client's session
                raise RuntimeError('log_out failed')
            result['logged_out'] = True
            result['after_logout'] = await refused_after_logout(host, port, args, auth_key)
        return result
    finally:
        await client.disconnect()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    common_arguments(parser)
    parser.add_argument('--phone', help='sign in with this phone (needs --code)')
    parser.add_argument('--code', help='the login code (the server\'s --login-code)')
    parser.add_argument('--password', help='the two-step password, if the account has one')
    parser.add_argument('--first-name', help='sign up with these names if the phone has no account')
    parser.add_argument('--last-name', default='')
    parser.add_argument('--logout', action='store_true', help='log out at the end, then check the key is refused')
    parser.add_argument('--session-file', help='keep the auth key here (read if present, written after login)')
    args = parser.parse_args()
    if args.phone and not args.code:
        parser.error('--phone needs --code')
    if not args.phone and not args.session_file:
        parser.error('give --phone and --code, or --session-file of an earlier login')
    host, port = server_address(parser, args)
    try:
        result = run_with_deadline(args, login(host, port, args))
    except asyncio.TimeoutError:
        return fail(args, 'timed out after %.0f s' % args.timeout, 'telethon_login')
    except errors.RPCError as error:
        name = rpc_name(error)
        return fail(args, '%s: %s' % (name, error), 'telethon_login', rpc_error=name)
    except Exception as error:
        return fail(args, '%s: %s' % (type(error).__name__, error), 'telethon_login')
    if args.json:
        print(json.dumps(result), flush=True)
    else:
        print('ok: user %d +%s %s%s%s%s' % (
            result['user_id'], result['phone'], result['first_name'],
            ', signed up' if result['signed_up'] else '', ', with password' if result['password_used'] else '',
            ', logged out' if result['logged_out'] else ''))
    return 0


if __name__ == '__main__':
    sys.exit(main())
