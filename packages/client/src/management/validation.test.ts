import { afterEach, describe, expect, it } from 'vitest';
import { GroupOperations } from '../security/group-operations.js';
import { SecurityMessages } from '../security/messages.js';
import { UserOperations } from '../security/user-operations.js';
import { useManagementServer } from '../test-support/management-fixture.js';
import { ManagementClient } from './client.js';
import { ManagementMessages } from './messages.js';
import type { Redirect } from './models.js';
import { ManagementNodeOperations } from './node-operations.js';

const { server, client } = useManagementServer();

afterEach(() => {
  // Every validation failure must happen before anything reaches the server.
  expect(server().requests).toHaveLength(0);
});

// Calls are made with deliberately invalid arguments, so they are typed loosely on purpose.
// biome-ignore lint/suspicious/noExplicitAny: invalid inputs cannot be expressed with the real types.
type AnyClient = any;

interface Case {
  label: string;
  call: (c: AnyClient) => unknown;
  message: string;
}

const cb = () => undefined;
const version = { versionNo: '1.0' };
const redirect: Redirect = {
  sourceDomain: '*',
  destination: '/to',
  statusCode: 301,
  appendSourcePathToDestination: false,
  match: { type: 'exactMatch', value: '/from' },
};
const without = (key: keyof Redirect, extra: Partial<Record<keyof Redirect, unknown>> = {}) => {
  const copy: Record<string, unknown> = { ...redirect, ...extra };
  delete copy[key];
  return copy;
};

