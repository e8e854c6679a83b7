// Zod as the built app sees it (vite.config.ts aliases `zod` here): jitless, so it never runs `new Function`.
// The app runs under a Content-Security-Policy without 'unsafe-eval' (server/browser-guard.ts), and zod
// decides whether to compile object parsers when each schema is created, by trying `new Function`, which the
// browser reports as a CSP violation even though zod catches it. A module runs before every module that
// imports it, so this config is set before any schema of the app exists.
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
