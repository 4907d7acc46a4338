import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// By path, not by package name: Vite bundles a config's relative imports but loads packages with Node, which
// cannot run TypeScript.
import { precompress } from '../../packages/ui/build/vite-precompress.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
      '/uploads': 'http://localhost:3000',
    },
  },
});
