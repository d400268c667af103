"""Files (core.telegram.org/api/files): uploads in parts (upload.saveFilePart for files up to
10 MB, upload.saveBigFilePart above), assembled when messages.sendMedia names them, and
downloads by upload.getFile with Telegram's offset and limit rules. Parts wait under the
uploader's (user, file_id), so a client that was killed or lost its connection goes on from the
next part; a part the server does not have is FILE_PART_N_MISSING at sendMedia. With --state the
parts and the files are kept on disk (DIR/uploads, DIR/files), else in memory."""
import hashlib
import json
import os
import random
import struct

from telethon.tl import functions, types

from wire import Bool, RpcFailure

PART_MAX = 512 * 1024
PARTS_MAX = 4000
SMALL_FILE_MAX = 10 * 1024 * 1024
DOWNLOAD_MAX = 1024 * 1024
FILE_REFERENCE = b'test-server-ref'


def image_size(data):
    """(width, height) of a PNG or JPEG, else None."""
    if data[:8] == b'\x89PNG\r\n\x1a\n' and len(data) >= 24:
        return struct.unpack('>II', data[16:24])
    if data[:2] == b'\xff\xd8':
        offset = 2
        while offset + 9 < len(data):
            if data[offset] != 0xff:
                return None
            marker, length = data[offset + 1], struct.unpack('>H', data[offset + 2:offset + 4])[0]
            if marker in (0xc0, 0xc1, 0xc2):
                height, width = struct.unpack('>HH', data[offset + 5:offset + 9])
                return width, height
            offset += 2 + length
    return None


class FileStore:
    def __init__(self, state_dir, log, dc=2):
        self.log = log
        self.root = state_dir
        self.dc = dc  # --file-dc: the datacenter new files live on
        self.parts = {}   # (user, file_id) → {part: bytes}, without --state
        self.files = {}   # id → (meta, bytes), without --state (and a cache of metas with it)

    def _dir(self, *names):
        path = os.path.join(self.root, *names)
        os.makedirs(path, exist_ok=True)
        return path

    def save_part(self, user_id, file_id, part, data):
        if not self.root:
            self.parts.setdefault((user_id, file_id), {})[part] = bytes(data)
            return
        directory = self._dir('uploads', '%d-%d' % (user_id, file_id & (2 ** 64 - 1)))
        temporary = os.path.join(directory, '%d.tmp' % part)
        with open(temporary, 'wb') as f:
            f.write(data)
        os.replace(temporary, os.path.join(directory, str(part)))

    def assemble(self, user_id, file_id, parts):
        """The parts 0..parts-1 joined, or FILE_PART_N_MISSING for the first one missing."""
        chunks = []
        for part in range(parts):
            if not self.root:
                data = self.parts.get((user_id, file_id), {}).get(part)
            else:
                path = os.path.join(self.root, 'uploads', '%d-%d' % (user_id, file_id & (2 ** 64 - 1)), str(part))
                data = open(path, 'rb').read() if os.path.exists(path) else None
            if data is None:
                raise RpcFailure(400, 'FILE_PART_%d_MISSING' % part)
            chunks.append(data)
        return b''.join(chunks)

    def store(self, kind, data, name, mime, date):
        """A new file with its id and access_hash; its metadata (the message's media)."""
        file_id = random.randrange(1, 2 ** 62)
        meta = {'kind': kind, 'id': file_id, 'access_hash': random.randrange(1, 2 ** 62), 'name': name,
                'mime': mime, 'size': len(data), 'date': date, 'md5': hashlib.md5(data).hexdigest(), 'dc': self.dc}
        if kind == 'photo':
            meta['w'], meta['h'] = image_size(data)
        if self.root:
            for suffix, content in (('', data), ('.json', json.dumps(meta).encode())):
                with open(os.path.join(self._dir('files'), str(file_id) + suffix), 'wb') as f:
                    f.write(content)
                    f.flush()
                    os.fsync(f.fileno())
        self.files[file_id] = (meta, None if self.root else data)
        return meta

    def meta(self, file_id):
        entry = self.files.get(file_id)
        if entry:
            return entry[0]
        path = os.path.join(self.root, 'files', '%d.json' % file_id) if self.root else None
        if path and os.path.exists(path):
            with open(path) as f:
                meta = json.load(f)
            self.files[file_id] = (meta, None)
            return meta
        return None

    def read(self, file_id):
        entry = self.files.get(file_id)
        if entry and entry[1] is not None:
            return entry[1]
        path = os.path.join(self.root, 'files', str(file_id)) if self.root else None
        return open(path, 'rb').read() if path and os.path.exists(path) else None


def media_tl(media):
    """The message's media as Telegram renders it: a photo with one size ('x'), or a document."""
    if media is None:
        return None
    if media['kind'] == 'photo':
        return types.MessageMediaPhoto(photo=types.Photo(
            id=media['id'], access_hash=media['access_hash'], file_reference=FILE_REFERENCE, date=media['date'],
            sizes=[types.PhotoSize(type='x', w=media['w'], h=media['h'], size=media['size'])], dc_id=media.get('dc', 2)))
    return types.MessageMediaDocument(document=types.Document(
        id=media['id'], access_hash=media['access_hash'], file_reference=FILE_REFERENCE, date=media['date'],
        mime_type=media['mime'], size=media['size'], dc_id=media.get('dc', 2),
        attributes=[types.DocumentAttributeFilename(file_name=media['name'])]))


