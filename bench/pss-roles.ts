import { readFileSync } from 'node:fs';
import { pssMb, tree } from './load.js';
import { chromiumRole } from './process-cpu.js';

/** What a process of a service tree is: node for the roots given, Chromium's role from its command line otherwise. */
function roleOf(pid: number, nodes: ReadonlySet<number>): string {
  if (nodes.has(pid)) return 'node';
  try {
    return chromiumRole(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '));
  } catch {
    return 'ended';
  }
}

/**
 * PSS in MB by role (node, Chromium's browser, gpu, network, renderers...) of the trees under `roots`, with how many
 * processes each role has: where a tree's memory is, not only how much.
 */
export async function pssByRole(roots: readonly number[], nodes: readonly number[] = []): Promise<Map<string, { mb: number; processes: number }>> {
  const named = new Set(nodes);
  const roles = new Map<string, { mb: number; processes: number }>();
  for (const root of roots) {
    for (const pid of await tree(root)) {
      const role = roleOf(pid, named);
      const entry = roles.get(role) ?? { mb: 0, processes: 0 };
      roles.set(role, { mb: entry.mb + (await pssMb(pid)), processes: entry.processes + 1 });
    }
  }
  return roles;
}
