import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// By path, not by package name: Vite bundles a config's relative imports but loads packages with Node, which
// cannot run TypeScript.
import { precompress } from '../../packages/ui/build/vite-precompress.ts';

/**
 * The back office (issue 11): its own build, served by the server under /admin/ (apps/server/src/http/web-app.ts),
 * so nothing of it is in the member app's bundle. Every URL it makes starts with the base.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react(), tailwindcss(), precompress()],
  build: { outDir: 'dist', sourcemap: false },
  server: {
    port: 5174,
    // The API, and the support desk's socket (namespace /admin on the server's socket.io).
    proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'http://localhost:3000', ws: true } },
  },
});
