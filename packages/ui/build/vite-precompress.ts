import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/*
 * The build step both apps share (apps/web/vite.config.ts, apps/admin/vite.config.ts): the server
 * (apps/server/src/http/web-app.ts) sends these copies as they are.
 */

/** Text files worth compressing; media (mp4) and images other than SVG are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip -9) beside every text file of the build, public
 * files included, once: the server sends them as they are (@fastify/static `preCompressed`) to browsers that
 * accept them, so no request pays for compression and the bytes are the smallest these formats make. A copy
 * that does not save a tenth is not written (the server then sends the file itself).
 */
export function precompress(): Plugin {
  let outDir = '';
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  async function files(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true });
    const nested = await Promise.all(
      entries.map((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)])),
    );
    return nested.flat();
  }
  return {
    name: 'vault:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const targets = (await files(outDir)).filter((file) => COMPRESSIBLE.test(file));
        await Promise.all(
          targets.map(async (file) => {
            if ((await stat(file)).size < MIN_BYTES) return;
            const raw = await readFile(file);
            const [br, gzipped] = await Promise.all([
              brotli(raw, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                },
              }),
              gz(raw, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            if (br.length < raw.length * 0.9) await writeFile(`${file}.br`, br);
            if (gzipped.length < raw.length * 0.9) await writeFile(`${file}.gz`, gzipped);
          }),
        );
      },
    },
  };
}
