"""Tools/bench/interface_photos.py — main's interface keys while a chat's photos decode (issue 30).

Part of Tools/bench/interface.py. Issue 30's budget: a photo message's picture is drawn off the
frame path and cached, so key to frame stays within its budget while pictures decode.

The chat: PHOTOS distinct photos (PNGs of PHOTO_SIZE pixels, each its own colours, written here with
zlib alone) sent by `share send --file` into the third chat of the list (a user chat under the two
pinned ones, which the share's message keeps third); `main push` before each launch applies the
queued share. Then per mode (TELEGRAM_GRAPHICS=symbols, kitty, sixel) and launch: main on the pty
(sixel: the pty says its size in pixels, ws_xpixel/ws_ypixel, CELL_PIXELS a cell, so the cell size
is known), Down, Down, Enter opens the photo chat — which queues the pictures in view — and right
away, without waiting for the app to be idle, ↑ (selecting the newest message) and SELECTION_MOVES
more ↑ moving the selection up through the photos, Esc, then PAGES PageUp: every key's frame comes
while pictures are still being decoded (each key brings photos not yet drawn into view). The next
key goes as soon as the last one's frame has ended (the quiet window), not after a settle.

A key's frame is measured to its own last byte, not to a picture's redraw that follows it: a burst
(bytes until QUIET_S of silence) is split into groups at gaps of GROUP_GAP_S or more (one update's
writes come back to back: seen at most 0.5 ms apart), and trailing groups that carry picture bytes
(half blocks ▀▄ for symbols, a kitty transmission or placeholder, a sixel or its marker cells) are the pictures'
redraws — a picture drawn on its thread wakes the run loop, which draws a frame of its own —
counted apart, never in the key's time. A group without picture bytes stays the key's.
"""

from __future__ import annotations

import os
import re
import struct
import subprocess
import time
import zlib

from bench.meter import Failure

PHOTOS = 40
PHOTO_SIZE = (320, 240)
SHARE_LIMIT = 10
MODES = ("symbols", "kitty", "sixel")
# The pty's cell in pixels (sixel mode needs it to size the pictures).
CELL_PIXELS = (10, 20)
GROUP_GAP_S = 0.002
SELECTION_MOVES = 10
PAGES = 8
# What a picture's bytes look like in each mode's output.
PICTURE_BYTES = {
    "symbols": ("▀".encode(), "▄".encode()),
    "kitty": (b"\x1b_G", "\U0010EEEE".encode()),
    "sixel": (b"\x1bP",),
}
# Sixel's placeholder cells, as kitty's U+10EEEE are kitty's: blanks (an erase or a space) whose
# foreground names the picture (TerminalBackend's SixelMarker: 24-bit colours whose top three
# bits are 101, red 160-191; the themes have no such colour). A photo partly in view has its
# cells laid when the whole photo is encoded and its pixels written a frame later, once the rows
# in view are encoded as a crop of their own: that frame of cells alone is the picture's redraw.
SIXEL_MARKER = re.compile(rb"\x1b\[38;2;(1[6-8][0-9]|19[01]);[0-9]+;[0-9]+m(\x1b\[[0-9]*X| )")


def has_picture(data: bytes, mode: str) -> bool:
    """Whether `data` draws a picture in `mode` (its bytes, or sixel's placeholder cells)."""
    return any(marker in data for marker in PICTURE_BYTES[mode]) or (mode == "sixel" and SIXEL_MARKER.search(data) is not None)


def direct_colour_terminal(workdir: str, base: str) -> dict:
    """TERMINFO and TERM for `base` with direct colour (a `*-direct` entry: ncurses reports 2^24
    colours, which symbols need; kitty's and sixel's terminals have it too), compiled with tic
    (Debian ships xterm-direct only in ncurses-term). Keys are `base`'s."""
    folder = os.path.join(workdir, "terminfo")
    source = os.path.join(workdir, "direct.src")
    name = f"{base}-bench-direct"
    with open(source, "w", encoding="utf-8") as f:
        f.write(f"{name}|{base} with direct colour,\n"
                f"\tuse={base}, colors#0x1000000, pairs#0x10000, RGB,\n"
                "\tsetab=\\E[%?%p1%{8}%<%t4%p1%d%e48;2;%p1%{65536}%/%d;%p1%{256}%/%{255}%&%d;%p1%{255}%&%d%;m,\n"
                "\tsetaf=\\E[%?%p1%{8}%<%t3%p1%d%e38;2;%p1%{65536}%/%d;%p1%{256}%/%{255}%&%d;%p1%{255}%&%d%;m,\n")
    run = subprocess.run(["tic", "-x", "-o", folder, source], capture_output=True, text=True)
    if run.returncode != 0:
        raise Failure(["tic", "-x", "-o", folder, source], run.returncode, run.stderr)
    return {"TERMINFO": folder, "TERM": name}


