import { LIMITS } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import { uploadResponse } from '@vault/contract/schemas/user';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { caller } from '../../http/auth.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { perHour, responses } from '../../http/schema.ts';
import { type SignedParts, signedFileUrl } from './file-urls.ts';
import { readUploadForm } from './multipart.ts';
import { isPublicType, parseUploadType, type StorageService, type UploadType } from './service.ts';

export function storageRoutes(app: FastifyInstance, storage: StorageService) {
  const tags = ['storage'];
  // One budget for both upload routes, counted per member. It runs after the session check (a route's own
  // onRequest hooks follow the app's), so the caller is known; Redis shares it when REDIS_URL is set.
  const uploadRate = app.rateLimit({
    ...perHour(LIMITS.uploadsPerMemberPerHour),
    keyGenerator: (req) => `uploads:${caller(req).user.id}`,
  });

  /** What the uploader is shown: a public file's path, or a private file's signed URL. */
  const shownUrl = async (userId: string, kind: UploadType, bytes: Buffer) => {
    const stored = await storage.store(userId, kind, bytes);
    return isPublicType(kind) ? stored : signedFileUrl(stored, userId);
  };

  app.post(
    '/api/storage/upload',
    {
      config: { auth: 'member' },
      onRequest: uploadRate,
      schema: {
        tags,
        summary:
          'multipart/form-data: type (profilePicture | signature | directWire | chat), then file (png, gif or jpeg; chat: jpeg, png, pdf, docx, pptx or xlsx, private to the room; 5 MB at most)',
        response: responses({ 200: uploadResponse }),
      },
    },
    async (req) => {
      const form = await readUploadForm(req, { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 5 });
      if (!form.file) throw badRequest(messages.fileMissing, 'FILE_MISSING', { file: messages.fileMissing });
      const kind = parseUploadType(form.fields.type ?? 'profilePicture');
      return { message: 'File uploaded successfully', url: await shownUrl(caller(req).user.id, kind, form.file) };
    },
  );

  app.post(
    '/api/storage/upload/base64',
    {
      config: { auth: 'member' },
      onRequest: uploadRate,
      schema: {
        tags,
        summary:
          'multipart/form-data: type (signature, directWire: a remittance signature; private), file (a data: URL of a png, gif or jpeg image)',
        response: responses({ 200: uploadResponse }),
      },
    },
    async (req) => {
      const { fields } = await readUploadForm(req, {
        fieldSize: Math.ceil(LIMITS.uploadMaxBytes * 1.4),
        fields: 5,
        files: 0,
      });
      const kind = parseUploadType(fields.type ?? 'signature');
      const match = /^data:image\/[a-z+]+;base64,([A-Za-z0-9+/=]+)$/.exec(fields.file ?? '');
      if (!match?.[1]) throw badRequest(messages.fileMissing, 'FILE_MISSING', { file: messages.fileMissing });
      const url = await shownUrl(caller(req).user.id, kind, Buffer.from(match[1], 'base64'));
      // A remittance signature (directWire) is drawn on a pad like the membership one: the same words.
      const signed = kind === 'signature' || kind === 'directWire';
      return { message: signed ? messages.signatureUploaded : 'File uploaded successfully', url };
    },
  );

  // Not through the zod type provider: the answer is the file's bytes, not a JSON shape.
  app.get<{ Params: SignedParts }>(
    '/api/storage/files/:viewer/:expires/:signature/:name',
    {
      // Public on purpose: the browser shows these files in an <img>, which cannot send the bearer header.
      // The signed URL is the credential: made for one viewer, expiring, and checked against who may see
      // the file (access.ts) every time it is used.
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'A private upload through the signed URL the API gave (its owner and administrators only)',
        params: z.object({ viewer: z.string(), expires: z.string(), signature: z.string(), name: z.string() }),
        response: responses({}),
      },
    },
    async (req, reply) => {
      const file = await storage.openForViewer(req.params);
      if (!file) throw notFound();
      return reply
        .header('content-type', file.mime)
        .header('content-length', file.size)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );
}
