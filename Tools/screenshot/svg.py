#!/usr/bin/env python3
"""Turns a coloured tmux capture (`tmux capture-pane -p -e [-N]`) into an SVG picture.

    Tools/screenshot/svg.py --width W --height H [--title T] CAPTURE.ansi OUT.svg

Used by Scripts/screenshot; Python's standard library only. The picture is the terminal's grid:
one background rectangle per run of cells of one colour, then the text in a monospace font over
it, each run of ASCII stretched to exactly its cells (textLength) so a viewer's font with another
advance cannot drift, and every other character placed at its own cell. Box-drawing characters
(─│┌┐└┘…) are drawn as lines and block elements (▀▄█▏…) as rectangles, so borders meet without
the gaps fonts leave between rows and the half-block avatars keep their pixels.

What the capture holds: text with SGR escapes (ESC [ … m), one terminal row per line, the state
carried from line to line. Understood: 0, 1, 2, 3, 4, 7, 8, 9, 22-29, 30-37, 90-97, 40-47,
100-107, 38;5;N / 48;5;N (the xterm 256-colour palette), 38;2;R;G;B / 48;2;R;G;B, 39 and 49.
tmux writes a wide character (East Asian Width W or F: CJK, most emoji) once and nothing for its
second cell, so columns are counted with `unicodedata.east_asian_width`; combining marks, ZWJ and
variation selectors take no cell and stay with the character before them. A row that comes out
wider than --width is reported on stderr (a width table that disagrees with tmux's). A row ends
where the program stopped writing (tmux's cells in use); the rest is blank in the terminal's
default colours. Capture with -N: without it tmux also trims written spaces, and a trimmed
space's background is lost.
"""
import argparse
import re
import sys
import unicodedata
from xml.sax.saxutils import escape

FONT_SIZE = 14
CELL_W = 8.4    # 0.6 em: DejaVu Sans Mono's, Menlo's advance
CELL_H = 18
BASELINE = 13.5  # from the top of a cell
# No emoji font named: the viewer falls back to its own for emoji, and a named one (Noto Color
# Emoji has digits, for keycaps) can take the digits away from the monospace font.
FONTS = "'DejaVu Sans Mono', 'Menlo', 'Consolas', 'Liberation Mono', monospace"

# xterm's 16 colours, then the 6x6x6 cube and the 24 greys.
BASE16 = ["#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
          "#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff"]


