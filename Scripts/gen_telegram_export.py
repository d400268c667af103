#!/usr/bin/env python3
"""Writes a Telegram Desktop JSON export (result.json and its media folders) as tdesktop's JsonWriter
(Telegram/SourceFiles/export/output/export_output_json.cpp) wrote it in a given year: the keys, their
order, how ids and dates look, every media type and service action that writer knew.

    Scripts/gen_telegram_export.py OUT_DIR --messages N [--chats C] [--seed S] [--self-id ID]
                                   [--era YEAR] [--zone ZONE] [--plain | --variants | --mix] [--single-chat]

Modes:
  (default)    a rich pattern repeating every 12 messages in each of C chats of every type: service
               lines, replies, forwards, photos and files included and left out, voice messages,
               stickers with thumbnails, formatted text, an unsupported message, a control character
               written as tdesktop writes it (\\x0B, not valid JSON).
  --plain      text messages only (the benchmark's million).
  --variants   every variant the era's writer wrote, one chat of each type (below); --messages is
               not needed. The summary's "expect" lists every message with what `main messages
               --json` must show for it.
  --mix        N messages over C chats with every variant in realistic shares (the benchmark's
               second million), see MIX_SHARES.
The file is streamed, never held whole. Prints a JSON summary on stdout (chats, counts, the rare
word, and with --variants the expectations).

Eras (--era, default 2026), each the writer at one commit of the tdesktop repository:
  2018  841abc2e87 (2018-10-06, v1.4): no ids at all (no chat `id`, no `from_id`/`actor_id`, no
        `user_id` in personal_information or contacts, no frequent contact `id`); `edited` on every
        message, the epoch's local time ("1970-01-01T01:00:00" in Berlin) when never edited; a
        forward from a hidden sender has no `forwarded_from`; channel posts have no `from`; stickers
        no `mime_type`; no polls.
  2019  c4aac5fa0e (2019-05-20, layer 100): ids since 87d4d46ce7 (2018-12-04): `from_id`/`actor_id`
        bare numeric user ids, chat `id` tdesktop's PeerId (users 1<<32 | id, groups and channels
        2<<32 | id), contacts' `user_id` numeric, 0 for a contact not on Telegram, frequent contacts'
        `id` shifted; polls (ef1d38462f), joined_telegram (7960706e60), hidden forwards' names
        (a34e998c42), underline/strikethrough/blockquote, requested_phone_number.
  2020  3a5b625d64 (2020-11-28): `edited` only when edited (d0994019ca); `from_id`, `actor_id` and
        `reply_to_peer_id` numeric shifted PeerIds (55edb3bdfe, be14456290), channel posts from the
        channel; a supergroup's old group history merged in with ids shifted by -1,000,000,000
        (8f80c19ae1, v2.1.8); single-chat JSON exports (1686eb394d); bank_card; proximity_reached,
        group_call, invite_to_group_call; the Replies chat.
  2021  4252066cf6 (2021-12-23): "user123"/"chat123"/"channel123" strings and bare chat ids
        (4625e7613b); contacts without a Telegram id have no `user_id`; spoiler entities,
        set_messages_ttl, group_call_scheduled, edit_chat_theme, join_group_by_request.
  2022  ca0b34dcf0 (2022-12-16): `date_unixtime`/`edited_unixtime` beside the local dates
        (96bd9ae81c), `text_entities` (84400f5912), custom_emoji, topics, premium gifts, web app data,
        recurring payments, attach menu bots, suggested profile photos; 64-bit user ids.
  2024  cccf048e3f (2024-12-21): `file_name` and a sticker's `mime_type` (dc438cff23),
        `inline_bot_buttons` (563b8d1468, callbacks as `dataBase64` since 4db885d8b4), `reactions`
        (a970fe93c1), `media_spoiler` (42142d819a), verification_codes chats (79b1c0edee), collapsed
        blockquotes, paid media, giveaways, boosts, stars, stories.
  2026  929032d598 (2025-08-31, the mirror's HEAD): file sizes (`photo_file_size`, `file_size`,
        `thumbnail_file_size`, `contact_vcard_file_size`, bee4118513), todo_list and the todo service
        actions, conference calls, paid messages, suggested posts (06db13a0ab and after); and, as a
        newer writer does, `forwarded_from_id` beside `forwarded_from`.
Dates: `date`/`edited` are the exporting machine's local time without an offset
(QDateTime::toString(Qt::ISODate)); --zone names that machine's zone (default Europe/Berlin, so the
variants cross both daylight-saving transitions). File names' date parts are local too.
"""
import argparse
import base64
import datetime
import json
import os
import random
import re
import struct
import sys
import zlib
from zoneinfo import ZoneInfo

SELF_ID = 5550001
BASE_DATE = 1_700_000_000
RARE_WORD = "quasarimport"
WORDS = ("hello world meeting tomorrow coffee project deadline photo weekend family dinner "
         "train ticket music concert garden river mountain book library code review").split()
FIRST = "Ada Grace Alan Edsger Barbara Donald Ken Dennis Linus Margaret".split()
LAST = "Lovelace Hopper Turing Dijkstra Liskov Knuth Thompson Ritchie Torvalds Hamilton".split()
CHAT_TYPES = ["personal_chat", "bot_chat", "saved_messages", "private_group", "private_supergroup",
              "public_supergroup", "private_channel", "public_channel"]
ERAS = {
    2018: "841abc2e87 (2018-10-06)",
    2019: "c4aac5fa0e (2019-05-20)",
    2020: "3a5b625d64 (2020-11-28)",
    2021: "4252066cf6 (2021-12-23)",
    2022: "ca0b34dcf0 (2022-12-16)",
    2024: "cccf048e3f (2024-12-21)",
    2026: "929032d598 (2025-08-31) + forwarded_from_id",
}
# SerializeMessage's pushPath placeholders (since 266102df2f, 2018-06-24), and writeUserpicsSlice's.
FILE_SKIPPED = {
    "FileType": "(File not included. Change data exporting settings to download.)",
    "FileSize": "(File exceeds maximum size. Change data exporting settings to download.)",
    "Unavailable": "(File unavailable, please try again later)",
}
PHOTO_SKIPPED = {
    "FileType": "(Photo not included. Change data exporting settings to download.)",
    "FileSize": "(Photo exceeds maximum size. Change data exporting settings to download.)",
    "Unavailable": "(Photo unavailable, please try again later)",
}
NOT_INCLUDED = FILE_SKIPPED["FileType"]
MIGRATED_SHIFT = -1_000_000_000  # kMigratedMessagesIdShift
# --mix: what share of the messages carries what (per message, from its own generator). Content
# (one per message): text only unless below; attributes (independent): replies, forwards, ...
MIX_SHARES = {
    "photo included": 0.010, "photo left out": 0.020, "file left out": 0.012, "file included": 0.003,
    "video left out": 0.008, "animation left out": 0.005, "sticker included": 0.010, "voice included": 0.005,
    "video message left out": 0.002, "audio left out": 0.002, "poll": 0.001, "location": 0.001, "contact": 0.0005,
    "service": 0.010,
    # attributes
    "reply": 0.10, "forward": 0.05, "edited": 0.04, "reactions": 0.03, "formatted": 0.05,
}
# A real JPEG, as Telegram's photos are: 64x48, blue over orange (Tests/DrawingTests/Vectors/photo-64x48.jpg).
JPEG = base64.b64decode("/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAAwAEADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDxSiiiv6dPxQKKKKACiiigAooooAKK+tqK/kr/AIj3/wBSz/yt/wDcj+hv+ISf9R3/AJT/APuh8k0V9bUUf8R7/wCpZ/5W/wDuQf8AEJP+o7/yn/8AdD5Jor62oo/4j3/1LP8Ayt/9yD/iEn/Ud/5T/wDuh8k0V9bUUf8AEe/+pZ/5W/8AuQf8Qk/6jv8Ayn/90Ciiiv5KP6FCiiigAooooAKKKKAP/9k=")
WEBP = b"RIFF\x1a\x00\x00\x00WEBPVP8 " + bytes(14)
OGG = b"OggS\x00\x02" + bytes(22) + b"\x01\x13OpusHead"
MP4 = b"\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom" + bytes(40)
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
MP3 = b"ID3\x03\x00\x00\x00\x00\x00\x00" + b"\xff\xfb\x90\x00" + bytes(60)


_SPECIAL = re.compile('[\x00-\x1f"\\\\\u2028\u2029]')


def s(value):
    """SerializeString: \\n \\r \\t \\" \\\\ escaped, other control characters as \\xHH."""
    if not _SPECIAL.search(value):
        return '"' + value + '"'
    out = ['"']
    for ch in value:
        o = ord(ch)
        if ch == "\n": out.append("\\n")
        elif ch == "\r": out.append("\\r")
        elif ch == "\t": out.append("\\t")
        elif ch == '"': out.append('\\"')
        elif ch == "\\": out.append("\\\\")
        elif o < 32: out.append("\\x%X%X" % (o >> 4, o & 15))
        elif ch == "\u2028": out.append("\\u2028")
        elif ch == "\u2029": out.append("\\u2029")
        else: out.append(ch)
    out.append('"')
    return "".join(out)


def nullable(name):
    """StringAllowNull: a deleted account's empty name is null."""
    return s(name) if name else "null"


def obj(pairs, indent):
    """SerializeObject: keys in order, one per line, an empty value (None here) left out."""
    pad = " " * (indent + 1)
    body = ",\n".join("%s%s: %s" % (pad, s(k), v) for k, v in pairs if v is not None)
    return "{\n" + body + "\n" + " " * indent + "}"


def arr(items, indent):
    """SerializeArray."""
    if not items:
        return "[\n" + " " * indent + "]"
    pad = " " * (indent + 1)
    return "[\n" + ",\n".join(pad + i for i in items) + "\n" + " " * indent + "]"


def num(value):
    """Data::NumberToString: std::to_string, so a double has six decimals."""
    return "%f" % value if isinstance(value, float) else str(value)


def png(seed, size=48):
    """A small valid PNG (solid colour), like NotifyServiceSupport's."""
    rgb = bytes([(seed * 37) % 256, (seed * 91) % 256, (seed * 53) % 256])
    raw = b"".join(b"\x00" + rgb * size for _ in range(size))
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def packed(kind, bare):
    """Sources/Storage/Postbox/PeerId.swift toInt64(): low 32 bits, namespace (user 0, group 1,
    channel 2) at bit 32, the high bits from bit 35."""
    ns = {"user": 0, "chat": 1, "channel": 2}[kind]
    return (bare & 0xffffffff) | (ns << 32) | ((bare >> 32) << 35)


class Peer:
    """A user, a basic group (chat) or a channel/supergroup, as tdesktop's Data::Peer."""
    __slots__ = ("kind", "id", "first", "last", "title", "username", "bot")

    def __init__(self, kind, id, first="", last="", title="", username="", bot=False):
        self.kind, self.id, self.first, self.last, self.title = kind, id, first, last, title
        self.username, self.bot = username, bot

    @property
    def name(self):
        """Peer::name(): ContactInfo::name() of a user ("" for a deleted account), a chat's title."""
        if self.kind == "user":
            return " ".join(x for x in (self.first, self.last) if x)
        return self.title

    @property
    def packed(self):
        return packed(self.kind, self.id)


