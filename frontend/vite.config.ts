// Vite config of the web app. Importable as is by scripts/start.ts (middleware mode behind one
// origin); `npm run dev -w @murmur/frontend` alone proxies /api and /ws to the dev edge.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));
const edge = process.env.MURMUR_EDGE_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root,
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
  },
  server: {
    proxy: {
      '/api': { target: edge, changeOrigin: false },
      '/ws': { target: edge.replace(/^http/, 'ws'), ws: true },
    },
  },
});
