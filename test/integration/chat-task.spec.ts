import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import puppeteer, { Browser, Page } from 'puppeteer';
import { AppError } from '../../src/common/errors/app-error.js';
import { ErrorCode } from '../../src/common/errors/error-code.js';
import { ChatProfile, loadChatProfile } from '../../src/config/json-files.js';
import type { PageSession } from '../../src/infra/browser/page-options.js';
import type { ChatNode } from '../../src/modules/chat/chat-node.js';
import { runChat } from '../../src/modules/chat/chat.task.js';
import { CHAT_SITE_NODES, ChatSite, startChatSite, writeRenamedProfile } from '../fixtures/chat-site.js';

/** ASCII through puppeteer's key map, and characters outside it (dash, accent, emoji) that need their own key events. */
const PROMPT = 'Plan a day in Paris — café & museums 🙂?';
const KEY_PRESSES = [...PROMPT].length;
const profile = loadChatProfile();
const quick: ChatProfile = { ...profile, settleMs: 300 };

let browser: Browser;
let site: ChatSite;
let dir: string;

/** The smallest PageSession the task needs: a fresh page, navigation with the job's wait condition. */
function sessionOn(page: Page, deadline: number): PageSession {
  return {
    page,
    options: { js: true, images: false, adblock: false, waitUntil: 'domcontentloaded', viewport: { width: 1280, height: 900 }, userAgent: null },
    goto: async (url) => {
      const response = await page.goto(url, { waitUntil: 'domcontentloaded' });
      return { status: response?.status() ?? 0, finalUrl: page.url(), mediaType: 'text/html', rawBody: async () => (await response?.text()) ?? '' };
    },
    assertNotBlocked: () => undefined,
    remainingMs: () => deadline - Date.now(),
    mark: () => undefined,
    captureJpeg: async () => '',
    afterAction: async (action) => {
      await action(() => false);
      return false;
    },
    evaluateScript: async () => null,
  };
}

async function chat(siteUrl: string, chatProfile: ChatProfile, withinMs = 12_000): Promise<ChatNode[]> {
  const page = await browser.newPage();
  const deadline = Date.now() + withinMs;
  try {
    return await runChat(sessionOn(page, deadline), { prompt: PROMPT, siteUrl, profile: chatProfile, deadline });
  } finally {
    await page.close();
  }
}

beforeAll(async () => {
  [browser, site] = await Promise.all([
    puppeteer.launch({ executablePath: '/usr/bin/chromium-headless-shell', headless: 'shell', args: ['--no-sandbox'] }),
    startChatSite(),
  ]);
  dir = mkdtempSync(join(tmpdir(), 'chat-task-'));
});

afterAll(async () => {
  await Promise.all([browser?.close(), site?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => site.reset());

describe('runChat against the fake chat site', () => {
  it('types the prompt one key press per character and maps the settled answer with the default profile', async () => {
    await expect(chat(site.url, profile)).resolves.toEqual(CHAT_SITE_NODES);
    expect(site.stats()).toEqual({ sends: 1, keydown: KEY_PRESSES, input: KEY_PRESSES, keyup: KEY_PRESSES, prompt: PROMPT });
  }, 15_000);

  it('types into a contenteditable prompt box', async () => {
    await expect(chat(`${site.url}?input=contenteditable`, quick)).resolves.toEqual(CHAT_SITE_NODES);
    expect(site.stats()).toEqual({ sends: 1, keydown: KEY_PRESSES, input: KEY_PRESSES, keyup: KEY_PRESSES, prompt: PROMPT });
  }, 15_000);

  it('presses Enter when the page has no send control', async () => {
    await expect(chat(`${site.url}?send=none`, quick)).resolves.toEqual(CHAT_SITE_NODES);
    expect(site.stats()).toMatchObject({ sends: 1, prompt: PROMPT });
  }, 15_000);

  it('follows a CHAT_PROFILE_FILE that renames every selector', async () => {
    const renamed = loadChatProfile(writeRenamedProfile(dir));
    expect(Object.entries(renamed).filter(([key, value]) => value === profile[key as keyof ChatProfile])).toEqual([]);
    await expect(chat(site.renamedUrl, renamed)).resolves.toEqual(CHAT_SITE_NODES);
    expect(site.stats()).toEqual({ sends: 1, keydown: KEY_PRESSES, input: KEY_PRESSES, keyup: KEY_PRESSES, prompt: PROMPT });
  }, 15_000);

  it("says so when the assistant's turn came but the profile's content selector matches nothing in it", async () => {
    await expect(chat(site.url, { ...quick, content: '.no-such-content' }, 10_000)).rejects.toMatchObject({
      code: ErrorCode.ChatNoAnswer,
      message: expect.stringContaining("the assistant's turn has nothing the profile's content selector matches"),
    });
  }, 15_000);

  it('fails with chat_timeout when the answer is still streaming at the deadline', async () => {
    site.setMode('never-finish');
    const started = Date.now();
    const failure = chat(site.url, quick, 4_000);
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({ code: ErrorCode.ChatTimeout });
    expect(Date.now() - started).toBeLessThan(5_500);
  }, 15_000);

  it('fails with chat_no_answer, before the deadline, when no assistant turn ever appears (mode set over HTTP)', async () => {
    const mode = await fetch(`${site.url}__mode`, { method: 'POST', body: JSON.stringify({ mode: 'no-answer' }) });
    expect(mode.status).toBe(204);
    const started = Date.now();
    await expect(chat(site.url, quick, 10_000)).rejects.toMatchObject({ code: ErrorCode.ChatNoAnswer, message: expect.stringContaining('no assistant turn appeared') });
    expect(Date.now() - started).toBeLessThan(9_000);
    const stats = await fetch(`${site.url}__stats`).then((response) => response.json());
    expect(stats).toEqual({ sends: 1, keydown: KEY_PRESSES, input: KEY_PRESSES, keyup: KEY_PRESSES, prompt: PROMPT });
  }, 15_000);
});
