#!/usr/bin/env python3
"""A local push relay: what APNs and iOS do for Telegram's pushes, on one machine. The app asks it
for a device token (POST /register with its container); the test server POSTs encrypted pushes to
that token (an http://127.0.0.1 URL); for each, the relay starts the notification extension,
`notify-service --container <the container>`, with the push on its standard input, as iOS starts
the Notification Service Extension, and logs what it did. Not the product: Telegram's servers
cannot reach a machine's loopback, so the app registers only when TELEGRAM_PUSH_RELAY names one.

Protocol (JSON bodies, version 1):
  POST /register  {"version": 1, "container": "/abs/dir"} → 200 {"version": 1, "token": "http://…/push/<id>"}
                  The same container always gets the same token (kept in --state).
  POST /push/<id> an APNs-style push {"aps": {…}, "p": "…"} → 200 once notify-service ran
                  (its exit status in the log); 410 for a token it never gave; 413 above 4 KiB.
Prints {"ready": true, "port": N, "pid": P} on stdout when listening; logs to stderr; one JSON
line per delivery to <state>/deliveries.jsonl."""
import argparse
import hashlib
import http.server
import json
import logging
import os
import subprocess
import sys
import threading

PUSH_LIMIT = 4096 + 1024  # APNs's 4 KiB payload and the envelope around it
EXTENSION_TIMEOUT = 30   # iOS gives a notification extension about 30 s


class Relay:
    def __init__(self, args, log):
        self.notify_service, self.log = args.notify_service, log
        self.state = args.state
        os.makedirs(self.state, exist_ok=True)
        self.tokens_path = os.path.join(self.state, 'registrations.json')
        self.deliveries_path = os.path.join(self.state, 'deliveries.jsonl')
        self.lock = threading.Lock()
        self.registrations = {}  # id → container
        if os.path.exists(self.tokens_path):
            with open(self.tokens_path) as f:
                self.registrations = json.load(f)
        self.port = None

    def register(self, container):
        registration = hashlib.sha256(os.path.realpath(container).encode()).hexdigest()[:32]
        with self.lock:
            if self.registrations.get(registration) != container:
                self.registrations[registration] = container
                temporary = self.tokens_path + '.tmp'
                with open(temporary, 'w') as f:
                    json.dump(self.registrations, f, indent=1)
                    f.flush()
                    os.fsync(f.fileno())
                os.replace(temporary, self.tokens_path)
        self.log.info('registered %s as %s', container, registration)
        return 'http://127.0.0.1:%d/push/%s' % (self.port, registration)

    def deliver(self, registration, body):
        container = self.registrations.get(registration)
        if container is None:
            return None
        command = [self.notify_service, '--container', container, '--json']
        try:
            done = subprocess.run(command, input=body, capture_output=True, timeout=EXTENSION_TIMEOUT)
            status, stdout, stderr = done.returncode, done.stdout.decode(errors='replace'), done.stderr.decode(errors='replace')
        except subprocess.TimeoutExpired:
            status, stdout, stderr = 'timeout', '', 'killed after %d s' % EXTENSION_TIMEOUT
        except OSError as error:
            status, stdout, stderr = 'unstartable', '', str(error)
        record = {'container': container, 'exit': status, 'stdout': stdout.strip(), 'stderr': stderr.strip()[-2000:]}
        with self.lock:
            with open(self.deliveries_path, 'a') as f:
                f.write(json.dumps(record, ensure_ascii=False) + '\n')
                f.flush()
                os.fsync(f.fileno())
        self.log.info('delivered to %s: notify-service exit %s', container, status)
        return record


def handler_for(relay):
    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, fmt, *args):
            relay.log.debug(fmt, *args)

        def answer(self, status, obj):
            body = json.dumps(obj).encode()
            self.send_response(status)
            self.send_header('Content-Type', 'application/json')
            self.send_header('Content-Length', str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_POST(self):
            try:
                length = int(self.headers.get('Content-Length') or 0)
            except ValueError:
                length = -1
            if not 0 <= length <= PUSH_LIMIT:
                return self.answer(413, {'error': 'a push is at most %d bytes' % PUSH_LIMIT})
            body = self.rfile.read(length)
            if self.path == '/register':
                try:
                    request = json.loads(body)
                    container = request['container']
                    if request.get('version') != 1 or not isinstance(container, str) or not os.path.isabs(container):
                        raise ValueError
                except (ValueError, KeyError, TypeError):
                    return self.answer(400, {'error': 'expected {"version": 1, "container": "/absolute/path"}'})
                return self.answer(200, {'version': 1, 'token': relay.register(container)})
            if self.path.startswith('/push/'):
                record = relay.deliver(self.path[len('/push/'):], body)
                if record is None:
                    return self.answer(410, {'error': 'unregistered token'})
                return self.answer(200, {'delivered': True, 'exit': record['exit']})
            return self.answer(404, {'error': 'no such endpoint'})
    return Handler


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--port', type=int, default=0, help='TCP port on 127.0.0.1 (0: a free one)')
    parser.add_argument('--notify-service', required=True, help='the notification extension to start per push')
    parser.add_argument('--state', required=True, help='directory for registrations.json and deliveries.jsonl')
    parser.add_argument('--verbose', action='store_true')
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, stream=sys.stderr,
                        format='%(asctime)s push-relay %(message)s')
    log = logging.getLogger('push-relay')
    if not os.access(args.notify_service, os.X_OK):
        parser.error('--notify-service %s is not an executable' % args.notify_service)
    relay = Relay(args, log)
    server = http.server.ThreadingHTTPServer(('127.0.0.1', args.port), handler_for(relay))
    relay.port = server.server_address[1]
    print(json.dumps({'ready': True, 'port': relay.port, 'pid': os.getpid()}), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == '__main__':
    main()
