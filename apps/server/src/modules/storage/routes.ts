import { LIMITS } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import { uploadResponse } from '@vault/contract/schemas/user';
import type { FastifyInstance } from 'fastify';
import { caller } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import { responses } from '../../http/schema.ts';
import { parseUploadType, type StorageService } from './service.ts';

export function storageRoutes(app: FastifyInstance, storage: StorageService) {
  const tags = ['storage'];

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
      const kind = parseUploadType(typeField && 'value' in typeField ? typeField.value : 'profilePicture');
      const bytes = await file.toBuffer();
      return { message: 'File uploaded successfully', url: await storage.store(caller(req).user.id, kind, bytes) };
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
      const kind = parseUploadType(fields.type ?? 'signature');
      const match = /^data:image\/[a-z+]+;base64,([A-Za-z0-9+/=]+)$/.exec(fields.file ?? '');
      if (!match?.[1]) throw badRequest(messages.fileMissing, 'FILE_MISSING', { file: messages.fileMissing });
      const url = await storage.store(caller(req).user.id, kind, Buffer.from(match[1], 'base64'));
      return { message: kind === 'signature' ? messages.signatureUploaded : 'File uploaded successfully', url };
    },
  );
}