class Era:
    """What the writer of one year wrote (see the module's documentation)."""

    def __init__(self, year):
        self.year = year
        self.ids = year >= 2019
        self.edited_always = year <= 2019
        self.peer_ids = None if year == 2018 else "bare" if year == 2019 else "shifted" if year == 2020 else "string"
        self.shifted_chat_ids = year in (2019, 2020)
        self.unixtime = year >= 2022
        self.text_entities = year >= 2022
        self.file_names = year >= 2024
        self.sizes = year >= 2026
        self.buttons = year >= 2024
        self.reactions = year >= 2024
        self.media_spoiler = year >= 2024
        self.forwarded_from_id = year >= 2026
        self.hidden_forwards = year >= 2019
        self.polls = year >= 2019
        self.reply_peer = year >= 2020
        self.channel_from = year >= 2020
        self.migrated = year >= 2020
        self.single_chat = year >= 2020
        self.replies_chat = year >= 2020
        self.verification_codes = year >= 2024
        self.todo = year >= 2026
        self.stories = year >= 2024
        self.big_ids = year >= 2022
        self.bools = year >= 2024  # push(bool) writes true/false (before: never pushed)
        types = ["mention", "hashtag", "bot_command", "link", "email", "bold", "italic", "code", "pre",
                 "text_link", "mention_name", "phone", "cashtag", "unknown"]
        if year >= 2019: types += ["underline", "strikethrough", "blockquote"]
        if year >= 2020: types += ["bank_card"]
        if year >= 2021: types += ["spoiler"]
        if year >= 2022: types += ["custom_emoji"]
        self.entity_types = types

    def wire(self, peer):
        """from_id, actor_id, reply_to_peer_id, forwarded_from_id, a proximity's ids: JSON text."""
        if self.peer_ids is None:
            return None
        if self.peer_ids == "bare":
            return str(peer.id)
        if self.peer_ids == "shifted":
            return str(((1 << 32) if peer.kind == "user" else (2 << 32)) | peer.id)
        return s(peer.kind + str(peer.id))

    def chat_id(self, peer):
        """A chat's `id` (and a frequent contact's): the PeerId until 4625e7613b, then bare."""
        if not self.ids:
            return None
        if self.shifted_chat_ids:
            return str(((1 << 32) if peer.kind == "user" else (2 << 32)) | peer.id)
        return str(peer.id)

    def contact_user_id(self, uid):
        if self.year == 2018:
            return None
        if self.year <= 2020:
            return str(uid or 0)
        return str(uid) if uid else None


SELF = Peer("user", SELF_ID, "Ada", "Lovelace", username="ada")
GRACE = Peer("user", 200001, "Grace", "Hopper", username="grace")
ALAN = Peer("user", 200002, "Alan", "Turing", username="alan")
EDSGER = Peer("user", 200003, "Edsger", "Dijkstra")
BARBARA = Peer("user", 200004, "Barbara", "Liskov")
DELETED = Peer("user", 200009)  # a deleted account: no name
BOT = Peer("user", 300100, "Helper Bot", username="helperbot", bot=True)
GIF = Peer("user", 300101, "GIF Search", username="gif", bot=True)
KATHERINE = Peer("user", 7_123_456_789, "Katherine", "Johnson")  # a 64-bit user id (2021 on)
REPLIES = Peer("user", 1271266957, "Replies")
CODES = Peer("user", 489000, "Verification Codes")
CHESS = Peer("chat", 400001, title="Chess Club")
ENGINES_OLD = Peer("chat", 400002, title="Engines Group")
ENGINES = Peer("channel", 1_500_000_001, title="Engines Supergroup")
TALK = Peer("channel", 1_500_000_002, title="Public Talk")
NEWS = Peer("channel", 1_500_000_003, title="Channel News")
OLD_PUBLIC = Peer("channel", 1_500_000_004, title="Old Public")
DISCUSSION = Peer("channel", 1_500_000_005, title="News Discussion")
BIG_CHANNEL = Peer("channel", 2_234_567_890, title="Big Channel")  # above 2^31


def F(state, rel=None, data=b"", size=None):
    """A file a message names: included (written), missing (named, not written), or left out
    with a skip reason (FileType, FileSize, Unavailable)."""
    return {"state": state, "rel": rel, "data": data, "size": len(data) if size is None else size}


