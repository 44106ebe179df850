import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningPlatform, startDemoPlatform } from '../test-support/platform-fixture.js';
import { issueTestToken } from '../test-support/tokens.js';

const P = '/api/management/projects/website';

let platform: RunningPlatform;
let adminToken: string;

beforeAll(async () => {
  platform = await startDemoPlatform();
  adminToken = issueTestToken(platform.db, 'admin');
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

/**
 * Sends the request head and the first part of a body the head says is much larger, then
 * sends nothing more: resolves with what the server answered once it closes the connection.
 * A server that kept reading would wait for the rest and never close (the test times out).
 */
function startHugeUpload(head: string, firstPart = Buffer.alloc(64 * 1024, 0x20)): Promise<string> {
  const { port } = new URL(platform.origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    // The server may close while we are still writing: that is the point, not a failure.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    socket.on('close', () => resolve(answer));
    socket.write(head.replace(/\n/g, '\r\n'));
    socket.write(firstPart);
  });
}

const huge = (method: string, path: string, headers: string) =>
  `${method} ${path} HTTP/1.1\nHost: x\n${headers}Content-Length: 2147483648\n\n`;

describe('a request refused while its body is still arriving', () => {
  it.each([
    ['401 without a token', () => huge('POST', `${P}/entries`, 'Content-Type: application/json\n'), 401],
    [
      '401 for a security-API write without a token',
      () => huge('POST', '/api/security/users', 'Content-Type: application/json\n'),
      401,
    ],
    [
      '401 for an asset upload without a token',
      () => huge('POST', `${P}/assets`, 'Content-Type: multipart/form-data; boundary=x\n'),
      401,
    ],
    [
      '413 for a body over the limit',
      () =>
        huge('POST', `${P}/entries`, `Authorization: Bearer ${adminToken}\nContent-Type: application/json\n`),
      413,
    ],
    [
      '415 for JSON in another charset',
      () =>
        huge(
          'POST',
          `${P}/entries`,
          `Authorization: Bearer ${adminToken}\nContent-Type: application/json; charset=utf-16\n`,
        ),
      415,
    ],
  ] as const)(
    '%s: answered, and the connection closed without reading the rest',
    async (_name, head, status) => {
      const answer = await startHugeUpload(head());
      expect(answer.slice(0, 13)).toBe(`HTTP/1.1 ${status} `);
      expect(answer.toLowerCase()).toContain('connection: close');
      // The answer carries the contract's error body.
      expect(answer).toContain('"type":"error"');
    },
    20_000,
  );

  it('keeps the connection of a request read to the end alive', async () => {
    const response = await fetch(`${platform.origin}${P}/entries`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ entryTitle: 'x' }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('connection')).toBe('keep-alive');
    // Requests without a body answered early (a 401, a CORS pre-flight) keep theirs too.
    const bodyless = await fetch(`${platform.origin}${P}/entries`);
    expect([bodyless.status, bodyless.headers.get('connection')]).toEqual([401, 'keep-alive']);
    const preflight = await fetch(`${platform.origin}${P}/entries`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://site.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect([preflight.status, preflight.headers.get('connection')]).toEqual([204, 'keep-alive']);
  });
});

async function send(path: string, body: string, contentType: string, token = adminToken) {
  const response = await fetch(`${platform.origin}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': contentType },
    body,
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const groupCount = () =>
  (platform.db.prepare('SELECT COUNT(*) AS n FROM tag_groups').get() as { n: number }).n;

describe('JSON charset', () => {
  it('refuses JSON declared in another charset with 415, before reading it', async () => {
    const before = groupCount();
    const utf16 = Buffer.from(JSON.stringify({ id: 'utf16', name: 'UTF-16' }), 'utf16le').toString('latin1');
    for (const contentType of [
      'application/json; charset=utf-16',
      'application/json; charset=UTF-16LE',
      'application/json;charset="iso-8859-1"',
      'application/merge-patch+json; charset=windows-1252',
    ]) {
      const answer = await send(`${P}/taggroups`, utf16, contentType);
      expect(answer.status).toBe(415);
      expect(answer.body).toMatchObject({
        type: 'error',
        message: expect.stringMatching(/^JSON bodies must be UTF-8; charset=[\w-]+ is not supported$/),
      });
    }
    expect(groupCount()).toBe(before);
  });

  it('accepts UTF-8, declared in any spelling or not at all', async () => {
    const cases = ['application/json', 'application/json; charset=utf-8', 'application/json;charset="UTF8"'];
    for (const [index, contentType] of cases.entries()) {
      const name = `Grŵp ${index} 🍎`;
      const answer = await send(`${P}/taggroups`, JSON.stringify({ id: `utf8-${index}`, name }), contentType);
      expect(answer).toMatchObject({ status: 201, body: { name } });
    }
  });

  it('lets a bodyless request declare any charset (clients send the header on GETs)', async () => {
    const response = await fetch(`${platform.deliveryBase}/entries?pageSize=1`, {
      headers: { accessToken: platform.deliveryToken, 'Content-Type': 'application/json; charset=utf-16' },
    });
    expect(response.status).toBe(200);
  });
});

describe('text that cannot be stored', () => {
  it.each([
    [
      'a NUL character in a value',
      '{"id":"nul","name":"Bad\\u0000name"}',
      'name',
      'a NUL character (U+0000)',
    ],
    [
      'an unpaired high surrogate',
      '{"id":"hi","name":"Bad \\ud83c name"}',
      'name',
      'an unpaired UTF-16 surrogate (U+D83C)',
    ],
    [
      'an unpaired low surrogate deep inside',
      '{"id":"lo","name":"x","description":"ok","extra":[{"a":["fine","\\udc00"]}]}',
      'extra[0].a[1]',
      'an unpaired UTF-16 surrogate (U+DC00)',
    ],
    [
      'a NUL character in a key',
      '{"id":"key","name":"x","bad\\u0000key":1}',
      'bad\\u0000key',
      'a NUL character (U+0000) in a key',
    ],
  ])('refuses %s with 422 naming where, and changes nothing', async (_name, body, field, problem) => {
    const before = groupCount();
    const answer = await send(`${P}/taggroups`, body, 'application/json');
    expect(answer).toEqual({
      status: 422,
      body: {
        logId: expect.any(String),
        type: 'Validation',
        message: `The request body contains ${problem} at ${field}`,
        data: [{ field, message: `Text must not contain ${problem}` }],
      },
    });
    expect(groupCount()).toBe(before);
  });

  it('refuses it in entries too, and accepts paired surrogates (emoji)', async () => {
    const entry = (title: string) =>
      JSON.stringify({ entryTitle: title, sys: { contentTypeId: 'newsArticle', language: 'en-GB' } });
    const nul = await send(`${P}/entries`, entry('Title\u0000'), 'application/json');
    expect(nul).toMatchObject({ status: 422, body: { data: [{ field: 'entryTitle' }] } });
    const lone = await send(`${P}/entries`, entry('Title \ud800'), 'application/json');
    expect(lone).toMatchObject({ status: 422, body: { data: [{ field: 'entryTitle' }] } });
    // A well-formed emoji passes the body check (whatever the entry validation then says).
    const emoji = await send(`${P}/entries`, entry('Title 🌳'), 'application/json');
    expect(emoji.status).not.toBe(415);
    expect(JSON.stringify(emoji.body)).not.toContain('Text must not contain');
  });
});
