import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LIMITS, PUBLIC_UPLOAD_TYPES, UPLOAD_TYPES } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Context } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { liveRole } from '../members/accounts.ts';
import { mayView } from './access.ts';
import { FILE_NAME, fileNameOf, type SignedParts, setFileUrlKey, storedPath, verifiedViewer } from './file-urls.ts';

/** What a member may upload (the upload routes' `type`). */
export type UploadType = (typeof UPLOAD_TYPES)[number];
/**
 * Every kind of stored file: members' kinds, and token icons, which only the back office uploads
 * (`storeIcon`, catalogue/admin-routes.ts) and which are public like the icons they stand beside.
 */
export type StoredKind = UploadType | 'tokenIcon';
const PUBLIC_KINDS: readonly StoredKind[] = [...PUBLIC_UPLOAD_TYPES, 'tokenIcon'];

/** Where a statement runs: the pool, or the caller's transaction. */
type Queryable = Db | Tx;

/** What the storage service needs: the worker builds it too, without the HTTP parts of the context. */
export type StorageContext = Pick<Context, 'config' | 'db' | 'log'> & { secrets: Pick<Context['secrets'], 'hmac'> };

/** Allowed by content (magic bytes), never by the name or the declared type. */
const ALLOWED: Record<string, string> = { 'image/png': 'png', 'image/gif': 'gif', 'image/jpeg': 'jpg' };
/**
 * Chat attachments (issue 15, spec 2 §5): jpeg, png, pdf and the office files docx, pptx, xlsx. Those are zip
 * containers; file-type names them only when the archive holds [Content_Types].xml and the word/, ppt/ or xl/
 * part, so a zip renamed .docx stays a zip and is refused.
 */
const CHAT_ALLOWED: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
};
const allowedFor = (kind: StoredKind) => (kind === 'chat' ? CHAT_ALLOWED : ALLOWED);

export const parseUploadType = (value: unknown): UploadType => {
  if (typeof value === 'string' && (UPLOAD_TYPES as readonly string[]).includes(value)) return value as UploadType;
  throw badRequest(messages.invalidRequest, 'BAD_UPLOAD_TYPE', { type: messages.invalidRequest });
};

export const isPublicType = (kind: StoredKind) => PUBLIC_KINDS.includes(kind);

/**
 * Member uploads on local disk, each recorded with its owner. Public kinds (profile pictures) lie under
 * DATA_DIR/uploads, served as they are at /uploads/<name>; every other kind lies under
 * DATA_DIR/private-uploads, outside anything served, and is shown only through signed URLs (file-urls.ts).
 */
