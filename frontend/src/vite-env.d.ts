// Typed environment of the web app (Vite exposes only VITE_* variables to the browser).
/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base of the HTTP API; defaults to the same origin's `/api/v1`. */
  readonly VITE_API_BASE?: string;
  /** WebSocket URL of the realtime gateway; defaults to the same origin's `/ws`. */
  readonly VITE_WS_URL?: string;
  /** External help-center link of the side menu. */
  readonly VITE_HELP_CENTER_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare module '*.module.css' {
  const classes: Record<string, string>;
  export default classes;
}
