import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Asset {
  readonly type: string;
  readonly body: Buffer;
}

/** The dashboard's files by name: the page, its script and style from public/dashboard/, Chart.js from node_modules. */
export type DashboardAssets = ReadonlyMap<string, Asset>;

/** The project's `public/dashboard/` folder: the nearest one above this file, whether run from src/ or dist/. */
function dashboardDir(from: string): string {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'public', 'dashboard', 'index.html'))) return join(dir, 'public', 'dashboard');
  }
  throw new Error(`no public/dashboard/index.html above ${from}`);
}

/** chart.js's UMD build: one file that sets window.Chart, served by the service itself (no CDN). */
function chartJsPath(): string {
  const main = createRequire(import.meta.url).resolve('chart.js');
  return join(dirname(main), 'chart.umd.min.js');
}

/** Read once at start-up: a few hundred kilobytes, served from memory. */
export function loadDashboardAssets(): DashboardAssets {
  const dir = dashboardDir(dirname(fileURLToPath(import.meta.url)));
  const file = (path: string, type: string): Asset => ({ type, body: readFileSync(path) });
  return new Map([
    ['index.html', file(join(dir, 'index.html'), 'text/html; charset=utf-8')],
    ['dashboard.js', file(join(dir, 'dashboard.js'), 'text/javascript; charset=utf-8')],
    ['dashboard.css', file(join(dir, 'dashboard.css'), 'text/css; charset=utf-8')],
    ['chart.umd.min.js', file(chartJsPath(), 'text/javascript; charset=utf-8')],
  ]);
}
