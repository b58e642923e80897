import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { Logger } from '@nestjs/common';
import { FiltersEngine } from '@ghostery/adblocker-puppeteer';
import { isFilterListUrl } from '../../config/local-paths.js';

const ENGINE_FILE = 'adblock-engine.bin';
const KEY_FILE = 'adblock-engine.key';
/** A list given by URL is fetched again after this long; a file list is re-read when it changes. */
const URL_LIST_MAX_AGE_MS = 24 * 3600 * 1000;

/** Network filters only: cosmetic rules hide elements with CSS and need per-frame injection that costs every page. */
const ENGINE_CONFIG = { loadNetworkFilters: true, loadCosmeticFilters: false, enableCompression: false } as const;

/** Identifies the lists' current content: file paths with size and mtime, URLs by themselves and the day. */
async function listsKey(sources: readonly string[]): Promise<string> {
  const parts = await Promise.all(
    sources.map(async (source) => {
      if (isFilterListUrl(source)) return `${source}@${Math.floor(Date.now() / URL_LIST_MAX_AGE_MS)}`;
      const info = await stat(source);
      return `${source}:${info.size}:${info.mtimeMs}`;
    }),
  );
  return createHash('sha256').update(`v1|${parts.join('|')}`).digest('hex');
}

/** The parse, run in a worker thread: the module is resolved by the caller, so it is the service's own copy. */
const PARSE_SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const { FiltersEngine } = require(workerData.module);
const bytes = FiltersEngine.parse(workerData.text, workerData.config).serialize();
parentPort.postMessage(bytes, [bytes.buffer]);
`;

/**
 * The lists parsed and serialized in a worker thread. Parsing allocates about 150 MB the engine does not keep; in the
 * service's own thread V8 would keep that heap committed for the life of the process (node's PSS after boot: 232 MB
 * against 146 MB from the cache, issue 41). A thread's heap goes with it, and the process keeps the engine as the
 * cache gives it.
 */
function parseInThread(text: string): Promise<Uint8Array> {
  const module = createRequire(import.meta.url).resolve('@ghostery/adblocker-puppeteer');
  return new Promise((resolve, reject) => {
    const worker = new Worker(PARSE_SCRIPT, { eval: true, workerData: { module, text, config: ENGINE_CONFIG } });
    worker.once('message', (bytes: Uint8Array) => resolve(bytes));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the filter lists' parse thread exited with ${code}`)));
  });
}

async function readList(source: string): Promise<string> {
  if (!isFilterListUrl(source)) return readFile(source, 'utf8');
  const response = await fetch(source, { signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`${source} answered ${response.status}`);
  return response.text();
}

/**
 * The EasyList engine, built once per process: parsed from the lists (about 0.7 s, in a thread) the first time,
 * then loaded from its serialized form under DATA_DIR (about 10 ms) while the lists are unchanged.
 */
export class AdblockEngineLoader {
  private readonly logger = new Logger('Adblock');
  private loading: Promise<FiltersEngine> | null = null;

  constructor(
    private readonly sources: readonly string[],
    private readonly cacheDir: string,
  ) {}

  /** The engine (loaded on first use; a failed load is retried on the next call). */
  engine(): Promise<FiltersEngine> {
    this.loading ??= this.load().catch((error: unknown) => {
      this.loading = null;
      throw error;
    });
    return this.loading;
  }

  private async load(): Promise<FiltersEngine> {
    const key = await listsKey(this.sources);
    const cached = await this.readCache(key);
    if (cached) return cached;
    const started = Date.now();
    const texts = await Promise.all(this.sources.map(readList));
    const bytes = await parseInThread(texts.join('\n'));
    const engine = FiltersEngine.deserialize(bytes);
    this.logger.log(`Parsed ${this.sources.length} filter list(s) in ${Date.now() - started} ms`);
    await this.writeCache(key, bytes).catch((error: unknown) => this.logger.warn(`Adblock engine not cached: ${String(error)}`));
    return engine;
  }

  private async readCache(key: string): Promise<FiltersEngine | null> {
    try {
      if ((await readFile(join(this.cacheDir, KEY_FILE), 'utf8')) !== key) return null;
      return FiltersEngine.deserialize(new Uint8Array(await readFile(join(this.cacheDir, ENGINE_FILE))));
    } catch {
      return null;
    }
  }

  private async writeCache(key: string, bytes: Uint8Array): Promise<void> {
    await mkdir(this.cacheDir, { recursive: true });
    // Written aside then renamed, so a concurrent worker never reads half a file.
    const suffix = `.${process.pid}.tmp`;
    await writeFile(join(this.cacheDir, ENGINE_FILE + suffix), bytes);
    await writeFile(join(this.cacheDir, KEY_FILE + suffix), key);
    await rename(join(this.cacheDir, ENGINE_FILE + suffix), join(this.cacheDir, ENGINE_FILE));
    await rename(join(this.cacheDir, KEY_FILE + suffix), join(this.cacheDir, KEY_FILE));
  }
}