class Writer:
    def __init__(self, out, args):
        self.out, self.args = out, args
        self.era = Era(args.era)
        self.zone = ZoneInfo(args.zone)
        self.rng = random.Random(args.seed)
        self.summary = {"selfId": SELF_ID, "era": args.era, "writer": ERAS[args.era], "zone": args.zone,
                        "chats": [], "sampleTexts": [], "rareWord": RARE_WORD, "messages": 0, "messageObjects": 0,
                        "mediaIncluded": 0, "thumbnailsIncluded": 0, "mediaLeftOut": 0, "unsupported": 0,
                        "contacts": [], "deviceContacts": [], "emptyContacts": 0, "missingFiles": [],
                        "duplicates": 0, "localDates": 0, "serviceMessages": 0, "avatars": 0, "files": 0}
        self.expect = {}
        self.users = [(200000 + i, FIRST[i % 10], LAST[(i * 3) % 10]) for i in range(10)]
        self.f = None

    # -- output ------------------------------------------------------------------------------

    def w(self, text):
        self.f.write(text)

    def file(self, rel, data):
        path = os.path.join(self.out, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
        self.summary["files"] += 1

    def local(self, t):
        return datetime.datetime.fromtimestamp(t, self.zone).strftime("%Y-%m-%dT%H:%M:%S")

    def stamp(self, t):
        """A file name's date part (PrepareFileNameDatePart): local time."""
        return datetime.datetime.fromtimestamp(t, self.zone).strftime("@%d-%m-%Y_%H-%M-%S")

    def read_back(self, t):
        """What a local `date` alone gives back: the first instant of an hour repeated when the
        clocks go back."""
        naive = datetime.datetime.fromtimestamp(t, self.zone).replace(tzinfo=None)
        return int(naive.replace(tzinfo=self.zone, fold=0).timestamp())

    def date_pairs(self, key, t):
        pairs = [(key, s(self.local(t)))]
        if self.era.unixtime:
            pairs.append((key + "_unixtime", s(str(t))))
        return pairs

    def expected_time(self, t):
        return t if self.era.unixtime else self.read_back(t)

    # -- text ----------------------------------------------------------------------------------

    def text_pairs(self, parts, ind):
        """text (a string when all plain, else an array) and, from 2022, text_entities."""
        e = self.era

        def part_obj(p, i):
            kind, text = p[0], p[1]
            extra = None
            if kind == "text_link": extra = ("href", s(p[2]))
            elif kind == "mention_name": extra = ("user_id", str(p[2]))
            elif kind == "pre": extra = ("language", s(p[2]))
            elif kind == "custom_emoji": extra = ("document_id", s(p[2]))
            elif kind == "blockquote" and e.year >= 2024: extra = ("collapsed", "true" if len(p) > 2 and p[2] else "false")
            return obj([("type", s(kind)), ("text", s(text))] + ([extra] if extra else []), i)

        if not parts:
            text = s("")
            entities = "[]"
        else:
            if len(parts) == 1 and parts[0][0] == "plain":
                text = s(parts[0][1])
            else:
                text = arr([s(p[1]) if p[0] == "plain" else part_obj(p, ind + 2) for p in parts], ind + 1)
            entities = arr([part_obj(p, ind + 2) for p in parts], ind + 1)
        return [("text", text)] + ([("text_entities", entities)] if e.text_entities else [])

    @staticmethod
    def utf16(text):
        return len(text.encode("utf-16-le")) // 2

    def expected_text(self, parts):
        text, entities, offset = "", [], 0
        for p in parts:
            if p[0] != "plain":
                entity = {"type": p[0], "offset": offset, "length": self.utf16(p[1])}
                if p[0] == "text_link": entity["value"] = p[2]
                elif p[0] == "mention_name": entity["value"] = str(p[2])
                elif p[0] == "pre": entity["value"] = p[2]
                entities.append(entity)
            text += p[1]
            offset += self.utf16(p[1])
        return text, entities

    def formatted(self, head):
        parts = [("plain", head + " 👍 ")]
        samples = {"mention": ("@grace",), "hashtag": ("#news",), "bot_command": ("/start",),
                   "link": ("https://telegram.org",), "email": ("ada@example.com",), "bold": ("bold",),
                   "italic": ("italic",), "code": ("code",), "pre": ("let x = 1", "swift"),
                   "text_link": ("docs", "https://core.telegram.org"), "mention_name": ("Grace", 200001),
                   "phone": ("+4930123456",), "cashtag": ("$TSLA",), "unknown": ("???",),
                   "underline": ("underlined",), "strikethrough": ("struck",), "blockquote": ("quoted", True),
                   "bank_card": ("4242424242424242",), "spoiler": ("secret",),
                   "custom_emoji": ("😀", "5368324170671202286")}
        for kind in self.era.entity_types:
            parts.append((kind,) + samples[kind])
            parts.append(("plain", " "))
        return parts

    # -- peers ---------------------------------------------------------------------------------

    def from_pairs(self, label, peer):
        pairs = [(label, nullable(peer.name))]
        wired = self.era.wire(peer)
        if wired is not None:
            pairs.append((label + "_id", wired))
        return pairs

    def path_text(self, f, photo_placeholders=False):
        if f["state"] in ("included", "missing"):
            return s(f["rel"])
        return s((PHOTO_SKIPPED if photo_placeholders else FILE_SKIPPED)[f["state"]])

    def take_file(self, f):
        """Writes an included file, notes a missing one; True when it is there."""
        if f["state"] == "included":
            self.file(f["rel"], f["data"])
            return True
        if f["state"] == "missing":
            self.summary["missingFiles"].append(f["rel"])
        return False

    # -- a message ---------------------------------------------------------------------------

    def serialize(self, m, chat, ind):
        """SerializeMessage of the era, for the message `m` (see the catalogue below for its keys)."""
        e = self.era
        if m.get("unsupported"):
            return obj([("id", str(m["id"])), ("type", s("unsupported"))], ind)
        svc = m.get("service")
        pairs = [("id", str(m["id"])), ("type", s("service" if svc else "message"))] + self.date_pairs("date", m["date"])
        if e.edited_always:
            pairs.append(("edited", s(self.local(m.get("edited") or 0))))
        elif m.get("edited"):
            pairs += self.date_pairs("edited", m["edited"])
        i2 = ind + 1
        if svc:
            actor = svc.get("actor")
            if actor is not None and not (actor.kind == "channel" and not e.channel_from):
                pairs += self.from_pairs("actor", actor)
            if svc.get("action"):
                pairs.append(("action", s(svc["action"])))
            for key, value in svc["fields"]:
                if callable(value):
                    value = value(i2)
                pairs.append((key, value))
            photo = svc.get("photo")
            if photo:
                if self.take_file(photo["file"]) and svc.get("action") == "edit_group_photo":
                    self.summary["avatars"] += 1
                pairs += self.photo_pairs(photo)
        else:
            sender = m.get("from")
            if sender is not None and not (sender.kind == "channel" and not e.channel_from):
                pairs += self.from_pairs("from", sender)
            if m.get("author"):
                pairs.append(("author", s(m["author"])))
            fwd = m.get("fwd")
            if fwd:
                if fwd.get("peer") is not None:
                    pairs.append(("forwarded_from", nullable(fwd["peer"].name)))
                    if e.forwarded_from_id:
                        pairs.append(("forwarded_from_id", e.wire(fwd["peer"])))
                elif fwd.get("name") and e.hidden_forwards:
                    pairs.append(("forwarded_from", s(fwd["name"])))
            if m.get("saved_from"):
                pairs.append(("saved_from", nullable(m["saved_from"].name)))
            if m.get("reply"):
                rid, rpeer = m["reply"]
                pairs.append(("reply_to_message_id", str(rid)))
                if rpeer is not None and e.reply_peer:
                    pairs.append(("reply_to_peer_id", e.wire(rpeer)))
            if m.get("via"):
                pairs.append(("via_bot", s("@" + m["via"].username)))
        media = m.get("media")
        if media:
            pairs += self.media_pairs(media, m, i2)
        pairs += self.text_pairs(m.get("text") or [], ind)
        if m.get("buttons") and e.buttons:
            pairs.append(("inline_bot_buttons", self.buttons_json(m["buttons"], i2)))
        if m.get("reactions") and e.reactions:
            pairs.append(("reactions", self.reactions_json(m["reactions"], i2)))
        return obj(pairs, ind)

    def photo_pairs(self, p):
        e = self.era
        f = p["file"]
        pairs = [("photo", self.path_text(f))]
        if e.sizes:
            pairs.append(("photo_file_size", str(f["size"])))
        if p.get("w") and p.get("h"):
            pairs += [("width", str(p["w"])), ("height", str(p["h"]))]
        if p.get("spoiler") and e.media_spoiler:
            pairs.append(("media_spoiler", "true"))
        return pairs

    def media_pairs(self, md, m, i2):
        e = self.era
        t = md["t"]
        st = self.summary
        if t == "photo":
            there = self.take_file(md["file"])
            if not m.get("service"):
                if there: st["mediaIncluded"] += 1
                elif md["file"]["state"] != "missing": st["mediaLeftOut"] += 1
            pairs = self.photo_pairs(md)
            if md.get("ttl"):
                pairs.append(("self_destruct_period_seconds", str(md["ttl"])))
            return pairs
        if t == "doc":
            f = md["file"]
            there = self.take_file(f)
            if there: st["mediaIncluded"] += 1
            elif f["state"] != "missing": st["mediaLeftOut"] += 1
            pairs = [("file", self.path_text(f))]
            if e.file_names and md.get("name"):
                pairs.append(("file_name", s(md["name"])))
            if e.sizes:
                pairs.append(("file_size", str(f["size"])))
            thumb = md.get("thumb")
            if thumb:
                if self.take_file(thumb):
                    st["thumbnailsIncluded"] += 1
                pairs.append(("thumbnail", self.path_text(thumb)))
                if e.sizes:
                    pairs.append(("thumbnail_file_size", str(thumb["size"])))
            kind = md["kind"]
            if kind != "file":
                pairs.append(("media_type", s(kind)))
            if kind == "sticker" and md.get("emoji"):
                pairs.append(("sticker_emoji", s(md["emoji"])))
            if kind == "audio_file":
                if md.get("performer"): pairs.append(("performer", s(md["performer"])))
                if md.get("title"): pairs.append(("title", s(md["title"])))
            if md.get("mime") and (kind != "sticker" or e.file_names):
                pairs.append(("mime_type", s(md["mime"])))
            if md.get("duration"):
                pairs.append(("duration_seconds", str(md["duration"])))
            if md.get("w") and md.get("h"):
                pairs += [("width", str(md["w"])), ("height", str(md["h"]))]
            if md.get("spoiler") and e.media_spoiler:
                pairs.append(("media_spoiler", "true"))
            if md.get("ttl"):
                pairs.append(("self_destruct_period_seconds", str(md["ttl"])))
            return pairs
        if t == "contact":
            pairs = [("contact_information", obj([("first_name", s(md["first"])), ("last_name", s(md["last"])),
                                                  ("phone_number", s(md["phone"]))], i2))]
            if md.get("vcard"):
                self.take_file(md["vcard"])
                pairs.append(("contact_vcard", self.path_text(md["vcard"])))
                if e.sizes:
                    pairs.append(("contact_vcard_file_size", str(md["vcard"]["size"])))
            return pairs
        if t == "geo":
            point = obj([("latitude", num(md["lat"])), ("longitude", num(md["lon"]))], i2) if md.get("lat") is not None else "null"
            pairs = [("location_information", point)]
            if md.get("live"):
                pairs.append(("live_location_period_seconds", str(md["live"])))
            return pairs
        if t == "venue":
            return [("place_name", s(md["title"])), ("address", s(md["address"])),
                    ("location_information", obj([("latitude", num(md["lat"])), ("longitude", num(md["lon"]))], i2))]
        if t == "game":
            pairs = [("game_title", s(md["title"])), ("game_description", s(md["description"]))]
            if md.get("bot") is not None and md["bot"].bot and md["bot"].username:
                pairs.append(("game_link", s("https://t.me/" + md["bot"].username + "?game=" + md["short"])))
            return pairs
        if t == "invoice":
            # push("invoice_information", SerializeObject(...)): the object serialized, then written
            # as a string (every writer since b5a65a4519).
            inner = obj([("title", s(md["title"])), ("description", s(md["description"])),
                         ("amount", str(md["amount"])), ("currency", s(md["currency"])),
                         ("receipt_message_id", str(md["receipt"]) if md.get("receipt") else None)], i2)
            return [("invoice_information", s(inner))]
        if t == "poll":
            answers = [obj([("text", s(a[0])), ("voters", str(a[1])), ("chosen", "true" if a[2] else "false")], i2 + 2)
                       for a in md["answers"]]
            return [("poll", obj([("question", s(md["question"])), ("closed", "true" if md["closed"] else "false"),
                                  ("total_voters", str(md["total"])), ("answers", arr(answers, i2 + 1))], i2))]
        if t == "todo":
            items = [obj([("text", s(text)), ("id", str(iid))], i2 + 2) for text, iid in md["items"]]
            return [("todo_list", obj([("title", s(md["title"])), ("others_can_append", "true" if md["append"] else "false"),
                                       ("others_can_complete", "true" if md["complete"] else "false"),
                                       ("answers", arr(items, i2 + 1))], i2))]
        if t == "giveaway":
            return [("giveaway_information", obj([
                ("quantity", "3"), ("months", "6"), ("until_date", s(self.local(md["until"]))),
                ("channels", arr([str(NEWS.id)], i2 + 1)), ("countries", arr([s("DE")], i2 + 1)),
                ("additional_prize", s("a mug")), ("stars", "0"), ("is_only_new_subscribers", "true")], i2))]
        if t == "paid":
            return [("paid_stars_amount", str(md["stars"]))]
        raise ValueError(t)

    def buttons_json(self, rows, i2):
        out = []
        for row in rows:
            items = []
            for b in row:
                pairs = [("type", s(b["type"]))]
                if b.get("text"): pairs.append(("text", s(b["text"])))
                if b.get("data"):
                    if b["type"] in ("callback", "callback_with_password"):
                        encoded = base64.urlsafe_b64encode(b["data"].encode()).decode().rstrip("=")
                        pairs += [("dataBase64", s(encoded)), ("data", s(""))]
                    else:
                        pairs.append(("data", s(b["data"])))
                if b.get("button_id"): pairs.append(("button_id", str(b["button_id"])))
                items.append(obj(pairs, i2 + 2))
            out.append(arr(items, i2 + 1))
        return arr(out, i2)

    def reactions_json(self, reactions, i2):
        items = []
        for r in reactions:
            pairs = [("type", s(r["type"])), ("count", str(r["count"]))]
            if r["type"] == "emoji": pairs.append(("emoji", s(r["emoji"])))
            if r["type"] == "custom_emoji": pairs.append(("document_id", s(r["document_id"])))
            if r.get("recent"):
                pairs.append(("recent", arr([obj([("from", nullable(p.name)), ("from_id", s(p.kind + str(p.id))),
                                                  ("date", s(self.local(t)))], i2 + 3) for p, t in r["recent"]], i2 + 2)))
            items.append(obj(pairs, i2 + 1))
        return arr(items, i2)

    # -- what main messages shows -----------------------------------------------------------

    def author_expectation(self, who, row):
        e = self.era
        if who is SELF:
            row["outgoing"] = "self"
            if e.ids:
                row["authorId"] = "self"
        elif who.kind == "user":
            row["outgoing"] = False
            if e.ids:
                row["authorId"] = who.packed
            elif who.name:
                row["authorName"] = who.name
        elif who.kind == "channel" and e.channel_from:
            row["authorId"] = who.packed

    def expected_row(self, m, chat):
        e = self.era
        row = {"id": m["id"], "timestamp": self.expected_time(m["date"])}
        svc = m.get("service")
        if svc:
            if svc.get("actor") is not None:
                self.author_expectation(svc["actor"], row)
            service = {"action": svc["action"]} if svc.get("action") else {}
            service.update(svc.get("expect", {}))
            if service:
                row["service"] = service
        else:
            if m.get("from") is not None:
                self.author_expectation(m["from"], row)
            text, entities = self.expected_text(m.get("text") or [])
            row["text"] = text
            row["entities"] = entities or None
            row["replyTo"] = None
            if m.get("reply"):
                rid, rpeer = m["reply"]
                row["replyTo"] = {"id": rid}
                if rpeer is not None and e.reply_peer:
                    row["replyTo"]["peerId"] = rpeer.packed
            row["forward"] = None
            fwd = m.get("fwd")
            if fwd:
                if fwd.get("peer") is not None:
                    row["forward"] = {"from": fwd["peer"].name or None}
                    if e.forwarded_from_id:
                        row["forward"]["fromId"] = fwd["peer"].packed
                elif fwd.get("name") and e.hidden_forwards:
                    row["forward"] = {"from": fwd["name"]}
            if m.get("saved_from"):
                row["forward"] = dict(row["forward"] or {}, savedFrom=m["saved_from"].name)
            row["viaBot"] = "@" + m["via"].username if m.get("via") else None
            row["signature"] = m.get("author")
            row["reactions"] = None
            if m.get("reactions") and e.reactions:
                row["reactions"] = [{"emoji": "⭐" if r["type"] == "paid" else r.get("emoji", ""), "count": r["count"],
                                     "documentId": r.get("document_id")} for r in m["reactions"]]
            row["buttons"] = None
            if m.get("buttons") and e.buttons:
                row["buttons"] = [[{"type": b["type"], "text": b["text"]} | ({"data": b["data"]} if b["type"] == "url" else {})
                                   for b in r] for r in m["buttons"]]
            row["media"] = None
            md = m.get("media")
            if md:
                row.update(self.expected_media(md))
        row["editedAt"] = self.expected_time(m["edited"]) if m.get("edited") else None
        return row

    def expected_media(self, md):
        e = self.era
        t = md["t"]
        if t in ("photo", "doc"):
            f = md["file"]
            x = {"kind": "photo" if t == "photo" else md["kind"], "included": f["state"] == "included",
                 "missing": True if f["state"] == "missing" else None}
            if e.sizes and f["size"] > 0: x["size"] = f["size"]
            if md.get("w") and md.get("h"): x["width"], x["height"] = md["w"], md["h"]
            if md.get("ttl"): x["selfDestructSeconds"] = md["ttl"]
            x["spoiler"] = True if md.get("spoiler") and e.media_spoiler else None
            if t == "doc":
                if e.file_names and md.get("name"): x["fileName"] = md["name"]
                if md.get("mime") and (md["kind"] != "sticker" or e.file_names): x["mimeType"] = md["mime"]
                if md.get("duration"): x["duration"] = md["duration"]
                if md["kind"] == "audio_file":
                    x["performer"], x["title"] = md.get("performer"), md.get("title")
                if md["kind"] == "sticker" and md.get("emoji"): x["emoji"] = md["emoji"]
            return {"media": x}
        if t == "contact":
            x = {"firstName": md["first"], "lastName": md["last"], "phone": md["phone"]}
            if md.get("vcard"): x["vcard"] = md["vcard"]["data"].decode()
            return {"contact": x}
        if t == "geo":
            if md.get("lat") is None:
                return {}
            return {"location": {"latitude": md["lat"], "longitude": md["lon"], "livePeriod": md.get("live")}}
        if t == "venue":
            return {"location": {"latitude": md["lat"], "longitude": md["lon"], "title": md["title"], "address": md["address"]}}
        if t == "game":
            x = {"title": md["title"], "description": md["description"]}
            if md.get("bot") is not None and md["bot"].bot and md["bot"].username:
                x["link"] = "https://t.me/" + md["bot"].username + "?game=" + md["short"]
            return {"game": x}
        if t == "invoice":
            return {"invoice": {"title": md["title"], "description": md["description"], "amount": md["amount"],
                                "currency": md["currency"]}}
        if t == "poll":
            return {"poll": {"question": md["question"], "answers": [{"text": a[0], "voters": a[1], "chosen": True if a[2] else None}
                                                                     for a in md["answers"]],
                             "totalVoters": md["total"], "closed": md["closed"]}}
        if t == "todo":
            return {"todo": {"title": md["title"], "items": [{"text": text, "done": False} for text, _ in md["items"]],
                             "othersCanAppend": md["append"], "othersCanComplete": md["complete"]}}
        return {}

    # -- chats ---------------------------------------------------------------------------------

    def chat_block(self, chat, messages, ind, single=False):
        """One chat object (writeDialogStart .. writeDialogEnd), its messages streamed."""
        e = self.era
        pad = " " * (ind + 1)
        head = []
        if chat["type"] not in ("saved_messages", "replies", "verification_codes"):
            head.append(("name", nullable(chat["name"])))
        head.append(("type", s(chat["type"])))
        cid = e.chat_id(chat["peer"])
        if cid is not None:
            head.append(("id", cid))
        self.w("{\n" + ",\n".join("%s%s: %s" % (pad, s(k), v) for k, v in head) + ",\n" + pad + '"messages": [')
        stored = {}
        written = 0
        texts = []
        last_id = None
        first = True
        for m in messages:
            body = self.serialize(m, chat, ind + 2)
            self.w(("\n" if first else ",\n") + " " * (ind + 2) + body)
            first = False
            last_id = m["id"]
            if m.get("unsupported"):
                self.summary["unsupported"] += 1
                continue
            written += 1
            self.summary["messageObjects"] += 1
            if m.get("service"):
                self.summary["serviceMessages"] += 1
            if not e.unixtime:
                self.summary["localDates"] += 1
            if m["id"] in stored:
                self.summary["duplicates"] += 1
            stored[m["id"]] = True
            if self.args.variants:
                self.expect[(chat["key"], m["id"])] = self.expected_row(m, chat)
            if not m.get("service") and len(texts) < 2:
                plain = "".join(p[1] for p in (m.get("text") or []))
                if len(plain) > 20 and not any(ord(c) < 32 for c in plain): texts.append(plain)
        self.w("\n" + pad + "]\n" + " " * ind + "}")
        self.summary["messages"] += len(stored)
        peer = chat["peer"]
        peer_id = "self" if peer is SELF else (peer.packed if e.ids else None)
        self.summary["chats"].append({"key": chat["key"], "id": peer.id, "type": chat["type"], "name": chat["name"],
                                      "messages": len(stored), "left": chat.get("left", False), "word": chat.get("word"),
                                      "lastMessageId": last_id, "peerId": peer_id})
        self.summary["sampleTexts"] += texts

    def folder(self, index, total, single):
        if single:
            return ""
        digits = len(str(max(total - 1, 0)))
        return "chats/chat_%0*d/" % (digits, index + 1)

    # -- the whole export ----------------------------------------------------------------------

    def run(self):
        os.makedirs(self.out, exist_ok=True)
        a = self.args
        e = self.era
        if a.variants:
            chats = self.variant_chats()
            if a.single_chat:
                chats = [c for c in chats if c["key"] == a.chat]
                if not chats:
                    raise SystemExit("--chat: no chat %r in --era %d's variants" % (a.chat, e.year))
        else:
            chats = self.pattern_chats()
        listed = [c for c in chats if not c.get("left")]
        left = [c for c in chats if c.get("left")]
        ordered = listed + left
        for i, c in enumerate(ordered):
            c["folder"] = self.folder(i, len(ordered), a.single_chat)
        with open(os.path.join(self.out, "result.json"), "w", encoding="utf-8", buffering=1 << 20) as self.f:
            if a.single_chat:
                self.chat_block(chats[0], chats[0]["messages"](chats[0]), 0, single=True)
                self.w("\n")
                return
            self.w("{\n " + s("about") + ": " + s("Here is the data you requested. Remember: Telegram is ad free.") + ",\n")
            self.personal()
            self.w(",\n")
            if not a.plain:
                self.profile_pictures()
                self.w(",\n")
                if e.stories and a.variants:
                    self.stories()
                    self.w(",\n")
            self.contacts()
            if not a.plain:
                self.w(",\n")
                self.sessions()
            self.w(',\n "chats": {\n  "about": ' + s("This page lists all chats from this export.") + ',\n  "list": [')
            for i, c in enumerate(listed):
                self.w(("\n" if i == 0 else ",\n") + "   ")
                self.chat_block(c, c["messages"](c), 3)
            self.w("\n  ]\n }")
            if left:
                self.w(',\n "left_chats": {\n  "about": ' + s("This page lists all supergroups and channels from this export that you've left.") + ',\n  "list": [')
                for i, c in enumerate(left):
                    self.w(("\n" if i == 0 else ",\n") + "   ")
                    self.chat_block(c, c["messages"](c), 3)
                self.w("\n  ]\n }")
            self.w("\n}\n")

    def personal(self):
        e = self.era
        self.w(' "personal_information": ' + obj([
            ("user_id", str(SELF_ID) if e.ids else None), ("first_name", s(SELF.first)), ("last_name", s(SELF.last)),
            ("phone_number", s("+1 555 010 0001")), ("username", s("@ada")), ("bio", s("Analytical"))], 1))

    def profile_pictures(self):
        """Newest first: the account's picture; with --variants the newest is named but missing on
        disk, then the present one, then one the export could not download."""
        t = self.base() - 100
        entries = []
        if self.args.variants:
            missing = "profile_pictures/photo_2%s.jpg" % self.stamp(t + 3600)
            self.summary["missingFiles"].append(missing)
            entries.append((missing, t + 3600))
        rel = "profile_pictures/photo_1%s.jpg" % self.stamp(t)
        self.file(rel, JPEG)
        if not self.args.variants:
            self.summary["avatars"] += 1
        entries.append((rel, t))
        if self.args.variants:
            entries.append((None, t - 86400))
        items = [obj(self.date_pairs("date", when) + [("photo", s(path) if path else s(PHOTO_SKIPPED["Unavailable"]))], 2)
                 for path, when in entries]
        self.w(' "profile_pictures": ' + arr(items, 1))

    def stories(self):
        t = self.base() - 50
        rel = "stories/story_1%s.jpg" % self.stamp(t)
        self.file(rel, JPEG)
        pairs = self.date_pairs("date", t) + self.date_pairs("expires", t + 86400) + [("pinned", "true"), ("media", s(rel))]
        self.w(' "stories": ' + arr([obj(pairs, 2)], 1))

    def contacts(self):
        e = self.era
        people = []
        if self.args.variants:
            people = [(GRACE.id, "Grace", "Hopper", "+1 555 020 0001"), (ALAN.id, "Alan", "Turing", "+1 555 020 0002"),
                      (EDSGER.id, "Edsger", "Dijkstra", "+1 555 020 0003"), (0, "Dentist", "Office", "+49 30 1234567"),
                      (None, "", "", "")]
            if e.big_ids:
                people.append((KATHERINE.id, "Katherine", "Johnson", "+1 555 020 0007"))
        else:
            people = [(uid, first, last, "+1 555 020 %04d" % (uid % 10000)) for uid, first, last in self.users[:6]]
        items = []
        for uid, first, last, phone in people:
            date = self.date_pairs("date", self.base() - 1000)
            if not first and not last and not phone:
                items.append(obj(date, 3))
                self.summary["emptyContacts"] += 1
                continue
            items.append(obj([("user_id", e.contact_user_id(uid)), ("first_name", s(first)), ("last_name", s(last)),
                              ("phone_number", s(phone))] + date, 3))
            if uid and e.ids:
                self.summary["contacts"].append({"userId": uid, "name": first + " " + last, "phone": phone})
            else:
                self.summary["deviceContacts"].append({"name": first + " " + last, "phone": phone})
        self.w(' "contacts": ' + obj([("about", s("This is your contact list.")), ("list", arr(items, 2))], 1) + ",\n")
        first_user = Peer("user", self.users[0][0], self.users[0][1]) if not self.args.variants else ALAN
        frequent = [(first_user, "people", "user", 1.5)]
        if self.args.variants:
            frequent += [(GIF, "inline_bots", "user", 0.75), (ALAN, "calls", "user", 0.25), (CHESS, "people", "private_group", 0.5)]
        items = [obj([("id", e.chat_id(p)), ("category", s(cat)), ("type", s(kind)), ("name", nullable(p.name)),
                      ("rating", num(float(r)))], 3) for p, cat, kind, r in frequent]
        self.w(' "frequent_contacts": ' + obj([("about", s("Frequent contacts.")), ("list", arr(items, 2))], 1))

    def sessions(self):
        t = self.base() - 500
        session = obj(self.date_pairs("last_active", t) + [
            ("last_ip", s("192.0.2.1")), ("last_country", s("Germany")), ("last_region", s("Berlin")),
            ("application_name", s("Telegram Desktop")), ("application_version", s("4.0")), ("device_model", s("PC")),
            ("platform", s("Linux")), ("system_version", s("Linux")) ] + self.date_pairs("created", t - 9999), 3)
        web = obj(self.date_pairs("last_active", t) + [
            ("last_ip", s("192.0.2.2")), ("last_region", s("Berlin")), ("bot_username", s("helperbot")),
            ("domain_name", s("example.com")), ("browser", s("Firefox")), ("platform", s("Linux"))]
            + self.date_pairs("created", t - 9999), 3)
        self.w(' "sessions": ' + obj([("about", s("Sessions.")), ("list", arr([session], 2))], 1) + ",\n")
        self.w(' "web_sessions": ' + obj([("about", s("Web sessions.")), ("list", arr([web], 2))], 1))

    def base(self):
        """The export's first dates: its era's March (the variants cross the spring transition)."""
        if self.args.variants:
            return int(datetime.datetime(self.era.year, 3, 20, 12, tzinfo=datetime.timezone.utc).timestamp())
        return BASE_DATE if self.era.year >= 2024 else int(datetime.datetime(self.era.year, 6, 1, tzinfo=datetime.timezone.utc).timestamp())

    # -- the default pattern and --plain / --mix ---------------------------------------------------

    def pattern_chats(self):
        a = self.args
        count = max(1, a.chats)
        kinds = [CHAT_TYPES[i % len(CHAT_TYPES)] for i in range(count)]
        if kinds.count("saved_messages") > 1:
            kinds = [k if k != "saved_messages" or i == kinds.index("saved_messages") else "personal_chat" for i, k in enumerate(kinds)]
        if a.single_chat and kinds[0] == "saved_messages":
            kinds[0] = "personal_chat"
        per = [a.messages // count + (1 if i < a.messages % count else 0) for i in range(count)]
        chats = []
        left_index = count - 1 if count > 2 and not a.plain and not a.single_chat else None
        for i in range(count):
            kind = "public_channel" if i == left_index else kinds[i]
            if kind == "saved_messages":
                peer, name = SELF, None
            elif kind in ("personal_chat", "bot_chat"):
                name = "%s %s" % (FIRST[i % 10], LAST[(i + 5) % 10]) if kind == "personal_chat" else "Helper%dBot" % i
                peer = Peer("user", 300000 + i, *name.split(" ", 1)) if kind == "personal_chat" else Peer("user", 300000 + i, name, bot=True)
            elif kind == "private_group":
                name = "Group %s %d" % (self.rng.choice(WORDS).title(), i)
                peer = Peer("chat", 400000 + i, title=name)
            else:
                name = "%s %s %d" % ("Channel" if "channel" in kind else "Supergroup", self.rng.choice(WORDS).title(), i)
                peer = Peer("channel", 1_500_000_000 + i, title=name)
            source = self.mix_messages if a.mix else self.pattern_messages
            chats.append({"key": "chat%d" % i, "index": i, "type": kind, "peer": peer, "name": name, "count": per[i],
                          "word": "chat%dword" % i, "left": i == left_index,
                          "messages": source})
        return chats

    def sender_of(self, chat, n):
        kind = chat["type"]
        user = self.users[n % len(self.users)]
        outgoing = n % 3 == 0 or kind == "saved_messages"
        if kind in ("personal_chat", "bot_chat"):
            return SELF if outgoing else chat["peer"]
        if kind in ("private_channel", "public_channel"):
            return chat["peer"]
        return SELF if outgoing else Peer("user", user[0], user[1], user[2])

    def pattern_messages(self, chat):
        """The default export: a rich pattern repeating every 12 messages (or --plain's text)."""
        a = self.args
        index = chat["index"]
        base = self.base()
        for n in range(1, chat["count"] + 1):
            # Each message from its own generator: a bigger export of the same seed starts with the
            # same messages (a "newer export" of the same account).
            rng = random.Random((a.seed * 1_000_003 + index) * 10_000_019 + n)
            t = base + index * 7 + n * 60
            kind = chat["type"]
            sender = self.sender_of(chat, n)
            text = [("plain", "%s %d %s" % (chat["word"], n, " ".join(rng.choice(WORDS) for _ in range(4))))]
            if n == 1 and index == 0:
                text = [("plain", "the %s message %d" % (RARE_WORD, n))]
            m = {"id": n, "date": t}
            if a.plain:
                m.update({"from": sender, "text": text})
                yield m
                continue
            v = n % 12
            folder = chat["folder"]
            if n == 1 and kind in ("private_group", "private_supergroup", "public_supergroup"):
                members = lambda i: arr([s("Ada Lovelace"), s("Grace Hopper")], i)
                m["service"] = {"actor": SELF, "action": "create_group", "fields": [("title", s(chat["name"])), ("members", members)]}
                yield m
                continue
            if n == 2 and kind not in ("personal_chat", "bot_chat", "saved_messages"):
                # A group's or channel's photo, as ActionChatEditPhoto writes it: the chat's avatar.
                # Channels' photos are JPEGs (as Telegram's are); groups' PNGs, so both decoders are used.
                rel = folder + "photos/photo_%d%s.jpg" % (n, self.stamp(t))
                photo = JPEG if "channel" in kind else png(index + 3)
                actor = chat["peer"] if "channel" in kind else SELF
                m["service"] = {"actor": actor, "action": "edit_group_photo", "fields": [],
                                "photo": {"file": F("included", rel, photo), "w": 48, "h": 48}}
                yield m
                continue
            if v == 5 and kind == "personal_chat":
                m["service"] = {"actor": sender, "action": "phone_call",
                                "fields": [("duration_seconds", "42"), ("discard_reason", s("hangup"))]}
                yield m
                continue
            if v == 7 and kind != "saved_messages":
                m["service"] = {"actor": sender, "action": "pin_message", "fields": [("message_id", str(max(1, n - 1)))]}
                yield m
                continue
            if v == 11:
                yield {"id": n, "unsupported": True}
                continue
            if n % 24 == 4:
                m["edited"] = t + 30
            m["from"] = sender
            if v == 1 and n > 1:
                m["reply"] = (n - 1, None)
            if v == 2:
                m["fwd"] = {"name": "Barbara Liskov"}
            if v == 3:
                rel = folder + "photos/photo_%d%s.jpg" % (n, self.stamp(t))
                m["media"] = {"t": "photo", "file": F("included", rel, png(n)), "w": 48, "h": 48}
            if v == 4:
                m["media"] = {"t": "doc", "kind": "file", "file": F("FileType", size=1000 + n), "name": "report-%d.pdf" % n,
                              "mime": "application/pdf"}
            if v == 6:
                rel = folder + "voice_messages/audio_%d%s.ogg" % (n, self.stamp(t))
                data = OGG + bytes(rng.getrandbits(8) for _ in range(300))
                m["media"] = {"t": "doc", "kind": "voice_message", "file": F("included", rel, data), "mime": "audio/ogg",
                              "duration": 3}
            if v == 8:
                rel = folder + "stickers/sticker_%d.webp" % n
                m["media"] = {"t": "doc", "kind": "sticker", "file": F("included", rel, WEBP), "name": "sticker.webp",
                              "thumb": F("included", rel + "_thumb.jpg", png(n)), "emoji": "\U0001F600",
                              "mime": "image/webp", "w": 512, "h": 512}
            if v == 9:
                text = self.formatted("Formatted %d:" % n)
            if v == 10:
                text = [("plain", "tab\there, bell\x07 and vertical\x0btab %d" % n)]
            m["text"] = text
            yield m

    def mix_messages(self, chat):
        """--mix: every variant in realistic shares (MIX_SHARES), text for the rest."""
        a = self.args
        e = self.era
        index = chat["index"]
        base = self.base()
        folder = chat["folder"]
        kind = chat["type"]
        shares = MIX_SHARES
        content = [(k, v) for k, v in shares.items() if k not in ("reply", "forward", "edited", "reactions", "formatted")]
        for n in range(1, chat["count"] + 1):
            rng = random.Random((a.seed * 1_000_003 + index) * 10_000_019 + n)
            t = base + index * 7 + n * 60
            sender = self.sender_of(chat, n)
            m = {"id": n, "date": t}
            roll = rng.random()
            picked = None
            for name, share in content:
                if roll < share:
                    picked = name
                    break
                roll -= share
            text = [("plain", "%s %d %s" % (chat["word"], n, " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 12)))))]
            if picked == "service":
                if kind == "personal_chat":
                    m["service"] = {"actor": sender, "action": "phone_call",
                                    "fields": [("duration_seconds", str(rng.randint(1, 900))), ("discard_reason", s("hangup"))]}
                elif n > 1:
                    m["service"] = {"actor": sender, "action": "pin_message", "fields": [("message_id", str(n - 1))]}
                else:
                    m["service"] = {"actor": sender, "action": "edit_group_title", "fields": [("title", s(chat["name"] or "Chat"))]}
                yield m
                continue
            m["from"] = sender
            if rng.random() < shares["reply"] and n > 1:
                m["reply"] = (rng.randint(max(1, n - 50), n - 1), None)
            if rng.random() < shares["forward"]:
                m["fwd"] = {"peer": Peer("user", 200000 + rng.randint(0, 9), rng.choice(FIRST), rng.choice(LAST))}
            if rng.random() < shares["edited"]:
                m["edited"] = t + rng.randint(5, 3600)
            if rng.random() < shares["reactions"]:
                m["reactions"] = [{"type": "emoji", "emoji": rng.choice("👍❤🔥😁"), "count": rng.randint(1, 9)}]
            if rng.random() < shares["formatted"]:
                text = [("plain", "see "), ("bold", "this"), ("plain", " and "), ("text_link", "that", "https://example.com/%d" % n)]
            stamp = self.stamp(t) if picked in ("photo included", "voice included") else ""
            if picked == "photo included":
                m["media"] = {"t": "photo", "file": F("included", folder + "photos/photo_%d%s.jpg" % (n, stamp), JPEG), "w": 64, "h": 48}
            elif picked == "photo left out":
                m["media"] = {"t": "photo", "file": F("FileType", size=80000 + n % 1000), "w": 1280, "h": 960}
            elif picked == "file left out":
                m["media"] = {"t": "doc", "kind": "file", "file": F("FileSize" if n % 3 == 0 else "FileType", size=3_000_000 + n),
                              "name": "document-%d.pdf" % n, "mime": "application/pdf"}
            elif picked == "file included":
                m["media"] = {"t": "doc", "kind": "file", "file": F("included", folder + "files/notes-%d.pdf" % n, PDF),
                              "name": "notes-%d.pdf" % n, "mime": "application/pdf"}
            elif picked == "video left out":
                m["media"] = {"t": "doc", "kind": "video_file", "file": F("FileType", size=9_000_000 + n), "name": "video-%d.mp4" % n,
                              "thumb": F("FileType", size=4000), "mime": "video/mp4", "duration": 30, "w": 1280, "h": 720}
            elif picked == "animation left out":
                m["media"] = {"t": "doc", "kind": "animation", "file": F("FileType", size=400_000), "name": "giphy.mp4",
                              "thumb": F("FileType", size=3000), "mime": "video/mp4", "duration": 3, "w": 320, "h": 240}
            elif picked == "sticker included":
                rel = folder + "stickers/sticker_%d.webp" % n
                m["media"] = {"t": "doc", "kind": "sticker", "file": F("included", rel, WEBP), "name": "sticker.webp",
                              "thumb": F("included", rel + "_thumb.jpg", JPEG), "emoji": "😀", "mime": "image/webp",
                              "w": 512, "h": 512}
                text = []
            elif picked == "voice included":
                m["media"] = {"t": "doc", "kind": "voice_message",
                              "file": F("included", folder + "voice_messages/audio_%d%s.ogg" % (n, stamp), OGG),
                              "mime": "audio/ogg", "duration": rng.randint(1, 60)}
                text = []
            elif picked == "video message left out":
                m["media"] = {"t": "doc", "kind": "video_message", "file": F("FileType", size=700_000), "thumb": F("FileType", size=2000),
                              "mime": "video/mp4", "duration": 8, "w": 240, "h": 240}
                text = []
            elif picked == "audio left out":
                m["media"] = {"t": "doc", "kind": "audio_file", "file": F("FileType", size=5_000_000), "name": "song-%d.mp3" % n,
                              "performer": "Band %d" % (n % 7), "title": "Song %d" % n, "mime": "audio/mpeg", "duration": 200}
            elif picked == "poll" and e.polls:
                m["media"] = {"t": "poll", "question": "Lunch at %d?" % (n % 24), "closed": False, "total": 4,
                              "answers": [("Yes", 3, n % 2 == 0), ("No", 1, False)]}
                text = []
            elif picked == "location":
                m["media"] = {"t": "geo", "lat": 52.520008, "lon": 13.404954}
                text = []
            elif picked == "contact":
                m["media"] = {"t": "contact", "first": "Grace", "last": "Hopper", "phone": "+1 555 020 0001"}
                text = []
            m["text"] = text
            yield m

    # -- --variants ------------------------------------------------------------------------------

    def variant_chats(self):
        e = self.era
        chats = [
            {"key": "alan", "type": "personal_chat", "peer": ALAN, "name": ALAN.name, "messages": self.alan},
            {"key": "bot", "type": "bot_chat", "peer": BOT, "name": BOT.name, "messages": self.bot},
            {"key": "saved", "type": "saved_messages", "peer": SELF, "name": None, "messages": self.saved},
            {"key": "chess", "type": "private_group", "peer": CHESS, "name": CHESS.title, "messages": self.chess},
            {"key": "engines", "type": "private_supergroup", "peer": ENGINES, "name": ENGINES.title, "messages": self.engines},
            {"key": "talk", "type": "public_supergroup", "peer": TALK, "name": TALK.title, "messages": self.talk},
            {"key": "news", "type": "private_channel", "peer": NEWS, "name": NEWS.title, "messages": self.news},
        ]
        if e.ids:
            chats.append({"key": "deleted", "type": "personal_chat", "peer": DELETED, "name": None, "messages": self.deleted})
        if e.replies_chat:
            chats.append({"key": "replies", "type": "replies", "peer": REPLIES, "name": None, "messages": self.replies})
        if e.verification_codes:
            chats.append({"key": "codes", "type": "verification_codes", "peer": CODES, "name": None, "messages": self.codes})
        if e.big_ids:
            chats.append({"key": "katherine", "type": "personal_chat", "peer": KATHERINE, "name": KATHERINE.name,
                          "messages": self.katherine})
            chats.append({"key": "big", "type": "public_channel", "peer": BIG_CHANNEL, "name": BIG_CHANNEL.title,
                          "messages": self.big})
        chats.append({"key": "old", "type": "public_channel", "peer": OLD_PUBLIC, "name": OLD_PUBLIC.title, "left": True,
                      "messages": self.old_public})
        for c in chats:
            c["word"] = c["key"] + "word"
        return chats

    class Clock:
        def __init__(self, start, step=600):
            self.t, self.step, self.n = start, step, 0

        def __call__(self, step=None):
            self.t += step or self.step
            self.n += 1
            return self.t

    def transitions(self, year):
        """The instants the zone's offset changes in `year` (spring forward, fall back), if any."""
        found = []
        t = int(datetime.datetime(year, 1, 1, tzinfo=datetime.timezone.utc).timestamp())
        end = int(datetime.datetime(year + 1, 1, 1, tzinfo=datetime.timezone.utc).timestamp())
        offset = datetime.datetime.fromtimestamp(t, self.zone).utcoffset()
        while t < end:
            nxt = t + 3600
            o = datetime.datetime.fromtimestamp(nxt, self.zone).utcoffset()
            if o != offset:
                lo, hi = t, nxt
                while hi - lo > 1:
                    mid = (lo + hi) // 2
                    if datetime.datetime.fromtimestamp(mid, self.zone).utcoffset() == offset: lo = mid
                    else: hi = mid
                found.append((hi, offset, o))
                offset = o
            t = nxt
        return found

    def msg(self, clock, sender, text=None, **extra):
        m = {"date": clock(), "from": sender, "text": [("plain", text)] if isinstance(text, str) else (text or [])}
        m.update(extra)
        return m

    def svc(self, clock, actor, action, fields=(), expect=None, photo=None):
        return {"date": clock(), "service": {"actor": actor, "action": action, "fields": list(fields),
                                             "expect": expect or {}, "photo": photo}}

    def number(self, messages, start=1):
        for i, m in enumerate(messages):
            m.setdefault("id", start + i)
        return messages

    def alan(self, chat):
        """The personal chat: every media type, left out, missing, calls, edits, forwards, dates
        around both daylight-saving transitions, a repeated id."""
        e = self.era
        f = chat["folder"]
        c = self.Clock(self.base() - 4 * 3600)
        st = lambda: self.stamp(c.t + 600)
        out = []
        out.append(self.msg(c, ALAN, "Hi Ada, are you there? alanword"))
        out.append(self.msg(c, SELF, "Yes, Alan. Here is a longer reply to read back."))
        out.append(self.msg(c, SELF, self.formatted("Formatted:")))
        out.append(self.msg(c, ALAN, "Answering your second message", reply=(2, None)))
        out.append(self.msg(c, ALAN, "forwarded from Grace", fwd={"peer": GRACE}))
        out.append(self.msg(c, ALAN, "forwarded from a hidden sender", fwd={"name": "Hidden Sender"}))
        out.append(self.msg(c, ALAN, "forwarded from a deleted account", fwd={"peer": DELETED}))
        m = self.msg(c, SELF, "this one was edited later")
        m["edited"] = m["date"] + 125
        out.append(m)
        out.append(self.msg(c, ALAN, "a photo", media={"t": "photo", "file": F("included", f + "photos/photo_1%s.jpg" % st(), JPEG), "w": 64, "h": 48}))
        out.append(self.msg(c, ALAN, "", media={"t": "photo", "file": F("FileType", size=81234), "w": 1280, "h": 960}))
        out.append(self.msg(c, SELF, "", media={"t": "photo", "file": F("FileSize", size=9_812_345), "w": 5000, "h": 4000}))
        # A self-destructing photo received: the export has no file (ParseMessage clears it).
        out.append(self.msg(c, ALAN, "", media={"t": "photo", "file": F("Unavailable", size=0), "w": 800, "h": 600, "ttl": 10}))
        out.append(self.msg(c, SELF, "sent to self-destruct", media={"t": "photo", "file": F("included", f + "photos/photo_3%s.jpg" % st(), JPEG), "w": 64, "h": 48, "ttl": 15}))
        out.append(self.msg(c, ALAN, "a photo the export names but lost", media={"t": "photo", "file": F("missing", f + "photos/photo_4%s.jpg" % st(), size=5555), "w": 64, "h": 48}))
        out.append(self.msg(c, SELF, "the report", media={"t": "doc", "kind": "file", "file": F("included", f + "files/report.pdf", PDF), "name": "report.pdf", "mime": "application/pdf"}))
        out.append(self.msg(c, ALAN, "", media={"t": "doc", "kind": "file", "file": F("FileType", size=12_345_678), "name": "archive.zip", "mime": "application/zip"}))
        out.append(self.msg(c, ALAN, "a clip", media={"t": "doc", "kind": "video_file", "file": F("included", f + "video_files/clip.mp4", MP4), "name": "clip.mp4",
                                                       "thumb": F("included", f + "video_files/clip.mp4_thumb.jpg", JPEG), "mime": "video/mp4", "duration": 12, "w": 640, "h": 360}))
        out.append(self.msg(c, SELF, "", media={"t": "doc", "kind": "animation", "file": F("FileType", size=456_789), "name": "giphy.mp4",
                                                "thumb": F("FileType", size=2345), "mime": "video/mp4", "duration": 3, "w": 320, "h": 240}, via=GIF))
        out.append(self.msg(c, ALAN, "", media={"t": "doc", "kind": "audio_file", "file": F("included", f + "files/engine.mp3", MP3), "name": "engine.mp3",
                                                "performer": "Ada Band", "title": "Difference Engine", "mime": "audio/mpeg", "duration": 185}))
        out.append(self.msg(c, SELF, "", media={"t": "doc", "kind": "voice_message", "file": F("included", f + "voice_messages/audio_1%s.ogg" % st(), OGG),
                                                "mime": "audio/ogg", "duration": 4}))
        out.append(self.msg(c, ALAN, "", media={"t": "doc", "kind": "voice_message", "file": F("missing", f + "voice_messages/audio_2%s.ogg" % st(), size=4321),
                                                "mime": "audio/ogg", "duration": 7}))
        out.append(self.msg(c, ALAN, "", media={"t": "doc", "kind": "video_message", "file": F("FileSize", size=88_000_000),
                                                "thumb": F("FileSize", size=3456), "mime": "video/mp4", "duration": 9, "w": 240, "h": 240}))
        out.append(self.msg(c, ALAN, "", media={"t": "doc", "kind": "sticker", "file": F("included", f + "stickers/sticker.webp", WEBP), "name": "sticker.webp",
                                                "thumb": F("included", f + "stickers/sticker.webp_thumb.jpg", JPEG), "emoji": "😀", "mime": "image/webp", "w": 512, "h": 512}))
        out.append(self.msg(c, SELF, "", media={"t": "doc", "kind": "sticker", "file": F("included", f + "stickers/sticker (1).webp", WEBP), "name": "sticker.webp",
                                                "thumb": F("missing", f + "stickers/sticker (1).webp_thumb.jpg", size=2222), "emoji": "🐢", "mime": "image/webp", "w": 512, "h": 512}))
        vcard = b"BEGIN:VCARD\nVERSION:3.0\nFN:Grace Hopper\nTEL;TYPE=CELL:+15550200001\nEND:VCARD\n"
        out.append(self.msg(c, ALAN, "", media={"t": "contact", "first": "Grace", "last": "Hopper", "phone": "+1 555 020 0001",
                                                "vcard": F("included", f + "contacts/contact_1.vcard", vcard)}))
        out.append(self.msg(c, SELF, "", media={"t": "contact", "first": "Dentist", "last": "", "phone": "+49 30 1234567"}))
        out.append(self.msg(c, ALAN, "", media={"t": "geo", "lat": 52.520008, "lon": 13.404954}))
        out.append(self.msg(c, SELF, "", media={"t": "geo", "lat": 51.507351, "lon": -0.127758, "live": 900}))
        out.append(self.msg(c, ALAN, "", media={"t": "geo", "lat": None}))  # geoPointEmpty: "location_information": null
        out.append(self.msg(c, ALAN, "", media={"t": "venue", "title": "Brandenburger Tor", "address": "Pariser Platz, 10117 Berlin",
                                                "lat": 52.516275, "lon": 13.377704}))
        if e.polls:
            out.append(self.msg(c, SELF, "", media={"t": "poll", "question": "Tea or coffee?", "closed": False, "total": 5,
                                                    "answers": [("Tea", 3, True), ("Coffee", 2, False)]}))
            out.append(self.msg(c, ALAN, "", media={"t": "poll", "question": "Closed question", "closed": True, "total": 0,
                                                    "answers": [("Yes", 0, False), ("No", 0, False)]}))
        if e.todo:
            out.append(self.msg(c, SELF, "", media={"t": "todo", "title": "Before the trip", "append": True, "complete": False,
                                                    "items": [("Tickets", 1), ("Passport", 2)]}))
        out.append(self.msg(c, ALAN, "tab\there, bell\x07 and vertical\x0btab"))
        out.append(self.msg(c, SELF, "line\u2028separated and \"quoted\" \\ text"))
        call = lambda actor, reason, duration: self.svc(c, actor, "phone_call", ([("duration_seconds", str(duration))] if duration else []) + [("discard_reason", s(reason))],
                                                         dict({"discard_reason": reason}, **({"duration_seconds": duration} if duration else {})))
        out += [call(SELF, "hangup", 42), call(ALAN, "missed", 0), call(ALAN, "busy", 0), call(SELF, "disconnect", 3)]
        out.append(self.svc(c, ALAN, "take_screenshot"))
        out.append(self.svc(c, SELF, "clear_history"))
        if e.year >= 2019:
            out.append(self.svc(c, ALAN, "joined_telegram"))
        if e.year >= 2021:
            out.append(self.svc(c, SELF, "set_messages_ttl", [("period", "86400")], {"period": 86400}))
            out.append(self.svc(c, ALAN, "edit_chat_theme", [("emoticon", s("🎄"))], {"emoticon": "🎄"}))
        if e.year >= 2022:
            out.append(self.svc(c, SELF, "send_premium_gift", [("cost", s("€3.99")), ("months", "3")], {"cost": "€3.99", "months": 3}))
            out.append(self.svc(c, ALAN, "suggest_profile_photo", photo={"file": F("included", f + "photos/photo_5%s.jpg" % st(), JPEG), "w": 64, "h": 48}))
        if e.year >= 2024:
            out.append(self.svc(c, SELF, "set_chat_wallpaper"))
            out.append(self.svc(c, None, "gift_code_prize", [("gift_code", s("GIFTCODE")), ("boost_peer_id", s("channel%d" % NEWS.id)), ("months", "3"),
                                                              ("unclaimed", "false"), ("via_giveaway", "true")], {"gift_code": "GIFTCODE", "months": 3}))
            if e.year < 2026:
                out.append(self.svc(c, SELF, "send_stars_gift", [("cost", s("$1.99")), ("stars", "100")], {"cost": "$1.99", "stars": 100}))
            out.append(self.svc(c, ALAN, "stars_prize", [("boost_peer_id", s("channel%d" % NEWS.id)), ("boost_peer_name", s(NEWS.title)),
                                                         ("stars", "500"), ("is_unclaimed", "false"), ("giveaway_msg_id", "7"),
                                                         ("transaction_id", s("tx1"))], {"stars": 500}))
            out.append(self.svc(c, SELF, "send_star_gift", [("gift_id", "5170145012310081615"), ("stars", "15"), ("is_limited", "false"),
                                                            ("is_anonymous", "false"), ("gift_text", s("for you"))], {"stars": 15}))
            out.append(self.msg(c, ALAN, "hidden until tapped", media={"t": "photo", "file": F("included", f + "photos/photo_6%s.jpg" % st(), JPEG),
                                                                        "w": 64, "h": 48, "spoiler": True}))
        if e.year >= 2026:
            out.append(self.svc(c, SELF, "send_stars_gift", [("cost", s("$1.99")), ("amount_whole", "100"), ("amount_nano", "0")], {"cost": "$1.99"}))
            out.append(self.svc(c, ALAN, "send_ton_gift", [("amount_whole", "2"), ("amount_nano", "500000000")]))
            out.append(self.svc(c, SELF, "conference_call", [("duration_seconds", "61"), ("is_active", "false"), ("is_missed", "false")],
                                {"duration_seconds": 61, "is_active": False, "is_missed": False}))
            out.append(self.svc(c, ALAN, "paid_messages_refund", [("messages_count", "2"), ("stars_count", "20")], {"messages_count": 2, "stars_count": 20}))
            out.append(self.svc(c, SELF, "paid_messages_price_change", [("price_stars", "10"), ("is_broadcast_messages_allowed", "false")], {"price_stars": 10}))
            out.append(self.svc(c, ALAN, "todo_completions", [("completed", "[1]"), ("incompleted", "[2]")]))
            out.append(self.svc(c, SELF, "todo_append_tasks", [("items", lambda i: arr([obj([("text", s("Charger")), ("id", "3")], i + 2)], i + 1))]))
        # Reactions (2024 on) on an ordinary message.
        out.append(self.msg(c, ALAN, "react to this", reactions=[
            {"type": "emoji", "emoji": "👍", "count": 2, "recent": [(SELF, c.t + 5), (ALAN, c.t + 9)]},
            {"type": "custom_emoji", "document_id": "5368324170671202286", "count": 1},
            {"type": "paid", "count": 5}]))
        messages = self.number(out)
        # The same id twice, the later one different (the later one is what the chat shows).
        repeated = len(messages) + 1
        messages.append(dict(self.msg(c, SELF, "first version of a repeated id"), id=repeated))
        messages.append(dict(self.msg(c, SELF, "second version of a repeated id"), id=repeated))
        # An unsupported message.
        messages.append({"id": repeated + 1, "unsupported": True})
        # Dates around both daylight-saving transitions of the year (none in a zone without).
        next_id = repeated + 2
        for instant, before, after in self.transitions(e.year):
            if after > before:  # spring forward: the local hour that never happens is skipped
                for delta in (-60, 0, 60):
                    messages.append({"id": next_id, "date": instant + delta, "from": ALAN,
                                     "text": [("plain", "spring %+d" % delta)]})
                    next_id += 1
            else:  # fall back: the hour before the instant repeats
                for delta in (-1800, 1800):
                    messages.append({"id": next_id, "date": instant + delta, "from": SELF,
                                     "text": [("plain", "autumn %+d" % delta)]})
                    next_id += 1
        return messages

    def bot(self, chat):
        e = self.era
        c = self.Clock(self.base() - 3 * 3600)
        out = [self.msg(c, SELF, "/start")]
        buttons = [[{"type": "url", "text": "Open", "data": "https://example.com/open"}],
                   [{"type": "callback", "text": "Press", "data": "payload-1"}, {"type": "switch_inline", "text": "Share", "data": "query"}],
                   [{"type": "game", "text": "Play"}, {"type": "buy", "text": "Pay"}],
                   [{"type": "user_profile", "text": "Profile", "data": "200001"}, {"type": "web_view", "text": "App", "data": "https://example.com/app"}],
                   [{"type": "request_peer", "text": "Pick", "data": "unsupported", "button_id": 1}]]
        out.append(self.msg(c, BOT, "Choose", buttons=buttons))
        out.append(self.msg(c, BOT, "", media={"t": "game", "title": "Chess", "description": "Play chess", "bot": BOT, "short": "chess"}))
        out.append(self.msg(c, BOT, "", media={"t": "invoice", "title": "Pizza", "description": "A large pizza", "amount": 1299,
                                               "currency": "EUR", "receipt": None}))
        pay = [("amount", "1299"), ("currency", s("EUR")), ("invoice_message_id", "4")]
        pay_expect = {"amount": 1299, "currency": "EUR", "invoice_message_id": 4}
        if e.year >= 2022:
            pay.append(("recurring", s("init")))
            pay_expect["recurring"] = "init"
        out.append(self.svc(c, None, "send_payment", pay, pay_expect))
        if e.year >= 2024:
            out.append(self.svc(c, None, "allow_sending_messages", [("reason_domain", s("example.com"))], {"reason_domain": "example.com"}))
            out.append(self.svc(c, None, "allow_sending_messages", [("reason_app_id", "77"), ("reason_app_name", s("Shop"))], {"reason_app_name": "Shop"}))
            out.append(self.svc(c, None, "attach_menu_bot_allowed"))
            out.append(self.svc(c, None, "web_app_bot_allowed"))
        else:
            out.append(self.svc(c, None, "allow_sending_messages", [("reason_domain", s("example.com"))], {"reason_domain": "example.com"}))
            if e.year >= 2022:
                out.append(self.svc(c, SELF, "attach_menu_bot_allowed"))
        out.append(self.svc(c, None, "send_passport_values", [("values", lambda i: arr([s("passport"), s("phone_number")], i))],
                            {"values": ["passport", "phone_number"]}))
        if e.year >= 2019:
            out.append(self.svc(c, BOT, "requested_phone_number"))
        if e.year >= 2022:
            # ActionWebViewDataSent pushes "text" before the message's own "text": the key twice.
            out.append(self.svc(c, None, "send_webview_data", [("text", s("Send order"))]))
        if e.year >= 2024:
            out.append(self.svc(c, SELF, "requested_peer", [("button_id", "1"), ("peers", lambda i: s(arr([str(GRACE.id)], i)))], {"button_id": 1}))
            out.append(self.svc(c, None, "refunded_payment", [("amount", "1299"), ("currency", s("EUR")), ("peer_name", s(BOT.name)),
                                                              ("peer_id", e.wire(BOT)), ("charge_id", s("ch_1"))], {"amount": 1299, "currency": "EUR"}))
            out.append(self.msg(c, BOT, "paid content", media={"t": "paid", "stars": 25}))
        out.append(self.msg(c, SELF, "found with an inline bot", via=GIF))
        return self.number(out)

    def saved(self, chat):
        c = self.Clock(self.base() - 2 * 3600)
        out = [self.msg(c, SELF, "note to self savedword"),
               self.msg(c, SELF, "saved from the channel", fwd={"peer": NEWS}, saved_from=NEWS),
               self.msg(c, SELF, "", media={"t": "photo", "file": F("included", chat["folder"] + "photos/photo_1%s.jpg" % self.stamp(c.t + 600), JPEG), "w": 64, "h": 48})]
        return self.number(out)

    def chess(self, chat):
        """A basic group: every membership and group service action, a deleted account."""
        e = self.era
        f = chat["folder"]
        c = self.Clock(self.base() - 5 * 3600)
        out = [self.svc(c, SELF, "create_group", [("title", s(CHESS.title)), ("members", lambda i: arr([s(GRACE.name), s(ALAN.name)], i))],
                        {"title": CHESS.title, "members": [GRACE.name, ALAN.name]})]
        out.append(self.svc(c, SELF, "edit_group_photo", photo={"file": F("included", f + "photos/photo_1%s.jpg" % self.stamp(c.t + 600), png(7)), "w": 48, "h": 48}))
        out.append(self.svc(c, SELF, "invite_members", [("members", lambda i: arr([s(EDSGER.name)], i))], {"members": [EDSGER.name]}))
        out.append(self.svc(c, SELF, "invite_members", [("members", lambda i: arr(["null", s(BARBARA.name)], i))]))
        out.append(self.msg(c, GRACE, "Welcome to chess chessword"))
        out.append(self.msg(c, EDSGER, "Thanks", reply=(5, None)))
        out.append(self.msg(c, DELETED, "from an account deleted since"))
        out.append(self.svc(c, GRACE, "pin_message", [("message_id", "5")], {"message_id": 5}))
        out.append(self.svc(c, SELF, "edit_group_title", [("title", s("Chess Club"))], {"title": "Chess Club"}))
        out.append(self.svc(c, SELF, "delete_group_photo"))
        out.append(self.svc(c, SELF, "remove_members", [("members", lambda i: arr([s(EDSGER.name)], i))], {"members": [EDSGER.name]}))
        out.append(self.svc(c, BARBARA, "join_group_by_link", [("inviter", s(SELF.name))], {"inviter": SELF.name}))
        out.append({"date": c(), "service": {"actor": GRACE, "action": None, "fields": [("information_text", s("Grace did something new"))],
                                             "expect": {}}})
        out.append(self.msg(c, BOT, "", media={"t": "game", "title": "Chess", "description": "Play chess", "bot": BOT, "short": "chess"}, via=BOT))
        out.append(self.svc(c, GRACE, "score_in_game", [("game_message_id", "14"), ("score", "42")], {"game_message_id": 14, "score": 42}))
        if e.polls:
            out.append(self.msg(c, GRACE, "", media={"t": "poll", "question": "Next meeting?", "closed": False, "total": 3,
                                                     "answers": [("Monday", 1, False), ("Friday", 2, True)]}))
        if e.year >= 2020:
            out.append(self.svc(c, None, "proximity_reached", self.from_pairs("from", GRACE) + self.from_pairs("to", ALAN) + [("distance", "50")],
                                {"distance": 50}))
            out.append(self.svc(c, SELF, "group_call", [("duration", "120")], {"duration": 120}))
            out.append(self.svc(c, SELF, "invite_to_group_call", [("members", lambda i: arr([s(GRACE.name)], i))], {"members": [GRACE.name]}))
        return self.number(out)

    def engines(self, chat):
        """A supergroup that was a basic group: the group's history first, its ids shifted by
        -1,000,000,000 (2020 on), then the supergroup's own."""
        e = self.era
        f = chat["folder"]
        c = self.Clock(self.base() - 6 * 3600)
        out = []
        if e.migrated:
            old = [self.svc(c, SELF, "create_group", [("title", s(ENGINES_OLD.title)), ("members", lambda i: arr([s(GRACE.name)], i))],
                            {"title": ENGINES_OLD.title, "members": [GRACE.name]}),
                   self.svc(c, SELF, "invite_members", [("members", lambda i: arr([s(ALAN.name)], i))], {"members": [ALAN.name]}),
                   self.msg(c, GRACE, "before the migration enginesword"),
                   self.msg(c, ALAN, "a reply inside the old group", reply=(3 + MIGRATED_SHIFT, None)),
                   self.svc(c, SELF, "pin_message", [("message_id", str(3 + MIGRATED_SHIFT))], {"message_id": 3 + MIGRATED_SHIFT}),
                   self.svc(c, SELF, "migrate_to_supergroup")]
            for i, m in enumerate(old):
                m["id"] = 1 + i + MIGRATED_SHIFT
            out += old
        new = [self.svc(c, SELF, "migrate_from_group", [("title", s(ENGINES_OLD.title))], {"title": ENGINES_OLD.title}),
               self.msg(c, GRACE, "after the migration"),
               self.msg(c, ALAN, "answering the channel's post", reply=(3, NEWS if e.reply_peer else None)),
               self.svc(c, SELF, "edit_group_photo", photo={"file": F("missing", f + "photos/photo_1%s.jpg" % self.stamp(c.t + 600), size=4444), "w": 48, "h": 48})]
        if e.channel_from:
            new.append(self.msg(c, ENGINES, "posted anonymously by an admin", author="Chief"))
        if e.year >= 2021:
            new.append(self.svc(c, SELF, "group_call_scheduled", [("schedule_date", str(self.base() + 86400))], {"schedule_date": self.base() + 86400}))
            new.append(self.svc(c, BARBARA, "join_group_by_request"))
        if e.year >= 2024:
            new.append(self.svc(c, GRACE, "boost_apply", [("boosts", "2")], {"boosts": 2}))
        self.number(new)
        return out + new

    def talk(self, chat):
        e = self.era
        c = self.Clock(self.base() - 7 * 3600)
        out = []
        if e.year >= 2022:
            out.append(self.svc(c, SELF, "topic_created", [("title", s("General chat"))], {"title": "General chat"}))
            out.append(self.svc(c, SELF, "topic_edit", [("new_title", s("Off-topic")), ("new_icon_emoji_id", "5368324170671202286")],
                                {"new_title": "Off-topic"}))
        out.append(self.msg(c, GRACE, "talk in public talkword"))
        out.append(self.msg(c, BARBARA, "forwarded from the channel", fwd={"peer": NEWS}))
        out.append(self.msg(c, KATHERINE if e.big_ids else EDSGER, "from someone with a big id"))
        out.append(self.msg(c, ALAN, "", media={"t": "doc", "kind": "video_file", "file": F("FileType", size=20_000_000), "name": "talk.mp4",
                                                "thumb": F("FileType", size=5000), "mime": "video/mp4", "duration": 300, "w": 1920, "h": 1080}))
        return self.number(out)

    def news(self, chat):
        """A channel: posts with signatures, reactions, spoilers, giveaways."""
        e = self.era
        f = chat["folder"]
        c = self.Clock(self.base() - 8 * 3600)
        out = [self.svc(c, NEWS, "create_channel", [("title", s(NEWS.title))], {"title": NEWS.title}),
               self.svc(c, NEWS, "edit_group_photo", photo={"file": F("included", f + "photos/photo_1%s.jpg" % self.stamp(c.t + 600), JPEG), "w": 64, "h": 48}),
               self.msg(c, NEWS, "the first post newsword", author="Ada Lovelace")]
        m = self.msg(c, NEWS, "an edited post")
        m["edited"] = m["date"] + 3600
        out.append(m)
        out.append(self.msg(c, NEWS, "liked", reactions=[{"type": "emoji", "emoji": "❤", "count": 12},
                                                         {"type": "custom_emoji", "document_id": "5368324170671202286", "count": 3}]))
        out.append(self.msg(c, NEWS, "", media={"t": "photo", "file": F("FileType", size=150_000), "w": 1280, "h": 720}))
        if e.year >= 2024:
            out.append(self.msg(c, NEWS, "", media={"t": "doc", "kind": "video_file", "file": F("included", f + "video_files/secret.mp4", MP4), "name": "secret.mp4",
                                                    "mime": "video/mp4", "duration": 5, "w": 640, "h": 360, "spoiler": True}))
            out.append(self.msg(c, NEWS, "", media={"t": "giveaway", "until": self.base() + 7 * 86400}))
            out.append(self.svc(c, NEWS, "giveaway_launch"))
            out.append(self.svc(c, None, "giveaway_results", [("winners", "3"), ("unclaimed", "0"), ("stars", "0")], {"winners": 3}))
        if e.year >= 2026:
            out.append(self.svc(c, NEWS, "process_suggested_post", [("price_amount_whole", s("50")), ("price_amount_nano", s("0")),
                                                                    ("price_currency", s("Stars")), ("scheduled_date", str(self.base()))]))
            out.append(self.svc(c, NEWS, "suggested_post_success", [("price_amount_whole", s("50")), ("price_amount_nano", s("0")),
                                                                    ("price_currency", s("Stars"))]))
            out.append(self.svc(c, NEWS, "suggested_post_refund", [("user_initiated", "true")], {"user_initiated": True}))
        return self.number(out)

    def deleted(self, chat):
        c = self.Clock(self.base() - 9 * 3600)
        return self.number([self.msg(c, DELETED, "hello from an account deleted since deletedword"), self.msg(c, SELF, "hello?")])

    def replies(self, chat):
        c = self.Clock(self.base() - 10 * 3600)
        return self.number([self.msg(c, GRACE, "a comment answering you repliesword", fwd={"peer": GRACE}, reply=(2, DISCUSSION)),
                            self.msg(c, ALAN, "another comment", fwd={"peer": ALAN}, reply=(3, DISCUSSION))])

    def codes(self, chat):
        c = self.Clock(self.base() - 11 * 3600)
        return self.number([self.msg(c, CODES, "Your code: 12345 codesword"), self.msg(c, CODES, "Your code: 67890")])

    def katherine(self, chat):
        c = self.Clock(self.base() - 12 * 3600)
        return self.number([self.msg(c, KATHERINE, "a 64-bit user id katherineword"), self.msg(c, SELF, "indeed")])

    def big(self, chat):
        c = self.Clock(self.base() - 13 * 3600)
        return self.number([self.msg(c, BIG_CHANNEL, "a channel above 2^31 bigword")])

    def old_public(self, chat):
        c = self.Clock(self.base() - 14 * 3600)
        return self.number([self.msg(c, OLD_PUBLIC, "a channel you left oldword"), self.msg(c, OLD_PUBLIC, "its second post")])

    # -- the summary ---------------------------------------------------------------------------

    def finish(self):
        if self.args.variants:
            self.summary["expect"] = [{"chat": key, "id": mid, "row": row} for (key, mid), row in self.expect.items()]
        return self.summary


def main():
    global SELF_ID
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("out")
    p.add_argument("--messages", type=int, help="messages over all chats (not with --variants)")
    p.add_argument("--chats", type=int, default=10)
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--plain", action="store_true", help="text messages only (the benchmark's export)")
    mode.add_argument("--variants", action="store_true", help="every variant the era's writer wrote, with expectations")
    mode.add_argument("--mix", action="store_true", help="every variant in realistic shares (the benchmark's second export)")
    p.add_argument("--single-chat", action="store_true", help="one chat object at the root, as 'Export chat history' writes")
    p.add_argument("--chat", default="alan", help="with --variants --single-chat: which chat (alan, bot, chess, engines, "
                                                  "talk, news, ...; default alan, the one-to-one chat)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--self-id", type=int, default=SELF_ID, help="the exporting user's id (personal_information, Saved Messages)")
    p.add_argument("--era", type=int, default=2026, choices=sorted(ERAS), help="the year whose writer to imitate (default 2026)")
    p.add_argument("--zone", default="Europe/Berlin", help="the exporting machine's time zone, for local dates (default Europe/Berlin)")
    args = p.parse_args()
    if args.messages is None and not args.variants:
        p.error("--messages is required (except with --variants)")
    if args.single_chat and args.era < 2020:
        p.error("Telegram Desktop wrote single-chat JSON exports from v2.1.8 (1686eb394d, 2020-06) on; --era %d had none" % args.era)
    try:
        ZoneInfo(args.zone)
    except Exception:
        p.error("--zone: no time zone %r" % args.zone)
    SELF_ID = args.self_id
    SELF.id = args.self_id
    w = Writer(args.out, args)
    w.run()
    json.dump(w.finish(), sys.stdout, ensure_ascii=False)
    print()


if __name__ == "__main__":
    main()
