#!/usr/bin/env python3
"""Generates TelegramApi's Swift from the pinned TL schema (python3, standard library only).

    Tools/tl-gen/generate.py [--all] [--out DIR] [--wanted FILE]

Reads Sources/TelegramApi/Schema/{api,mtproto}.tl and Tools/tl-gen/wanted.txt (the functions and
types the client needs) and writes their whole type closure into Sources/TelegramApi/Generated/
(or DIR), replacing what is there. `--all` emits every generatable definition instead.

The Swift names follow notes/network-plan.md: api.tl under `enum Api`, mtproto.tl under
`enum MTProto`; a TL type is an indirect enum with one case per constructor (the constructor's
name, fields lowerCamelCase); functions are structs under `functions`; `flags:#` is not stored
but computed from the optionals. The code is plain statements (no closures, no long operator
chains) so that Swift's type checker stays fast, and is split into files of at most
CONSTRUCTORS_PER_FILE constructors so that the compiler works on them in parallel.
"""
import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCHEMA_DIR = os.path.join(ROOT, "Sources", "TelegramApi", "Schema")
DEFAULT_OUT = os.path.join(ROOT, "Sources", "TelegramApi", "Generated")
DEFAULT_WANTED = os.path.join(HERE, "wanted.txt")

CONSTRUCTORS_PER_FILE = 60

# Built into TL and into the runtime (TLReader/TLWriter), never generated.
BUILTIN = {"boolFalse", "boolTrue", "true", "vector"}
# mtproto.tl's definitions whose fields are `Object` or other messages: MTProtoKit's Session parses
# and writes these by hand (they are commented out in the schema).
HAND_WRITTEN = [
    ("rpc_result#f35c6d01", "result:Object"),
    ("message", "body:Object (no constructor id)"),
    ("msg_container#73f1f8dc", "messages:vector<%Message>"),
    ("msg_copy#e06046b2", "orig_message:Message"),
    ("gzip_packed#3072cfa1", "packs any Object"),
]

SWIFT_KEYWORDS = {
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
    "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
    "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
    "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
    "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
    "super", "throws", "true", "try", "Type", "Protocol",
}
# Properties every function struct already has (TLFunction's `name`): a field so named gets a "_".
STRUCT_RESERVED = {"name"}

PRIMITIVE_SWIFT = {"int": "Int32", "long": "Int64", "double": "Double", "int128": "TLInt128",
                   "int256": "TLInt256", "bytes": "[UInt8]", "Bool": "Bool", "true": "Bool"}
PRIMITIVE_READ = {"int": "readInt32()", "long": "readInt64()", "double": "readDouble()",
                  "int128": "readInt128()", "int256": "readInt256()", "bytes": "readBytes()",
                  "Bool": "readBool()"}
PRIMITIVE_WRITE = {"int": "writeInt32", "long": "writeInt64", "double": "writeDouble",
                   "int128": "writeInt128", "int256": "writeInt256", "bytes": "writeBytes", "Bool": "writeBool"}
PRIMITIVE_VECTOR_READ = {"int": "readInt32Vector()", "long": "readInt64Vector()", "double": "readDoubleVector()",
                         "bytes": "readBytesVector()", "Bool": "readBoolVector()"}
# The fewest bytes one element takes: a vector count beyond remaining/size is refused early.
MINIMUM_SIZE = {"int": 4, "long": 8, "double": 8, "int128": 16, "int256": 32}


class SchemaError(Exception):
    pass


# ---------------------------------------------------------------------------------------------
# Parsing

class Field:
    def __init__(self, name, type_text):
        self.name = name
        self.flag = None  # (flags field name, bit)
        m = re.fullmatch(r"(\w+)\.(\d+)\?(.+)", type_text)
        if m:
            self.flag = (m.group(1), int(m.group(2)))
            type_text = m.group(3)
        self.type = type_text

    @property
    def is_flags(self):
        return self.type == "#"


class Definition:
    def __init__(self, schema, name, cid, generic, fields, result, is_function):
        self.schema = schema  # "api" or "mtproto"
        self.name = name
        self.id = cid
        self.generic = generic  # "X" or None
        self.fields = fields
        self.result = result
        self.is_function = is_function

    @property
    def namespace(self):
        return self.name.split(".")[0] if "." in self.name else None

    @property
    def local_name(self):
        return self.name.split(".")[-1]


