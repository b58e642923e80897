// The organization dashboard: signs in with an API key kept in this tab's sessionStorage (never in a URL) and
// reads GET /account, GET /account/usage and GET /account/jobs with it in the Authorization header.
/* global document, window, sessionStorage */
'use strict';

const KEY_ITEM = 'crawlgate.apiKey';
const DAYS = 30;
const numbers = new Intl.NumberFormat('en-US');
const $ = (id) => document.getElementById(id);

function utcDay(date) {
  return date.toISOString().slice(0, 10);
}

/** The last DAYS UTC days, oldest first, today included. */
function lastDays(now) {
  const days = [];
  for (let back = DAYS - 1; back >= 0; back--) days.push(utcDay(new Date(now.getTime() - back * 86400000)));
  return days;
}

class Unauthorized extends Error {}

async function api(path, key) {
  const response = await fetch(path, { headers: { Authorization: `Bearer ${key}` }, cache: 'no-store' });
  if (response.status === 401) throw new Unauthorized('That API key was refused.');
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.json();
}

function cell(text, className) {
  const td = document.createElement('td');
  td.textContent = text;
  if (className) td.className = className;
  return td;
}

function fillTable(id, rows, emptyText, columns) {
  const body = $(id).querySelector('tbody');
  body.replaceChildren();
  if (rows.length === 0) {
    const tr = document.createElement('tr');
    const td = cell(emptyText, 'empty');
    td.colSpan = columns;
    tr.append(td);
    body.append(tr);
  }
  for (const cells of rows) {
    const tr = document.createElement('tr');
    tr.append(...cells);
    body.append(tr);
  }
}

function showAccount(account) {
  $('org-name').textContent = account.organization.name;
  $('balance').textContent = numbers.format(account.credits_remaining);
  $('plan').textContent = account.plan[0].toUpperCase() + account.plan.slice(1);
  $('allowance').textContent = account.monthly_allowance > 0 ? `${numbers.format(account.monthly_allowance)} credits a month` : 'credits by grant';
  $('concurrency').textContent = `${account.concurrency.in_use} / ${account.concurrency.limit}`;
  $('burst').textContent = `burst ${numbers.format(account.burst)} requests/s`;
  $('month-credits').textContent = numbers.format(account.usage.month.credits);
  $('month-requests').textContent = `credits, ${numbers.format(account.usage.month.requests)} requests`;
}

/** Sums the per-host rows by day (for the chart) and by host (for the table). */
function summarize(rows, days) {
  const byDay = new Map(days.map((day) => [day, { requests: 0, credits: 0 }]));
  const byHost = new Map();
  for (const row of rows) {
    const day = byDay.get(row.date);
    if (day) {
      day.requests += row.attempts;
      day.credits += row.credits;
    }
    const host = byHost.get(row.host) ?? { requests: 0, crawls: 0, credits: 0 };
    host.requests += row.attempts;
    host.crawls += row.crawls;
    host.credits += row.credits;
    byHost.set(row.host, host);
  }
  const hosts = [...byHost].sort((a, b) => b[1].credits - a[1].credits || a[0].localeCompare(b[0]));
  return { byDay: days.map((day) => byDay.get(day)), hosts };
}

function drawChart(days, byDay) {
  const canvas = $('daily-chart');
  window.Chart.getChart(canvas)?.destroy();
  return new window.Chart(canvas, {
    data: {
      labels: days.map((day) => day.slice(5)),
      datasets: [
        { type: 'bar', label: 'Requests', data: byDay.map((d) => d.requests), backgroundColor: '#93c5fd', yAxisID: 'requests' },
        { type: 'line', label: 'Credits', data: byDay.map((d) => d.credits), borderColor: '#2563eb', backgroundColor: '#2563eb', tension: 0, yAxisID: 'credits' },
      ],
    },
    options: {
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: 'index', intersect: false },
      scales: {
        requests: { position: 'left', beginAtZero: true, ticks: { precision: 0 }, title: { display: true, text: 'requests' } },
        credits: { position: 'right', beginAtZero: true, ticks: { precision: 0 }, grid: { drawOnChartArea: false }, title: { display: true, text: 'credits' } },
      },
    },
  });
}

function showUsage(days, rows) {
  const { byDay, hosts } = summarize(rows, days);
  drawChart(days, byDay);
  fillTable('hosts', hosts.map(([host, t]) => [cell(host), cell(numbers.format(t.requests), 'num'), cell(numbers.format(t.crawls), 'num'), cell(numbers.format(t.credits), 'num')]), 'No traffic in the last 30 days', 4);
}

function showJobs(jobs) {
  const rows = jobs.map((job) => {
    const status = cell(job.status, `status status-${job.status}`);
    if (job.error) status.title = job.error;
    return [cell(job.created_at.replace('T', ' ').slice(0, 19)), cell(job.kind), cell(job.host), status, cell(numbers.format(job.credits), 'num')];
  });
  fillTable('jobs', rows, 'No jobs yet', 5);
}

function showSignIn(message) {
  $('account').hidden = true;
  $('sign-out').hidden = true;
  $('org-name').textContent = '';
  $('sign-in').hidden = false;
  $('sign-in-error').textContent = message ?? '';
}

async function load(key) {
  const days = lastDays(new Date());
  const [account, usage, jobs] = await Promise.all([
    api('/account', key),
    api(`/account/usage?from=${days[0]}&to=${days[days.length - 1]}`, key),
    api('/account/jobs?limit=20', key),
  ]);
  $('sign-in').hidden = true;
  $('account').hidden = false;
  $('sign-out').hidden = false;
  showAccount(account);
  showUsage(days, usage.days);
  showJobs(jobs.jobs);
  document.body.dataset.state = 'ready';
}

async function start(key) {
  try {
    await load(key);
  } catch (error) {
    if (error instanceof Unauthorized) sessionStorage.removeItem(KEY_ITEM);
    showSignIn(error.message);
  }
}

$('sign-in').addEventListener('submit', (event) => {
  event.preventDefault();
  const key = $('api-key').value.trim();
  $('api-key').value = '';
  sessionStorage.setItem(KEY_ITEM, key);
  void start(key);
});

$('sign-out').addEventListener('click', () => {
  sessionStorage.removeItem(KEY_ITEM);
  showSignIn();
});

const saved = sessionStorage.getItem(KEY_ITEM);
if (saved) void start(saved);
else showSignIn();
