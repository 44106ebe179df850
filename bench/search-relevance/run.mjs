// Relevance benchmark (issue 25): the judged queries of queries.json against
//   - Canopy: the BUILT demo site (site/dist) on a local platform seeded with the demo content,
//     both child processes on 127.0.0.1 (bench/site-servers.mjs). Each query is asked as a
//     visitor asks it on the Everything tab, `/search/all?term=…`, and what the page shows is
//     read from the page's own state (`?redux=true`): the featured courses first, then the
//     first page of results. An answer the page shows as an error counts as no results.
//   - MiniSearch and Orama over the same documents (those the Everything facet covers, read
//     from the platform with the facet's where clause) with the same fields and weights as
//     the facet's term expression (bench/search-relevance/documents.mjs).
// Reports nDCG@10, MRR@10 and the zero-result rate, per kind of query, the worst queries and
// the rank of the first relevant result of every query. Never a test threshold.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServer, stopServer } from '../server-process.mjs';
import { table } from '../stats.mjs';
import { miniSearchEngine, oramaEngine } from './baselines.mjs';
import { everythingDocuments, fieldWeights } from './documents.mjs';
import { CUTOFF, firstRelevantRank, ndcgAt, summarise } from './metrics.mjs';

const BENCH_DELIVERY_TOKEN = 'bench-site-delivery-token';
const FACET = 'all';
const QUERIES = fileURLToPath(new URL('./queries.json', import.meta.url));
const WORST = 10;

/** The judged queries. */
export function loadQueries() {
  return JSON.parse(readFileSync(QUERIES, 'utf8')).queries;
}

const idOf = (entry) => entry?.sys?.uri ?? `id:${entry?.sys?.id}`;

/** What the Everything tab shows for a term, from the page's state. */
async function askSite(siteUrl, term) {
  const url = `${siteUrl}/search/${FACET}?term=${encodeURIComponent(term)}&redux=true`;
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const state = await response.json();
  const facet = state.search?.facets?.[FACET];
  if (!facet) throw new Error(`${url}: no facet ${FACET} in the page state`);
  if (facet.entries.isError) return { state, ranked: [], listed: [], total: 0, error: facet.entries.error };
  const featured = facet.featuredEntries?.items ?? [];
  const listed = facet.entries.items.map(idOf);
  return {
    state,
    ranked: [...featured.map(idOf), ...listed],
    listed,
    total: facet.pagingInfo.totalCount,
    error: null,
  };
}

function commitOf() {
  // A run from a clean export of a commit (no .git there) names it itself.
  if (process.env.BENCH_COMMIT) return process.env.BENCH_COMMIT;
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'packages', 'site'], {
      encoding: 'utf8',
    }).trim();
    return dirty ? `${head} with uncommitted changes in packages/ or site/` : head;
  } catch {
    return 'unknown';
  }
}

export async function runRelevanceBench() {
  const queries = loadQueries();
  let platform = null;
  let site = null;
  try {
    process.stderr.write('Starting the platform (demo content) and the built site…\n');
    platform = startServer(['platform']);
    const platformUrl = await platform.ready;
    site = startServer(['site', platformUrl, '0']);
    const siteUrl = await site.ready;

    const canopy = [];
    let searchState = null;
    for (const { query } of queries) {
      const answer = await askSite(siteUrl, query);
      searchState ??= answer.state.search;
      canopy.push({ ranked: answer.ranked, listed: answer.listed, total: answer.total, error: answer.error });
    }

    const queryParams = searchState.facets[FACET].queryParams;
    const weights = fieldWeights(queryParams);
    const { documents } = await everythingDocuments(
      platformUrl,
      BENCH_DELIVERY_TOKEN,
      searchState,
      FACET,
      weights,
    );
    process.stderr.write(`Indexing ${documents.length} documents in MiniSearch and Orama…\n`);
    const baselines = [miniSearchEngine(documents, weights), await oramaEngine(documents, weights)];
    const baselineRuns = [];
    for (const engine of baselines) {
      const runs = [];
      for (const { query } of queries) runs.push(await engine.search(query));
      baselineRuns.push({ name: engine.name, settings: engine.settings, runs });
    }
    return {
      commit: commitOf(),
      queries,
      documents: documents.length,
      weights,
      contentTypeIds: queryParams.contentTypeIds ?? [],
      featured: queryParams.featuredResults ?? null,
      canopy,
      baselines: baselineRuns,
    };
  } finally {
    await stopServer(site?.child);
    await stopServer(platform?.child);
  }
}

const three = (value) => value.toFixed(3);
const percent = (value) => `${Math.round(value * 100)} %`;
const verdict = (ok) => (ok ? '**met**' : '**NOT met**');
const cell = (text) => String(text).replace(/\|/g, '\\|');

function withJudgments(queries, runs) {
  return runs.map((run, i) => ({ ...run, judged: queries[i].judged }));
}