class Schema:
    def __init__(self):
        self.constructors = {}  # (schema, name) -> Definition
        self.functions = {}     # (schema, name) -> Definition
        self.types = {}         # (schema, type name) -> [Definition]
        self.no_id = []         # (schema, text) skipped: no constructor id
        self.layer = None


def parse_schema_file(path, schema_name, schema):
    is_function = False
    with open(path, encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"^// LAYER (\d+)", text, re.M)
    if m:
        schema.layer = int(m.group(1))
    pending = ""
    for raw in text.splitlines():
        line = raw.split("//", 1)[0].strip()
        if not line:
            continue
        if line == "---functions---":
            is_function = True
            continue
        if line == "---types---":
            is_function = False
            continue
        pending = (pending + " " + line).strip()
        if not pending.endswith(";"):
            continue
        definition, pending = pending[:-1].strip(), ""
        left, _, result = definition.partition("=")
        parts = left.split()
        head, args = parts[0], parts[1:]
        if "#" not in head:
            if not args or args[0] not in ("?",) and not args[0].startswith("{") and "*" not in left:
                schema.no_id.append((schema_name, definition))
            continue
        name, _, cid_text = head.partition("#")
        if name in BUILTIN:
            continue
        generic = None
        fields = []
        for arg in args:
            gm = re.fullmatch(r"\{(\w+):Type\}", arg)
            if gm:
                generic = gm.group(1)
                continue
            fname, _, ftype = arg.partition(":")
            if not ftype:
                raise SchemaError(f"{path}: cannot read argument {arg!r} of {name}")
            fields.append(Field(fname, ftype))
        d = Definition(schema_name, name, int(cid_text, 16), generic, fields, result.strip(), is_function)
        if is_function:
            schema.functions[(schema_name, name)] = d
        else:
            schema.constructors[(schema_name, name)] = d
            schema.types.setdefault((schema_name, d.result), []).append(d)


def load_schema(schema_dir=SCHEMA_DIR):
    schema = Schema()
    parse_schema_file(os.path.join(schema_dir, "mtproto.tl"), "mtproto", schema)
    parse_schema_file(os.path.join(schema_dir, "api.tl"), "api", schema)
    if schema.layer is None:
        raise SchemaError("api.tl has no '// LAYER n' line")
    ids = {}
    for d in list(schema.constructors.values()) + list(schema.functions.values()):
        if d.id in ids:
            raise SchemaError(f"constructor id {d.id:08x} of {d.name} is also {ids[d.id]}")
        ids[d.id] = d.name
    return schema


# ---------------------------------------------------------------------------------------------
# Types of fields

VECTOR_RE = re.compile(r"([Vv])ector<(.+)>")


def element_of(t):
    """(boxed, element) for a vector type, else None."""
    m = VECTOR_RE.fullmatch(t)
    if not m:
        return None
    return m.group(1) == "V", m.group(2)


def bare_constructor(schema, schema_name, t):
    """The constructor a bare type names (`%T` or a lowercase constructor name), else None."""
    if t.startswith("%"):
        candidates = schema.types.get((schema_name, t[1:]), [])
        if len(candidates) != 1:
            raise SchemaError(f"bare {t} is not a type of one constructor")
        return candidates[0]
    local = t.split(".")[-1]
    if local[:1].islower() and t not in PRIMITIVE_SWIFT and t != "string":
        d = schema.constructors.get((schema_name, t))
        if d is None:
            raise SchemaError(f"unknown bare type {t}")
        return d
    return None


def referenced_types(schema, d):
    """The (schema, type) pairs a definition's fields and result need."""
    out = []

    def visit(t):
        if t in PRIMITIVE_SWIFT or t in ("string", "#") or t.startswith("!"):
            return
        v = element_of(t)
        if v:
            visit(v[1])
            return
        bare = bare_constructor(schema, d.schema, t)
        if bare:
            out.append((d.schema, bare.result))
            return
        if d.generic and t == d.generic:
            return
        if (d.schema, t) not in schema.types:
            raise SchemaError(f"{d.name}: unknown type {t}")
        out.append((d.schema, t))

    for field in d.fields:
        visit(field.type)
    if d.is_function:
        visit(d.result)
    return out