def png(width: int, height: int, seed: int) -> bytes:
    """A PNG of a gradient and stripes in colours of its own (no two photos alike)."""
    r0, g0, b0 = (seed * 67) % 256, (seed * 151) % 256, (seed * 29 + 80) % 256
    rows = []
    for y in range(height):
        row = bytearray([0])
        for x in range(width):
            stripe = 60 if (x // (8 + seed % 7) + y // 12) % 2 else 0
            row += bytes(((r0 + x) % 256, (g0 + y + stripe) % 256, (b0 + x // 2 + y // 3) % 256))
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows), 6)) + chunk(b"IEND", b"")


def make_photo_chat(main: str, env: dict, workdir: str, peer_id: int) -> None:
    """PHOTOS photos shared into the chat (queued: applied by the next writer launch)."""
    paths = []
    for n in range(PHOTOS):
        path = os.path.join(workdir, f"photo-{n + 1:02}.png")
        with open(path, "wb") as f:
            f.write(png(*PHOTO_SIZE, n + 1))
        paths.append(path)
    share = os.path.join(os.path.dirname(main), "share")
    for first in range(0, PHOTOS, SHARE_LIMIT):  # the share sheet takes SHARE_LIMIT files at once
        argv = [share, "send", "--to", str(peer_id), "--caption", f"Bench photos {first + 1}-", "--json"]
        for path in paths[first:first + SHARE_LIMIT]:
            argv += ["--file", path]
        run = subprocess.run(argv, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL)
        if run.returncode != 0:
            raise Failure(argv[:8] + ["..."], run.returncode, run.stderr + run.stdout)


def split_frame(chunks: list[tuple[int, bytes]], mode: str) -> tuple[int, bytes, int]:
    """The key's frame in a burst: (its last byte's time, its bytes, how many picture redraws
    followed it in the burst)."""
    groups: list[list[tuple[int, bytes]]] = []
    for chunk in chunks:
        if groups and chunk[0] - groups[-1][-1][0] < GROUP_GAP_S * 1e9:
            groups[-1].append(chunk)
        else:
            groups.append([chunk])
    redraws = 0
    while len(groups) > 1 and has_picture(b"".join(c for _, c in groups[-1]), mode):
        groups.pop()
        redraws += 1
    return groups[-1][-1][0], b"".join(c for group in groups for _, c in group), redraws


def photo_launch(terminal, mode: str, keys: dict, chat_title: bytes, photo_title: bytes, samples: dict) -> None:
    """One launch in `mode`: open the photo chat and time keys while its pictures decode."""
    terminal.first_frame(chat_title)
    terminal.key("Down", keys["down"])
    terminal.key("Down", keys["down"])
    terminal.key("Enter", keys["enter"], must_show=photo_title)
    if photo_title not in terminal.stream:
        raise terminal._fail(f"the chat opened is not {photo_title.decode()!r}")
    # From here no settle: each key right after the last one's frame, pictures still decoding.
    for name in ["up"] * (SELECTION_MOVES + 1) + ["escape"] + ["pageUp"] * PAGES:
        start = time.monotonic_ns()
        os.write(terminal.master, keys[name])
        chunks = terminal.read_chunks(1.0)
        if not chunks:
            if name == "pageUp":  # the top of the chat: nothing more to page
                break
            raise terminal._fail(f"no frame within 1 s after {name} in the photo chat ({mode})")
        if name == "escape":  # back to the composer: not a key of the line
            continue
        last, data, redraws = split_frame(chunks, mode)
        samples["keys"].append((last - start) / 1e6)
        samples["redrawsAfter"] += redraws
        samples["burstMs"].append((chunks[-1][0] - start) / 1e6)
        samples["pictureFrames"] += has_picture(data, mode)
    terminal.settle()


def measure_photo_keys(main: str, env: dict, workdir: str, keys: dict, chat_title: bytes, photo_chat: dict,
                       launches: int, terminal_class, pixels: tuple[int, int]) -> dict[str, dict]:
    """`launches` launches per mode; per mode the samples: keys (ms), burstMs (to the burst's end,
    the redraws included), redrawsAfter, pictureFrames (key frames that drew pictures)."""
    results = {}
    env = dict(env, **direct_colour_terminal(workdir, env["TERM"]))
    photo_title = photo_chat["title"].encode()
    for mode in MODES:
        samples = {"keys": [], "burstMs": [], "redrawsAfter": 0, "pictureFrames": 0}
        for _ in range(launches):
            terminal = terminal_class([main], dict(env, TELEGRAM_GRAPHICS=mode), os.path.join(workdir, f"photos-{mode}.err"),
                                      pixels=pixels)
            try:
                photo_launch(terminal, mode, keys, chat_title, photo_title, samples)
                terminal.key("Escape", keys["escape"])
                terminal.quit(keys["quit"])
            finally:
                terminal.kill()
        results[mode] = samples
    return results
