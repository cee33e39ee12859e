// Records a HAR of one page as headless Chromium loads it, for the HAR import's tests (docs/own-scenarios.md):
//   node scripts/record-har.mjs http://127.0.0.1:8080/demo/ out.har
//   RECORD_USER=alice RECORD_PASSWORD=... node scripts/record-har.mjs http://127.0.0.1:8080/demo/app/login out.har
// With RECORD_USER and RECORD_PASSWORD it logs in as a user would: types both into the page's #user and #password and
// presses #login. Needs Chromium (Debian's package: /usr/bin/chromium, or CHROMIUM=path) and playwright-core from npm
// (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install playwright-core); it downloads no browser and calls no one else.
import { chromium } from 'playwright-core';

const [url, out] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: [RECORD_USER=.. RECORD_PASSWORD=..] node scripts/record-har.mjs <page URL> <HAR file to write>');
  process.exit(2);
}
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true });
try {
  const context = await browser.newContext({ recordHar: { path: out, content: 'embed' } });
  const page = await context.newPage();
  await page.goto(url);
  if (process.env.RECORD_USER) {
    await page.fill('#user', process.env.RECORD_USER);
    await page.fill('#password', process.env.RECORD_PASSWORD || '');
    await Promise.all([page.waitForNavigation(), page.click('#login')]);
  }
  // the demo pages set their title once their last call came back; any other page: wait until the network is quiet
  await page.waitForFunction(() => document.title.endsWith('done'), null, { timeout: 10000 })
    .catch(() => page.waitForLoadState('networkidle'));
  await context.close(); // writes the HAR
} finally {
  await browser.close();
}