def closure(schema, wanted):
    """Functions and types of `wanted` [(schema, name)] and every type they reach."""
    functions, types, queue = set(), set(), []
    for schema_name, name in wanted:
        key = (schema_name, name)
        if key in schema.functions:
            functions.add(key)
            queue.extend(referenced_types(schema, schema.functions[key]))
        elif key in schema.types:
            queue.append(key)
        elif key in schema.constructors:
            queue.append((schema_name, schema.constructors[key].result))
        else:
            raise SchemaError(f"wanted {schema_name}:{name} is in neither schema")
    while queue:
        key = queue.pop()
        if key in types:
            continue
        types.add(key)
        for d in schema.types[key]:
            queue.extend(referenced_types(schema, d))
    return functions, types


def read_wanted(path):
    wanted, section = [], None
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            m = re.fullmatch(r"\[(api|mtproto)\]", line)
            if m:
                section = m.group(1)
                continue
            if section is None:
                raise SchemaError(f"{path}: '{line}' before an [api] or [mtproto] section")
            wanted.append((section, line))
    return wanted


def everything(schema):
    return set(schema.functions), set(schema.types)


# ---------------------------------------------------------------------------------------------
# Swift names

def camel(name, upper):
    parts = [p for p in name.split("_") if p]
    if not parts:
        return name
    head = parts[0][:1].upper() + parts[0][1:] if upper else parts[0]
    return head + "".join(p[:1].upper() + p[1:] for p in parts[1:])


def ident(name):
    return f"`{name}`" if name in SWIFT_KEYWORDS else name


def label(name):
    """An argument label: only these three keywords need backticks there."""
    return f"`{name}`" if name in ("inout", "var", "let") else name


def field_label(field, in_struct=False):
    label = camel(field.name, upper=False)
    if in_struct and label in STRUCT_RESERVED:
        label += "_"
    return label


def root_enum(schema_name):
    return "Api" if schema_name == "api" else "MTProto"


def type_path(schema_name, type_name):
    return root_enum(schema_name) + "." + type_name


def function_path(d):
    ns = f".{d.namespace}" if d.namespace else ""
    return f"{root_enum(d.schema)}.functions{ns}.{camel(d.local_name, upper=True)}"


