import { describe, expect, it } from 'vitest';
import { createSessionSealer } from './session-seal.js';

const SECRET = 'a-test-session-secret-of-forty-characters';
const OTHER = 'another-test-session-secret-forty-chars!';
const inAnHour = () => new Date(Date.now() + 3_600_000);

describe('session sealing', () => {
  it('opens what it sealed, and the sealed text reveals nothing of it', async () => {
    const sealer = createSessionSealer([SECRET]);
    const payload = {
      csrf: 'csrf-secret',
      sid: 'sid-1',
      credentials: {
        bearerToken: 'bearer-abc',
        bearerTokenExpiryDate: new Date().toISOString(),
        refreshToken: 'refresh-xyz',
        refreshTokenExpiryDate: new Date().toISOString(),
        contensisClassicToken: 'classic-123',
      },
    };
    const sealed = await sealer.seal(payload, inAnHour());
    expect(sealed).toMatch(/^[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/);
    for (const secret of ['bearer-abc', 'refresh-xyz', 'classic-123', 'csrf-secret']) {
      expect(sealed).not.toContain(secret);
      expect(Buffer.from(sealed.split('.')[3] ?? '', 'base64url').toString('latin1')).not.toContain(secret);
    }
    expect(await sealer.unseal(sealed)).toEqual(payload);
  });

  it('refuses a changed, foreign, expired or malformed cookie', async () => {
    const sealer = createSessionSealer([SECRET]);
    const sealed = await sealer.seal({ csrf: 'x' }, inAnHour());
    const parts = sealed.split('.');
    const body = parts[3] ?? '';
    const flipped = `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
    expect(await sealer.unseal([parts[0], parts[1], parts[2], flipped, parts[4]].join('.'))).toBeNull();
    expect(await createSessionSealer([OTHER]).unseal(sealed)).toBeNull();
    expect(await sealer.unseal(await sealer.seal({ csrf: 'x' }, new Date(Date.now() - 1000)))).toBeNull();
    expect(await sealer.unseal('not a cookie')).toBeNull();
    expect(await sealer.unseal('')).toBeNull();
  });

  it('opens cookies sealed with an older secret during a rotation', async () => {
    const old = await createSessionSealer([OTHER]).seal({ csrf: 'old' }, inAnHour());
    const rotated = createSessionSealer([SECRET, OTHER]);
    expect(await rotated.unseal(old)).toEqual({ csrf: 'old' });
    expect(
      await createSessionSealer([OTHER]).unseal(await rotated.seal({ csrf: 'new' }, inAnHour())),
    ).toBeNull();
  });

  it('refuses short secrets', () => {
    expect(() => createSessionSealer(['short'])).toThrow(/at least 32/);
    expect(() => createSessionSealer([])).toThrow();
  });
});
