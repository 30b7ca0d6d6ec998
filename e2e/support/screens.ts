import { expect, type Page } from '@playwright/test';

/**
 * Waits until the page stands still, so that a screenshot shows the end state and not a frame of a
 * dialog sliding in or a layout changing: web fonts loaded and no CSS transition or animation running.
 */
export const stillFrame = async (page: Page): Promise<void> => {
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await expect
    .poll(() =>
      page.evaluate(
        () => document.getAnimations().filter((animation) => animation.playState === 'running').length,
      ),
    )
    .toBe(0);
};
