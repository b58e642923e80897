import type { CDPSession, KeyInput, Page } from 'puppeteer';

/** Printable ASCII: puppeteer's US layout has a key for each, with real key codes. */
const LAYOUT_CHAR = /^[\x20-\x7e]$/;

export interface TypingOptions {
  /** `shift-enter` for a line break that must not send a form or a chat prompt; `enter` presses Enter itself. */
  readonly newline: 'enter' | 'shift-enter';
  /** Called before each key press; throws to stop typing (a deadline passed). */
  readonly beforeKey?: () => void;
}

/**
 * Types into the focused element as a person would: one key press per character, each with its keydown, input and
 * keyup events (decisions.md sections 3 and 8.3). Shared by GET /chat and the recipe `type` block.
 */
export async function typeLikeAPerson(page: Page, text: string, options: TypingOptions): Promise<void> {
  let cdp: CDPSession | null = null;
  try {
    for (const char of text.replace(/\r\n?/g, '\n')) {
      options.beforeKey?.();
      if (char === '\n') await pressNewline(page, options.newline);
      else if (LAYOUT_CHAR.test(char)) await page.keyboard.press(char as KeyInput);
      else await pressUnmapped((cdp ??= await page.createCDPSession()), char);
    }
  } finally {
    await cdp?.detach().catch(() => undefined);
  }
}

async function pressNewline(page: Page, newline: TypingOptions['newline']): Promise<void> {
  if (newline === 'enter') return page.keyboard.press('Enter');
  await page.keyboard.down('Shift');
  await page.keyboard.press('Enter');
  await page.keyboard.up('Shift');
}

/** Characters outside the US layout (é, emoji): puppeteer would insert them without key events. */
async function pressUnmapped(cdp: CDPSession, char: string): Promise<void> {
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: char, text: char, unmodifiedText: char });
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: char });
}
