"""Tools/crash/protocols.py — the container's file protocols: a workload each, and its checks.

Part of Tools/crash/run.py. A protocol prepares a container (off the recording mount), runs its
workload on the recording mount with the real executables, and then judges each crash state
after the real recovery (the next `main run`, then the extensions reading). Findings:

  lost        something the run acknowledged (an ack file on the disk, a request durable in
              pending/, a command's success) is missing after recovery;
  duplicated  a message stored twice;
  integrity   PRAGMA integrity_check not ok, or a lock state that reads unlocked when a passcode
              is set and the app was locked;
  manual      recovery did not come up by itself (main run failed, an extension errored).
"""

from __future__ import annotations

import json
import os
import subprocess
import time

TEXT_PEER_COUNT = 2


class Tools:
    """The built executables against one container at a time."""

    def __init__(self, bin_dir: str):
        self.bin_dir = bin_dir
        self.env = {k: v for k, v in os.environ.items() if k not in ("APP_GROUP_CONTAINER", "TELEGRAM_BUNDLE_ID")}

    def run(self, container: str, exe: str, args: list[str], stdin: str | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
        try:
            return subprocess.run([os.path.join(self.bin_dir, exe), *args, "--container", container], input=stdin,
                                  capture_output=True, text=True, timeout=timeout, env=self.env)
        except subprocess.TimeoutExpired as error:
            return subprocess.CompletedProcess(error.cmd, -9, "", f"hung: no answer within {timeout:g} s")

    def json(self, container: str, exe: str, args: list[str], stdin: str | None = None):
        proc = self.run(container, exe, args + ["--json"], stdin)
        if proc.returncode != 0:
            raise RuntimeError(f"{exe} {' '.join(args)} failed ({proc.returncode}): {proc.stderr.strip()[-300:]}")
        return json.loads(proc.stdout)

    def start_main(self, container: str) -> subprocess.Popen:
        """`main run` on `container`, returned once it is ready."""
        proc = subprocess.Popen([os.path.join(self.bin_dir, "main"), "run", "--container", container],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=self.env)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            if line.startswith("ready pid="):
                return proc
            if not line and proc.poll() is not None:
                break
        proc.kill()
        raise RuntimeError("main run did not become ready on the recording mount")

    @staticmethod
    def stop_main(proc: subprocess.Popen) -> None:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


class Protocol:
    name = ""
    summary = ""

    def prepare(self, tools: Tools, container: str) -> dict:
        """The container before the run (off the mount); what the checks need to know."""
        return {}

    def workload(self, tools: Tools, mount: str, info: dict) -> None:
        raise NotImplementedError

    def check(self, tools: Tools, state: str, info: dict, end: bool) -> list[tuple[str, str]]:
        """Findings in one crash state after recovery (`end`: the state after the whole run)."""
        return recover(tools, state)


def has_account(state: str) -> bool:
    return os.path.exists(os.path.join(state, "telegram-data", "accounts-metadata", "atomic-state"))


def recover(tools: Tools, state: str) -> list[tuple[str, str]]:
    """The next launch of main (draining the queue) and of every extension (the widget's timeline,
    the share sheet's peers, the others' bootstrap) must come up by themselves, and the stores
    must pass SQLite's integrity check."""
    found = []
    run = tools.run(state, "main", ["run", "--duration", "1"], timeout=90)
    if run.returncode != 0:
        return [("manual", f"main run after the crash exited {run.returncode}: {run.stderr.strip()[-300:]}")]
    if has_account(state):
        check = tools.run(state, "main", ["check", "--json"])
        try:
            report = json.loads(check.stdout)
            bad = {k: v for k, v in report.items() if k in ("postbox", "sharedData") and v != "ok"}
        except ValueError:
            bad = {"check": f"exit {check.returncode}: {check.stderr.strip()[-200:]}"}
        if bad:
            found.append(("integrity", f"main check: {bad}"))
    for exe, args in (("widget", ["timeline", "--json"]), ("share", ["peers", "--json"]),
                      ("notify-service", ["bootstrap", "--json"]), ("intents", ["bootstrap", "--json"]),
                      ("broadcast", ["bootstrap", "--json"])):
        proc = tools.run(state, exe, args)
        honest = proc.returncode == 0 or any(s in proc.stdout + proc.stderr for s in ("no account", "locked"))
        if not honest:
            found.append(("manual", f"{exe} {args[0]} after recovery exited {proc.returncode}: {proc.stderr.strip()[-200:]}"))
    return found


def login(tools: Tools, container: str, seed: bool = True) -> dict:
    account = tools.json(container, "main", ["login", "--phone", "+15550001", "--name", "Crash Test"])
    if seed:
        tools.json(container, "main", ["seed", "--peers", "8", "--messages", "40", "--seed", "3"])
    chats = tools.json(container, "main", ["chats", "--limit", "50"]) if seed else []
    peers = [row["peerId"] for row in chats if row["kind"] == "user"][:TEXT_PEER_COUNT]
    return {"accountId": account["accountId"], "peers": peers}


class FirstLaunch(Protocol):
    name = "first-launch"
    summary = "device key, account manager and stores created by `main login` on an empty container, then read by share"

    def workload(self, tools, mount, info):
        info["account"] = tools.json(mount, "main", ["login", "--phone", "+15550001", "--name", "Crash Test"])["accountId"]
        tools.run(mount, "share", ["peers", "--json"])

    def check(self, tools, state, info, end):
        found = recover(tools, state)
        if end and not has_account(state):
            found.append(("lost", "`main login` answered, but no account after the crash"))
        if has_account(state):
            status = tools.run(state, "main", ["status", "--json"])
            if status.returncode != 0:
                found.append(("manual", f"main status exited {status.returncode}: {status.stderr.strip()[-200:]}"))
        return found


class Messages(Protocol):
    """Messages through the request channel: acknowledged ones must be stored, none twice."""

    def prepare(self, tools, container):
        return login(tools, container)

    def send(self, tools, mount, info, number: int, extension: str, extra: list[str] | None = None) -> None:
        peer = info["peers"][number % len(info["peers"])]
        text = f"crash {self.name} #{number}"
        if extension == "share":
            # With files the text is their caption.
            args = ["--to", str(peer), "--caption" if extra else "--text", text, "--deadline", "5", "--json"] + (extra or [])
        else:
            args = ["send-message", "--to", f"tg{peer}", "--text", text, "--deadline", "5", "--json"]
        proc = tools.run(mount, extension, args)
        try:
            answer = json.loads(proc.stdout)
        except ValueError:
            answer = {}
        info.setdefault("sent", []).append({"text": text, "peer": peer, "id": answer.get("requestId"),
                                            "answer": answer.get("status") or answer.get("code"), "exit": proc.returncode})

    def check(self, tools, state, info, end):
        found = recover(tools, state)
        if any(kind == "manual" for kind, _ in found):
            return found
        requests = os.path.join(state, "telegram-data", "requests")
        counts: dict[str, int] = {}
        for peer in set(s["peer"] for s in info.get("sent", [])):
            proc = tools.run(state, "main", ["messages", "--peer", str(peer), "--limit", "100000", "--json"])
            for row in json.loads(proc.stdout or "[]"):
                counts[row["text"]] = counts.get(row["text"], 0) + 1
        for sent in info.get("sent", []):
            stored = counts.get(sent["text"], 0)
            if stored > 1:
                found.append(("duplicated", f"{sent['text']!r} stored {stored}×"))
            owed = end and sent["exit"] == 0
            if sent["id"]:
                ack = os.path.join(requests, "acks", sent["id"])
                if os.path.exists(ack) and os.path.getsize(ack) > 0:
                    owed = True
                for queue in ("pending", "applying"):
                    request = os.path.join(requests, queue, sent["id"], "request")
                    if os.path.exists(request) and os.path.getsize(request) > 0:
                        owed = True
            if owed and stored == 0:
                found.append(("lost", f"{sent['text']!r} (answered {sent['answer']}) acknowledged or durably queued, stored 0×"))
        return found


class RequestWhileRunning(Messages):
    name = "request-running"
    summary = "share and intents send while `main run` applies, acknowledges and removes each request"

    def workload(self, tools, mount, info):
        main = tools.start_main(mount)
        try:
            self.send(tools, mount, info, 1, "share")
            self.send(tools, mount, info, 2, "intents")
        finally:
            Tools.stop_main(main)


class RequestQueued(Messages):
    name = "request-queued"
    summary = "share and intents queue while main is stopped; the next `main run` drains the queue"

    def workload(self, tools, mount, info):
        self.send(tools, mount, info, 1, "share")
        self.send(tools, mount, info, 2, "intents")
        tools.run(mount, "main", ["run", "--duration", "1"], timeout=90)


class SharedFile(Messages):
    name = "media-share"
    summary = "share sends a file: copied into the request, then into the MediaBox, referenced by the message"

    def prepare(self, tools, container):
        info = login(tools, container)
        path = os.path.join(os.path.dirname(container), "shared-file.bin")
        with open(path, "wb") as f:
            f.write(os.urandom(3 * 4096 + 123))
        info["file"] = path
        return info

    def workload(self, tools, mount, info):
        main = tools.start_main(mount)
        try:
            self.send(tools, mount, info, 1, "share", ["--file", info["file"]])
        finally:
            Tools.stop_main(main)

    def check(self, tools, state, info, end):
        found = super().check(tools, state, info, end)
        sent = info["sent"][0]
        media = [os.path.join(d, n) for d, _, names in os.walk(state) for n in names if sent["id"] and n.startswith(f"share-{sent['id']}-")]
        proc = tools.run(state, "main", ["messages", "--peer", str(sent["peer"]), "--limit", "100000", "--json"])
        stored = [row for row in json.loads(proc.stdout or "[]") if row["text"] == sent["text"]]
        with open(info["file"], "rb") as f:
            original = f.read()
        if stored and not any(open(m, "rb").read() == original for m in media):
            found.append(("lost", f"the shared file of {sent['text']!r} is not in the MediaBox whole ({len(media)} candidates)"))
        return found


class LockState(Protocol):
    name = "lock-state"
    summary = "`main passcode set`, then `main lock`: lockState.json and the access challenge"

    def prepare(self, tools, container):
        return login(tools, container, seed=False)

    def workload(self, tools, mount, info):
        tools.run(mount, "main", ["passcode", "set"], stdin="2468\n")
        tools.run(mount, "main", ["lock"])

    def check(self, tools, state, info, end):
        found = recover(tools, state)
        status = tools.run(state, "main", ["status", "--json"])
        try:
            lock = json.loads(status.stdout)["lock"]
        except (ValueError, KeyError):
            return found + [("manual", f"main status exited {status.returncode}: {status.stderr.strip()[-200:]}")]
        # Fail closed: with a passcode set, a lock state that is missing or unreadable reads locked.
        try:
            with open(os.path.join(state, "telegram-data", "lockState.json")) as f:
                json.load(f)
            readable = True
        except (OSError, ValueError):
            readable = False
        if lock.get("passcodeSet") and not readable and not lock.get("locked"):
            found.append(("integrity", f"a passcode is set and lockState.json is missing or unreadable, yet the app reads unlocked: {lock.get('summary')}"))
        if lock.get("passcodeSet") and not lock.get("locked") and end:
            found.append(("lost", f"`main lock` answered, but the app reads unlocked: {lock.get('summary')}"))
        if end and not lock.get("passcodeSet"):
            found.append(("lost", "`main passcode set` answered, but no passcode after the crash"))
        return found


class WidgetData(Protocol):
    name = "widget-data"
    summary = "`main run` publishes widget-data (sealed, atomic) and the widget reads it"

    def prepare(self, tools, container):
        return login(tools, container)

    def workload(self, tools, mount, info):
        tools.run(mount, "main", ["run", "--duration", "1"], timeout=90)
        tools.run(mount, "widget", ["timeline", "--json"])


class ExportImport(Protocol):
    name = "import"
    summary = "`main import telegram-export` of a small export: batches, MediaBox files, the report"

    def prepare(self, tools, container):
        info = login(tools, container, seed=False)
        export = os.path.join(os.path.dirname(container), "export")
        script = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "Scripts", "gen_telegram_export.py")
        subprocess.run([sys_python(), script, export, "--messages", "60", "--chats", "3", "--seed", "4"], check=True, capture_output=True)
        info["export"] = export
        return info

    def workload(self, tools, mount, info):
        report = tools.json(mount, "main", ["import", "telegram-export", info["export"]])
        info["imported"] = report

    def check(self, tools, state, info, end):
        found = recover(tools, state)
        if end:
            status = tools.run(state, "main", ["status", "--json"])
            try:
                count = int(json.loads(status.stdout)["store"]["messageCount"])
            except (ValueError, KeyError, TypeError):
                return found + [("manual", f"main status exited {status.returncode}")]
            expected = info.get("imported", {}).get("messages", 0)
            if count < expected:
                found.append(("lost", f"the import answered {expected} messages; {count} after the crash"))
        return found


def sys_python() -> str:
    import sys
    return sys.executable


ALL = [FirstLaunch(), RequestWhileRunning(), RequestQueued(), SharedFile(), LockState(), WidgetData(), ExportImport()]
