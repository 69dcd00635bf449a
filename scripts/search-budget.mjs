// Prints the search requests (and the queries inside them) each page of each
// demo tenant sends on load and per listing interaction (issue 18, a search
// budget per page). Run by scripts/search-budget.sh (and scripts/bench.sh)
// with FORECOURT_E2E_GATEWAY pointing at a running dev gateway.
import { launch, TENANTS } from '../web/e2e/browser.mjs';
import { budget } from '../web/e2e/searchBudget.mjs';

const browser = await launch();
try {
  const rows = [];
  for (const slug of TENANTS) {
    const got = await budget(browser.page.context(), slug);
    for (const [step, c] of Object.entries(got)) rows.push({ slug, step, ...c });
  }
  const steps = [...new Set(rows.map((r) => r.step))];
  const cell = (slug, step) => {
    const r = rows.find((x) => x.slug === slug && x.step === step);
    return r ? `${r.requests} (${r.queries})` : '-';
  };
  const width = Math.max(...steps.map((s) => s.length)) + 2;
  console.log('search requests (queries inside them) per page and interaction');
  console.log(''.padEnd(width) + TENANTS.map((t) => t.padEnd(22)).join(''));
  for (const step of steps) console.log(step.padEnd(width) + TENANTS.map((t) => cell(t, step).padEnd(22)).join(''));
  if (process.env.SEARCH_BUDGET_VERBOSE) for (const r of rows) for (const u of r.urls) console.log(`  ${r.slug} ${r.step}: ${u}`);
} finally {
  await browser.close();
}
