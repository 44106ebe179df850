import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonBody, P, useManagementServer } from '../test-support/management-fixture.js';
import type { RecordedRequest } from '../test-support/recording-server.js';

const { server, client } = useManagementServer();

let dir: string;
let file: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'canopy-assets-'));
  file = join(dir, 'bridge at dawn.txt');
  await writeFile(file, 'pretend JPEG bytes é');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function answerUpload(uploads: unknown = [{ fileId: 'f1.jpg' }]) {
  server().respond((request) =>
    request.path === `${P}/assets`
      ? { status: 201, body: uploads }
      : { status: 201, body: { sys: { id: 'a1' } } },
  );
}

/** The `file` part of a multipart body: its headers and content. */
function filePart(request: RecordedRequest): { disposition: string; content: string } {
  const boundary = /boundary=(.+)$/.exec(String(request.headers['content-type']))?.[1];
  if (!boundary) throw new Error('not multipart');
  const part = request.body.split(`--${boundary}`).find((p) => p.includes('name="file"')) ?? '';
  const [head = '', content = ''] = part.split('\r\n\r\n');
  return { disposition: head.trim(), content: content.replace(/\r\n$/, '') };
}

describe('entries.createAsset (Node.js)', () => {
  it('uploads the file as multipart, then creates the asset entry', async () => {
    answerUpload();
    const asset = { title: 'Bridge at dawn', sys: { contentTypeId: 'image', language: 'en-GB' } };
    await expect(client().entries.createAsset(asset, file, '/uploads/images')).resolves.toEqual({
      sys: { id: 'a1' },
    });
    const [upload, create] = server().requests;
    expect(upload).toMatchObject({ method: 'POST', path: `${P}/assets` });
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload?.headers.accept).toBe('application/json');
    expect(upload?.headers.authorization).toMatch(/^Bearer /);
    const part = filePart(upload!);
    expect(part.disposition).toContain('name="file"; filename="bridge at dawn.txt"');
    expect(part.content).toBe('pretend JPEG bytes é');
    expect(create).toMatchObject({ method: 'POST', path: `${P}/entries` });
    expect(jsonBody(create!)).toEqual({
      title: 'Bridge at dawn',
      sys: { contentTypeId: 'image', language: 'en-GB', dataFormat: 'asset' },
      sysAssetFile: { fileId: 'f1.jpg', parentNodePath: '/uploads/images' },
    });
    expect(asset.sys).toEqual({ contentTypeId: 'image', language: 'en-GB' });
  });

  it("rejects with 'The asset file could not be uploaded.' when the upload returns no file", async () => {
    answerUpload([]);
    await expect(client().entries.createAsset({ sys: {} }, file, '/uploads')).rejects.toThrow(
      'The asset file could not be uploaded.',
    );
    expect(server().requests).toHaveLength(1);
  });
});

describe('entries.updateAsset (Node.js)', () => {
  const asset = { title: 'Bridge', sys: { id: 'a1', dataFormat: 'asset', version: { versionNo: '1.0' } } };

  it('uploads a new file, then PUTs the entry with the new fileId', async () => {
    answerUpload([{ fileId: 'f2.jpg' }]);
    await client().entries.updateAsset(asset, file);
    const [upload, update] = server().requests;
    expect(upload).toMatchObject({ method: 'POST', path: `${P}/assets` });
    expect(update).toMatchObject({ method: 'PUT', path: `${P}/entries/a1` });
    expect(jsonBody(update!)).toEqual({ ...asset, sysAssetFile: { fileId: 'f2.jpg' } });
  });

  it('without a file only updates the entry', async () => {
    answerUpload();
    await client().entries.updateAsset(asset);
    expect(server().requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `PUT ${P}/entries/a1`,
    ]);
  });
});

describe('outside Node.js', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each(['createAsset', 'updateAsset'] as const)('%s throws the Node.js-only message', (method) => {
    const c = client();
    vi.stubGlobal('process', { env: {} });
    try {
      expect(() => (c.entries[method] as (...args: unknown[]) => unknown)({ sys: {} }, file, '/x')).toThrow(
        `The function IEntryOperations.${method} can only be called in a Node.js process.`,
      );
    } finally {
      vi.unstubAllGlobals();
    }
    expect(server().requests).toHaveLength(0);
  });
});
