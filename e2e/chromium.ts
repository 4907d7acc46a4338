/** Debian's chromium, which the browser tests and `npm run bench:web` drive (CHROMIUM_PATH to use another). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * How both launch it (besides headless, which each driver sets its own way): no sandbox (CI runs as root), no
 * GPU, and nothing reaching the network but the pages themselves.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
