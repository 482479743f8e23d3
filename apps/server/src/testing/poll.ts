/** Asks `check` every `everyMs` until it holds; past `ms` it fails, naming `what`. */
export async function pollUntil(
  check: () => boolean | Promise<boolean>,
  {
    ms = 10_000,
    everyMs = 50,
    what = 'the condition',
  }: { ms?: number; everyMs?: number; what?: string } = {},
): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`timed out waiting for ${what}`);
}
