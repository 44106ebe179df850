// Relevance per language (issue 28): the Welsh judged set (queries-cy.json) asked on the Welsh
// Everything tab, /cy/chwilio/all?term=…, beside the English set (queries.json) on
// /search/all?term=…, both read from the page's own state as run.mjs reads them. The demo
// site is rendered from source (no build) against a real platform seeded with the demo, both
// on 127.0.0.1. Not part of the normal test run, and never a threshold: it prints figures.
//
//   CANOPY_RELEVANCE_LANGUAGES=1 npx vitest run bench/search-relevance/languages.test.mjs
import { readFileSync } from 'node:fs';
import { createSiteRenderer, DEMO_HOSTS, startSiteServer } from '@canopy/web';
import { describe, it } from 'vitest';
import { httpGet } from '../../packages/web/src/test-support/http';
import { DELIVERY_TOKEN, PROJECT_ID, startTestPlatform } from '../../packages/web/src/test-support/platform';
import { site as demoSite } from '../../site/src/site';
import { firstRelevantRank, ndcgAt, summarise } from './metrics.mjs';

const FACET = 'all';
const HOST = 'www.aberwen.example';
const ASSETS = {
  entryModule: '/static/assets/entry-client-test.js',
  preloadModules: [],
  stylesheets: [],
  headModules: [],
  inlineModules: [],
};

const load = (name) => JSON.parse(readFileSync(new URL(`./${name}`, import.meta.url), 'utf8')).queries;
const idOf = (entry) => entry?.sys?.uri ?? `id:${entry?.sys?.id}`;

/** What the Everything tab at `searchPath` shows for a term: featured first, then the list. */
async function ask(siteUrl, searchPath, term) {
  const path = `${searchPath}/${FACET}?term=${encodeURIComponent(term)}&redux=true`;
  const answer = await httpGet(siteUrl, path, { host: HOST });
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
  const facet = JSON.parse(answer.body).search.facets[FACET];
  if (facet.entries.isError) return { ranked: [], total: 0 };
  const featured = facet.featuredEntries?.items ?? [];
  return {
    ranked: [...featured.map(idOf), ...facet.entries.items.map(idOf)],
    total: facet.pagingInfo.totalCount,
  };
}

function report(name, queries, runs) {
  const judgedRuns = runs.map((run, i) => ({ ...run, judged: queries[i].judged }));
  const summary = summarise(judgedRuns);
  const lines = [
    `${name}: ${queries.length} queries, nDCG@10 ${summary.ndcg.toFixed(3)}, MRR@10 ${summary.mrr.toFixed(3)}, ${summary.zeroResults} with no results`,
  ];
  const kinds = [...new Set(queries.map((q) => q.kind))];
  for (const kind of kinds) {
    const picked = judgedRuns.filter((_, i) => queries[i].kind === kind);
    lines.push(`  ${kind} (${picked.length}): nDCG@10 ${summarise(picked).ndcg.toFixed(3)}`);
  }
  queries.forEach((q, i) => {
    const rank = firstRelevantRank(runs[i].ranked, q.judged) ?? '–';
    lines.push(
      `  ${q.query.padEnd(26)} nDCG ${ndcgAt(runs[i].ranked, q.judged).toFixed(3)}  first relevant ${rank}  results ${runs[i].total}`,
    );
  });
  return lines.join('\n');
}

describe.skipIf(!process.env.CANOPY_RELEVANCE_LANGUAGES)('search relevance per language', () => {
  it('measures the Welsh and the English judged sets', async () => {
    const platform = await startTestPlatform();
    const site = await startSiteServer({
      renderer: createSiteRenderer(demoSite),
      assets: ASSETS,
      platformUrl: platform.url,
      hosts: DEMO_HOSTS,
      projectId: PROJECT_ID,
      deliveryToken: DELIVERY_TOKEN,
      port: 0,
      logger: { level: 'silent' },
    });
    try {
      for (const [name, file, searchPath] of [
        ['Welsh (/cy/chwilio/all)', 'queries-cy.json', '/cy/chwilio'],
        ['English (/search/all)', 'queries.json', '/search'],
      ]) {
        const queries = load(file);
        const runs = [];
        for (const { query } of queries) runs.push(await ask(site.url, searchPath, query));
        console.log(report(name, queries, runs));
      }
    } finally {
      await site.close();
      await platform.dispose();
    }
  }, 300_000);
});
