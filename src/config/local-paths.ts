import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * The paths a process needs on its own machine, checked at boot: found missing later, a worker took jobs and failed
 * them, or ran without ad blocking. Each answers why a path will not do, or null.
 */

/** A filter list given by URL is fetched when the engine is built; any other entry is a file. */
export function isFilterListUrl(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

/** `ENOENT: no such file or directory`: the system's words, without the path the message repeats. */
const reason = (error: unknown): string => String((error as Error).message ?? error).split(',', 1)[0];

function notExecutableFile(path: string): string | null {
  try {
    if (!statSync(path).isFile()) return `${path} is not a file`;
    accessSync(path, constants.X_OK);
    return null;
  } catch (error) {
    return `${path} is not an executable file (${reason(error)})`;
  }
}

/** A path is checked as it is; a bare command name is looked for on `searchPath`, as spawning it does. */
function notExecutable(command: string, searchPath: string | undefined): string | null {
  if (command.includes('/')) return notExecutableFile(command);
  const found = (searchPath ?? '').split(delimiter).filter(Boolean).some((dir) => notExecutableFile(join(dir, command)) === null);
  return found ? null : `no executable file named ${command} on PATH`;
}

/** Debian's browsers, the headless shell first: what a worker runs when CHROMIUM_PATH is unset. */
export const DEFAULT_BROWSERS: readonly string[] = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

/** CHROMIUM_PATH (empty is unset), else the first default that is there, else the last (for the error to name). */
export function browserPath(configured: string | undefined, defaults = DEFAULT_BROWSERS): string {
  return configured || (defaults.find((path) => existsSync(path)) ?? defaults[defaults.length - 1]);
}

/** Why the browser cannot be run, or null; when it is a default's fault, what was looked for and what to do. */
export function unusableBrowser(configured: string | undefined, searchPath: string | undefined, defaults = DEFAULT_BROWSERS): string | null {
  const problem = notExecutable(browserPath(configured, defaults), searchPath);
  if (problem === null || configured) return problem;
  return `none of ${defaults.join(', ')} is an executable file: install Chromium or set CHROMIUM_PATH`;
}

/** Each file entry must be a readable file now; URL entries are fetched later, when the engine is built. */
export function unreadableFilterLists(sources: readonly string[]): string | null {
  const problems = sources.filter((source) => !isFilterListUrl(source)).flatMap((path) => {
    try {
      if (!statSync(path).isFile()) return [`${path} is not a file`];
      accessSync(path, constants.R_OK);
      return [];
    } catch (error) {
      return [`${path} cannot be read (${reason(error)})`];
    }
  });
  return problems.length > 0 ? problems.join('; ') : null;
}

/** Creates the directory when it is missing; why it cannot be created or written, or null. */
export function unwritableDirectory(dir: string): string | null {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    return `${dir} cannot be created (${reason(error)})`;
  }
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
    return null;
  } catch (error) {
    return `${dir} is not writable (${reason(error)})`;
  }
}
