import { createLoggedInMember, type TestServer } from '../support.ts';

/** Helpers of the chat tests (chat.test.ts, chat-socket.test.ts). */

export type Member = Awaited<ReturnType<typeof createLoggedInMember>>;

/** A member past the membership data gate (chat needs it), with a name the search can find. */
export const chatMember = (server: TestServer, name = 'Chat Member', values = {}) =>
  createLoggedInMember(server, { name, gpaData: { displayName: name }, ...values });

/** The room between two members, created over HTTP. */
export async function roomOf(server: TestServer, a: Member, b: Member): Promise<string> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/chat/room/create',
    headers: a.headers,
    payload: { otherUserId: b.user.id },
  });
  if (res.statusCode !== 200) throw new Error(`room create failed: ${res.statusCode} ${res.body}`);
  return res.json().data._id as string;
}

/** A message written over HTTP (the raw answer). */
export const send = (server: TestServer, member: Member, chatRoom: string, body: object = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/api/chat/room/messages',
    headers: member.headers,
    payload: { chatRoom, text: 'hello', ...body },
  });

/** CRC-32 (zip's), for the small archives below. */
function crc32(data: Buffer) {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A zip archive of stored (uncompressed) entries: enough for file-type to read the names and contents. */
export function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(text);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** An office document as Word, PowerPoint or Excel write one (the parts file-type looks at). */
export function officeFile(kind: 'docx' | 'pptx' | 'xlsx') {
  const part = {
    docx: ['word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'],
    pptx: [
      'ppt/presentation.xml',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml',
    ],
    xlsx: ['xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'],
  }[kind];
  return zip({
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${part[0]}" ContentType="${part[1]}"/></Types>`,
    [part[0]!]: '<?xml version="1.0"?><root/>',
  });
}

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** The start of a Windows executable (MZ header and padding). */
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(200)]);