/** §5.2 checks of the non-async methods: thrown synchronously, before a promise exists. */
const synchronous: Case[] = [
  // components
  {
    label: 'components.create(null)',
    call: (c) => c.components.create(null),
    message: 'A valid component needs to be specified.',
  },
  {
    label: 'components.update(null)',
    call: (c) => c.components.update(null),
    message: 'A valid component needs to be specified.',
  },
  {
    label: 'components.invokeWorkflow(null)',
    call: (c) => c.components.invokeWorkflow(null, 'publish'),
    message: 'A valid component needs to be specified.',
  },
  {
    label: 'components.update({})',
    call: (c) => c.components.update({}),
    message: 'A valid component id value needs to be specified.',
  },
  {
    label: 'components.invokeWorkflow({})',
    call: (c) => c.components.invokeWorkflow({}, 'publish'),
    message: 'A valid component id value needs to be specified.',
  },
  {
    label: 'components.invokeWorkflow no version',
    call: (c) => c.components.invokeWorkflow({ id: 'c' }, 'publish'),
    message: 'A valid component version number value needs to be specified.',
  },
  {
    label: 'components.invokeWorkflow no event',
    call: (c) => c.components.invokeWorkflow({ id: 'c', version }, ''),
    message: 'A valid event needs to be specified.',
  },
  {
    label: 'components.delete("")',
    call: (c) => c.components.delete(''),
    message: 'A valid id needs to be specified.',
  },
  // content types
  {
    label: 'contentTypes.create(null)',
    call: (c) => c.contentTypes.create(null),
    message: 'A valid content type needs to be specified.',
  },
  {
    label: 'contentTypes.update(null)',
    call: (c) => c.contentTypes.update(null),
    message: 'A valid content type needs to be specified.',
  },
  {
    label: 'contentTypes.invokeWorkflow(null)',
    call: (c) => c.contentTypes.invokeWorkflow(null, 'publish'),
    message: 'A valid content type needs to be specified.',
  },
  {
    label: 'contentTypes.update({})',
    call: (c) => c.contentTypes.update({}),
    message: 'A valid content type id value needs to be specified.',
  },
  {
    label: 'contentTypes.invokeWorkflow({})',
    call: (c) => c.contentTypes.invokeWorkflow({}, 'publish'),
    message: 'A valid content type id value needs to be specified.',
  },
  {
    label: 'contentTypes.invokeWorkflow no language',
    call: (c) => c.contentTypes.invokeWorkflow({ id: 't', version }, 'publish'),
    message: 'A valid content type default language value needs to be specified.',
  },
  {
    label: 'contentTypes.invokeWorkflow no version',
    call: (c) => c.contentTypes.invokeWorkflow({ id: 't', defaultLanguage: 'en-GB' }, 'publish'),
    message: 'A valid content type version number value needs to be specified.',
  },
  {
    label: 'contentTypes.invokeWorkflow no event',
    call: (c) => c.contentTypes.invokeWorkflow({ id: 't', defaultLanguage: 'en-GB', version }, ''),
    message: 'A valid event needs to be specified.',
  },
  {
    label: 'contentTypes.delete("")',
    call: (c) => c.contentTypes.delete(''),
    message: 'A valid id needs to be specified.',
  },
  // entries
  {
    label: 'entries.search({})',
    call: (c) => c.entries.search({}),
    message: 'A valid query needs to be specified.',
  },
  {
    label: 'entries.search({ pageSize })',
    call: (c) => c.entries.search({ pageSize: 5 }),
    message: 'A valid query needs to be specified.',
  },
  {
    label: 'entries.search(42)',
    call: (c) => c.entries.search(42),
    message: 'A valid query needs to be specified.',
  },
  {
    label: 'entries.create(null)',
    call: (c) => c.entries.create(null),
    message: 'A valid entry needs to be specified.',
  },
  {
    label: 'entries.update(null)',
    call: (c) => c.entries.update(null),
    message: 'A valid entry needs to be specified.',
  },
  {
    label: 'entries.invokeWorkflow(null)',
    call: (c) => c.entries.invokeWorkflow(null, 'publish'),
    message: 'A valid entry needs to be specified.',
  },
  {
    label: 'entries.invokeWorkflowByTrigger(null)',
    call: (c) => c.entries.invokeWorkflowByTrigger(null, { event: 'x' }),
    message: 'A valid entry needs to be specified.',
  },
  {
    label: 'entries.create({})',
    call: (c) => c.entries.create({}),
    message: 'A valid entry content type id or data format value needs to be specified.',
  },
  {
    label: 'entries.create({ sys: { language } })',
    call: (c) => c.entries.create({ sys: { language: 'en-GB' } }),
    message: 'A valid entry content type id or data format value needs to be specified.',
  },
  {
    label: 'entries.update({ sys: {} })',
    call: (c) => c.entries.update({ sys: {} }),
    message: 'A valid entry id value needs to be specified.',
  },
  {
    label: 'entries.invokeWorkflow({ sys: {} })',
    call: (c) => c.entries.invokeWorkflow({ sys: {} }, 'publish'),
    message: 'A valid entry id value needs to be specified.',
  },
  {
    label: 'entries.invokeWorkflowByTrigger({})',
    call: (c) => c.entries.invokeWorkflowByTrigger({}, { event: 'x' }),
    message: 'A valid entry id value needs to be specified.',
  },
  {
    label: 'entries.invokeWorkflow no language',
    call: (c) => c.entries.invokeWorkflow({ sys: { id: 'e', version } }, 'publish'),
    message: 'A valid entry language value needs to be specified.',
  },
  {
    label: 'entries.invokeWorkflow no version',
    call: (c) => c.entries.invokeWorkflow({ sys: { id: 'e', language: 'en-GB' } }, 'publish'),
    message: 'A valid entry version number value needs to be specified.',
  },
  {
    label: 'entries.invokeWorkflow no event',
    call: (c) => c.entries.invokeWorkflow({ sys: { id: 'e', language: 'en-GB', version } }, ''),
    message: 'A valid event needs to be specified.',
  },
  {
    label: 'entries.invokeWorkflowByTrigger no trigger',
    call: (c) => c.entries.invokeWorkflowByTrigger({ sys: { id: 'e' } }, null),
    message: 'A valid workflow trigger needs to be specified.',
  },
  {
    label: 'entries.delete("")',
    call: (c) => c.entries.delete(''),
    message: 'A valid id needs to be specified.',
  },
  {
    label: 'entries.createAsset(null)',
    call: (c) => c.entries.createAsset(null, 'f', '/p'),
    message: 'A valid asset needs to be specified.',
  },
  {
    label: 'entries.updateAsset(null)',
    call: (c) => c.entries.updateAsset(null, 'f'),
    message: 'A valid asset needs to be specified.',
  },
  {
    label: 'entries.createAsset no file path',
    call: (c) => c.entries.createAsset({}, '', '/p'),
    message: 'A valid asset file path needs to be specified.',
  },
  {
    label: 'entries.createAsset no parent node path',
    call: (c) => c.entries.createAsset({}, 'f', ''),
    message: 'A valid parent node path needs to be specified.',
  },
  // events
  {
    label: 'events: no subscription',
    call: (c) => c.events.connectToEventsStream(null, cb),
    message: 'A valid event subscription needs to be specified.',
  },
  {
    label: 'events: no topics',
    call: (c) => c.events.connectToEventsStream({}, cb),
    message: 'Valid event subscription topics need to be specified.',
  },
  {
    label: 'events: empty topics',
    call: (c) => c.events.connectToEventsStream({ topics: [] }, cb),
    message: 'Valid event subscription topics need to be specified.',
  },
  {
    label: 'events: no callback',
    call: (c) => c.events.connectToEventsStream({ topics: [{ resourceType: 'entry' }] }),
    message: 'A valid event callback needs to be specified.',
  },
  // nodes
  {
    label: 'new NodeOperations()',
    call: () => new ManagementNodeOperations(undefined as never),
    message: 'The class NodeOperations was not initialised correctly.',
  },
  {
    label: 'nodes.create(null)',
    call: (c) => c.nodes.create(null),
    message: 'A valid node needs to be specified.',
  },
  {
    label: 'nodes.update(null)',
    call: (c) => c.nodes.update(null),
    message: 'A valid node needs to be specified.',
  },
  {
    label: 'nodes.create({})',
    call: (c) => c.nodes.create({ displayName: { 'en-GB': 'x' } }),
    message: 'A valid node parent id value needs to be specified.',
  },
  {
    label: 'nodes.update({})',
    call: (c) => c.nodes.update({ parentId: 'p' }),
    message: 'A valid node id value needs to be specified.',
  },
  {
    label: 'nodes.delete("")',
    call: (c) => c.nodes.delete(''),
    message: 'A valid id needs to be specified.',
  },
  {
    label: 'nodes.setChildrenOrder("")',
    call: (c) => c.nodes.setChildrenOrder('', ['a']),
    message: 'A valid id needs to be specified.',
  },
  {
    label: 'nodes.deleteChildrenOrder("")',
    call: (c) => c.nodes.deleteChildrenOrder(''),
    message: 'A valid id needs to be specified.',
  },
  {
    label: 'nodes.setChildrenOrder(id, [])',
    call: (c) => c.nodes.setChildrenOrder('n', []),
    message: 'The children ids need to be specified.',
  },
  {
    label: 'nodes.setChildrenOrder(id)',
    call: (c) => c.nodes.setChildrenOrder('n'),
    message: 'The children ids need to be specified.',
  },
  // permissions
  {
    label: 'permissions.getPermissions(null)',
    call: (c) => c.permissions.getPermissions(null),
    message: 'Valid options need to be specified.',
  },
  {
    label: 'permissions.getAuthorizationForAction(null)',
    call: (c) => c.permissions.getAuthorizationForAction(null),
    message: 'Valid options need to be specified.',
  },
  {
    label: 'permissions.getPermissions no resourceType',
    call: (c) => c.permissions.getPermissions({ userId: 'u' }),
    message: 'A valid resource type needs to be specified.',
  },
  {
    label: 'permissions.getAuthorizationForAction no resourceType',
    call: (c) => c.permissions.getAuthorizationForAction({ userId: 'u', actionName: 'a' }),
    message: 'A valid resource type needs to be specified.',
  },
  {
    label: 'permissions.getPermissions no userId',
    call: (c) => c.permissions.getPermissions({ resourceType: 'entries' }),
    message: 'A valid user id needs to be specified.',
  },
  {
    label: 'permissions.getAuthorizationForAction no userId',
    call: (c) => c.permissions.getAuthorizationForAction({ resourceType: 'entries', actionName: 'a' }),
    message: 'A valid user id needs to be specified.',
  },
  {
    label: 'permissions.getAuthorizationForAction no actionName',
    call: (c) => c.permissions.getAuthorizationForAction({ resourceType: 'entries', userId: 'u' }),
    message: 'A valid action name needs to be specified.',
  },
  // projects
  {
    label: 'projects.create(null)',
    call: (c) => c.projects.create(null),
    message: 'A valid project needs to be specified.',
  },
  {
    label: 'projects.update(null)',
    call: (c) => c.projects.update(null),
    message: 'A valid project needs to be specified.',
  },
  {
    label: 'projects.update({})',
    call: (c) => c.projects.update({ name: 'x' }),
    message: 'A valid project id value needs to be specified.',
  },
  {
    label: 'projects.delete("")',
    call: (c) => c.projects.delete(''),
    message: 'A valid id needs to be specified.',
  },
  // redirects, in the contract's order
  {
    label: 'redirects.create(null)',
    call: (c) => c.redirects.create(null),
    message: 'A valid redirect needs to be specified.',
  },
  {
    label: 'redirects.update(null)',
    call: (c) => c.redirects.update(null),
    message: 'A valid redirect needs to be specified.',
  },
  {
    label: 'redirects.update no id (checked first)',
    call: (c) => c.redirects.update({}),
    message: 'A valid redirect id value needs to be specified.',
  },
  {
    label: 'redirects.create({})',
    call: (c) => c.redirects.create({}),
    message: 'A valid appendSourcePathToDestination value needs to be specified.',
  },
  {
    label: 'redirects.update append not boolean',
    call: (c) => c.redirects.update({ ...redirect, id: 'r', appendSourcePathToDestination: 'yes' }),
    message: 'A valid appendSourcePathToDestination value needs to be specified.',
  },
  {
    label: 'redirects.create statusCode 308',
    call: (c) => c.redirects.create({ ...redirect, statusCode: 308 }),
    message: 'A valid statusCode value needs to be specified.',
  },
  {
    label: 'redirects.create statusCode "301"',
    call: (c) => c.redirects.create({ ...redirect, statusCode: '301' }),
    message: 'A valid statusCode value needs to be specified.',
  },
  {
    label: 'redirects.create no statusCode, no destination',
    call: (c) => c.redirects.create(without('statusCode', { destination: 5 })),
    message: 'A valid statusCode value needs to be specified.',
  },
  {
    label: 'redirects.create no destination',
    call: (c) => c.redirects.create(without('destination')),
    message: 'A valid destination value needs to be specified.',
  },
  {
    label: 'redirects.create destination not a string',
    call: (c) => c.redirects.create({ ...redirect, destination: 5 }),
    message: 'A valid destination value needs to be specified.',
  },
  {
    label: 'redirects.create no match',
    call: (c) => c.redirects.create(without('match')),
    message: 'A valid match value needs to be specified.',
  },
  {
    label: 'redirects.create match type contains',
    call: (c) => c.redirects.create({ ...redirect, match: { type: 'contains', value: '/a' } }),
    message: 'A valid match value needs to be specified.',
  },
  {
    label: 'redirects.create match value empty',
    call: (c) => c.redirects.create({ ...redirect, match: { type: 'regex', value: '' } }),
    message: 'A valid match value needs to be specified.',
  },
  {
    label: 'redirects.create no sourceDomain',
    call: (c) => c.redirects.create(without('sourceDomain')),
    message: 'A valid sourceDomain value needs to be specified.',
  },
  {
    label: 'redirects.update sourceDomain not a string',
    call: (c) => c.redirects.update({ ...redirect, id: 'r', sourceDomain: 1 }),
    message: 'A valid sourceDomain value needs to be specified.',
  },
  {
    label: 'redirects.delete("")',
    call: (c) => c.redirects.delete(''),
    message: 'A valid id needs to be specified.',
  },
  // roles
  {
    label: 'roles.create(null)',
    call: (c) => c.roles.create(null),
    message: 'A valid role needs to be specified.',
  },
  {
    label: 'roles.update(null)',
    call: (c) => c.roles.update(null),
    message: 'A valid role needs to be specified.',
  },
  {
    label: 'roles.update({})',
    call: (c) => c.roles.update({ name: 'x' }),
    message: 'A valid role id value needs to be specified.',
  },
  {
    label: 'roles.delete("")',
    call: (c) => c.roles.delete(''),
    message: 'A valid id needs to be specified.',
  },
  // users
  {
    label: 'new UserOperations()',
    call: () => new UserOperations(undefined as never),
    message: 'The class UserOperations was not initialised correctly.',
  },
  {
    label: 'users.getById("")',
    call: (c) => c.security.users.getById(''),
    message: 'A valid user id needs to be specified.',
  },
  {
    label: 'users.getByUsername("")',
    call: (c) => c.security.users.getByUsername(''),
    message: 'A valid user name needs to be specified.',
  },
  {
    label: 'users.getByEmail("")',
    call: (c) => c.security.users.getByEmail(''),
    message: 'A valid user email needs to be specified.',
  },
  {
    label: 'users.create(null)',
    call: (c) => c.security.users.create(null),
    message: 'A valid user needs to be specified.',
  },
  {
    label: 'users.update(null)',
    call: (c) => c.security.users.update(null),
    message: 'A valid user needs to be specified.',
  },
  {
    label: 'users.update({})',
    call: (c) => c.security.users.update({ email: 'a@b.c' }),
    message: 'A valid user id value needs to be specified.',
  },
  {
    label: 'users.updatePassword(null)',
    call: (c) => c.security.users.updatePassword(null),
    message: 'A valid user id needs to be specified.',
  },
  {
    label: 'users.updatePassword no userId',
    call: (c) => c.security.users.updatePassword({ new: 'x' }),
    message: 'A valid user id needs to be specified.',
  },
  {
    label: 'users.updatePassword no new',
    call: (c) => c.security.users.updatePassword({ userId: 'u', existing: 'x' }),
    message: 'A valid new password value needs to be specified.',
  },
  {
    label: 'users.delete("")',
    call: (c) => c.security.users.delete(''),
    message: 'A valid id needs to be specified.',
  },
  {
    label: 'users.userIsMemberOf no user',
    call: (c) => c.security.users.userIsMemberOf('', 'g'),
    message: 'A valid user id needs to be specified.',
  },
  {
    label: 'users.userIsMemberOf no groups',
    call: (c) => c.security.users.userIsMemberOf('u'),
    message: 'At least a valid group id or name needs to be specified.',
  },
  {
    label: 'users.userIsMemberOf empty group',
    call: (c) => c.security.users.userIsMemberOf('u', ''),
    message: 'At least a valid group id or name needs to be specified.',
  },
  {
    label: 'users.suspendUser("")',
    call: (c) => c.security.users.suspendUser(''),
    message: 'A valid user id needs to be specified.',
  },
  {
    label: 'users.unsuspendUser("")',
    call: (c) => c.security.users.unsuspendUser(''),
    message: 'A valid user id needs to be specified.',
  },
  {
    label: 'users.unlockUser("")',
    call: (c) => c.security.users.unlockUser(''),
    message: 'A valid user id needs to be specified.',
  },
  {
    label: 'users.setPasswordToExpirable("")',
    call: (c) => c.security.users.setPasswordToExpirable(''),
    message: 'A valid user id needs to be specified.',
  },
  // groups
  {
    label: 'new GroupOperations()',
    call: () => new GroupOperations(undefined as never),
    message: 'The class GroupOperations was not initialised correctly.',
  },
  {
    label: 'groups.getById("")',
    call: (c) => c.security.groups.getById(''),
    message: 'A valid group id value needs to be specified.',
  },
  {
    label: 'groups.getUsersByGroupId("")',
    call: (c) => c.security.groups.getUsersByGroupId(''),
    message: 'A valid group id value needs to be specified.',
  },
  {
    label: 'groups.getChildGroupsByGroupId("")',
    call: (c) => c.security.groups.getChildGroupsByGroupId(''),
    message: 'A valid group id value needs to be specified.',
  },
  {
    label: 'groups.getByName("")',
    call: (c) => c.security.groups.getByName(''),
    message: 'A valid group name value needs to be specified.',
  },
  {
    label: 'groups.getUsersByGroupName("")',
    call: (c) => c.security.groups.getUsersByGroupName(''),
    message: 'A valid group name value needs to be specified.',
  },
  {
    label: 'groups.getChildGroupsByGroupName("")',
    call: (c) => c.security.groups.getChildGroupsByGroupName(''),
    message: 'A valid group name value needs to be specified.',
  },
  {
    label: 'groups.create(null)',
    call: (c) => c.security.groups.create(null),
    message: 'A valid group needs to be specified.',
  },
  {
    label: 'groups.update(null)',
    call: (c) => c.security.groups.update(null),
    message: 'A valid group needs to be specified.',
  },
  {
    label: 'groups.update({})',
    call: (c) => c.security.groups.update({ name: 'x' }),
    message: 'A valid group id value needs to be specified.',
  },
  {
    label: 'groups.delete("")',
    call: (c) => c.security.groups.delete(''),
    message: 'A valid id needs to be specified.',
  },
  ...(['addUser', 'removeUser', 'hasUser', 'addChildGroup', 'removeChildGroup'] as const).map((method) => ({
    label: `groups.${method}("", x)`,
    call: (c: AnyClient) => c.security.groups[method]('', 'x'),
    message: 'A valid group id needs to be specified.',
  })),
  ...(['addUsers', 'addChildGroups'] as const).map((method) => ({
    label: `groups.${method}("", [x])`,
    call: (c: AnyClient) => c.security.groups[method]('', ['x']),
    message: 'A valid group id needs to be specified.',
  })),
  {
    label: 'groups.addUser(g, "")',
    call: (c) => c.security.groups.addUser('g', ''),
    message: 'A valid user id needs to be specified.',
  },
  {
    label: 'groups.removeUser(g, "")',
    call: (c) => c.security.groups.removeUser('g', ''),
    message: 'A valid user id needs to be specified.',
  },
  {
    label: 'groups.hasUser(g, "") (sic)',
    call: (c) => c.security.groups.hasUser('g', ''),
    message: 'A valid users id needs to be specified.',
  },
  {
    label: 'groups.addUsers(g, [])',
    call: (c) => c.security.groups.addUsers('g', []),
    message: 'At least one valid user id needs to be specified.',
  },
  {
    label: 'groups.addUsers(g)',
    call: (c) => c.security.groups.addUsers('g'),
    message: 'At least one valid user id needs to be specified.',
  },
  {
    label: 'groups.addChildGroup(g, "")',
    call: (c) => c.security.groups.addChildGroup('g', ''),
    message: 'A valid child group id needs to be specified.',
  },
  {
    label: 'groups.removeChildGroup(g, "")',
    call: (c) => c.security.groups.removeChildGroup('g', ''),
    message: 'A valid child group id needs to be specified.',
  },
  {
    label: 'groups.addChildGroups(g, [])',
    call: (c) => c.security.groups.addChildGroups('g', []),
    message: 'At least one valid child group id needs to be specified.',
  },
  // Checks the official client lacks (it would request `…/undefined`), with contract texts.
  {
    label: 'entries.get("")',
    call: (c) => c.entries.get(''),
    message: 'A valid entry id needs to be specified.',
  },
  {
    label: 'entries.getUsage({})',
    call: (c) => c.entries.getUsage({}),
    message: 'A valid entry id needs to be specified.',
  },
  {
    label: 'nodes.getByEntryId("")',
    call: (c) => c.nodes.getByEntryId(''),
    message: 'A valid entry id needs to be specified.',
  },
  { label: 'nodes.get("")', call: (c) => c.nodes.get(''), message: 'A valid id needs to be specified.' },
  {
    label: 'nodes.getChildren({})',
    call: (c) => c.nodes.getChildren({}),
    message: 'A valid id needs to be specified.',
  },
  {
    label: 'contentTypes.get("")',
    call: (c) => c.contentTypes.get(''),
    message: 'A valid content type id value needs to be specified.',
  },
  {
    label: 'components.get({})',
    call: (c) => c.components.get({}),
    message: 'A valid component id value needs to be specified.',
  },
  { label: 'roles.get("")', call: (c) => c.roles.get(''), message: 'A valid id needs to be specified.' },
  {
    label: 'redirects.get("")',
    call: (c) => c.redirects.get(''),
    message: 'A valid id needs to be specified.',
  },
  {
    label: 'users.getUserGroups({})',
    call: (c) => c.security.users.getUserGroups({}),
    message: 'A valid user id needs to be specified.',
  },
  {
    label: 'projects.get() without a project',
    call: () => ManagementClient.create({ rootUrl: 'http://127.0.0.1:9' }).projects.get(),
    message: 'A valid project id value needs to be specified.',
  },
  {
    label: 'any project call without a project',
    call: () => ManagementClient.create({ rootUrl: 'http://127.0.0.1:9' }).nodes.getRoot(),
    message: 'A valid project id value needs to be specified.',
  },
];

