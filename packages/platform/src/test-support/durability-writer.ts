import { randomUUID } from 'node:crypto';
import { insertEntryVersion } from '../db/entries.js';
import { openDatabase } from '../db/open.js';
import { insertProject } from '../db/projects.js';

/**
 * The child side of the durability test: opens the database with the platform's own
 * `openDatabase` (so its pragmas are what is tested) and writes entry versions forever, one
 * transaction each, printing every id on its own line only after its commit returned —
 * which is what "acknowledged" means for a client of the platform.
 */
export function runDurabilityWriter(file: string): never {
  const db = openDatabase(file);
  db.transaction(() => {
    insertProject(db, {
      id: 'durability',
      name: 'Durability',
      description: '',
      primaryLanguage: 'en-GB',
      supportedLanguages: ['en-GB'],
      deliverySysExclusions: [],
    });
  })();
  process.stdout.write('ready\n');
  const padding = 'x'.repeat(2000);
  for (;;) {
    const id = randomUUID();
    db.transaction(() => {
      insertEntryVersion(db, {
        projectId: 'durability',
        entryId: id,
        language: 'en-GB',
        isLatest: true,
        isPublished: true,
        contentTypeId: 'note',
        dataFormat: 'entry',
        versionNo: '1.0',
        entryTitle: id,
        data: JSON.stringify({ sys: { id }, padding }),
      });
    })();
    // Pipes are synchronous on Linux: when write() returns, the parent can read the id.
    process.stdout.write(`${id}\n`);
  }
}
