import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages.ts';
import { BUILT_IN_ICONS, coinPatchBody, tokenPatchBody } from '../src/schemas/catalogue-admin.ts';

const webTokens = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../apps/web/public/tokens');

describe('the back office catalogue’s rules', () => {
  it('offers exactly the icons the member app ships', () => {
    const files = readdirSync(webTokens)
      .filter((name) => !name.startsWith('.'))
      .map((name) => `/tokens/${name}`)
      .sort();
    expect([...BUILT_IN_ICONS].sort()).toEqual(files);
  });

  it('takes a change of at least one field, colours in lower case, icons only of this site', () => {
    expect(tokenPatchBody.parse({ coinColor: ' #A1B2C3 ' })).toEqual({ coinColor: '#a1b2c3' });
    expect(tokenPatchBody.parse({ isVisibleOnWeb: false })).toEqual({ isVisibleOnWeb: false });
    const refused = (schema: typeof coinPatchBody | typeof tokenPatchBody, body: unknown) =>
      schema.safeParse(body).error?.issues[0]?.message;
    expect(refused(tokenPatchBody, {})).toBe(messages.catalogueNothingToChange);
    expect(refused(tokenPatchBody, { orderIndex: undefined })).toBe(messages.catalogueNothingToChange);
    expect(coinPatchBody.parse({ isVisibleOnWeb: false })).toEqual({ isVisibleOnWeb: false });
    expect(refused(coinPatchBody, { isVisibleOnWeb: 'no' })).toBe(messages.invalidRequest);
    for (const iconUrl of [
      '//evil.example/x.png',
      'data:image/png;base64,AA',
      '/tokens/../x',
      '/admin/x.png',
      '/uploads/',
    ])
      expect(refused(coinPatchBody, { iconUrl }), iconUrl).toBe(messages.iconInvalid);
    expect(coinPatchBody.parse({ iconUrl: '/uploads/0190aaaa-0000-7000-8000-000000000000.png' })).toBeTruthy();
    expect(refused(coinPatchBody, { decimals: -1 })).toBe(messages.catalogueDecimalsInvalid);
  });
});
