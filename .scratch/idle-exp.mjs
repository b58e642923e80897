import puppeteer from 'puppeteer';
import { startTargetSite } from '/work/main/dist-tools/test/fixtures/target-site.js';
const site = await startTargetSite();
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium-headless-shell', headless: 'shell', args: ['--no-sandbox', '--proxy-bypass-list=<-loopback>'] });
const url = `${site.url}/js-rendered`;
async function time(page) { const t = Date.now(); await page.goto(url, { waitUntil: 'networkidle0' }); return Date.now() - t; }
const res = { freshContext: [], newTabSameContext: [], reusedTab: [], reusedViaBlank: [] };
for (let i = 0; i < 5; i++) { const c = await browser.createBrowserContext(); const p = await c.newPage(); res.freshContext.push(await time(p)); await c.close(); }
const ctx = await browser.createBrowserContext();
for (let i = 0; i < 5; i++) { const p = await ctx.newPage(); res.newTabSameContext.push(await time(p)); await p.close(); }
const p = await ctx.newPage();
for (let i = 0; i < 5; i++) res.reusedTab.push(await time(p));
for (let i = 0; i < 5; i++) { await p.goto('about:blank'); res.reusedViaBlank.push(await time(p)); }
console.log(JSON.stringify(res));
await browser.close(); await site.close();