class Emitter:
    """Swift text for one schema's field types: how each is declared, read and written."""

    def __init__(self, schema, d):
        self.schema = schema
        self.d = d

    def is_string(self, t):
        return t == "string"

    def swift_type(self, t):
        d = self.d
        if t == "string":
            return "String" if d.schema == "api" else "[UInt8]"
        if t in PRIMITIVE_SWIFT:
            return PRIMITIVE_SWIFT[t]
        if t.startswith("!") or (d.generic and t == d.generic):
            return "Query"
        v = element_of(t)
        if v:
            return f"[{self.swift_type(v[1])}]"
        bare = bare_constructor(self.schema, d.schema, t)
        if bare:
            return type_path(d.schema, bare.result)
        return type_path(d.schema, t)

    def string_as_bytes(self, t):
        return t == "string" and self.d.schema == "mtproto"

    def minimum_size(self, t):
        if t in MINIMUM_SIZE:
            return MINIMUM_SIZE[t]
        bare = bare_constructor(self.schema, self.d.schema, t) if not element_of(t) else None
        if bare:
            size = sum(self.minimum_size(f.type) if not f.flag else 0 for f in bare.fields)
            return max(size, 1)
        return 4

    def read_expr(self, t):
        """An expression reading a value of `t` (None: needs statements, see read_lines)."""
        if t == "string":
            return "try reader.readBytes()" if self.string_as_bytes(t) else "try reader.readString()"
        if t in PRIMITIVE_READ:
            return f"try reader.{PRIMITIVE_READ[t]}"
        if t.startswith("!"):
            raise SchemaError(f"{self.d.name}: a generic field is never read")
        v = element_of(t)
        if v:
            boxed, element = v
            if not boxed:
                return None
            if element == "string":
                return "try reader.readBytesVector()" if self.string_as_bytes(element) else "try reader.readStringVector()"
            if element in PRIMITIVE_VECTOR_READ:
                return f"try reader.{PRIMITIVE_VECTOR_READ[element]}"
            if element in ("int128", "int256") or element_of(element):
                return None
            if bare_constructor(self.schema, self.d.schema, element):
                return None
            return f"try reader.readVector(of: {self.swift_type(element)}.self)"
        bare = bare_constructor(self.schema, self.d.schema, t)
        if bare:
            return f"try {type_path(self.d.schema, bare.result)}.parse_{bare.local_name}(&reader)"
        return f"try {self.swift_type(t)}.parse(from: &reader)"

    def read_lines(self, target, t, declare, depth=0):
        """Statements that read `t` into `target`: a new `let` when `declare`, else an existing var."""
        expr = self.read_expr(t)
        if expr is not None:
            return [f"{'let ' if declare else ''}{target} = {expr}"]
        boxed, element = element_of(t)
        n, values, e = f"count{depth}", f"values{depth}", f"element{depth}"
        header = "readVectorHeader" if boxed else "readVectorCount"
        lines = [f"let {n} = try reader.{header}(minimumElementSize: {self.minimum_size(element)})",
                 f"var {values}: {self.swift_type(t)} = []",
                 f"{values}.reserveCapacity({n})",
                 f"for _ in 0..<{n} {{"]
        lines.extend("    " + line for line in self.read_lines(e, element, True, depth + 1))
        lines.append(f"    {values}.append({e})")
        lines.append("}")
        lines.append(f"{'let ' if declare else ''}{target} = {values}")
        return lines

    def write_lines(self, value, t, depth=0):
        if t == "string":
            return [f"writer.writeBytes({value})" if self.string_as_bytes(t) else f"writer.writeString({value})"]
        if t in PRIMITIVE_WRITE:
            return [f"writer.{PRIMITIVE_WRITE[t]}({value})"]
        if t.startswith("!") or (self.d.generic and t == self.d.generic):
            return [f"{value}.serialize(to: &writer)"]
        v = element_of(t)
        if v:
            boxed, element = v
            simple = element in PRIMITIVE_WRITE or element == "string" and not self.string_as_bytes(element)
            simple = simple and element not in ("int128", "int256")
            if element == "string" and self.string_as_bytes(element):
                simple = True
            plain_boxed = (not element_of(element) and element not in ("int128", "int256")
                           and not bare_constructor(self.schema, self.d.schema, element))
            if boxed and (simple or plain_boxed):
                return [f"writer.writeVector({value})"]
            e = f"element{depth}"
            lines = []
            if boxed:
                lines.append(f"writer.writeVectorHeader(count: {value}.count)")
            else:
                lines.append(f"writer.writeInt32(Int32(truncatingIfNeeded: {value}.count))")
            lines.append(f"for {e} in {value} {{")
            for line in self.write_lines(e, element, depth + 1):
                lines.append("    " + line)
            lines.append("}")
            return lines
        bare = bare_constructor(self.schema, self.d.schema, t)
        if bare:
            return [f"{value}.serialize_{bare.local_name}(to: &writer)"]
        return [f"{value}.serialize(to: &writer)"]


def flag_masks(d):
    masks = {}
    for f in d.fields:
        if f.is_flags:
            masks.setdefault(f.name, 0)
        if f.flag:
            masks[f.flag[0]] = masks.get(f.flag[0], 0) | (1 << f.flag[1])
    return masks


def value_fields(d):
    return [f for f in d.fields if not f.is_flags]


def declared_type(emitter, f):
    if f.flag and f.type == "true":
        return "Bool"
    t = emitter.swift_type(f.type)
    return t + "?" if f.flag else t


