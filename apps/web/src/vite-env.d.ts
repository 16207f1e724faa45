/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

interface ImportMetaEnv {
  /** Comma-separated backup API origins, tried in order after the page's own origin. */
  readonly VITE_API_BACKUPS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
