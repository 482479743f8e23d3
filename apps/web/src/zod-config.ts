import { config } from 'zod';

// The page's Content-Security-Policy forbids eval: zod must not compile its parsers with
// `new Function` (nor probe whether it may, which the browser reports as a violation). Imported
// first by the entry, before any schema parses.
config({ jitless: true });
