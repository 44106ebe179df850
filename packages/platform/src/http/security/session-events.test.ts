import type { EventStreamHandle, ManagementClient } from '@canopy/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_ID } from '../../config.js';
import { readOutbox } from '../../mail/outbox.js';
import { clientFor, clientWithToken } from '../../test-support/management-client.js';
import { type RunningPlatform, startDemoPlatform } from '../../test-support/platform-fixture.js';
import { issueTestToken } from '../../test-support/tokens.js';

// Sites keep a signed-in visitor's profile for a while; they drop it when the platform's event
// stream says the user's sessions were revoked. What that announcement holds, and when it comes.

let platform: RunningPlatform;
let admin: ManagementClient;
let siteToken: string;
let stream: EventStreamHandle;
const messages: string[] = [];

/** Resolves with the messages once `count` have arrived (they arrive within milliseconds). */
async function received(count: number): Promise<string[]> {
  const deadline = Date.now() + 5000;
  while (messages.length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return messages.splice(0, messages.length);
}

let counter = 0;
async function newUser(): Promise<{ id: string; username: string; email: string; password: string }> {
  counter += 1;
  const password = `Session-events-${counter}-pass`;
  const user = await admin.security.users.create({
    username: `sessions${counter}`,
    email: `sessions${counter}@example.test`,
    firstName: 'Session',
    lastName: `Number${counter}`,
    credentials: { password },
  });
  return { id: user.id, username: `sessions${counter}`, email: `sessions${counter}@example.test`, password };
}

/** The summary a site hears: the user's id and nothing else of theirs. */
function revoked(id: string) {
  return {
    event: 'sessionsRevoked',
    resourceType: 'user',
    resourceId: id,
    projectId: '',
    user: 'platform',
    timestamp: expect.any(String),
  };
}

beforeAll(async () => {
  platform = await startDemoPlatform();
  admin = clientFor(platform, 'admin');
  siteToken = issueTestToken(platform.db, { clientId: DEFAULT_CLIENT_ID });
  // Every event of users the site's client may hear (the topic names no event).
  stream = await clientWithToken(platform, siteToken).events.connectToEventsStream(
    { topics: [{ resourceType: 'user' }] },
    (data) => messages.push(data),
  );
}, 60_000);

afterAll(async () => {
  stream?.close();
  await platform?.close();
});

describe('revoked sessions on the event stream', () => {
  it('are announced on a self-service password change, and no other user event reaches the stream', async () => {
    const user = await newUser();
    const own = clientWithToken(platform, issueTestToken(platform.db, user.username));
    await own.security.users.updatePassword({
      userId: user.id,
      existing: user.password,
      new: 'A-brand-new-password-1',
    });
    const heard = (await received(1)).map((data) => JSON.parse(data));
    // The user's creation and update (their profile, their address) are not announced here.
    expect(heard).toEqual([revoked(user.id)]);
    expect(JSON.stringify(heard)).not.toContain(user.email);
  });

  it('are announced on a suspension and a deletion, not on unsuspending', async () => {
    const user = await newUser();
    await admin.security.users.suspendUser(user.id);
    expect((await received(1)).map((data) => JSON.parse(data))).toEqual([revoked(user.id)]);
    await admin.security.users.unsuspendUser(user.id);
    await admin.security.users.delete(user.id);
    expect((await received(1)).map((data) => JSON.parse(data))).toEqual([revoked(user.id)]);
  });

  it('are announced on a password reset and on signing out', async () => {
    const user = await newUser();
    const asked = await fetch(`${platform.origin}/api/password-reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${siteToken}` },
      body: JSON.stringify({
        email: user.email,
        resetUrl: 'https://www.aberwen.example/account/reset-password',
      }),
    });
    expect(asked.status).toBe(202);
    const link = readOutbox(platform.dataDir, { to: user.email }).at(-1)?.link ?? '';
    const done = await fetch(`${platform.origin}/api/password-reset/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        token: new URL(link).searchParams.get('token'),
        password: 'Reset-password-2026',
      }),
    });
    expect(done.status).toBe(204);
    expect((await received(1)).map((data) => JSON.parse(data))).toEqual([revoked(user.id)]);

    const token = issueTestToken(platform.db, user.username);
    const out = await fetch(`${platform.origin}/authenticate/logout`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.status).toBe(200);
    expect((await received(1)).map((data) => JSON.parse(data))).toEqual([revoked(user.id)]);
    // Nothing to end, nothing announced.
    await fetch(`${platform.origin}/authenticate/logout`, { headers: { authorization: `Bearer ${token}` } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(messages).toEqual([]);
  });
});
