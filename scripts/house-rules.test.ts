import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { afterEach, describe, expect, it } from 'vitest';

// The rules `npm run lint` enforces (.dependency-cruiser.cjs), run against small made-up trees,
// so a rule that stopped catching what it is for fails here.
const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as IConfiguration;

let root = '';
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

async function violations(files: Record<string, string>): Promise<string[]> {
  root = mkdtempSync(join(tmpdir(), 'canopy-house-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const { tsConfig: _unused, ...options } = config.options ?? {};
  const result = await cruise(
    ['packages', 'site'].filter((folder) => existsSync(join(root, folder))),
    { ...options, baseDir: root, validate: true, ruleSet: { forbidden: config.forbidden } },
  );
  const output = result.output as { summary: { violations: { rule: { name: string } }[] } };
  return output.summary.violations.map((violation) => violation.rule.name);
}

describe('the house rules', () => {
  it('fail on an import cycle', async () => {
    expect(
      await violations({
        'packages/web/src/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
        'packages/web/src/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
      }),
    ).toContain('no-circular');
  });

  it('fail on a cycle of type imports only (mutually recursive types belong in one module)', async () => {
    expect(
      await violations({
        'packages/web/src/a.ts': "import type { B } from './b.js';\nexport interface A { b: B }\n",
        'packages/web/src/b.ts': "import type { A } from './a.js';\nexport interface B { a: A }\n",
      }),
    ).toContain('no-circular');
    expect(
      await violations({
        'packages/web/src/a.ts': 'export interface A { b: B }\nexport interface B { a: A }\n',
      }),
    ).toEqual([]);
  });

  it('fail when the client reaches into the framework, the framework into the platform, or the site into internals', async () => {
    const found = await violations({
      'packages/client/src/index.ts':
        "import { page } from '../../web/src/page.js';\nexport const x = page;\n",
      'packages/web/src/page.ts': "import { db } from '../../platform/src/db.js';\nexport const page = db;\n",
      'packages/platform/src/db.ts': 'export const db = 1;\n',
      'site/src/app.ts': "import { page } from '../../packages/web/src/page.js';\nexport const app = page;\n",
    });
    expect(found).toEqual(
      expect.arrayContaining([
        'client-stands-alone',
        'web-talks-through-the-client',
        'site-uses-public-surfaces',
      ]),
    );
  });

  it("fail when the platform's domain reaches up into its http/ layer, and let http/ use the domain", async () => {
    expect(
      await violations({
        'packages/platform/src/management/store.ts':
          "import { conflict } from '../http/common.js';\nexport const store = conflict;\n",
        'packages/platform/src/http/common.ts': 'export const conflict = 409;\n',
      }),
    ).toContain('platform-domain-below-http');
    expect(
      await violations({
        'packages/platform/src/http/routes.ts':
          "import { store } from '../management/store.js';\nexport const routes = store;\n",
        'packages/platform/src/management/store.ts': 'export const store = 1;\n',
      }),
    ).toEqual([]);
  });
});
