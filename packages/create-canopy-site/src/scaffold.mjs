// @ts-check
// Writes a new Canopy site from the template next to this folder. Plain JavaScript (type-checked
// from its JSDoc), so `npx create-canopy-site` runs from a fresh clone without a build.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));

/** The template of a new site: a real site folder, whose own test runs in this repository. */
export const TEMPLATE_DIR = join(packageRoot, 'template');

/**
 * The versions a new site pins: those of the Canopy repository (a test checks they agree).
 * React and its types must match @canopy/web's exactly.
 */
export const PINNED_VERSIONS = {
  canopy: '0.1.0',
  react: '19.3.1',
  reactTypes: '19.3.0',
  nodeTypes: '20.19.43',
  typescript: '6.0.3',
  vitest: '4.1.12',
};

/** Files of the template that a new site never gets (built or run output of its in-place test). */
const SKIPPED = new Set(['node_modules', 'dist', '.data', '.vite']);

/**
 * Whether a name can be an npm package name (lower case, no spaces, at most 214 characters).
 *
 * @param {string} name
 * @returns {string | null} what is wrong with it, or null
 */
export function packageNameProblem(name) {
  if (name.length === 0) return 'The site needs a name';
  if (name.length > 214) return 'A package name has at most 214 characters';
  if (!/^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/.test(name))
    return `"${name}" cannot be a package name: use lower-case letters, digits, "-", "." and "_"`;
  return null;
}

/**
 * The Canopy checkout this package lives in, if it does (the folder whose `packages/web` is
 * @canopy/web), else null.
 *
 * @returns {string | null}
 */
export function canopyCheckout() {
  const root = resolve(packageRoot, '..', '..');
  try {
    const web = JSON.parse(readFileSync(join(root, 'packages', 'web', 'package.json'), 'utf8'));
    return web.name === '@canopy/web' ? root : null;
  } catch {
    return null;
  }
}

/**
 * How a new site at `target` depends on a Canopy package: a `file:` link into the checkout
 * when there is one (the packages are not on a registry yet), else the pinned version.
 *
 * @param {string} target the new site's folder (absolute)
 * @param {string | null} checkout
 * @param {'web' | 'platform'} name
 */
function canopySpec(target, checkout, name) {
  if (!checkout) return PINNED_VERSIONS.canopy;
  const path = relative(target, join(checkout, 'packages', name))
    .split(sep)
    .join('/');
  return `file:${path}`;
}

/**
 * The new site's package.json: the scripts of the repository (`npm start` builds and runs the
 * site with the local platform), Canopy and React pinned.
 *
 * @param {string} name
 * @param {string} target
 * @param {string | null} checkout
 */
export function sitePackageJson(name, target, checkout) {
  return {
    name,
    version: '0.1.0',
    private: true,
    type: 'module',
    scripts: {
      start: 'node scripts/start.mjs',
      dev: 'node scripts/start.mjs --dev',
      build: 'canopy-web build',
      types: 'canopy-web types',
      test: 'vitest run',
      typecheck: 'tsc',
    },
    engines: { node: '>=20.19.0' },
    dependencies: {
      '@canopy/web': canopySpec(target, checkout, 'web'),
      react: PINNED_VERSIONS.react,
      'react-dom': PINNED_VERSIONS.react,
    },
    devDependencies: {
      '@canopy/platform': canopySpec(target, checkout, 'platform'),
      '@types/node': PINNED_VERSIONS.nodeTypes,
      '@types/react': PINNED_VERSIONS.reactTypes,
      '@types/react-dom': PINNED_VERSIONS.reactTypes,
      typescript: PINNED_VERSIONS.typescript,
      vitest: PINNED_VERSIONS.vitest,
    },
  };
}

/**
 * The README of a new site.
 *
 * @param {string} name
 */
function readme(name) {
  return `# ${name}

A website built with Canopy.

\`\`\`sh
npm install && npm start   # build, start the local content platform (seeded) and the site
npm test                   # the site's test, against a temporary local platform
\`\`\`

\`npm start\` serves the site on http://127.0.0.1:3000 and the local content platform on
http://127.0.0.1:3001 (its data in \`.data/\`, seeded with the demo project on first start).
\`npm run dev\` does the same from source, with hot module replacement.

- \`src/site.tsx\`: the site (name, layout, routes, content type mappings).
- \`src/mappings.ts\`: which component renders each content type.
- \`src/routes.ts\`: pages matched before the content tree.
- \`src/content/generated/content-types.ts\`: the types of the project's content model.
  \`npm run types\` writes them again from the platform (with \`npm start\` running, and
  \`CANOPY_CLIENT_ID\` and \`CANOPY_CLIENT_SECRET\` set to an API client:
  \`npx canopy-platform credentials\` prints the local platform's).
`;
}

/**
 * Writes a new site into `target` (which must not exist, or be an empty folder): the template,
 * a package.json and a README. Returns the files written, relative to `target`.
 *
 * @param {{ target: string, name?: string, checkout?: string | null }} options
 * @returns {string[]}
 * @example
 * scaffoldSite({ target: 'my-site' }); // ['README.md', 'package.json', 'src/site.tsx', …]
 */
export function scaffoldSite(options) {
  const target = resolve(options.target);
  const name = options.name ?? basename(target);
  const problem = packageNameProblem(name);
  if (problem) throw new Error(problem);
  if (existsSync(target) && readdirSync(target).length > 0)
    throw new Error(`${target} already exists and is not empty: choose a new folder`);
  const checkout = options.checkout === undefined ? canopyCheckout() : options.checkout;
  mkdirSync(dirname(target), { recursive: true });
  cpSync(TEMPLATE_DIR, target, {
    recursive: true,
    filter: (source) => !SKIPPED.has(basename(source)) && !/\.tsbuildinfo$/.test(source),
  });
  // npm leaves .gitignore files out of packages, so the template names it without the dot.
  renameSync(join(target, 'gitignore'), join(target, '.gitignore'));
  writeFileSync(
    join(target, 'package.json'),
    `${JSON.stringify(sitePackageJson(name, target, checkout), null, 2)}\n`,
  );
  writeFileSync(join(target, 'README.md'), readme(name));
  return listFiles(target);
}

/**
 * @param {string} root
 * @param {string} [folder]
 * @returns {string[]}
 */
function listFiles(root, folder = root) {
  return readdirSync(folder, { withFileTypes: true })
    .flatMap((item) =>
      item.isDirectory()
        ? listFiles(root, join(folder, item.name))
        : [relative(root, join(folder, item.name)).split(sep).join('/')],
    )
    .sort();
}