def palette256(n):
    if n < 16:
        return BASE16[n]
    if n < 232:
        n -= 16
        levels = [0, 95, 135, 175, 215, 255]
        return "#%02x%02x%02x" % (levels[n // 36], levels[(n // 6) % 6], levels[n % 6])
    grey = 8 + 10 * (n - 232)
    return "#%02x%02x%02x" % (grey, grey, grey)


class Style:
    __slots__ = ("fg", "bg", "bold", "dim", "italic", "underline", "reverse", "hidden", "strike")

    def __init__(self):
        self.reset()

    def reset(self):
        self.fg = self.bg = None  # None: the terminal's default
        self.bold = self.dim = self.italic = self.underline = False
        self.reverse = self.hidden = self.strike = False

    def key(self):
        return tuple(getattr(self, name) for name in self.__slots__)

    def apply(self, params):
        """One SGR sequence's parameters (already split on ';')."""
        codes = [int(p) if p.isdigit() else 0 for p in params] or [0]
        i = 0
        while i < len(codes):
            c = codes[i]
            if c == 0:
                self.reset()
            elif c == 1:
                self.bold = True
            elif c == 2:
                self.dim = True
            elif c == 3:
                self.italic = True
            elif c == 4:
                self.underline = True
            elif c == 7:
                self.reverse = True
            elif c == 8:
                self.hidden = True
            elif c == 9:
                self.strike = True
            elif c == 22:
                self.bold = self.dim = False
            elif c == 23:
                self.italic = False
            elif c == 24:
                self.underline = False
            elif c == 27:
                self.reverse = False
            elif c == 28:
                self.hidden = False
            elif c == 29:
                self.strike = False
            elif 30 <= c <= 37:
                self.fg = BASE16[c - 30]
            elif 90 <= c <= 97:
                self.fg = BASE16[c - 90 + 8]
            elif 40 <= c <= 47:
                self.bg = BASE16[c - 40]
            elif 100 <= c <= 107:
                self.bg = BASE16[c - 100 + 8]
            elif c == 39:
                self.fg = None
            elif c == 49:
                self.bg = None
            elif c in (38, 48):
                colour = None
                if i + 2 < len(codes) and codes[i + 1] == 5:
                    colour = palette256(codes[i + 2] & 255)
                    i += 2
                elif i + 1 < len(codes) and codes[i + 1] == 2 and i + 4 < len(codes):
                    colour = "#%02x%02x%02x" % tuple(v & 255 for v in codes[i + 2:i + 5])
                    i += 4
                if colour is not None:
                    if c == 38:
                        self.fg = colour
                    else:
                        self.bg = colour
            # Anything else (blink, fonts, …) changes nothing in a picture.
            i += 1


def char_width(ch):
    cp = ord(ch)
    if cp in (0x200D, 0xFE0E, 0xFE0F) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    if unicodedata.east_asian_width(ch) in ("W", "F"):
        return 2
    return 1


ESCAPE = re.compile(r"\x1b\[([0-9;:]*)([A-Za-z])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b.")


def parse(data, width, height):
    """The capture as rows of cells: [text, style key] per cell; the second cell of a wide
    character is None."""
    style = Style()
    blank = Style().key()
    rows = []
    lines = data.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for number, line in enumerate(lines[:height]):
        cells = []
        pos = 0
        for match in ESCAPE.finditer(line + "\x1b[Z"):  # a sentinel that flushes the tail
            for ch in line[pos:match.start()]:
                w = char_width(ch)
                if w == 0:
                    if cells:
                        # The character it belongs to: the one before a wide one's second cell.
                        index = len(cells) - 1 if cells[-1] is not None else len(cells) - 2
                        cells[index][0] += ch
                    continue
                if ch < " ":
                    ch = " "
                cells.append([ch, style.key()])
                if w == 2:
                    cells.append(None)
            if match.group(2) == "m":
                style.apply(re.split(r"[;:]", match.group(1)) if match.group(1) else [])
            pos = match.end()
        if len(cells) > width:
            print(f"screenshot_svg: row {number + 1} is {len(cells)} columns wide, not {width}",
                  file=sys.stderr)
            cells = cells[:width]
            if cells and cells[-1] is not None and char_width(cells[-1][0][0]) == 2:
                cells[-1] = [" ", cells[-1][1]]
        while len(cells) < width:
            cells.append([" ", blank])
        rows.append(cells)
    while len(rows) < height:
        rows.append([[" ", blank] for _ in range(width)])
    return rows


def blend(a, b, t):
    """a mixed with b, t of b."""
    ca = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#%02x%02x%02x" % tuple(round(x + (y - x) * t) for x, y in zip(ca, cb))


def colours(key, default_fg, default_bg):
    s = dict(zip(Style.__slots__, key))
    fg = s["fg"] or default_fg
    bg = s["bg"] or default_bg
    if s["reverse"]:
        fg, bg = bg, fg
    if s["dim"]:
        fg = blend(fg, bg, 0.45)
    if s["hidden"]:
        fg = bg
    return fg, bg, s


# Box drawing: which half-lines each character has (left, right, up, down).
BOX = {"─": "lr", "━": "lr", "│": "ud", "┃": "ud", "┌": "rd", "╭": "rd", "┐": "ld", "╮": "ld",
       "└": "ru", "╰": "ru", "┘": "lu", "╯": "lu", "├": "udr", "┤": "udl", "┬": "lrd", "┴": "lru",
       "┼": "lrud", "╴": "l", "╶": "r", "╵": "u", "╷": "d"}
# Block elements: (x, y, w, h) as fractions of the cell, and an opacity.
BLOCKS = {"▀": (0, 0, 1, .5, 1), "▄": (0, .5, 1, .5, 1), "█": (0, 0, 1, 1, 1),
          "▌": (0, 0, .5, 1, 1), "▐": (.5, 0, .5, 1, 1), "▏": (0, 0, .125, 1, 1),
          "▕": (.875, 0, .125, 1, 1), "▁": (0, .875, 1, .125, 1), "▔": (0, 0, 1, .125, 1),
          "▂": (0, .75, 1, .25, 1), "▃": (0, .625, 1, .375, 1), "▅": (0, .375, 1, .625, 1),
          "▆": (0, .25, 1, .75, 1), "▇": (0, .125, 1, .875, 1), "▎": (0, 0, .25, 1, 1),
          "▍": (0, 0, .375, 1, 1), "▋": (0, 0, .625, 1, 1), "▊": (0, 0, .75, 1, 1),
          "▉": (0, 0, .875, 1, 1), "░": (0, 0, 1, 1, .25), "▒": (0, 0, 1, 1, .5),
          "▓": (0, 0, 1, 1, .75)}


def num(v):
    return ("%.2f" % v).rstrip("0").rstrip(".")


def render(rows, width, height, title, default_fg, default_bg):
    out = []
    W, H = width * CELL_W, height * CELL_H
    out.append(f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(W)}" height="{H}" '
               f'viewBox="0 0 {num(W)} {H}" font-family="{FONTS}" font-size="{FONT_SIZE}" '
               'xml:space="preserve">')
    if title:
        out.append(f"<title>{escape(title)}</title>")
    out.append("<style>text{white-space:pre}.b{font-weight:bold}.i{font-style:italic}</style>")
    out.append(f'<rect width="100%" height="100%" fill="{default_bg}"/>')

    # Backgrounds: one rectangle per run of one colour in a row (the default needs none).
    out.append('<g shape-rendering="crispEdges">')
    for y, cells in enumerate(rows):
        x = 0
        while x < width:
            bg = colours(cells[x][1] if cells[x] else cells[x - 1][1], default_fg, default_bg)[1]
            end = x + 1
            while end < width and colours((cells[end] or cells[end - 1])[1], default_fg, default_bg)[1] == bg:
                end += 1
            if bg != default_bg:
                out.append(f'<rect x="{num(x * CELL_W)}" y="{y * CELL_H}" width="{num((end - x) * CELL_W)}" '
                           f'height="{CELL_H}" fill="{bg}"/>')
            x = end
    out.append("</g>")

    lines = {}    # colour -> path commands for box drawing, underlines, strikes
    blocks = []
    texts = []
    for y, cells in enumerate(rows):
        top = y * CELL_H
        x = 0
        while x < width:
            cell = cells[x]
            if cell is None:
                x += 1
                continue
            text, key = cell
            fg, bg, s = colours(key, default_fg, default_bg)
            left = x * CELL_W
            span = 2 if x + 1 < width and cells[x + 1] is None else 1
            if s["underline"] or s["strike"]:
                yy = top + (CELL_H - 2.5 if s["underline"] else CELL_H / 2 + .5)
                lines.setdefault(fg, []).append(f"M{num(left)} {num(yy)}h{num(span * CELL_W)}")
            if text in BOX:
                cx, cy = left + CELL_W / 2, top + CELL_H / 2
                path = lines.setdefault(fg, [])
                for part in BOX[text]:
                    if part == "l":
                        path.append(f"M{num(left)} {num(cy)}H{num(cx + .5)}")
                    elif part == "r":
                        path.append(f"M{num(cx - .5)} {num(cy)}H{num(left + CELL_W)}")
                    elif part == "u":
                        path.append(f"M{num(cx)} {top}V{num(cy + .5)}")
                    else:
                        path.append(f"M{num(cx)} {num(cy - .5)}V{top + CELL_H}")
                x += 1
                continue
            if text in BLOCKS:
                bx, by, bw, bh, opacity = BLOCKS[text]
                extra = f' fill-opacity="{opacity}"' if opacity < 1 else ""
                blocks.append(f'<rect x="{num(left + bx * CELL_W)}" y="{num(top + by * CELL_H)}" '
                              f'width="{num(bw * CELL_W)}" height="{num(bh * CELL_H)}" fill="{fg}"{extra}/>')
                x += 1
                continue
            classes = " ".join(c for c, on in (("b", s["bold"]), ("i", s["italic"])) if on)
            attributes = f' fill="{fg}"' + (f' class="{classes}"' if classes else "")
            if len(text) == 1 and " " <= text <= "~":
                # A run of ASCII in one style, stretched to exactly its cells.
                end = x
                while (end < width and cells[end] is not None and cells[end][1] == key
                       and len(cells[end][0]) == 1 and " " <= cells[end][0] <= "~"):
                    end += 1
                run = "".join(c[0] for c in cells[x:end])
                # Pieces split at two spaces or more: a viewer that collapses spaces (SVG's
                # default) then loses nothing, and each piece starts at its own cell.
                for piece in re.finditer(r"\S+(?: \S+)*", run):
                    length = len(piece.group())
                    fit = f' textLength="{num(length * CELL_W)}" lengthAdjust="spacing"' if length > 1 else ""
                    texts.append(f'<text x="{num((x + piece.start()) * CELL_W)}" y="{top + BASELINE}"{attributes}{fit}>'
                                 f"{escape(piece.group())}</text>")
                x = end
                continue
            # Any other character on its own, centred on its cell (or its two).
            texts.append(f'<text x="{num(left + span * CELL_W / 2)}" y="{top + BASELINE}" '
                         f'text-anchor="middle"{attributes}>{escape(text)}</text>')
            x += span
    if blocks:
        out.append('<g shape-rendering="crispEdges">')
        out.extend(blocks)
        out.append("</g>")
    for colour, path in lines.items():
        out.append(f'<path d="{"".join(path)}" stroke="{colour}" stroke-width="1" fill="none" '
                   f'shape-rendering="crispEdges"/>')
    out.extend(texts)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description="A coloured tmux capture (capture-pane -p -e) as an SVG picture.")
    parser.add_argument("--width", type=int, required=True, help="the pane's columns")
    parser.add_argument("--height", type=int, required=True, help="the pane's rows")
    parser.add_argument("--title", default="", help="the picture's <title>")
    parser.add_argument("--default-fg", default="#000000", help="the terminal's default foreground")
    parser.add_argument("--default-bg", default="#ffffff", help="the terminal's default background")
    parser.add_argument("capture", help="the capture, UTF-8 with SGR escapes")
    parser.add_argument("out", help="the SVG to write")
    args = parser.parse_args()
    with open(args.capture, encoding="utf-8", errors="replace") as f:
        data = f.read()
    rows = parse(data, args.width, args.height)
    svg = render(rows, args.width, args.height, args.title, args.default_fg, args.default_bg)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(svg)


if __name__ == "__main__":
    main()
