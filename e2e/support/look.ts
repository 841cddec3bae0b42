import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';

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

/** A screenshot of one part of the page (a card), only when STOCKROOM_SHOTS_DIR is set. */
export async function shotOf(part: Locator, name: string): Promise<void> {
  const dir = process.env.STOCKROOM_SHOTS_DIR;
  if (dir) await part.screenshot({ path: `${dir}/${name}.png` });
}

/**
 * What does not fit the viewport's width: the page itself scrolling sideways, or any shown element
 * whose content is wider than it (a table clipped behind a scrollbar). "tag.class (content/box px)".
 * A strip of links in a <nav> (settings' tabs) scrolls sideways by design and is not counted.
 */
export async function wideElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth + 1)
      found.push(`page (${root.scrollWidth}/${window.innerWidth}px)`);
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('main *'))) {
      const style = getComputedStyle(el);
      if (style.overflowX !== 'auto' && style.overflowX !== 'scroll') continue;
      if (el.offsetParent === null || el.clientWidth === 0 || el.tagName === 'NAV') continue;
      if (el.scrollWidth > el.clientWidth + 1)
        found.push(`${el.tagName.toLowerCase()}.${el.className} (${el.scrollWidth}/${el.clientWidth}px)`);
    }
    return found;
  });
}
