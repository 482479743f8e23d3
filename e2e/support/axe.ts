// axe-core in the journeys' pages: the serious and critical findings on a screen or part of one,
// and every WCAG A and AA violation for the screens held to the strictest bar.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser build, read once from node_modules and injected into each page checked. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rules the web app answers to: WCAG 2.2 A and AA, and axe's own best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
/** The rules of the strictest bar: WCAG A and AA, every impact. */
const WCAG_A_AA = ['wcag2a', 'wcag2aa'];

export interface TAxeFinding {
  id: string;
  impact: string;
  help: string;
  /** The elements it found, as selectors with their HTML (cut short). */
  nodes: string[];
}

interface TAxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; html: string }>;
}

/**
 * axe's violations of the rules tagged `tags` on the page as it is now (or on the part `include`
 * selects). Only violations are gathered: axe then neither lists nor names every element that
 * passes (its `resultTypes`), which halves a run on a screen of many figures; each violation
 * still comes with all of its elements.
 */
async function violationsOn(page: Page, tags: string[], include?: string): Promise<TAxeViolation[]> {
  const isLoaded = await page.evaluate(() => 'axe' in window);
  // Evaluated rather than added as a <script>: the app's content security policy refuses inline
  // scripts, and a test's own evaluation is not the page's.
  if (!isLoaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, include }: { tags: string[]; include: string | undefined }) => {
      const axe = (
        window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }
      ).axe;
      const context = include ? { include: [include] } : document;
      const results = (await axe.run(context, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      })) as { violations: TAxeViolation[] };
      return results.violations;
    },
    { tags, include },
  );
}

/**
 * Runs axe on the page as it is now (or on the part `include` selects) and returns its serious and
 * critical findings: the ones a screen must not have. Lesser ones (moderate, minor) are left to review.
 */
export async function seriousAxeFindings(page: Page, include?: string): Promise<TAxeFinding[]> {
  return (await violationsOn(page, TAGS, include))
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
  return (await violationsOn(page, WCAG_A_AA)).map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
