import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { uploads } from '../src/db/schema.ts';
import { type FormPart, IMAGES, multipartBody, type TestServer } from './support.ts';

/** Helpers for the upload tests (storage module): uploading as the web app does, and where files lie. */
type Headers = Record<string, string>;

export async function sendForm(server: TestServer, url: string, parts: FormPart[], headers: Headers) {
  const { payload, contentType } = await multipartBody(parts);
  return server.app.inject({ method: 'POST', url, payload, headers: { ...headers, 'content-type': contentType } });
}

/** storage/upload with a file (a profile picture unless said). */
export const uploadFile = (
  server: TestServer,
  headers: Headers,
  data: Uint8Array = IMAGES.png,
  kind = 'profilePicture',
) =>
  sendForm(
    server,
    '/api/storage/upload',
    [
      { name: 'type', value: kind },
      { name: 'file', data, filename: 'a.png', type: 'image/png' },
    ],
    headers,
  );

/** storage/upload/base64 with a data: URL, as the wizard's signature pad sends it (a signature unless said). */
export const uploadDataUrl = (
  server: TestServer,
  headers: Headers,
  data: Uint8Array = IMAGES.png,
  kind = 'signature',
) =>
  sendForm(
    server,
    '/api/storage/upload/base64',
    [
      { name: 'type', value: kind },
      { name: 'file', value: `data:image/png;base64,${Buffer.from(data).toString('base64')}` },
    ],
    headers,
  );

/** The stored file name at the end of a stored path or a signed URL. */
export const nameOf = (url: string) => url.split('/').pop()!;

export const filesIn = async (server: TestServer, folder: 'uploads' | 'private-uploads') =>
  readdir(path.join(server.config.dataDir, folder)).catch(() => [] as string[]);

export async function uploadRow(server: TestServer, url: string) {
  const [row] = await server.db
    .select()
    .from(uploads)
    .where(eq(uploads.fileName, nameOf(url)));
  return row;
}

/** Bytes that start like `image` and are padded to `size` (file-type reads the content, not the name). */
export const padded = (image: Buffer, size: number) => Buffer.concat([image, Buffer.alloc(size - image.length)]);

/** A signed URL of a private file: /api/storage/files/<viewer>/<expires>/<signature>/<name>. */
export const SIGNED_URL =
  /^\/api\/storage\/files\/[0-9a-f-]{36}\/\d+\/[A-Za-z0-9_-]{43}\/[0-9a-f-]{36}\.(png|gif|jpg)$/;