export function storageService(ctx: StorageContext) {
  const publicDir = path.join(ctx.config.dataDir, 'uploads');
  const privateDir = path.join(ctx.config.dataDir, 'private-uploads');
  const dirOf = (kind: StoredKind) => (isPublicType(kind) ? publicDir : privateDir);
  setFileUrlKey(ctx.secrets.hmac);

  /** Removes files by name wherever they may lie (a private file from before issue 8 may still be public). */
  const removeFiles = (names: string[]) =>
    Promise.all(
      names.flatMap((name) => [
        rm(path.join(publicDir, name), { force: true }),
        rm(path.join(privateDir, name), { force: true }),
      ]),
    );

  return {
    /**
     * Checks the bytes, then writes the file and its row within the member's quota. The quota is counted
     * under a per-member advisory lock in the insert's transaction, so parallel uploads cannot pass it
     * together; on any failure the file goes again: nothing is left written.
     */
    async store(userId: string, kind: StoredKind, bytes: Buffer): Promise<string> {
      if (bytes.length === 0) throw badRequest(messages.fileMissing, 'FILE_MISSING', { file: messages.fileMissing });
      if (bytes.length > LIMITS.uploadMaxBytes) throw new AppError(413, 'FILE_TOO_LARGE', messages.fileTooLarge);
      const detected = await fileTypeFromBuffer(bytes);
      const ext = detected && allowedFor(kind)[detected.mime];
      if (!detected || !ext) throw new AppError(415, 'FILE_TYPE_NOT_ALLOWED', messages.fileTypeNotAllowed);
      const id = newId();
      const fileName = `${id}.${ext}`;
      const file = path.join(dirOf(kind), fileName);
      await mkdir(dirOf(kind), { recursive: true });
      try {
        await ctx.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`uploads:${userId}`}))`);
          const [usage] = await tx
            .select({ used: sql<string>`coalesce(sum(${uploads.size}), 0)` })
            .from(uploads)
            .where(eq(uploads.userId, userId));
          if (Number(usage?.used ?? 0) + bytes.length > LIMITS.uploadQuotaBytes)
            throw new AppError(413, 'STORAGE_QUOTA_EXCEEDED', messages.storageQuotaReached);
          await writeFile(file, bytes, { flag: 'wx' });
          await tx.insert(uploads).values({ id, userId, kind, fileName, mime: detected.mime, size: bytes.length });
        });
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
      return storedPath(fileName);
    },

    /**
     * Takes an upload into use: only the member's own upload of this kind, named by its stored path or by
     * a signed URL we gave (its signature is not needed: ownership decides). Marks the first use, which
     * keeps it from the clean-up, in the same statement, so the clean-up cannot take it in between.
     * Returns the stored path, or null when it is not theirs (or no longer exists).
     */
    async use(userId: string, ref: string, kind: UploadType): Promise<string | null> {
      const fileName = fileNameOf(ref);
      if (!fileName) return null;
      const [row] = await ctx.db
        .update(uploads)
        .set({ referencedAt: sql`coalesce(${uploads.referencedAt}, now())` })
        .where(and(eq(uploads.fileName, fileName), eq(uploads.userId, userId), eq(uploads.kind, kind)))
        .returning({ fileName: uploads.fileName });
      return row ? storedPath(row.fileName) : null;
    },

    /**
     * Takes a chat attachment into use (issue 15): the sender's own upload of kind chat, named as `use` takes
     * it. Returns its stored path and its type as detected when stored (an image is shown inline, anything
     * else as a download), or null when it is not theirs.
     */
    async useAttachment(userId: string, ref: string): Promise<{ path: string; mime: string } | null> {
      const fileName = fileNameOf(ref);
      if (!fileName) return null;
      const [row] = await ctx.db
        .update(uploads)
        .set({ referencedAt: sql`coalesce(${uploads.referencedAt}, now())` })
        .where(and(eq(uploads.fileName, fileName), eq(uploads.userId, userId), eq(uploads.kind, 'chat')))
        .returning({ fileName: uploads.fileName, mime: uploads.mime });
      return row ? { path: storedPath(row.fileName), mime: row.mime } : null;
    },

    /** An upload no longer in use (a replaced profile picture): the clean-up removes it once it is old. */
    async release(userId: string, ref: string, kind: UploadType) {
      const fileName = fileNameOf(ref);
      if (!fileName) return;
      await ctx.db
        .update(uploads)
        .set({ referencedAt: null })
        .where(and(eq(uploads.fileName, fileName), eq(uploads.userId, userId), eq(uploads.kind, kind)));
    },

    /**
     * A private file for the viewer a signed URL names, or null (forged, expired, not theirs to see, gone):
     * one answer for all of them, so a URL never tells whether a file exists.
     */
    async openForViewer(url: SignedParts) {
      const viewerId = verifiedViewer(url);
      if (!viewerId) return null;
      const fileName = url.name;
      // The file and the viewer's role (users belong to modules/members: only whether the viewer is a live
      // account, and an administrator, is asked), in parallel.
      const [[row], role] = await Promise.all([
        ctx.db
          .select({ userId: uploads.userId, kind: uploads.kind, mime: uploads.mime })
          .from(uploads)
          .where(eq(uploads.fileName, fileName)),
        liveRole(ctx.db, viewerId),
      ]);
      if (!row || !(await mayView(ctx.db, role ? { id: viewerId, role } : null, { ...row, fileName }))) return null;
      const file = path.join(dirOf(row.kind), fileName);
      const size = await stat(file).then(
        (s) => s.size,
        () => null,
      );
      if (size === null) return null;
      return { mime: row.mime, size, stream: createReadStream(file) };
    },

    /**
     * Takes a token icon into use (the back office's catalogue, in its transaction `q`): any administrator's
     * upload of kind tokenIcon, named by its stored path. Returns the path, or null when it is no such upload.
     */
    async useIcon(q: Queryable, ref: string): Promise<string | null> {
      const fileName = fileNameOf(ref);
      if (!fileName) return null;
      const [row] = await q
        .update(uploads)
        .set({ referencedAt: sql`coalesce(${uploads.referencedAt}, now())` })
        .where(and(eq(uploads.fileName, fileName), eq(uploads.kind, 'tokenIcon')))
        .returning({ fileName: uploads.fileName });
      return row ? storedPath(row.fileName) : null;
    },

    /**
     * A token icon no token or coin uses any more (the caller knows, in its transaction `q`): the clean-up
     * removes it once it is old, like any upload not in use.
     */
    async releaseIcon(q: Queryable, ref: string) {
      const fileName = fileNameOf(ref);
      if (!fileName) return;
      await q
        .update(uploads)
        .set({ referencedAt: null })
        .where(and(eq(uploads.fileName, fileName), eq(uploads.kind, 'tokenIcon')));
    },

    /** Uploaded token icons (their stored paths), newest first: what the back office offers beside the built-in ones. */
    async icons(limit = 100): Promise<string[]> {
      const rows = await ctx.db
        .select({ fileName: uploads.fileName })
        .from(uploads)
        .where(eq(uploads.kind, 'tokenIcon'))
        .orderBy(desc(uploads.createdAt))
        .limit(limit);
      return rows.map((r) => storedPath(r.fileName));
    },

    /** Removes every file a member uploaded, public and private, and their rows (account deletion). */
    async removeAllOf(userId: string) {
      const removed = await ctx.db
        .delete(uploads)
        .where(eq(uploads.userId, userId))
        .returning({ fileName: uploads.fileName });
      await removeFiles(removed.map((f) => f.fileName));
    },

    /**
     * The clean-up (scheduled hourly by the worker): uploads not in use (never referenced, or released) and
     * older than LIMITS.unusedUploadHours go, rows first, then files, in batches. A row is deleted only if
     * it is still unused when deleted, so a use at the same moment either wins or finds it gone; a file
     * whose removal fails is left without a row rather than a row without its file.
     */
    async removeUnused(): Promise<number> {
      let total = 0;
      for (;;) {
        const batch = await ctx.db.execute<{ file_name: string }>(sql`
          delete from ${uploads}
          where id in (
            select id from ${uploads}
            where referenced_at is null
              and created_at < now() - make_interval(hours => ${LIMITS.unusedUploadHours})
            order by created_at
            limit 500
            for update skip locked
          )
          and referenced_at is null
          returning file_name`);
        await removeFiles(batch.rows.map((r) => r.file_name));
        total += batch.rows.length;
        if (batch.rows.length < 500) break;
      }
      if (total > 0) ctx.log.info({ removed: total }, 'unused uploads removed');
      return total;
    },

    /**
     * Before issue 8 every upload lay in the public folder. Private kinds still found there move to the
     * private folder (at start, idempotent, safe to run from several processes at once); their stored
     * paths stay as they are, so nothing else changes.
     */
    async movePrivateFilesOutOfPublicFolder() {
      const inPublic = new Set(await readdir(publicDir).catch(() => [] as string[]));
      if (inPublic.size === 0) return;
      const rows = await ctx.db
        .select({ fileName: uploads.fileName })
        .from(uploads)
        .where(notInArray(uploads.kind, [...PUBLIC_KINDS]));
      const legacy = rows.map((r) => r.fileName).filter((name) => inPublic.has(name) && FILE_NAME.test(name));
      if (legacy.length === 0) return;
      await mkdir(privateDir, { recursive: true });
      for (const name of legacy) {
        await rename(path.join(publicDir, name), path.join(privateDir, name)).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error; // another process moved it first
        });
      }
      ctx.log.info({ moved: legacy.length }, 'private uploads moved out of the public folder');
    },
  };
}

export type StorageService = ReturnType<typeof storageService>;