def serialize_body(emitter, d, names, indent):
    """Statements writing d's fields from the Swift values `names` (field name -> expression)."""
    lines = []
    for flags_name, mask in flag_masks(d).items():
        lines.append(f"{'var' if mask else 'let'} {flags_name}: UInt32 = 0")
        for f in d.fields:
            if f.flag and f.flag[0] == flags_name:
                cond = names[f.name] if f.type == "true" else f"{names[f.name]} != nil"
                lines.append(f"if {cond} {{ {flags_name} |= 0x{1 << f.flag[1]:x} }}")
    for f in d.fields:
        if f.is_flags:
            lines.append(f"writer.writeUInt32({f.name})")
        elif f.flag:
            if f.type == "true":
                continue
            lines.append(f"if let value = {names[f.name]} {{")
            lines.extend("    " + x for x in emitter.write_lines("value", f.type))
            lines.append("}")
        else:
            lines.extend(emitter.write_lines(names[f.name], f.type))
    return [indent + x for x in lines]


def parse_body(emitter, d, indent):
    """Statements reading d's fields into `_0`, `_1`…, flags into variables named as their fields."""
    lines = []
    masks = flag_masks(d)
    index = 0
    for f in d.fields:
        if f.is_flags:
            lines.append(f"let {f.name} = try reader.readUInt32()")
            mask = masks[f.name]
            lines.append(f"guard {f.name} & ~0x{mask:x} == 0 else {{ "
                         f"throw .unknownFlags(constructor: \"{d.name}\", bits: {f.name} & ~0x{mask:x}) }}")
            continue
        var = f"_{index}"
        index += 1
        if f.flag:
            test = f"{f.flag[0]} & 0x{1 << f.flag[1]:x} != 0"
            if f.type == "true":
                lines.append(f"let {var} = {test}")
            else:
                lines.append(f"var {var}: {emitter.swift_type(f.type)}? = nil")
                lines.append(f"if {test} {{")
                lines.extend("    " + x for x in emitter.read_lines(var, f.type, declare=False))
                lines.append("}")
        else:
            lines.extend(emitter.read_lines(var, f.type, declare=True))
    return [indent + x for x in lines]


# ---------------------------------------------------------------------------------------------
# Swift emission

def bare_uses(schema, definitions):
    """Names of the constructors some field uses bare (`vector<future_salt>`)."""
    used = set()

    def visit(d, t):
        v = element_of(t)
        if v:
            visit(d, v[1])
            return
        if t in PRIMITIVE_SWIFT or t in ("string", "#") or t.startswith("!") or t == d.generic:
            return
        bare = bare_constructor(schema, d.schema, t)
        if bare:
            used.add((bare.schema, bare.name))

    for d in definitions:
        for f in d.fields:
            visit(d, f.type)
    return used


