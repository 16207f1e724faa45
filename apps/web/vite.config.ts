import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json maps each page module to its chunk and CSS; check-budget reads it.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
    },
  },
});
