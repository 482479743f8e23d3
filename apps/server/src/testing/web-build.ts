import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A stand-in for the web app's build (`index.html`, and `assets/` when `files` names some) in a
 * folder of its own: what the server serves without running `npm run build`. `remove` deletes it.
 */
export function writeWebBuild(
  html = '<!doctype html><html><body><div id="root"></div></body></html>',
  files: Record<string, string | Uint8Array> = {},
): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'td-dist-'));
  writeFileSync(join(dir, 'index.html'), html);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
