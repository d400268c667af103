#!/usr/bin/env python3
"""Writes a Telegram Desktop JSON export (result.json and its media folders) in the exact
structure tdesktop's JsonWriter writes (Telegram/SourceFiles/export/output/export_output_json.cpp):
personal_information, profile_pictures, contacts.list, frequent_contacts, chats.list[] of every
chat type and left_chats; messages with date_unixtime as a string, from/from_id, text as a string
or an array of parts (every entity type), text_entities, replies, forwards, edits, service
messages, photos and files included and left out, stickers with thumbnails, an unsupported one,
and a control character written as tdesktop writes it (\\x0B, not valid JSON).

    Scripts/gen_telegram_export.py OUT_DIR --messages N [--chats C] [--plain] [--single-chat] [--seed S]

--plain writes text messages only (the benchmark's million); the file is streamed, never held
whole. Prints a JSON summary (chats, sample texts, the rare word) on stdout.
"""
import argparse
import base64
import json
import os
import random
import struct
import sys
import zlib

SELF_ID = 5550001
BASE_DATE = 1_700_000_000
RARE_WORD = "quasarimport"
WORDS = ("hello world meeting tomorrow coffee project deadline photo weekend family dinner "
         "train ticket music concert garden river mountain book library code review").split()
FIRST = "Ada Grace Alan Edsger Barbara Donald Ken Dennis Linus Margaret".split()
LAST = "Lovelace Hopper Turing Dijkstra Liskov Knuth Thompson Ritchie Torvalds Hamilton".split()
CHAT_TYPES = ["personal_chat", "bot_chat", "saved_messages", "private_group", "private_supergroup",
              "public_supergroup", "private_channel", "public_channel"]
ENTITY_TYPES = ["mention", "hashtag", "bot_command", "link", "email", "bold", "italic", "code", "pre",
                "text_link", "mention_name", "phone", "cashtag", "underline", "strikethrough", "blockquote",
                "bank_card", "spoiler", "custom_emoji"]
NOT_INCLUDED = "(File not included. Change data exporting settings to download.)"
# A real JPEG, as Telegram's photos are: 64x48, blue over orange (Tests/DrawingTests/Vectors/photo-64x48.jpg).
JPEG = base64.b64decode("/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAAwAEADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDxSiiiv6dPxQKKKKACiiigAooooAKK+tqK/kr/AIj3/wBSz/yt/wDcj+hv+ISf9R3/AJT/APuh8k0V9bUUf8R7/wCpZ/5W/wDuQf8AEJP+o7/yn/8AdD5Jor62oo/4j3/1LP8Ayt/9yD/iEn/Ud/5T/wDuh8k0V9bUUf8AEe/+pZ/5W/8AuQf8Qk/6jv8Ayn/90Ciiiv5KP6FCiiigAooooAKKKKAP/9k=")


def s(value):
    """SerializeString: \\n \\r \\t \\" \\\\ escaped, other control characters as \\xHH."""
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


def obj(pairs, indent):
    """SerializeObject: keys in order, one per line."""
    pad = " " * (indent + 1)
    body = ",\n".join("%s%s: %s" % (pad, s(k), v) for k, v in pairs if v is not None)
    return "{\n" + body + "\n" + " " * indent + "}"


def arr(items, indent):
    pad = " " * (indent + 1)
    return "[\n" + ",\n".join(pad + i for i in items) + "\n" + " " * indent + "]"


def png(seed, size=48):
    """A small valid PNG (solid colour), like NotifyServiceSupport's."""
    rgb = bytes([(seed * 37) % 256, (seed * 91) % 256, (seed * 53) % 256])
    raw = b"".join(b"\x00" + rgb * size for _ in range(size))
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def date_pairs(key, t):
    import datetime
    iso = datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")
    return [(key, s(iso)), (key + "_unixtime", s(str(t)))]


def text_fields(parts, indent):
    """text (a string when all plain, else an array) and text_entities (always objects)."""
    def part_obj(p, ind):
        kind, text = p[0], p[1]
        extra = None
        if kind == "text_link": extra = ("href", s(p[2]))
        elif kind == "mention_name": extra = ("user_id", str(p[2]))
        elif kind == "pre": extra = ("language", s(p[2]))
        elif kind == "custom_emoji": extra = ("document_id", s(p[2]))
        return obj([("type", s(kind)), ("text", s(text))] + ([extra] if extra else []), ind)
    if not parts:
        return [("text", s("")), ("text_entities", "[]")]
    if len(parts) == 1 and parts[0][0] == "plain":
        text = s(parts[0][1])
    else:
        text = arr([s(p[1]) if p[0] == "plain" else part_obj(p, indent + 2) for p in parts], indent + 1)
    entities = arr([part_obj(p, indent + 2) for p in parts], indent + 1)
    return [("text", text), ("text_entities", entities)]


