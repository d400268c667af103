#!/usr/bin/env python3
"""Telethon 1.40.0 as the oracle for the generated Swift TL code (TLTests runs it).

    oracle.py generate [--seed S] [--count N] [--all]
        For every constructor and non-generic function generate.py emits (wanted.txt's closure, or
        every definition with --all), N seeded random instances built with Telethon's TL objects:
        random ints with their extremes, unicode strings and bytes of lengths around the padding
        boundaries, random subsets of the optional flags, vectors of 0..3 elements, nested objects.
        Prints one JSON line each: {"name": schema name, "hex": Telethon's bytes(obj)}.

    oracle.py check FILE
        FILE has one hex string a line (bytes the Swift code wrote). Each is read with Telethon's
        BinaryReader.tgread_object and serialized again; prints one JSON line each:
        {"name": schema name, "ok": re-serialized bytes equal the input, "hex": Telethon's bytes}.
        Exits 1 if any line is not ok or cannot be read.

Run it under the venv with telethon==1.40.0 (.build-python/bin/python3).
"""
import argparse
import inspect
import json
import os
import random
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate  # noqa: E402  (the same schema reading and closure as the Swift code's)

from telethon.extensions import BinaryReader  # noqa: E402
from telethon.tl.alltlobjects import tlobjects  # noqa: E402

MAX_DEPTH = 3
LENGTHS = [0, 1, 2, 3, 4, 5, 7, 8, 15, 16, 252, 253, 254, 255, 256, 257, 300, 1024]
INT32_EDGES = [-2**31, 2**31 - 1, 0, -1, 1]
INT64_EDGES = [-2**63, 2**63 - 1, 0, -1, 1, 2**31, -2**31 - 1]
DOUBLE_EDGES = [0.0, -0.0, 1.0, -1.5, float("inf"), float("-inf"), 1.7976931348623157e308, 5e-324]
# Code point pools of 1, 2, 3 and 4 UTF-8 bytes (no surrogates: Telegram strings are UTF-8).
POOLS = [(0x20, 0x7E), (0x00, 0x1F), (0xA0, 0x7FF), (0x400, 0x4FF), (0x800, 0xD7FF), (0xE000, 0xFFFD),
         (0x4E00, 0x9FFF), (0x10000, 0x10FFFF), (0x1F300, 0x1FAFF)]


class Oracle:
    def __init__(self, schema, rng):
        self.schema = schema
        self.rng = rng
        self.cost = self.leaf_costs()
        # A few Telethon serializers pack an `int` unsigned (struct '<I'): their instances are
        # made again with non-negative ints, which both packings write alike.
        self.non_negative = False

    # The cheapest constructor of each type (fewest required nested objects), for deep levels.
    def leaf_costs(self):
        cost = {}
        changed = True
        while changed:
            changed = False
            for key, constructors in self.schema.types.items():
                best = None
                for d in constructors:
                    c = 1
                    for f in d.fields:
                        if f.flag or f.is_flags or generate.element_of(f.type):
                            continue
                        ref = self.type_key(d, f.type)
                        if ref:
                            c = max(c, 1 + cost.get(ref, 10**6))
                    best = c if best is None else min(best, c)
                if best is not None and cost.get(key) != best:
                    cost[key] = best
                    changed = True
        return cost

    def type_key(self, d, t):
        if t in generate.PRIMITIVE_SWIFT or t in ("string", "#") or t.startswith("!"):
            return None
        bare = generate.bare_constructor(self.schema, d.schema, t)
        if bare:
            return (d.schema, bare.result)
        return (d.schema, t)

    # Random values.
    def int32(self):
        if self.non_negative:
            return self.rng.randint(0, 2**31 - 1)
        return self.rng.choice(INT32_EDGES) if self.rng.random() < 0.3 else self.rng.randint(-2**31, 2**31 - 1)

    def int64(self):
        return self.rng.choice(INT64_EDGES) if self.rng.random() < 0.3 else self.rng.randint(-2**63, 2**63 - 1)

    def double(self):
        return self.rng.choice(DOUBLE_EDGES) if self.rng.random() < 0.3 else self.rng.uniform(-1e9, 1e9)

    def signed(self, bits):
        return self.rng.randint(-2**(bits - 1), 2**(bits - 1) - 1)

    def length(self):
        return self.rng.choice(LENGTHS)

    def raw_bytes(self):
        return bytes(self.rng.getrandbits(8) for _ in range(self.length()))

    def text(self):
        """A string whose UTF-8 length is one of LENGTHS, of characters of every width."""
        target = self.length()
        chars, size = [], 0
        while size < target:
            lo, hi = self.rng.choice(POOLS)
            ch = chr(self.rng.randint(lo, hi))
            n = len(ch.encode("utf-8"))
            if size + n > target:
                ch, n = "a", 1
            chars.append(ch)
            size += n
        return "".join(chars)

    def value(self, d, t, wants_text, depth):
        if t == "int":
            return self.int32()
        if t == "long":
            return self.int64()
        if t == "double":
            return self.double()
        if t == "int128":
            return self.signed(128)
        if t == "int256":
            return self.signed(256)
        if t == "Bool":
            return self.rng.random() < 0.5
        if t in ("string", "bytes"):
            # Telethon's own type decides: mtproto.tl's `string`s are `bytes` to it, and a
            # non-UTF-8 value in a field it reads as str would not survive its decoding.
            return self.text() if wants_text else self.raw_bytes()
        v = generate.element_of(t)
        if v:
            count = 0 if depth >= MAX_DEPTH else self.rng.randint(0, 3)
            return [self.value(d, v[1], wants_text, depth + 1) for _ in range(count)]
        bare = generate.bare_constructor(self.schema, d.schema, t)
        if bare:
            return self.instance(bare, depth + 1)
        constructors = self.schema.types[(d.schema, t)]
        if depth >= MAX_DEPTH:
            costs = [self.constructor_cost(c) for c in constructors]
            constructors = [c for c, k in zip(constructors, costs) if k == min(costs)]
        return self.instance(self.rng.choice(constructors), depth + 1)

    def constructor_cost(self, d):
        c = 1
        for f in d.fields:
            if f.flag or f.is_flags or generate.element_of(f.type):
                continue
            ref = self.type_key(d, f.type)
            if ref:
                c = max(c, 1 + self.cost.get(ref, 10**6))
        return c

    def instance(self, d, depth=0):
        cls = tlobjects[d.id]
        params = inspect.signature(cls.__init__).parameters
        groups = {}  # (flags field, bit) -> set or not: fields on one bit are set together
        kwargs = {}
        for f in d.fields:
            if f.is_flags:
                continue
            name = python_name(f.name, params)
            if f.flag:
                key = f.flag
                if key not in groups:
                    groups[key] = depth < MAX_DEPTH + 1 and self.rng.random() < 0.5
                if not groups[key]:
                    kwargs[name] = None
                    continue
                if f.type == "true":
                    kwargs[name] = True
                    continue
            wants_text = "str" in str(params[name].annotation)
            kwargs[name] = self.value(d, f.type, wants_text, depth)
        return cls(**kwargs)


