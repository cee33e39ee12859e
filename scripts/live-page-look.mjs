// Opens a page in headless Chromium as a person would keep it open, over Chromium's own DevTools protocol: looks at
// it twice, some seconds apart (its scripts and server-sent events running between), and saves a screenshot of the
// second look. Prints one JSON line: for each look, the page's data-readings, its rows table (each row's cells
// and data-requests), the kinds of JVM of its stalls table, and each chart's lines that have points. Run with node --experimental-websocket (Node 20).
//   usage: node --experimental-websocket scripts/live-page-look.mjs CHROMIUM URL SCREENSHOT.png PROFILE_DIR
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const [chromium, url, screenshot, profile] = process.argv.slice(2);
const browser = spawn(chromium, ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-default-apps',
  '--disable-extensions', '--hide-scrollbars', '--window-size=1400,2700', `--user-data-dir=${profile}`,
  '--remote-debugging-port=0', 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fail = (why) => { console.error(why); browser.kill('SIGKILL'); process.exit(1); };
setTimeout(() => fail('Chromium did not answer within 90 s'), 90_000).unref();

const port = await new Promise((resolve) => {
  let err = '';
  browser.stderr.on('data', (d) => {
    err += d;
    const m = err.match(/DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//);
    if (m) resolve(m[1]);
  });
});
const target = await (await fetch(`http://127.0.0.1:${port}/json/new?${encodeURIComponent(url)}`, { method: 'PUT' })).json();
const ws = new WebSocket(target.webSocketDebuggerUrl);
await new Promise((r) => ws.addEventListener('open', r));
let id = 0;
const pending = new Map();
ws.addEventListener('message', (e) => {
  const m = JSON.parse(e.data);
  if (m.id && pending.has(m.id)) { pending.get(m.id)(m); pending.delete(m.id); }
});
const call = (method, params = {}) => new Promise((r) => { pending.set(++id, r); ws.send(JSON.stringify({ id, method, params })); });
const look = async () => {
  const r = await call('Runtime.evaluate', { returnByValue: true, expression: `({
    readings: Number(document.body.getAttribute('data-readings') || 0),
    rows: Array.from(document.querySelectorAll('#rows tr[data-requests]')).map((tr) => ({
      requests: Number(tr.getAttribute('data-requests')),
      cells: Array.from(tr.cells).map((c) => c.textContent) })),
    stalls: Array.from(document.querySelectorAll('#stalls tr')).slice(1).map((tr) => tr.cells[0].textContent),
    charts: Object.fromEntries(Object.values(Chart.instances).map((c) =>
      [c.canvas.id, c.data.datasets.filter((d) => d.data.length > 0).length])) })` });
  return r.result.result.value;
};
await sleep(4000);
const first = await look();
await sleep(3000);
const second = await look();
const shot = await call('Page.captureScreenshot', { format: 'png' });
writeFileSync(screenshot, Buffer.from(shot.result.data, 'base64'));
console.log(JSON.stringify({ first, second }));
ws.close();
browser.kill('SIGTERM');
process.exit(0);
