import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults } from 'axe-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe (WCAG 2.2 AA and best practices) over the whole view, with every collapsed section opened so that none goes
 * unchecked; only the rules named in `rules` when given (e.g. those of colour, after a colour-scheme switch).
 */
export async function axeViolations(page: Page, rules?: string[]): Promise<string[]> {
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
  // A colour-scheme switch fades backgrounds; axe measuring mid-fade would judge a blend that no one reads. A spinner
  // (a step still running, or waiting for the user) never finishes, and fades nothing.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // The panel's CSP (script-src 'self') refuses an injected <script>, so axe goes in through the debugger instead.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (only) =>
      (window as unknown as { axe: { run(options: object): Promise<AxeResults> } }).axe.run(
        only ? { runOnly: { type: 'rule', values: only } } : {},
      ),
    rules,
  );
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary ?? ''}`));
}
