import { deflateSync } from 'node:zlib';

/** The membership wizard's signature size (spec 1 §9): 1285 by 100. */
export const SIGNATURE_WIDTH = 1285;
export const SIGNATURE_HEIGHT = 100;

/** The pad's pen (apps/web signature-pad.tsx), on white. */
const PEN = [0x0b, 0x1e, 0x33] as const;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A demo signature as the pad would upload it: a 1285 by 100 RGB PNG, white with a handwritten-looking
 * stroke (a looping line and an underline), drawn with antialiased round pen stamps. Deterministic, so
 * every demo install shows the same picture; made here because the seed has no browser to draw it.
 */
export function demoSignaturePng(): Buffer {
  const w = SIGNATURE_WIDTH;
  const h = SIGNATURE_HEIGHT;
  const ink = new Float32Array(w * h);
  const stamp = (x: number, y: number, r: number) => {
    for (let py = Math.floor(y - r - 1); py <= Math.ceil(y + r + 1); py++) {
      if (py < 0 || py >= h) continue;
      for (let px = Math.floor(x - r - 1); px <= Math.ceil(x + r + 1); px++) {
        if (px < 0 || px >= w) continue;
        const cover = Math.min(1, Math.max(0, r + 0.5 - Math.hypot(px - x, py - y)));
        const i = py * w + px;
        if (cover > ink[i]!) ink[i] = cover;
      }
    }
  };
  // Cursive loops: a line moving right while turning small circles, taller in the middle.
  const loops = 9;
  for (let t = 0; t <= 1; t += 0.00005) {
    const turn = t * loops * 2 * Math.PI;
    const swell = 0.55 + 0.45 * Math.sin(t * Math.PI);
    const y = 50 - 26 * swell * Math.cos(turn) + 6 * Math.sin(t * 3 * Math.PI);
    // Slanted to the right, as handwriting leans.
    const x = 70 + t * 520 - 14 * Math.sin(turn) + (50 - y) * 0.35;
    stamp(x, y, 1.6);
  }
  // The underline flourish.
  for (let t = 0; t <= 1; t += 0.0002) {
    stamp(60 + t * 600, 86 - 8 * Math.sin(t * Math.PI) + 3 * t, 1.3);
  }
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    const row = y * (w * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < w; x++) {
      const a = ink[y * w + x]!;
      for (let c = 0; c < 3; c++) raw[row + 1 + x * 3 + c] = Math.round(255 + (PEN[c]! - 255) * a);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