export function relevanceReport(result) {
  const { queries, canopy, baselines } = result;
  const engines = [
    { name: 'Canopy (Everything tab, as the page shows it)', runs: withJudgments(queries, canopy) },
    {
      name: 'Canopy, the results list alone (no featured courses)',
      runs: withJudgments(
        queries,
        canopy.map((run) => ({ ...run, ranked: run.listed })),
      ),
    },
    ...baselines.map((engine) => ({ name: engine.name, runs: withJudgments(queries, engine.runs) })),
  ];
  const figures = engines.map((engine) => ({ ...engine, summary: summarise(engine.runs) }));
  const [site] = figures;
  const baselineFigures = figures.slice(2);
  const bestNdcg = Math.max(...baselineFigures.map((f) => f.summary.ndcg));
  const bestMrr = Math.max(...baselineFigures.map((f) => f.summary.mrr));
  const errors = canopy.filter((run) => run.error).length;
  // Every query of the set has judged-relevant results, so any empty answer is a dead end.
  const deadEnds = queries.filter((_, i) => canopy[i].total === 0).map((q) => q.query);

  const kinds = [...new Set(queries.map((q) => q.kind))];
  const byKind = kinds.map((kind) => {
    const picked = (runs) => runs.filter((_, i) => queries[i].kind === kind);
    return [
      kind,
      String(queries.filter((q) => q.kind === kind).length),
      ...[figures[0], ...baselineFigures].map((f) => three(summarise(picked(f.runs)).ndcg)),
    ];
  });

  const perQuery = queries.map((q, i) => {
    const rank = (run) => firstRelevantRank(run.ranked, q.judged) ?? '–';
    return {
      query: q.query,
      kind: q.kind,
      ndcg: ndcgAt(site.runs[i].ranked, q.judged),
      cells: [
        `\`${cell(q.query)}\``,
        q.kind,
        three(ndcgAt(site.runs[i].ranked, q.judged)),
        canopy[i].error ? 'error' : String(rank(site.runs[i])),
        canopy[i].error ? 'error' : String(canopy[i].total),
        ...baselineFigures.flatMap((f) => [
          three(ndcgAt(f.runs[i].ranked, q.judged)),
          String(rank(f.runs[i])),
        ]),
      ],
    };
  });
  const baselineHeads = baselineFigures.flatMap((f) => {
    const short = f.name.split(' ')[0];
    return [`${short} nDCG@10`, `${short} first relevant`];
  });
  const perQueryHeads = [
    'Query',
    'Kind',
    'Canopy nDCG@10',
    'Canopy first relevant',
    'Canopy results',
    ...baselineHeads,
  ];
  const worst = [...perQuery]
    .sort((a, b) => a.ndcg - b.ndcg || a.query.localeCompare(b.query))
    .slice(0, WORST);
  const weights = Object.entries(result.weights)
    .sort((a, b) => b[1] - a[1])
    .map(([field, weight]) => `${field} ×${weight}`)
    .join(', ');

  return [
    `${queries.length} judged visitor queries (\`bench/search-relevance/queries.json\`, judged by reading the demo content, see its README) asked of the demo site's Everything tab and of two JavaScript search libraries over the same content. Site and platform at commit ${result.commit}: the built demo site (\`site/dist\`) and the local platform seeded with the demo content, child processes on 127.0.0.1. Canopy: each query asked as a visitor asks it, \`/search/all?term=…\`, and read from the page's own state (\`?redux=true\`): the featured courses${result.featured ? ` (${result.featured.count} ${result.featured.contentTypeId})` : ''} first, then the first page of results; an answer the page shows as an error ("Search is not available right now") counts as no results. Baselines: the ${result.documents} entries the Everything facet covers (${result.contentTypeIds.join(', ')}; published, en-GB, includeInSearch not false), read from the platform with the facet's where clause, indexed with the fields the facet's term expression searches and its weights as boosts (${weights}; \`body\` is all of the entry's text as the platform's searchContent holds it, without linked asset addresses; \`sys.uri\`/\`sys.allUris\` left out as machine text). ${baselines.map((b) => `${b.name}: ${b.settings}`).join('; ')}. nDCG@10 with linear gain (grades 3/2/1), MRR@10 counts the first result graded 1 or more; both over what the first page shows (${CUTOFF} results).`,
    '',
    table(
      ['Engine', 'nDCG@10', 'MRR@10', 'Zero-result rate', 'Queries with no results'],
      figures.map((f) => [
        f.name,
        three(f.summary.ndcg),
        three(f.summary.mrr),
        percent(f.summary.zeroResultRate),
        `${f.summary.zeroResults} of ${f.summary.queries}`,
      ]),
    ),
    '',
    `- Canopy's nDCG@10 above the better baseline (${three(bestNdcg)}): ${three(site.summary.ndcg)} — ${verdict(site.summary.ndcg > bestNdcg)}.`,
    `- Canopy's MRR above the better baseline (${three(bestMrr)}): ${three(site.summary.mrr)} — ${verdict(site.summary.mrr > bestMrr)}.`,
    `- No query with a judged-relevant result returns zero results (every query here has one): ${deadEnds.length === 0 ? 'none does' : `${deadEnds.length} do (${deadEnds.map((q) => `\`${cell(q)}\``).join(', ')})`} — ${verdict(deadEnds.length === 0)}.${errors > 0 ? ` ${errors} of them answered with the page's error state.` : ''}`,
    '',
    'nDCG@10 by kind of query:',
    '',
    table(['Kind', 'Queries', 'Canopy', ...baselineFigures.map((f) => f.name.split(' ')[0])], byKind),
    '',
    `The ${WORST} worst queries for Canopy (lowest nDCG@10; "first relevant" is the rank of the first result graded 1 or more in the first ${CUTOFF}, – when none):`,
    '',
    table(
      perQueryHeads,
      worst.map((row) => row.cells),
    ),
    '',
    '<details><summary>Every query</summary>',
    '',
    table(
      perQueryHeads,
      perQuery.map((row) => row.cells),
    ),
    '',
    '</details>',
  ].join('\n');
}
