// Records a HAR of one page as headless Chromium loads it, for the HAR import's test (docs/own-scenarios.md):
//   node scripts/record-har.mjs http://127.0.0.1:8080/demo/ out.har
// Needs Chromium (Debian's package: /usr/bin/chromium, or CHROMIUM=path) and playwright-core from npm
// (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install playwright-core); it downloads no browser and calls no one else.
import { chromium } from 'playwright-core';

const [url, out] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: node scripts/record-har.mjs <page URL> <HAR file to write>');
  process.exit(2);
}
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true });
try {
  const context = await browser.newContext({ recordHar: { path: out, content: 'embed' } });
  const page = await context.newPage();
  await page.goto(url);
  // the demo page sets its title once its last call came back; any other page: wait until the network is quiet
  await page.waitForFunction(() => document.title.endsWith('done'), null, { timeout: 10000 })
    .catch(() => page.waitForLoadState('networkidle'));
  await context.close(); // writes the HAR
} finally {
  await browser.close();
}