/** §5.2 checks of the async tag and tag-group methods: a rejected promise. */
const asynchronous: Case[] = [
  {
    label: 'tags.get(null)',
    call: (c) => c.tags.get(null),
    message: 'A valid tag id needs to be specified.',
  },
  { label: 'tags.get("")', call: (c) => c.tags.get(''), message: 'A valid tag id needs to be specified.' },
  {
    label: 'tags.get({ label })',
    call: (c) => c.tags.get({ label: 'x' }),
    message: 'A valid tag group id and label needs to be specified.',
  },
  {
    label: 'tags.get({ groupId })',
    call: (c) => c.tags.get({ groupId: 'g' }),
    message: 'A valid tag group id and label needs to be specified.',
  },
  {
    label: 'tags.get({ groupId, label: 5 })',
    call: (c) => c.tags.get({ groupId: 'g', label: 5 }),
    message: 'A valid tag group id and label needs to be specified.',
  },
  {
    label: 'tags.create(null)',
    call: (c) => c.tags.create(null),
    message: 'A valid tag needs to be specified.',
  },
  {
    label: 'tags.update(null)',
    call: (c) => c.tags.update(null),
    message: 'A valid tag needs to be specified.',
  },
  {
    label: 'tags.create no value',
    call: (c) => c.tags.create({ groupId: 'g', label: { 'en-GB': 'X' } }),
    message: 'A valid tag value, tag group id and label needs to be specified.',
  },
  {
    label: 'tags.create no groupId',
    call: (c) => c.tags.create({ value: 'x', label: { 'en-GB': 'X' } }),
    message: 'A valid tag value, tag group id and label needs to be specified.',
  },
  {
    label: 'tags.create no label',
    call: (c) => c.tags.create({ value: 'x', groupId: 'g' }),
    message: 'A valid tag value, tag group id and label needs to be specified.',
  },
  {
    label: 'tags.update({})',
    call: (c) => c.tags.update({ value: 'x' }),
    message: 'A valid tag id value needs to be specified.',
  },
  {
    label: 'tags.getUsage("")',
    call: (c) => c.tags.getUsage(''),
    message: 'A valid tag id needs to be specified.',
  },
  {
    label: 'tags.delete(null)',
    call: (c) => c.tags.delete(null),
    message: 'A valid tag id needs to be specified.',
  },
  {
    label: 'tags.delete("")',
    call: (c) => c.tags.delete(''),
    message: 'A valid tag id needs to be specified.',
  },
  {
    label: 'tags.delete({ groupId, ids: [] })',
    call: (c) => c.tags.delete({ groupId: 'g', ids: [] }),
    message: 'A valid tag group id and array of tag ids needs to be specified.',
  },
  {
    label: 'tags.delete({ ids })',
    call: (c) => c.tags.delete({ ids: ['a'] }),
    message: 'A valid tag group id and array of tag ids needs to be specified.',
  },
  {
    label: 'tags.delete({ groupId, ids: "a" })',
    call: (c) => c.tags.delete({ groupId: 'g', ids: 'a' }),
    message: 'A valid tag group id and array of tag ids needs to be specified.',
  },
  {
    label: 'tagGroups.get(undefined)',
    call: (c) => c.tagGroups.get(undefined),
    message: 'A valid tag group id needs to be specified.',
  },
  {
    label: 'tagGroups.get(5)',
    call: (c) => c.tagGroups.get(5),
    message: 'A valid tag group id needs to be specified.',
  },
  {
    label: 'tagGroups.delete("")',
    call: (c) => c.tagGroups.delete(''),
    message: 'A valid tag group id needs to be specified.',
  },
  {
    label: 'tagGroups.create(null)',
    call: (c) => c.tagGroups.create(null),
    message: 'A valid tag group needs to be specified.',
  },
  {
    label: 'tagGroups.update(null)',
    call: (c) => c.tags.groups.update(null),
    message: 'A valid tag group needs to be specified.',
  },
  {
    label: 'tagGroups.create no name',
    call: (c) => c.tagGroups.create({ id: 'g' }),
    message: 'A valid tag group id and name needs to be specified.',
  },
  {
    label: 'tagGroups.create no id',
    call: (c) => c.tagGroups.create({ name: 'G' }),
    message: 'A valid tag group id and name needs to be specified.',
  },
  {
    label: 'tagGroups.update no id',
    call: (c) => c.tagGroups.update({ name: 'G' }),
    message: 'A valid tag group id value needs to be specified.',
  },
];

