import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LIMITS, UPLOAD_TYPES } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import { uploadResponse } from '@vault/contract/schemas/user';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Context } from '../../context.ts';
import { uploads } from '../../db/schema.ts';
import { caller } from '../../http/auth.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { responses } from '../../http/schema.ts';
import { newId } from '../../lib/ids.ts';

type UploadType = (typeof UPLOAD_TYPES)[number];

/** Allowed by content (magic bytes), never by the name or the declared type. */
const ALLOWED: Record<string, string> = { 'image/png': 'png', 'image/gif': 'gif', 'image/jpeg': 'jpg' };

const parseType = (value: unknown): UploadType => {
  if (typeof value === 'string' && (UPLOAD_TYPES as readonly string[]).includes(value)) return value as UploadType;
  throw badRequest(messages.invalidRequest, 'BAD_UPLOAD_TYPE', { type: messages.invalidRequest });
};

export function storageRoutes(app: FastifyInstance, ctx: Context) {
  const dir = path.join(ctx.config.dataDir, 'uploads');
  const tags = ['storage'];

  async function store(req: FastifyRequest, kind: UploadType, bytes: Buffer) {
    if (bytes.length === 0) throw badRequest(messages.fileMissing, 'FILE_MISSING', { file: messages.fileMissing });
    if (bytes.length > LIMITS.uploadMaxBytes) throw new AppError(413, 'FILE_TOO_LARGE', messages.fileTooLarge);
    const detected = await fileTypeFromBuffer(bytes);
    const ext = detected && ALLOWED[detected.mime];
    if (!detected || !ext) throw new AppError(415, 'FILE_TYPE_NOT_ALLOWED', messages.fileTypeNotAllowed);
    const id = newId();
    const fileName = `${id}.${ext}`;
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, fileName), bytes, { flag: 'wx' });
    await ctx.db
      .insert(uploads)
      .values({ id, userId: caller(req).user.id, kind, fileName, mime: detected.mime, size: bytes.length });
    return `/uploads/${fileName}`;
  }

  app.post(
    '/api/storage/upload',
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'multipart/form-data: type (profilePicture | signature), then file (png, gif or jpeg, 5 MB at most)',
        response: responses({ 200: uploadResponse }),
      },
    },
    async (req) => {
      const file = await req.file({ limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 5 } });
      if (!file) throw badRequest(messages.fileMissing, 'FILE_MISSING', { file: messages.fileMissing });
      const typeField = file.fields.type;
      const kind = parseType(typeField && 'value' in typeField ? typeField.value : 'profilePicture');
      const bytes = await file.toBuffer();
      return { message: 'File uploaded successfully', url: await store(req, kind, bytes) };
    },
  );

  app.post(
    '/api/storage/upload/base64',
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'multipart/form-data: type, file (a data: URL of a png, gif or jpeg image)',
        response: responses({ 200: uploadResponse }),
      },
    },
    async (req) => {
      const fields: Record<string, string> = {};
      for await (const part of req.parts({
        limits: { fieldSize: Math.ceil(LIMITS.uploadMaxBytes * 1.4), fields: 5, files: 0 },
      })) {
        if (part.type === 'field' && typeof part.value === 'string') fields[part.fieldname] = part.value;
      }
      const kind = parseType(fields.type ?? 'signature');
      const match = /^data:image\/[a-z+]+;base64,([A-Za-z0-9+/=]+)$/.exec(fields.file ?? '');
      if (!match?.[1]) throw badRequest(messages.fileMissing, 'FILE_MISSING', { file: messages.fileMissing });
      const url = await store(req, kind, Buffer.from(match[1], 'base64'));
      return { message: kind === 'signature' ? messages.signatureUploaded : 'File uploaded successfully', url };
    },
  );
}
