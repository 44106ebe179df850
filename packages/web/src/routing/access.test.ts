import { describe, expect, it } from 'vitest';
import {
  accessDeniedPath,
  accessRedirect,
  allowedGroupsOf,
  checkAccess,
  loginPath,
  matchUserGroup,
  requiresLogin,
} from './access.js';

const staff = [{ id: 'g-staff', name: 'Staff' }];

describe('matchUserGroup', () => {
  it('matches a required group by id or by name', () => {
    expect(matchUserGroup(staff, ['Staff'])).toBe(true);
    expect(matchUserGroup(staff, ['g-staff'])).toBe(true);
    expect(matchUserGroup(staff, ['Members', 'Staff'])).toBe(true);
  });

  it('fails when no group is shared, and is exact about names', () => {
    expect(matchUserGroup(staff, ['Members'])).toBe(false);
    expect(matchUserGroup(staff, ['staff'])).toBe(false);
    expect(matchUserGroup([], ['Staff'])).toBe(false);
    expect(matchUserGroup([{ id: null, name: null }], ['Staff'])).toBe(false);
  });

  it('is satisfied when there is no group requirement', () => {
    expect(matchUserGroup([], undefined)).toBe(true);
    expect(matchUserGroup([], false)).toBe(true);
    expect(matchUserGroup([], true)).toBe(true);
    expect(matchUserGroup([], [])).toBe(true);
  });
});

describe('checkAccess', () => {
  const anonymous = { isAuthenticated: false, groups: [] };
  const member = { isAuthenticated: true, groups: [{ id: 'g-m', name: 'Members' }] };

  it('lets everyone in without a requirement', () => {
    expect(checkAccess(undefined, anonymous)).toBe('allowed');
    expect(checkAccess(false, anonymous)).toBe('allowed');
  });

  it('asks anonymous visitors to sign in (401)', () => {
    expect(checkAccess(true, anonymous)).toBe(401);
    expect(checkAccess(['Members'], anonymous)).toBe(401);
    expect(checkAccess([], anonymous)).toBe(401);
  });

  it('refuses signed-in visitors without a required group (403)', () => {
    expect(checkAccess(['Staff'], member)).toBe(403);
    expect(checkAccess(['Members'], member)).toBe('allowed');
    expect(checkAccess(true, member)).toBe('allowed');
  });
});

describe('requiresLogin and allowedGroupsOf', () => {
  it('records the requirement for the routing state', () => {
    expect(requiresLogin(undefined)).toBe(false);
    expect(requiresLogin(false)).toBe(false);
    expect(requiresLogin(true)).toBe(true);
    expect(requiresLogin([])).toBe(true);
    expect(allowedGroupsOf(undefined)).toBeNull();
    expect(allowedGroupsOf(true)).toEqual([]);
    expect(allowedGroupsOf(['Staff'])).toEqual(['Staff']);
  });
});

describe('redirects for 401 and 403', () => {
  it('builds the sign-in and access-denied paths with the requested path encoded', () => {
    expect(loginPath('/members?tab=2')).toBe('/account/login?redirect_uri=%2Fmembers%3Ftab%3D2');
    expect(accessDeniedPath('/staff')).toBe('/account/access-denied?original_uri=%2Fstaff');
  });

  it('sends anonymous visitors to sign in, then back (401) or to access denied (403)', () => {
    expect(accessRedirect(401, false, '/members')).toBe('/account/login?redirect_uri=%2Fmembers');
    expect(accessRedirect(403, false, '/staff')).toBe(
      `/account/login?redirect_uri=${encodeURIComponent('/account/access-denied?original_uri=%2Fstaff')}`,
    );
  });

  it('sends signed-in visitors to access denied on 403 and to sign in again on 401', () => {
    expect(accessRedirect(403, true, '/staff')).toBe('/account/access-denied?original_uri=%2Fstaff');
    expect(accessRedirect(401, true, '/staff')).toBe('/account/login?redirect_uri=%2Fstaff');
  });
});
