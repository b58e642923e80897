import type { Page } from 'puppeteer';
import type { SlotCredentials } from '../proxy/relay/relay-slot.js';

/** Never resolved by anyone: with no job bound to the slot yet, the relay answers it itself (403) once authenticated. */
const RELAY_PRIME_URL = 'http://relay-auth.invalid/';
const PRIME_TIMEOUT_MS = 10_000;

/**
 * Meets the relay's challenge once, when the tab opens, and then takes the credentials back from puppeteer.
 *
 * puppeteer's page.authenticate() answers EVERY challenge with its credentials, a target's own 401 included: a target
 * asking for Basic auth on a reused tab would get the relay slot's user name and password. Chromium keeps the proxy's
 * credentials for the context and sends them, unasked, on every later connection to the relay; without credentials in
 * puppeteer, a target's challenge is answered with nothing and its 401 is the job's answer.
 */
export async function authenticateToRelay(page: Page, credentials: SlotCredentials): Promise<void> {
  await page.authenticate(credentials);
  try {
    await page.goto(RELAY_PRIME_URL, { waitUntil: 'domcontentloaded', timeout: PRIME_TIMEOUT_MS });
  } finally {
    await page.authenticate(null);
  }
  await page.goto('about:blank', { timeout: PRIME_TIMEOUT_MS });
}
