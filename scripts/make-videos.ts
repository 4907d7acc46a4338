// Generates the silent title-card MP4s of apps/web/src/features/site/videos.ts (committed under
// apps/web/public/media). Needs Debian's ffmpeg and fonts-dejavu-core: `npx tsx scripts/make-videos.ts`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SCENE_SECONDS, videos } from '../apps/web/src/features/site/videos.ts';

const out = path.resolve(import.meta.dirname, '../apps/web/public/media');
const work = mkdtempSync(path.join(tmpdir(), 'videos-'));
mkdirSync(out, { recursive: true });
const bold = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const regular = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
// drawtext reads text from files so no escaping is needed
const esc = (p: string) => p.replace(/:/g, '\\:');
for (const [key, v] of Object.entries(videos)) {
  const total = v.scenes.length * SCENE_SECONDS;
  const filters: string[] = [];
  v.scenes.forEach((s, i) => {
    const t0 = i * SCENE_SECONDS,
      t1 = t0 + SCENE_SECONDS;
    const tf = path.join(work, `${key}-${i}-t.txt`),
      bf = path.join(work, `${key}-${i}-b.txt`),
      nf = path.join(work, `${key}-${i}-n.txt`);
    writeFileSync(tf, s.title);
    writeFileSync(bf, s.text);
    writeFileSync(nf, `${i + 1} / ${v.scenes.length}`);
    const en = `enable='between(t,${t0},${t1})'`;
    const alpha = `alpha='min(1,(t-${t0})/0.4)'`;
    filters.push(
      `drawtext=fontfile=${bold}:textfile=${esc(tf)}:fontcolor=0xd4af37:fontsize=50:x=(w-text_w)/2:y=h/2-70:${alpha}:${en}`,
    );
    filters.push(
      `drawtext=fontfile=${regular}:textfile=${esc(bf)}:fontcolor=white:fontsize=24:x=(w-text_w)/2:y=h/2+10:${alpha}:${en}`,
    );
    filters.push(
      `drawtext=fontfile=${regular}:textfile=${esc(nf)}:fontcolor=0x94a3b8:fontsize=18:x=w-text_w-30:y=h-40:${en}`,
    );
  });
  filters.push(`drawtext=fontfile=${bold}:text='VAULT':fontcolor=0xd4af37:fontsize=20:x=30:y=30`);
  filters.push(`drawbox=x=0:y=ih-6:w=iw*t/${total}:h=6:color=0xd4af37:t=fill`);
  const file = `${out}/${key === 'walletOpening' ? 'wallet-opening' : key === 'directWire' ? 'direct-wire' : key}.mp4`;
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `color=c=0x0f2a44:s=960x540:r=24:d=${total}`,
    '-vf',
    filters.join(','),
    '-c:v',
    'libx264',
    '-preset',
    'veryslow',
    '-crf',
    '30',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    '-an',
    file,
  ]);
  console.log(file, statSync(file).size, v.src);
}
