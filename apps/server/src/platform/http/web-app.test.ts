// The web app's pages as the server sends them: the settings written into them.
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { withPageSettings } from './web-app';

describe('the web app’s pages', () => {
  it('keeps every value of the page’s settings inside their element', async () => {
    const request = { log: { warn: () => {} } } as unknown as FastifyRequest;
    const page = await withPageSettings(
      '<html><head></head><body></body></html>',
      async () => ({ appName: '</script><script>alert(1)</script>' }),
      request,
    );
    expect(page).not.toContain('</script><script>');
    expect(page.match(/<\/script>/g)).toHaveLength(1);
    const json = page.slice(page.indexOf('>', page.indexOf('page-settings')) + 1, page.indexOf('</script>'));
    expect(JSON.parse(json)).toEqual({ appName: '</script><script>alert(1)</script>' });
    // Settings that cannot be read leave the page as built.
    const unread = await withPageSettings(
      '<html><head></head></html>',
      async () => {
        throw new Error('database away');
      },
      request,
    );
    expect(unread).toBe('<html><head></head></html>');
  });
});