class Writer:
    def __init__(self, out, args):
        self.out, self.args = out, args
        self.rng = random.Random(args.seed)
        self.media = 0
        self.summary = {"selfId": SELF_ID, "chats": [], "sampleTexts": [], "rareWord": RARE_WORD, "messages": 0,
                        "mediaIncluded": 0, "thumbnailsIncluded": 0, "mediaLeftOut": 0, "unsupported": 0, "contacts": []}
        self.users = [(200000 + i, FIRST[i % 10], LAST[(i * 3) % 10]) for i in range(10)]

    def file(self, rel, data):
        path = os.path.join(self.out, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)

    def words(self, n, rng):
        return " ".join(rng.choice(WORDS) for _ in range(n))

    def message(self, chat, n, count, ind):
        """The n-th message (1-based) of `chat`; rich variations unless --plain."""
        mid = n
        # Each message from its own generator: a bigger export of the same seed starts with the
        # same messages (a "newer export" of the same account).
        rng = random.Random((self.args.seed * 1_000_003 + chat["index"]) * 10_000_019 + n)
        t = BASE_DATE + chat["index"] * 7 + n * 60
        kind = chat["type"]
        user = self.users[n % len(self.users)]
        outgoing = n % 3 == 0 or kind == "saved_messages"
        if kind in ("personal_chat", "bot_chat"):
            sender = ("user%d" % SELF_ID, "Ada Lovelace") if outgoing else ("user%d" % chat["id"], chat["name"])
        elif kind in ("private_channel", "public_channel"):
            sender = ("channel%d" % chat["id"], chat["name"])
        else:
            sender = ("user%d" % SELF_ID, "Ada Lovelace") if outgoing else ("user%d" % user[0], user[1] + " " + user[2])
        pairs = [("id", str(mid)), ("type", s("message"))] + date_pairs("date", t)
        text = [("plain", "%s %d %s" % (chat["word"], n, self.words(4, rng)))]
        if n == 1 and chat["index"] == 0:
            text = [("plain", "the %s message %d" % (RARE_WORD, n))]
        if self.args.plain:
            pairs += [("from", s(sender[1])), ("from_id", s(sender[0]))] + text_fields(text, ind)
            return obj(pairs, ind), text
        v = n % 12
        if n == 1 and kind in ("private_group", "private_supergroup", "public_supergroup"):
            pairs[1] = ("type", s("service"))
            pairs += [("actor", s("Ada Lovelace")), ("actor_id", s("user%d" % SELF_ID)), ("action", s("create_group")),
                      ("title", s(chat["name"])), ("members", arr([s("Ada Lovelace"), s("Grace Hopper")], ind + 1))]
            return obj(pairs + text_fields([], ind), ind), [("plain", "")]
        if n == 2 and kind not in ("personal_chat", "bot_chat", "saved_messages"):
            # A group's or channel's photo, as ActionChatEditPhoto writes it: the chat's avatar.
            pairs[1] = ("type", s("service"))
            rel = "chats/chat_%03d/photos/photo_%d@14-11-2023_12-00-00.jpg" % (chat["index"], n)
            # Channels' photos are JPEGs (as Telegram's are); groups' PNGs, so both decoders are used.
            photo = JPEG if "channel" in kind else png(chat["index"] + 3)
            self.file(rel, photo)
            actor = sender if "channel" in kind else ("user%d" % SELF_ID, "Ada Lovelace")
            pairs += [("actor", s(actor[1])), ("actor_id", s(actor[0])), ("action", s("edit_group_photo")),
                      ("photo", s(rel)), ("photo_file_size", str(len(photo))), ("width", "48"), ("height", "48")]
            return obj(pairs + text_fields([], ind), ind), [("plain", "")]
        if v == 5 and kind in ("personal_chat",):
            pairs[1] = ("type", s("service"))
            pairs += [("actor", s(sender[1])), ("actor_id", s(sender[0])), ("action", s("phone_call")),
                      ("duration_seconds", "42"), ("discard_reason", s("hangup"))]
            return obj(pairs + text_fields([], ind), ind), [("plain", "")]
        if v == 7 and kind != "saved_messages":
            pairs[1] = ("type", s("service"))
            pairs += [("actor", s(sender[1])), ("actor_id", s(sender[0])), ("action", s("pin_message")), ("message_id", str(max(1, n - 1)))]
            return obj(pairs + text_fields([], ind), ind), [("plain", "")]
        if v == 11:
            self.summary["unsupported"] += 1
            return obj([("id", str(mid)), ("type", s("unsupported"))], ind), None
        if n % 24 == 4:
            pairs += date_pairs("edited", t + 30)
        pairs += [("from", s(sender[1])), ("from_id", s(sender[0]))]
        if v == 1 and n > 1:
            pairs += [("reply_to_message_id", str(n - 1))]
        if v == 2:
            pairs += [("forwarded_from", s("Barbara Liskov"))]
        if v == 3:
            rel = "chats/chat_%03d/photos/photo_%d@14-11-2023_12-00-00.jpg" % (chat["index"], n)
            data = png(n)
            self.file(rel, data)
            self.summary["mediaIncluded"] += 1
            pairs += [("photo", s(rel)), ("photo_file_size", str(len(data))), ("width", "48"), ("height", "48")]
        if v == 4:
            self.summary["mediaLeftOut"] += 1
            pairs += [("file", s(NOT_INCLUDED)), ("file_name", s("report-%d.pdf" % n)), ("file_size", str(1000 + n)),
                      ("thumbnail", s(NOT_INCLUDED)), ("mime_type", s("application/pdf"))]
        if v == 6:
            rel = "chats/chat_%03d/voice_messages/audio_%d@14-11-2023_12-00-00.ogg" % (chat["index"], n)
            data = bytes(rng.getrandbits(8) for _ in range(300))
            self.file(rel, data)
            self.summary["mediaIncluded"] += 1
            pairs += [("file", s(rel)), ("file_name", s("audio_%d.ogg" % n)), ("file_size", str(len(data))),
                      ("media_type", s("voice_message")), ("mime_type", s("audio/ogg")), ("duration_seconds", "3")]
        if v == 8:
            rel = "chats/chat_%03d/stickers/sticker_%d.webp" % (chat["index"], n)
            self.file(rel, b"RIFF\x00\x00\x00\x00WEBPVP8 " + bytes(20))
            self.file(rel + "_thumb.jpg", png(n))
            self.summary["mediaIncluded"] += 1
            self.summary["thumbnailsIncluded"] += 1
            pairs += [("file", s(rel)), ("file_size", "32"), ("thumbnail", s(rel + "_thumb.jpg")), ("thumbnail_file_size", "100"),
                      ("media_type", s("sticker")), ("sticker_emoji", s("\U0001F600")), ("width", "512"), ("height", "512")]
        if v == 9:
            text = [("plain", "Formatted %d: " % n)]
            for i, kind_name in enumerate(ENTITY_TYPES):
                extra = {"text_link": "https://telegram.org", "mention_name": 200001, "pre": "swift",
                         "custom_emoji": "5368324170671202286"}.get(kind_name)
                text.append((kind_name, "%s%d" % (kind_name.replace("_", ""), i)) + ((extra,) if extra is not None else ()))
                text.append(("plain", " "))
        if v == 10:
            text = [("plain", "tab\there, bell\x07 and vertical\x0btab %d" % n)]
        pairs += text_fields(text, ind)
        return obj(pairs, ind), text

    def chat(self, index, kind, count, ind, left=False):
        if kind == "saved_messages":
            cid = SELF_ID
            name = None
        elif kind in ("personal_chat", "bot_chat"):
            cid = 300000 + index
            name = "%s %s" % (FIRST[index % 10], LAST[(index + 5) % 10]) if kind == "personal_chat" else "Helper%dBot" % index
        elif kind == "private_group":
            cid = 400000 + index
            name = "Group %s %d" % (self.rng.choice(WORDS).title(), index)
        else:
            cid = 1_500_000_000 + index
            name = "%s %s %d" % ("Channel" if "channel" in kind else "Supergroup", self.rng.choice(WORDS).title(), index)
        chat = {"index": index, "type": kind, "id": cid, "name": name, "word": "chat%dword" % index, "left": left}
        head = ([("name", s(name) if name else "null")] if kind != "saved_messages" else []) + [("type", s(kind)), ("id", str(cid))]
        pad = " " * (ind + 1)
        self.w("{\n" + ",\n".join("%s%s: %s" % (pad, s(k), v) for k, v in head) + ",\n" + pad + '"messages": [')
        written = 0
        texts = []
        for n in range(1, count + 1):
            body, text = self.message(chat, n, count, ind + 2)
            self.w(("\n" if n == 1 else ",\n") + " " * (ind + 2) + body)
            if text is not None:
                written += 1
                plain = "".join(p[1] for p in text)
                if len(texts) < 2 and len(plain) > 20 and "\x0b" not in plain and "\x07" not in plain: texts.append(plain)
        self.w("\n" + pad + "]\n" + " " * ind + "}")
        self.summary["messages"] += written
        self.summary["chats"].append({"id": cid, "type": kind, "name": name, "messages": written, "left": left, "word": chat["word"],
                                      "lastMessageId": count})
        self.summary["sampleTexts"] += texts

    def w(self, text):
        self.f.write(text)

    def run(self):
        os.makedirs(self.out, exist_ok=True)
        a = self.args
        chats = max(1, a.chats)
        kinds = [CHAT_TYPES[i % len(CHAT_TYPES)] for i in range(chats)]
        if "saved_messages" in kinds and kinds.count("saved_messages") > 1:
            kinds = [k if k != "saved_messages" or i == kinds.index("saved_messages") else "personal_chat" for i, k in enumerate(kinds)]
        per = [a.messages // chats + (1 if i < a.messages % chats else 0) for i in range(chats)]
        with open(os.path.join(self.out, "result.json"), "w", encoding="utf-8", buffering=1 << 20) as self.f:
            if a.single_chat:
                self.chat(0, "personal_chat" if kinds[0] == "saved_messages" else kinds[0], per[0], 0)
                self.w("\n")
                return
            self.w("{\n " + s("about") + ": " + s("Here is the data you requested. Remember: Telegram is ad free.") + ",\n")
            self.w(' "personal_information": ' + obj([("user_id", str(SELF_ID)), ("first_name", s("Ada")), ("last_name", s("Lovelace")),
                                                     ("phone_number", s("+1 555 010 0001")), ("username", s("@ada")),
                                                     ("bio", s("Analytical"))], 1) + ",\n")
            if not a.plain:
                self.file("profile_pictures/photo_1@01-11-2023_10-00-00.jpg", JPEG)
                self.w(' "profile_pictures": ' + arr([obj(date_pairs("date", BASE_DATE - 100) +
                                                           [("photo", s("profile_pictures/photo_1@01-11-2023_10-00-00.jpg"))], 2)], 1) + ",\n")
            contacts = []
            for uid, first, last in self.users[:6]:
                phone = "+1 555 020 %04d" % (uid % 10000)
                contacts.append(obj([("user_id", str(uid)), ("first_name", s(first)), ("last_name", s(last)),
                                     ("phone_number", s(phone))] + date_pairs("date", BASE_DATE - 1000), 3))
                self.summary["contacts"].append({"userId": uid, "name": first + " " + last, "phone": phone})
            self.w(' "contacts": ' + obj([("about", s("This is your contact list.")), ("list", arr(contacts, 2))], 1) + ",\n")
            self.w(' "frequent_contacts": ' + obj([("about", s("Frequent contacts.")), ("list", arr([obj([
                ("id", str(self.users[0][0])), ("category", s("people")), ("type", s("user")),
                ("name", s(self.users[0][1])), ("rating", "1.5")], 3)], 2))], 1) + ",\n")
            self.w(' "chats": {\n  "about": ' + s("This page lists all chats from this export.") + ',\n  "list": [')
            left = chats - 1 if chats > 2 and not a.plain else None
            first = True
            for i in range(chats):
                if i == left: continue
                self.w(("\n" if first else ",\n") + "   ")
                first = False
                self.chat(i, kinds[i], per[i], 3)
            self.w("\n  ]\n }")
            if left is not None:
                self.w(',\n "left_chats": {\n  "about": ' + s("Chats you left.") + ',\n  "list": [\n   ')
                self.chat(left, "public_channel", per[left], 3, left=True)
                self.w("\n  ]\n }")
            self.w("\n}\n")


def main():
    global SELF_ID
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("out")
    p.add_argument("--messages", type=int, required=True)
    p.add_argument("--chats", type=int, default=10)
    p.add_argument("--plain", action="store_true", help="text messages only (the benchmark's export)")
    p.add_argument("--single-chat", action="store_true", help="one chat object at the root, as 'Export chat history' writes")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--self-id", type=int, default=SELF_ID, help="the exporting user's id (personal_information, Saved Messages)")
    args = p.parse_args()
    SELF_ID = args.self_id
    w = Writer(args.out, args)
    w.run()
    json.dump(w.summary, sys.stdout)
    print()


if __name__ == "__main__":
    main()
