import { GROUP_FIELDS, type GroupJson } from './group-model.js';
import type { ListSpec } from './listing.js';
import { USER_FIELDS, type UserJson } from './user-model.js';

/** How users are listed: `q` looks in username, email, first and last name. */
export const USER_LIST: ListSpec<UserJson> = {
  label: 'user',
  fields: USER_FIELDS,
  searchable: (user) => [user.username, user.email, user.firstName, user.lastName],
};

/** How groups are listed: `q` looks in name and description. */
export const GROUP_LIST: ListSpec<GroupJson> = {
  label: 'group',
  fields: GROUP_FIELDS,
  searchable: (group) => [group.name, group.description],
};
