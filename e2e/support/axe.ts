import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser build, read once from node_modules and injected into each page checked. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rules the web app answers to: WCAG 2.2 A and AA, and axe's own best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export interface TAxeFinding {
  id: string;
  impact: string;
  help: string;
  /** The elements it found, as selectors with their HTML (cut short). */
  nodes: string[];
}

/**
 * Runs axe on the page as it is now (or on the part `include` selects) and returns its serious and
 * critical findings: the ones a screen must not have. Lesser ones (moderate, minor) are left to review.
 */
export async function seriousAxeFindings(page: Page, include?: string): Promise<TAxeFinding[]> {
  const isLoaded = await page.evaluate(() => 'axe' in window);
  // Evaluated rather than added as a <script>: the app's content security policy refuses inline
  // scripts, and a test's own evaluation is not the page's.
  if (!isLoaded) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    async ({ tags, include }: { tags: string[]; include: string | undefined }) => {
      const axe = (
        window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }
      ).axe;
      const context = include ? { include: [include] } : document;
      return (await axe.run(context, { runOnly: { type: 'tag', values: tags } })) as {
        violations: Array<{
          id: string;
          impact: string | null;
          help: string;
          nodes: Array<{ target: unknown[]; html: string }>;
        }>;
      };
    },
    { tags: TAGS, include },
  );
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      nodes: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')}: ${node.html.slice(0, 160)}`),
    }));
}

/**
 * Every WCAG A and AA rule (whatever its impact) the page as it stands breaks, each as "rule
 * (impact): the elements"; empty when it breaks none. For screens held to the strictest bar.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const isLoaded = await page.evaluate(() => 'axe' in window);
  if (!isLoaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }
    ).axe;
    const result = (await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } })) as {
      violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }>;
    };
    return result.violations;
  });
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
