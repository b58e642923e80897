import { basename } from 'node:path';
import type { LaunchOptions } from 'puppeteer';

/**
 * Features turned off in every browser we launch:
 * - RenderDocument: a new frame host per navigation; without it a reused tab navigates for about half the CPU.
 * - BackForwardCache: a crawl never goes back, and a cached previous document must not outlive its job.
 */
const DISABLED_FEATURES = ['RenderDocument', 'BackForwardCache'];

/** Full Chromium calls Google at start; these point it nowhere (headless shell makes no such calls). */
const QUIET_GOOGLE_ARGS = ['--component-updater=url-source=http://127.0.0.1:9/', '--gaia-url=http://127.0.0.1:9'];

export function isHeadlessShell(chromiumPath: string): boolean {
  return basename(chromiumPath).includes('headless-shell');
}

/** The command-line switches of the worker's browser (puppeteer adds its own defaults and merges --disable-features). */
export function chromiumArgs(chromiumPath: string): string[] {
  const shell = isHeadlessShell(chromiumPath);
  const features = shell ? DISABLED_FEATURES : [...DISABLED_FEATURES, 'NetworkTimeServiceQuerying'];
  return [
    '--no-sandbox',
    '--disable-gpu',
    // No GPU, so no shader is ever compiled; without the disk cache, the wipe's Storage.clearDataForOrigin('all') no
    // longer walks it for every job (about 7 ms of the browser process's CPU a crawl; bench:crawl -- --account).
    '--disable-gpu-shader-disk-cache',
    '--disable-quic',
    // Popups and target=_blank windows are refused before they exist, so they load nothing (decisions.md 7.2).
    '--block-new-web-contents',
    // Fail closed: anything not given a per-job proxy (the default context) goes to a dead address, never direct.
    '--proxy-server=http://127.0.0.1:9',
    '--proxy-bypass-list=<-loopback>',
    // WebRTC would send UDP (STUN/TURN) around every proxy: only what goes through the relay is allowed.
    '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
    `--disable-features=${features.join(',')}`,
    ...(shell ? [] : QUIET_GOOGLE_ARGS),
  ];
}

/** `environment`: Chromium's whole environment (config's browser.environment): it runs pages with --no-sandbox. */
export function launchOptions(chromiumPath: string, protocolTimeoutMs: number, environment: Readonly<Record<string, string>>): LaunchOptions {
  return {
    executablePath: chromiumPath,
    env: { ...environment },
    headless: isHeadlessShell(chromiumPath) ? 'shell' : true,
    args: chromiumArgs(chromiumPath),
    // No DevTools port on 127.0.0.1 that a crawled page could reach: the protocol runs over a pipe.
    pipe: true,
    defaultViewport: null,
    protocolTimeout: protocolTimeoutMs,
    // Nest's shutdown hooks close the browser after draining; puppeteer must not kill it first.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  };
}
