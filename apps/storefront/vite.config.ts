import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const src = decodeURIComponent(new URL('./src', import.meta.url).pathname);
// The server (apps/server) listens on 3000 by default.
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': src } },
  build: {
    // The bench reads dist/.vite/manifest.json to size the home route's chunks.
    manifest: true,
    sourcemap: true,
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
    },
  },
});
