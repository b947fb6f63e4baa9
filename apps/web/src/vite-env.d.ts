/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin (and optional prefix) of the API; empty means the app's own origin. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