def emit_type(schema, key, bare_used=frozenset()):
    schema_name, type_name = key
    constructors = schema.types[key]
    namespace, local = (type_name.split(".") + [None])[:2] if "." in type_name else (None, type_name)
    parent = root_enum(schema_name) + (f".{namespace}" if namespace else "")
    full = type_path(schema_name, type_name)
    out = [f"extension {parent} {{", f"    public indirect enum {local}: TLObject, Equatable {{"]
    for d in constructors:
        em = Emitter(schema, d)
        fields = value_fields(d)
        if fields:
            params = ", ".join(f"{label(field_label(f))}: {declared_type(em, f)}" for f in fields)
            out.append(f"        case {ident(d.local_name)}({params})")
        else:
            out.append(f"        case {ident(d.local_name)}")
    out.append("")
    out.append("        public func serialize(to writer: inout TLWriter) {")
    out.append("            switch self {")
    for d in constructors:
        em = Emitter(schema, d)
        fields = value_fields(d)
        binds = ", ".join(f"let _{i}" for i in range(len(fields)))
        out.append(f"            case .{ident(d.local_name)}{f'({binds})' if fields else ''}:")
        out.append(f"                writer.writeUInt32(0x{d.id:08x})")
        names = {f.name: f"_{i}" for i, f in enumerate(fields)}
        out.extend(serialize_body(em, d, names, "                "))
    out.append("            }")
    out.append("        }")
    # Bare serializers for constructors used bare (vector<future_salt>).
    for d in constructors:
        if (d.schema, d.name) not in bare_used:
            continue
        em = Emitter(schema, d)
        fields = value_fields(d)
        binds = ", ".join(f"let _{i}" for i in range(len(fields)))
        out.append("")
        out.append(f"        /// {d.name}'s fields without its constructor id (the bare `{d.name}`).")
        out.append(f"        func serialize_{d.local_name}(to writer: inout TLWriter) {{")
        if len(constructors) > 1:
            out.append(f"            guard case .{ident(d.local_name)}{f'({binds})' if fields else ''} = self else {{ return }}")
        elif fields:
            out.append(f"            guard case .{ident(d.local_name)}({binds}) = self else {{ return }}")
        names = {f.name: f"_{i}" for i, f in enumerate(fields)}
        out.extend(serialize_body(em, d, names, "            "))
        out.append("        }")
    out.append("")
    out.append("        public static func parse(from reader: inout TLReader) throws(TLError) -> Self {")
    out.append("            let id = try reader.readUInt32()")
    out.append("            switch id {")
    for d in constructors:
        out.append(f"            case 0x{d.id:08x}: return try parse_{d.local_name}(&reader)")
    out.append(f"            default: throw .unknownConstructor(id, expected: \"{type_name}\")")
    out.append("            }")
    out.append("        }")
    for d in constructors:
        em = Emitter(schema, d)
        fields = value_fields(d)
        out.append("")
        out.append(f"        /// {d.name}#{d.id:08x}'s fields, its id already read.")
        out.append(f"        static func parse_{d.local_name}(_ reader: inout TLReader) throws(TLError) -> Self {{")
        out.append("            try reader.enterObject()")
        out.append("            defer { reader.leaveObject() }")
        out.extend(parse_body(em, d, "            "))
        if fields:
            args = ", ".join(f"{label(field_label(f))}: _{i}" for i, f in enumerate(fields))
            out.append(f"            return .{ident(d.local_name)}({args})")
        else:
            out.append(f"            return .{ident(d.local_name)}")
        out.append("        }")
    out.append("    }")
    out.append("}")
    return out, len(constructors)


def result_read(emitter, d):
    if d.generic and d.result == d.generic:
        return ["return try Query.parseResult(from: &reader)"]
    lines = emitter.read_lines("result", d.result, declare=True)
    return lines + ["return result"]


def emit_function(schema, key):
    d = schema.functions[key]
    em = Emitter(schema, d)
    parent = root_enum(d.schema) + ".functions" + (f".{d.namespace}" if d.namespace else "")
    struct = camel(d.local_name, upper=True)
    fields = value_fields(d)
    generic = "<Query: TLFunction>" if d.generic else ""
    conformances = "TLFunction" if d.generic else "TLFunction, TLObject, Equatable"
    result_type = "Query.Result" if d.generic and d.result == d.generic else em.swift_type(d.result)
    out = [f"extension {parent} {{",
           f"    /// {d.name}#{d.id:08x}",
           f"    public struct {struct}{generic}: {conformances} {{",
           f"        public typealias Result = {result_type}"]
    for f in fields:
        out.append(f"        public var {ident(field_label(f, True))}: {declared_type(em, f)}")
    out.append("")
    params = []
    for f in fields:
        default = (" = false" if f.type == "true" else " = nil") if f.flag else ""
        params.append(f"{ident(field_label(f, True))}: {declared_type(em, f)}{default}")
    out.append(f"        public init({', '.join(params)}) {{")
    for f in fields:
        prop = ident(field_label(f, True))
        out.append(f"            self.{prop} = {prop}")
    out.append("        }")
    out.append("")
    out.append(f"        public var name: String {{ \"{d.name}\" }}")
    out.append("")
    out.append("        public func serialize(to writer: inout TLWriter) {")
    out.append(f"            writer.writeUInt32(0x{d.id:08x})")
    names = {f.name: f"self.{ident(field_label(f, True))}" for f in fields}
    out.extend(serialize_body(em, d, names, "            "))
    out.append("        }")
    out.append("")
    out.append("        public static func parseResult(from reader: inout TLReader) throws(TLError) -> Result {")
    out.extend("            " + x for x in result_read(em, d))
    out.append("        }")
    if not d.generic:
        out.append("")
        out.append("        public static func parse(from reader: inout TLReader) throws(TLError) -> Self {")
        out.append("            let id = try reader.readUInt32()")
        out.append(f"            guard id == 0x{d.id:08x} else {{ throw .unknownConstructor(id, expected: \"{d.name}\") }}")
        out.append("            return try parse_body(&reader)")
        out.append("        }")
        out.append("")
        out.append("        /// The arguments, the id already read.")
        out.append("        static func parse_body(_ reader: inout TLReader) throws(TLError) -> Self {")
        out.append("            try reader.enterObject()")
        out.append("            defer { reader.leaveObject() }")
        out.extend(parse_body(em, d, "            "))
        args = ", ".join(f"{label(field_label(f, True))}: _{i}" for i, f in enumerate(fields))
        out.append(f"            return Self({args})")
        out.append("        }")
    out.append("    }")
    out.append("}")
    if d.generic:
        out.append("")
        out.append(f"extension {parent}.{struct}: Equatable where Query: Equatable {{}}")
    return out


