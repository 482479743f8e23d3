import { config } from 'zod/mini';

// The page's Content-Security-Policy forbids eval: zod must not compile its parsers with
// `new Function` (nor probe whether it may, which the browser reports as a violation). Imported
// first by the entry; public/theme-init.js sets the same before any chunk loads, since a schema
// built in a chunk evaluated ahead of the entry's own modules would probe first.
config({ jitless: true });
