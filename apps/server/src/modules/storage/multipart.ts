import { messages } from '@vault/contract/messages';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../http/errors.ts';

export type UploadForm = { fields: Record<string, string>; file?: Buffer };
type Limits = NonNullable<Parameters<FastifyRequest['parts']>[0]>['limits'];

/** Errors of @fastify/multipart that already answer clearly (413 limits, 415 not multipart). */
const ANSWERED = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_PARTS_LIMIT',
]);

/** RFC 2046: a boundary is 1 to 70 characters. */
const BOUNDARY = /;\s*boundary=(?:"([^"]{1,70})"|([^";\s]{1,70}))(?:;|\s|$)/i;

const unreadable = () => badRequest(messages.uploadUnreadable, 'UPLOAD_UNREADABLE');

/**
 * Reads a whole upload form (fields and at most one file, within `limits`) before anything is stored.
 * Both upload routes read through here, so a body that is not readable multipart (no boundary or one
 * longer than the standard allows, a body that breaks off inside a part, a body in which no part is
 * found) answers 400 and writes nothing, instead of the parser's error reaching the client as a 500.
 */
export async function readUploadForm(req: FastifyRequest, limits: Limits): Promise<UploadForm> {
  const form: UploadForm = { fields: {} };
  if (req.isMultipart() && !BOUNDARY.test(req.headers['content-type'] ?? '')) throw unreadable();
  let parts = 0;
  try {
    for await (const part of req.parts({ limits })) {
      parts++;
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        form.file ??= bytes;
      } else {
        // A field cut at the size limit would otherwise pass on as a shorter, still well-formed value.
        if (part.valueTruncated) throw new AppError(413, 'FILE_TOO_LARGE', messages.fileTooLarge);
        if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError || ANSWERED.has((error as { code?: string }).code ?? '')) throw error;
    req.log.info({ err: error }, 'unreadable upload');
    throw unreadable();
  }
  // The browser always sends the type and the file: no part at all means a body whose boundary never came.
  if (parts === 0) throw unreadable();
  return form;
}