HEADER = "// Generated by Tools/tl-gen/generate.py from Sources/TelegramApi/Schema ({mode}). Do not edit.\n"


def chunk(items, weight, limit):
    groups, current, size = [], [], 0
    for item in items:
        w = weight(item)
        if current and size + w > limit:
            groups.append(current)
            current, size = [], 0
        current.append(item)
        size += w
    if current:
        groups.append(current)
    return groups


def file_stem(schema_name, namespace, kind):
    return root_enum(schema_name) + ("." + namespace if namespace else "") + "+" + kind


def generate(schema, functions, types, mode):
    """{file name: text}."""
    files = {}
    header = HEADER.format(mode=mode)
    type_groups, function_groups = {}, {}
    for key in sorted(types):
        schema_name, type_name = key
        ns = type_name.split(".")[0] if "." in type_name else None
        type_groups.setdefault((schema_name, ns), []).append(key)
    for key in sorted(functions):
        d = schema.functions[key]
        function_groups.setdefault((d.schema, d.namespace), []).append(key)
    selected = [schema.functions[k] for k in functions] + [d for k in types for d in schema.types[k]]
    bare_used = bare_uses(schema, selected)

    namespaces = {"api": set(), "mtproto": set()}
    function_namespaces = {"api": set(), "mtproto": set()}
    for (schema_name, ns) in type_groups:
        if ns:
            namespaces[schema_name].add(ns)
    for (schema_name, ns) in function_groups:
        function_namespaces[schema_name].add(ns)

    for (schema_name, ns), keys in sorted(type_groups.items(), key=lambda kv: (kv[0][0], kv[0][1] or "")):
        groups = chunk(keys, lambda k: len(schema.types[k]), CONSTRUCTORS_PER_FILE)
        for index, group in enumerate(groups):
            body = []
            for key in group:
                lines, _ = emit_type(schema, key, bare_used)
                body.append("\n".join(lines))
            stem = file_stem(schema_name, ns, "Types") + (str(index + 1) if len(groups) > 1 else "")
            files[stem + ".swift"] = header + "import TLSerialization\n\n" + "\n\n".join(body) + "\n"
    for (schema_name, ns), keys in sorted(function_groups.items(), key=lambda kv: (kv[0][0], kv[0][1] or "")):
        groups = chunk(keys, lambda k: 1, CONSTRUCTORS_PER_FILE)
        for index, group in enumerate(groups):
            body = ["\n".join(emit_function(schema, key)) for key in group]
            stem = file_stem(schema_name, ns, "Functions") + (str(index + 1) if len(groups) > 1 else "")
            files[stem + ".swift"] = header + "import TLSerialization\n\n" + "\n\n".join(body) + "\n"

    # Namespaces, the layer, what was skipped.
    lines = [header.rstrip("\n"), "//"]
    lines.append("// Not generated, written by hand in MTProtoKit's Session (their fields are Object or messages):")
    for name, why in HAND_WRITTEN:
        lines.append(f"//   {name}: {why}")
    lines.append("// Not generated, no constructor id (Telegram Desktop's TLS-block helpers in mtproto.tl):")
    for schema_name, text in schema.no_id:
        lines.append(f"//   {schema_name}.tl: {text}")
    lines.append("// Built into TLReader/TLWriter: boolFalse, boolTrue, true, vector.")
    lines.append("")
    lines.append("import TLSerialization")
    lines.append("")
    lines.append("/// api.tl's types and functions.")
    lines.append("public enum Api {")
    lines.append("    /// The schema's layer, sent in invokeWithLayer.")
    lines.append(f"    public static let layer: Int32 = {schema.layer}")
    lines.append("}")
    lines.append("")
    lines.append("/// mtproto.tl's types and functions (the key exchange and service messages).")
    lines.append("public enum MTProto {}")
    for schema_name in ("api", "mtproto"):
        root = root_enum(schema_name)
        for ns in sorted(namespaces[schema_name]):
            lines.append(f"extension {root} {{ public enum {ns} {{}} }}")
        lines.append(f"extension {root} {{ public enum functions {{}} }}")
        for ns in sorted(n for n in function_namespaces[schema_name] if n):
            lines.append(f"extension {root}.functions {{ public enum {ns} {{}} }}")
    files["Namespaces.swift"] = "\n".join(lines) + "\n"

    # parseAnyObject and constructorName: one switch each over every id.
    entries = []
    for key in sorted(types):
        schema_name, type_name = key
        for d in schema.types[key]:
            entries.append((d.id, d.name, f"{type_path(schema_name, type_name)}.parse_{d.local_name}(&reader)"))
    for key in sorted(functions):
        d = schema.functions[key]
        if not d.generic:
            entries.append((d.id, d.name, f"{function_path(d)}.parse_body(&reader)"))
    named = entries + [(schema.functions[k].id, schema.functions[k].name, None)
                       for k in sorted(functions) if schema.functions[k].generic]
    any_lines = [header.rstrip("\n"), "", "import TLSerialization", "",
                 "/// Parses any boxed value this module knows (types and functions that are not generic)",
                 "/// by its constructor id.",
                 "public func parseAnyObject(from reader: inout TLReader) throws(TLError) -> any TLObject {",
                 "    let id = try reader.readUInt32()",
                 "    switch id {"]
    for cid, name, call in entries:
        any_lines.append(f"    case 0x{cid:08x}: return try {call}")
    any_lines += ["    default: throw .unknownConstructor(id, expected: \"any object\")", "    }", "}", "",
                  "/// The schema name of a constructor or function id this module knows (\"help.getConfig\").",
                  "public func constructorName(_ id: UInt32) -> String? {",
                  "    switch id {"]
    for cid, name, _ in sorted(named, key=lambda e: e[0]):
        any_lines.append(f"    case 0x{cid:08x}: return \"{name}\"")
    any_lines += ["    default: return nil", "    }", "}"]
    files["AnyObject.swift"] = "\n".join(any_lines) + "\n"
    return files