class Files:
    def __init__(self, store):
        self.store = store
        self.handlers = {
            functions.upload.SaveFilePartRequest: self.save_file_part,
            functions.upload.SaveBigFilePartRequest: self.save_big_file_part,
            functions.upload.GetFileRequest: self.get_file,
        }

    def handler(self, request):
        return self.handlers.get(type(request))

    def save_file_part(self, request, caller):
        self._check_part(request.file_part, request.bytes)
        self.store.save_part(caller.me.id, request.file_id, request.file_part, request.bytes)
        caller.log.debug('saveFilePart user %d file %d part %d (%d bytes)', caller.me.id, request.file_id,
                         request.file_part, len(request.bytes))
        return Bool(True)

    def save_big_file_part(self, request, caller):
        if not 0 < request.file_total_parts <= PARTS_MAX or request.file_part >= request.file_total_parts:
            raise RpcFailure(400, 'FILE_PARTS_INVALID')
        self._check_part(request.file_part, request.bytes)
        self.store.save_part(caller.me.id, request.file_id, request.file_part, request.bytes)
        return Bool(True)

    @staticmethod
    def _check_part(part, data):
        if not 0 <= part < PARTS_MAX:
            raise RpcFailure(400, 'FILE_PART_INVALID')
        if not data:
            raise RpcFailure(400, 'FILE_PART_EMPTY')
        if len(data) > PART_MAX:
            raise RpcFailure(400, 'FILE_PART_TOO_BIG')

    def uploaded(self, media, caller, date):
        """The file an InputMediaUploadedPhoto/Document names, assembled and stored: its metadata."""
        if isinstance(media, types.InputMediaUploadedPhoto):
            kind, mime, name = 'photo', 'image/jpeg', media.file.name
        elif isinstance(media, types.InputMediaUploadedDocument):
            kind, mime = 'document', media.mime_type or 'application/octet-stream'
            names = [a.file_name for a in media.attributes if isinstance(a, types.DocumentAttributeFilename)]
            name = names[0] if names else media.file.name
        else:
            raise RpcFailure(400, 'MEDIA_INVALID')
        uploaded = media.file
        if not isinstance(uploaded, (types.InputFile, types.InputFileBig)) or not 0 < uploaded.parts <= PARTS_MAX:
            raise RpcFailure(400, 'FILE_PARTS_INVALID')
        data = self.store.assemble(caller.me.id, uploaded.id, uploaded.parts)
        if isinstance(uploaded, types.InputFile):
            if len(data) > SMALL_FILE_MAX:
                raise RpcFailure(400, 'FILE_PARTS_INVALID')
            if uploaded.md5_checksum and uploaded.md5_checksum != hashlib.md5(data).hexdigest():
                raise RpcFailure(400, 'MD5_CHECKSUM_INVALID')
        if kind == 'photo':
            size = image_size(data)
            if size is None or not size[0] or not size[1]:
                raise RpcFailure(400, 'IMAGE_PROCESS_FAILED')
            mime = 'image/png' if data[:4] == b'\x89PNG' else 'image/jpeg'
        return self.store.store(kind, data, name or 'file', mime, date)

    def get_file(self, request, caller):
        location = request.location
        if isinstance(location, (types.InputDocumentFileLocation, types.InputPhotoFileLocation)):
            file_id, access_hash = location.id, location.access_hash
        else:
            raise RpcFailure(400, 'LOCATION_INVALID')
        meta = self.store.meta(file_id)
        if meta is None or meta['access_hash'] != access_hash:
            raise RpcFailure(400, 'FILE_ID_INVALID')
        if caller.key_dc is not None and meta.get('dc', 2) != caller.key_dc:
            # Asked where the file does not live: where it does, as Telegram answers.
            raise RpcFailure(303, 'FILE_MIGRATE_%d' % meta.get('dc', 2))
        offset, limit = request.offset, request.limit
        if offset < 0 or offset % 1024:
            raise RpcFailure(400, 'OFFSET_INVALID')
        if not 0 < limit <= DOWNLOAD_MAX or limit % 1024 or (not request.precise and (limit % 4096 or DOWNLOAD_MAX % limit)):
            raise RpcFailure(400, 'LIMIT_INVALID')
        if not request.precise and offset // DOWNLOAD_MAX != (offset + limit - 1) // DOWNLOAD_MAX:
            raise RpcFailure(400, 'LIMIT_INVALID')  # a chunk never crosses a 1 MB boundary
        data = self.store.read(file_id)
        if data is None:
            raise RpcFailure(400, 'FILE_ID_INVALID')
        caller.log.info('getFile user %d file %d offset %d limit %d: %d bytes', caller.me.id, file_id, offset, limit,
                        len(data[offset:offset + limit]))
        return types.upload.File(type=types.storage.FileUnknown(), mtime=meta['date'], bytes=data[offset:offset + limit])
