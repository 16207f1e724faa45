import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../../scripts/precompress';

// Served by the Stride server under /console/ (decision 022 "The operator console"), next to the user web app at /.
export default defineConfig({
  base: '/console/',
  // Brotli and gzip copies of the build, sent by the server as the browser accepts (decision 050 "Static files
  // precompressed at build time").
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json maps each screen module to its chunk; the budget check reads it.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
    },
  },
});
