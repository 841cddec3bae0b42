import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Serious and critical axe violations on the page, as "rule: target" lines that say what and where. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Toasts come from the app frame, not the screen under test; they are checked where the frame is.
  const results = await new AxeBuilder({ page })
    .exclude('.mantine-Notifications-root')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.failureSummary ?? ''}`));
}

/** A full-page screenshot for looking at the screens, only when STOCKROOM_SHOTS_DIR is set. */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.STOCKROOM_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}
