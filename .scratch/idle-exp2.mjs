import puppeteer from 'puppeteer';
import { startTargetSite } from '/work/main/dist-tools/test/fixtures/target-site.js';
const site = await startTargetSite();
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium-headless-shell', headless: 'shell', args: ['--no-sandbox', '--proxy-bypass-list=<-loopback>'] });
const url = `${site.url}/${process.argv[2] ?? 'js-rendered'}`;
async function time(page) { const t = Date.now(); await page.goto(url, { waitUntil: 'networkidle0' }); return Date.now() - t; }
const N = 8;
const res = {};
const ctx = await browser.createBrowserContext();
res.newTab = []; for (let i = 0; i < N; i++) { const p = await ctx.newPage(); res.newTab.push(await time(p)); await p.close(); }
let p = await ctx.newPage();
res.reused = []; for (let i = 0; i < N; i++) { res.reused.push(await time(p)); await p.goto('about:blank'); }
res.reusedFront = []; for (let i = 0; i < N; i++) { await p.bringToFront(); res.reusedFront.push(await time(p)); await p.goto('about:blank'); }
const s = await p.createCDPSession(); await s.send('Emulation.setFocusEmulationEnabled', { enabled: true });
res.reusedFocusEmu = []; for (let i = 0; i < N; i++) { res.reusedFocusEmu.push(await time(p)); await p.goto('about:blank'); }
await new Promise(r => setTimeout(r, 50));
res.reusedSleep = []; for (let i = 0; i < N; i++) { res.reusedSleep.push(await time(p)); await p.goto('about:blank'); await new Promise(r => setTimeout(r, 137 * i % 500)); }
for (const [k, v] of Object.entries(res)) console.log(k.padEnd(16), v.join(' '), ' avg', Math.round(v.reduce((a, b) => a + b) / v.length));
await browser.close(); await site.close();
