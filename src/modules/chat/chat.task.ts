import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { deadlineSignal, raceSignal } from '../../common/time/deadline.js';
import type { ChatProfile } from '../../config/json-files.js';
import { typeLikeAPerson } from '../../infra/browser/human-typing.js';
import type { BrowserPage, PageSession } from '../../infra/browser/page-options.js';
import { answerToNodes } from './answer-to-nodes.js';
import type { ChatNode } from './chat-node.js';

export interface ChatInput {
  readonly prompt: string;
  readonly siteUrl: string;
  readonly profile: ChatProfile;
  /** Epoch milliseconds; past it the task fails with chat_timeout. */
  readonly deadline: number;
}


interface AnswerState {
  readonly streaming: boolean;
  /** Whether a new assistant turn is there (its content may still match nothing). */
  readonly turn: boolean;
  /** While polling, a fingerprint of the answer's HTML (its length and its end: an answer grows at its end); read once settled, the HTML. */
  readonly html: string | null;
  readonly hasText: boolean;
}

const POLL_MS = 200;
const INPUT_WAIT_MS = 30_000;
const SUBMIT_WAIT_MS = 1_000;
/** Quiet time (no turn, no streaming indicator) after which no answer is coming; at most a quarter of the time left. */
const NO_ANSWER_MS = 20_000;

const timedOut = (): AppError =>
  new AppError(ErrorCode.ChatTimeout, 'The chat assistant did not finish its answer within the time limit.');
const noAnswer = (why: string): AppError => new AppError(ErrorCode.ChatNoAnswer, `The chat assistant gave no answer: ${why}.`);
const msLeft = (deadline: number): number => Math.max(1, deadline - Date.now());

/**
 * Asks the chat site one question as a person would (decisions.md section 5) and maps its answer to nodes.
 * Throws AppError chat_timeout when the deadline passes, chat_no_answer when the page settles without an answer.
 */
export async function runChat(session: PageSession, input: ChatInput): Promise<ChatNode[]> {
  // The page is closed by the caller after a timeout; the abandoned work then fails, and raceSignal drops that.
  return raceSignal(converse(session, input), deadlineSignal(input.deadline), timedOut);
}

async function converse(session: PageSession, input: ChatInput): Promise<ChatNode[]> {
  const { page } = session;
  const { profile, deadline } = input;
  await session.goto(input.siteUrl);
  const box = await page
    .waitForSelector(profile.input, { visible: true, timeout: Math.min(INPUT_WAIT_MS, msLeft(deadline)) })
    .catch(() => null);
  if (!box) throw Date.now() >= deadline ? timedOut() : noAnswer(`the page showed no prompt box (${profile.input})`);
  await dismissPopups(page, profile.dismiss);
  await box.focus();
  await box.dispose();
  await typeLikeAPerson(page, input.prompt, {
    newline: 'shift-enter',
    beforeKey: () => {
      if (Date.now() >= deadline) throw timedOut();
    },
  });
  const turnsBefore = await page.$$eval(profile.assistant, (turns) => turns.length);
  await submit(page, profile.submit, deadline);
  const html = await waitForAnswer(page, input, turnsBefore);
  session.assertNotBlocked();
  const nodes = answerToNodes(html, profile, page.url());
  if (nodes.length === 0) throw noAnswer('the answer was empty');
  return nodes;
}

async function dismissPopups(page: BrowserPage, selector: string): Promise<void> {
  if (!selector) return;
  for (const handle of await page.$$(selector)) {
    if (await handle.isVisible().catch(() => false)) {
      await handle.click().catch(() => handle.evaluate((element) => (element as HTMLElement).click()).catch(() => undefined));
    }
    await handle.dispose();
  }
}

async function submit(page: BrowserPage, selector: string, deadline: number): Promise<void> {
  const button = await page
    .waitForSelector(selector, { visible: true, timeout: Math.min(SUBMIT_WAIT_MS, msLeft(deadline)) })
    .catch(() => null);
  if (!button) {
    await page.keyboard.press('Enter');
    return;
  }
  await button.click().catch(() => button.evaluate((element) => (element as HTMLElement).click()));
  await button.dispose();
}

/** Waits for a new assistant turn whose content stopped streaming and stayed unchanged for profile.settleMs. */
async function waitForAnswer(page: BrowserPage, input: ChatInput, turnsBefore: number): Promise<string> {
  const { profile, deadline } = input;
  const quietLimit = Math.min(NO_ANSWER_MS, Math.max(POLL_MS, (deadline - Date.now()) / 4));
  let last: string | null = null;
  let changedAt = Date.now();
  for (;;) {
    if (Date.now() >= deadline) throw timedOut();
    const state = await probe(page, profile, turnsBefore);
    const now = Date.now();
    if (state.streaming || state.html !== last) {
      last = state.html;
      changedAt = now;
    }
    if (!state.streaming && state.hasText && now - changedAt >= profile.settleMs) return (await probe(page, profile, turnsBefore, true)).html ?? '';
    if (!state.streaming && !state.hasText && now - changedAt >= quietLimit) {
      throw noAnswer(!state.turn ? 'no assistant turn appeared' : state.html === null ? "the assistant's turn has nothing the profile's content selector matches" : 'the answer was empty');
    }
    await sleep(Math.min(POLL_MS, msLeft(deadline)));
  }
}

/** The answer's state; its whole HTML only when `whole` (once, when settled): a poll carries a fingerprint, not the answer. */
async function probe(page: BrowserPage, profile: ChatProfile, turnsBefore: number, whole = false): Promise<AnswerState> {
  try {
    return await page.evaluate(readAnswer, { assistant: profile.assistant, content: profile.content, streaming: profile.streaming }, turnsBefore, whole);
  } catch (error) {
    // A navigation between two polls destroys the context; count it as activity and poll again.
    if (/context|navigat|detached/i.test((error as Error).message)) return { streaming: true, turn: false, html: null, hasText: false };
    throw error;
  }
}

/** Runs in the page: the last new assistant turn's content elements (outermost only), joined; a fingerprint of them unless `whole`. */
function readAnswer(selectors: { assistant: string; content: string; streaming: string }, turnsBefore: number, whole: boolean): AnswerState {
  const turns = document.querySelectorAll(selectors.assistant);
  const turn = turns.length > turnsBefore ? turns[turns.length - 1] : null;
  const streaming = document.querySelector(selectors.streaming) !== null;
  if (!turn) return { streaming, turn: false, html: null, hasText: false };
  const parts = turn.matches(selectors.content)
    ? [turn]
    : Array.from(turn.querySelectorAll(selectors.content)).filter((part) => !part.parentElement?.closest(selectors.content));
  if (parts.length === 0) return { streaming, turn: true, html: null, hasText: false };
  const hasText = parts.some((part) => (part.textContent ?? '').trim() !== '');
  const html = parts.map((part) => part.innerHTML).join('\n');
  return { streaming, turn: true, html: whole ? html : `${html.length}:${html.slice(-256)}`, hasText };
}
