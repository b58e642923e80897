import { CpuWindow, type Look, type ProcessLook } from '../../bench/process-cpu.js';

function look(...processes: Array<Omit<ProcessLook, 'key'> & { start?: number }>): Look {
  return new Map(processes.map(({ start = 1, ...process }) => [`${process.pid}:${start}`, { ...process, key: `${process.pid}:${start}` }]));
}

const worker = (cpuMs: number, endedChildrenMs = 0) => ({ pid: 10, ppid: 1, group: 'node (worker)', cpuMs, endedChildrenMs });
const browser = (pid: number, cpuMs: number, start = 1) => ({ pid, ppid: 10, group: 'chromium browser', cpuMs, endedChildrenMs: 0, start });
const zygote = (cpuMs: number, endedChildrenMs: number) => ({ pid: 30, ppid: 20, group: 'chromium zygote', cpuMs, endedChildrenMs });
const renderer = (pid: number, cpuMs: number) => ({ pid, ppid: 30, group: 'chromium renderer', cpuMs, endedChildrenMs: 0 });

describe('CpuWindow (the cost account)', () => {
  it('counts what each process used between the first look and the last', () => {
    const window = new CpuWindow(look(worker(1000), browser(20, 5000)));
    expect(window.close(look(worker(1300), browser(20, 5400)))).toEqual(new Map([['node (worker)', 300], ['chromium browser', 400]]));
  });

  it('counts a browser replaced in the window up to its last look, its successor from its start, and its last moments once', () => {
    const gpu = (cpuMs: number) => ({ pid: 22, ppid: 20, group: 'chromium gpu', cpuMs, endedChildrenMs: 0 });
    const oldZygote = (endedChildrenMs: number) => ({ ...zygote(10, endedChildrenMs), ppid: 20 });
    const window = new CpuWindow(look(worker(1000), browser(20, 5000), gpu(900), oldZygote(500), renderer(40, 300)));
    window.observe(look(worker(1100), browser(20, 5600), gpu(990), oldZygote(500), renderer(40, 360)));
    // Then the old browser's tree ends, each after 10-50 ms more: the renderer (370 in all) reaped by the zygote (its
    // cutime 500 + 370), the GPU process (1,000) and the zygote (10 + 870) by the browser (5,650), the browser by the
    // worker, whose cutime takes the browser's whole life and everything it reaped: 5,650 + 1,000 + 880.
    const totals = window.close(look(worker(1200, 7530), browser(21, 250, 2)));
    expect(totals).toEqual(
      new Map([
        ['node (worker)', 200],
        ['chromium browser', 600 + 250],
        ['chromium gpu', 90],
        ['chromium zygote', 0],
        ['chromium renderer', 60],
        // What no look saw: the last 50 + 10 + 10 ms of the browser, the GPU process and the renderer.
        ['node (worker) (ended children)', 70],
      ]),
    );
  });

  it('a pid given again to a new process is another process', () => {
    const window = new CpuWindow(look(browser(20, 5000, 1)));
    window.observe(look(browser(20, 5200, 1)));
    expect(window.close(look(browser(20, 30, 7))).get('chromium browser')).toBe(200 + 30);
  });

  it("reads renderers that lived between two looks from the zygote's cutime, without counting a seen one twice", () => {
    const window = new CpuWindow(look(zygote(10, 1000), renderer(40, 300)));
    window.observe(look(zygote(10, 1000), renderer(40, 360)));
    // Renderer 40 ended (370 in all) and one no look saw lived and ended (80): the cutime grew by 450.
    const totals = window.close(look(zygote(12, 1450)));
    expect(totals.get('chromium renderer')).toBe(60);
    expect(totals.get('chromium renderer (ended)')).toBe(450 - 360);
    expect(totals.get('chromium zygote')).toBe(2);
  });
});