def write_output(files, out):
    os.makedirs(out, exist_ok=True)
    for name in os.listdir(out):
        if name.endswith(".swift") and name not in files:
            os.remove(os.path.join(out, name))
    for name, text in files.items():
        path = os.path.join(out, name)
        old = None
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                old = f.read()
        if old != text:  # unchanged files keep their time: no rebuild for them
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)


def selection(schema, all_definitions, wanted_path):
    if all_definitions:
        return everything(schema)
    return closure(schema, read_wanted(wanted_path))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="every definition, not wanted.txt's closure")
    parser.add_argument("--out", default=DEFAULT_OUT)
    parser.add_argument("--wanted", default=DEFAULT_WANTED)
    parser.add_argument("--schema", default=SCHEMA_DIR)
    args = parser.parse_args()
    try:
        schema = load_schema(args.schema)
        functions, types = selection(schema, args.all, args.wanted)
        files = generate(schema, functions, types, "every definition" if args.all else "wanted.txt's closure")
    except SchemaError as error:
        print(f"tl-gen: {error}", file=sys.stderr)
        return 1
    write_output(files, args.out)
    constructors = sum(len(schema.types[k]) for k in types)
    print(f"tl-gen: {len(types)} types ({constructors} constructors), {len(functions)} functions, "
          f"{len(files)} files in {os.path.relpath(args.out)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
