/** The security API (contract §4.3–4.4): users and groups, at `managementClient.security`. */
export { GroupOperations } from './group-operations.js';
export type {
  ChildGroupListOptions,
  GroupMemberListOptions,
  SecurityListOptions,
  UserGroupsOptions,
} from './list-options.js';
export { SecurityMessages } from './messages.js';
export type {
  Group,
  GroupInput,
  GroupType,
  UpdatePasswordOptions,
  User,
  UserCredentials,
  UserInput,
  UserStatus,
} from './models.js';
export { USER_PATCH_CONTENT_TYPE, type UserActionType, UserOperations } from './user-operations.js';
