import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LIMITS, UPLOAD_TYPES } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import { and, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Context } from '../../context.ts';
import { uploads } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';

export type UploadType = (typeof UPLOAD_TYPES)[number];

/** Allowed by content (magic bytes), never by the name or the declared type. */
const ALLOWED: Record<string, string> = { 'image/png': 'png', 'image/gif': 'gif', 'image/jpeg': 'jpg' };

export const parseUploadType = (value: unknown): UploadType => {
  if (typeof value === 'string' && (UPLOAD_TYPES as readonly string[]).includes(value)) return value as UploadType;
  throw badRequest(messages.invalidRequest, 'BAD_UPLOAD_TYPE', { type: messages.invalidRequest });
};

/** Member uploads on local disk under DATA_DIR/uploads, each recorded with its owner. */
export function storageService(ctx: Context) {
  const dir = path.join(ctx.config.dataDir, 'uploads');
  return {
    async store(userId: string, kind: UploadType, bytes: Buffer): Promise<string> {
      if (bytes.length === 0) throw badRequest(messages.fileMissing, 'FILE_MISSING', { file: messages.fileMissing });
      if (bytes.length > LIMITS.uploadMaxBytes) throw new AppError(413, 'FILE_TOO_LARGE', messages.fileTooLarge);
      const detected = await fileTypeFromBuffer(bytes);
      const ext = detected && ALLOWED[detected.mime];
      if (!detected || !ext) throw new AppError(415, 'FILE_TYPE_NOT_ALLOWED', messages.fileTypeNotAllowed);
      const id = newId();
      const fileName = `${id}.${ext}`;
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, fileName), bytes, { flag: 'wx' });
      await ctx.db.insert(uploads).values({ id, userId, kind, fileName, mime: detected.mime, size: bytes.length });
      return `/uploads/${fileName}`;
    },

    /** Whether `url` is an upload of this kind made by this member (never someone else's file). */
    async isOwn(userId: string, url: string, kind: UploadType): Promise<boolean> {
      const fileName = url.slice('/uploads/'.length);
      const [own] = await ctx.db
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.fileName, fileName), eq(uploads.userId, userId), eq(uploads.kind, kind)));
      return Boolean(own);
    },

    /** Removes every file a member uploaded, and their rows (account deletion). */
    async removeAllOf(userId: string) {
      const removed = await ctx.db
        .delete(uploads)
        .where(eq(uploads.userId, userId))
        .returning({ fileName: uploads.fileName });
      await Promise.all(removed.map((f) => rm(path.join(dir, f.fileName), { force: true })));
    },
  };
}

export type StorageService = ReturnType<typeof storageService>;