def python_name(field, params):
    for candidate in (field, field + "_", "is_" + field):
        if candidate in params and candidate != "self":
            return candidate
    raise KeyError(f"no Telethon parameter for field {field}")


def definitions(schema, everything):
    functions, types = generate.selection(schema, everything, generate.DEFAULT_WANTED)
    out = [d for key in sorted(types) for d in schema.types[key]]
    out += [schema.functions[key] for key in sorted(functions) if not schema.functions[key].generic]
    return out


def names_by_id(schema):
    return {d.id: d.name for d in list(schema.constructors.values()) + list(schema.functions.values())}


def run_generate(args):
    schema = generate.load_schema()
    oracle = Oracle(schema, random.Random(args.seed))
    for d in definitions(schema, args.all):
        if d.id not in tlobjects:
            if not args.all:
                raise SystemExit(f"oracle: Telethon has no {d.name}#{d.id:08x}")
            print(f"oracle: Telethon has no {d.name}#{d.id:08x}; skipped", file=sys.stderr)
            continue
        for _ in range(args.count):
            try:
                data = bytes(oracle.instance(d))
            except struct.error:
                oracle.non_negative = True
                data = bytes(oracle.instance(d))
                oracle.non_negative = False
            # Telethon must read its own bytes back to the same bytes, or it is no oracle here.
            again = bytes(BinaryReader(data).tgread_object())
            if again != data:
                raise SystemExit(f"oracle: Telethon does not round-trip its own {d.name}: {data.hex()}")
            print(json.dumps({"name": d.name, "hex": data.hex()}))
    return 0


def run_check(args):
    names = names_by_id(generate.load_schema())
    failed = False
    with open(args.file) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            data = bytes.fromhex(line)
            name = names.get(int.from_bytes(data[:4], "little"), "?")
            try:
                reader = BinaryReader(data)
                obj = reader.tgread_object()
                again = bytes(obj)
                ok = again == data and reader.tell_position() == len(data)
                print(json.dumps({"name": name, "ok": ok, "hex": again.hex()}))
            except Exception as error:  # noqa: BLE001  (any failure is a reported mismatch)
                ok = False
                print(json.dumps({"name": name, "ok": False, "error": f"{type(error).__name__}: {error}"}))
            failed = failed or not ok
    return 1 if failed else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate")
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--count", type=int, default=10)
    g.add_argument("--all", action="store_true")
    c = sub.add_parser("check")
    c.add_argument("file")
    args = parser.parse_args()
    return run_generate(args) if args.command == "generate" else run_check(args)


if __name__ == "__main__":
    sys.exit(main())