describe('management validation messages (contract §5.2), before any request', () => {
  it.each(synchronous)('$label throws synchronously: $message', ({ call, message }) => {
    let thrown: unknown;
    try {
      call(client());
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).name).toBe('Error');
    expect((thrown as Error).message).toBe(message);
  });

  it.each(asynchronous)('$label rejects: $message', async ({ call, message }) => {
    let result: unknown;
    expect(() => {
      result = call(client());
    }).not.toThrow();
    expect(result).toBeInstanceOf(Promise);
    const error = await (result as Promise<unknown>).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('Error');
    expect((error as Error).message).toBe(message);
  });

  it('covers every §5.2 message of ManagementMessages and SecurityMessages', () => {
    const tested = new Set([...synchronous, ...asynchronous].map((c) => c.message));
    // Tested elsewhere: the upload failure and Node.js-only messages (assets.test.ts), the
    // client's own create / ensureBearerToken messages (porting.test.ts). Never thrown by design:
    // the browser-only and EntryOperationsForServer messages (see below).
    const elsewhere = new Set<unknown>([
      ManagementMessages.assetNotUploaded,
      ManagementMessages.createSecondArgument,
      ManagementMessages.noBearerToken,
      ManagementMessages.eventsBrowserOnly,
      ManagementMessages.serverOnly,
    ]);
    const all = [...Object.values(ManagementMessages), ...Object.values(SecurityMessages)].filter(
      (text) => typeof text === 'string' && !elsewhere.has(text),
    ) as string[];
    expect(all.filter((text) => !tested.has(text))).toEqual([]);
  });

  it('falsy searches resolve null without a request', async () => {
    await expect(client().entries.search(undefined)).resolves.toBeNull();
    await expect(client().security.users.search(null)).resolves.toBeNull();
  });

  it('does not throw the browser-only message in Node.js: the event stream works here (deliberate)', async () => {
    const c = client({ rootUrl: '' });
    // Rejects for the relative root instead: proof that the browser check is not made.
    await expect(c.events.connectToEventsStream({ topics: [{ resourceType: 'entry' }] }, cb)).rejects.toThrow(
      'You cannot specify a relative root url if not in a browser context.',
    );
  });
});

describe('HTTP configuration messages (contract §5.3) in the management client', () => {
  it('rejects client_credentials without clientDetails', async () => {
    const c = ManagementClient.create({
      rootUrl: server().url,
      projectId: 'website',
      clientType: 'client_credentials',
    });
    await expect(c.projects.list()).rejects.toThrow(
      'If the property client type is set to "client_credentials" then the property clientDetails must be set to a ClientCredentialsGrant value.',
    );
  });

  it('rejects clientType none without an access token', async () => {
    const c = ManagementClient.create({ rootUrl: server().url, projectId: 'website', clientType: 'none' });
    await expect(c.projects.list()).rejects.toThrow(
      'If the property clientType is set to "none" then the property accessToken must be provided.',
    );
  });

  it('rejects a relative root URL outside a browser', async () => {
    await expect(client({ rootUrl: '/' }).projects.list()).rejects.toThrow(
      'You cannot specify a relative root url if not in a browser context.',
    );
  });
});
