// The house rules of the repository (docs/ARCHITECTURE.md, "Contracts between the parts"),
// checked by `npm run lint` with dependency-cruiser. Tests and their support files may reach
// across packages to start real servers; shipped code may not.
const TESTS = '(\\.test\\.tsx?$|/test-support/|/test/|^e2e/|^bench/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Import cycles make load order matter and hide which module owns what; type imports count too.',
      from: { path: '^(packages|site)/' },
      to: { circular: true },
    },
    {
      name: 'client-stands-alone',
      severity: 'error',
      comment: '@canopy/client knows nothing of the platform, the framework or the site.',
      from: { path: '^packages/client/src', pathNot: TESTS },
      to: { path: '^(packages/(platform|web)|site)/' },
    },
    {
      name: 'platform-without-web',
      severity: 'error',
      comment: '@canopy/platform depends on nothing in web/ or site/.',
      from: { path: '^packages/platform/', pathNot: TESTS },
      to: { path: '^(packages/web|site)/' },
    },
    {
      name: 'web-talks-through-the-client',
      severity: 'error',
      comment: '@canopy/web reaches the platform only over HTTP through @canopy/client.',
      from: { path: '^packages/web/', pathNot: TESTS },
      to: { path: '^(packages/platform|site)/' },
    },
    {
      name: 'site-uses-public-surfaces',
      severity: 'error',
      comment:
        'A site is written against @canopy/web (and @canopy/client) only, never their internals or the platform.',
      from: { path: '^site/', pathNot: TESTS },
      to: { path: '^(packages/platform/|packages/(web|client)/src/(?!index\\.ts$|browser\\.ts$))' },
    },
    {
      name: 'platform-domain-below-http',
      severity: 'error',
      comment:
        "The platform's http/ folder parses requests and shapes answers; the domain (management/, " +
        'delivery/, search/, db/, auth/ and the rest) never reaches up into it.',
      from: { path: '^packages/platform/src/(?!http/|cli/|bin/|index\\.ts$)', pathNot: TESTS },
      to: { path: '^packages/platform/src/http/' },
    },
    {
      name: 'web-state-below-routing',
      severity: 'error',
      comment:
        "@canopy/web's state/ holds the store and its slices; routing/ loads routes into it. The " +
        'state never reaches up into routing (types included): what both need lives in state/.',
      from: { path: '^packages/web/src/state/', pathNot: TESTS },
      to: { path: '^packages/web/src/routing/' },
    },
    {
      name: 'no-test-code-in-shipped-code',
      severity: 'error',
      comment: 'Test support stays out of what ships.',
      from: { path: '^(packages|site)/', pathNot: TESTS },
      to: { path: '(/test-support/|\\.test\\.tsx?$)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.tests.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['source', 'import', 'require', 'node', 'default'],
      mainFields: ['module', 'main', 'types'],
    },
    skipAnalysisNotInRules: true,
  },
};
