#!/usr/bin/env node
// `npm run bench`: runs every benchmark and records the results in docs/BENCHMARKS.md.
// `npm run bench -- platform` (or `-- site`, `-- search`, `-- relevance`, `-- images`, `-- lighthouse`, `-- scale`) runs one part.
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';

const file = fileURLToPath(new URL('../docs/BENCHMARKS.md', import.meta.url));
const only = process.argv.slice(2);
const parts = [
  {
    name: 'platform',
    title: 'Platform',
    load: () => import('./platform.mjs'),
    run: 'runPlatformBench',
    report: 'platformReport',
  },
  {
    name: 'site',
    title: 'Site',
    load: () => import('./site.mjs'),
    run: 'runSiteBench',
    report: 'siteReport',
  },
  {
    name: 'search',
    title: 'Search',
    load: () => import('./search.mjs'),
    run: 'runSearchBench',
    report: 'searchReport',
  },
  {
    name: 'images',
    title: 'Images',
    load: () => import('./images.mjs'),
    run: 'runImagesBench',
    report: 'imagesReport',
  },
  {
    name: 'relevance',
    title: 'Search relevance',
    load: () => import('./search-relevance/run.mjs'),
    run: 'runRelevanceBench',
    report: 'relevanceReport',
  },
  {
    name: 'lighthouse',
    title: 'Lighthouse (mobile)',
    load: () => import('./lighthouse.mjs'),
    run: 'runLighthouseBench',
    report: 'lighthouseReport',
  },
  {
    name: 'scale',
    title: 'Scale-out',
    load: () => import('./scale.mjs'),
    run: 'runScaleBench',
    report: 'scaleReport',
  },
];

function replaceSection(document, name, body) {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const block = `${start}\n${body}\n${end}`;
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  if (from === -1 || to === -1) return `${document.trimEnd()}\n\n${block}\n`;
  return document.slice(0, from) + block + document.slice(to + end.length);
}

let document;
try {
  document = readFileSync(file, 'utf8');
} catch {
  document =
    '# Benchmarks\n\nRecorded by `npm run bench`. Each part compares against a baseline measured in the same run.\n';
}

for (const part of parts) {
  if (only.length > 0 && !only.includes(part.name)) continue;
  const module = await part.load();
  const result = await module[part.run]();
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`;
  const body = `## ${part.title}\n\nMeasured ${new Date().toISOString().slice(0, 10)} on ${machine}.\n\n${module[part.report](result)}`;
  console.log(`\n${body}\n`);
  document = replaceSection(document, part.name, body);
  writeFileSync(file, document);
}
