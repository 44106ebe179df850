/**
 * Validation messages of the security operations (contract §5.2). The texts are the contract,
 * including the official client's grammar slip 'A valid users id …' (sic) of `groups.hasUser`.
 */
export const SecurityMessages = {
  id: 'A valid id needs to be specified.',
  query: 'A valid query needs to be specified.',

  userOperationsInit: 'The class UserOperations was not initialised correctly.',
  userId: 'A valid user id needs to be specified.',
  userName: 'A valid user name needs to be specified.',
  userEmail: 'A valid user email needs to be specified.',
  user: 'A valid user needs to be specified.',
  userIdValue: 'A valid user id value needs to be specified.',
  newPassword: 'A valid new password value needs to be specified.',
  groupIdOrName: 'At least a valid group id or name needs to be specified.',

  groupOperationsInit: 'The class GroupOperations was not initialised correctly.',
  groupIdValue: 'A valid group id value needs to be specified.',
  groupNameValue: 'A valid group name value needs to be specified.',
  group: 'A valid group needs to be specified.',
  groupId: 'A valid group id needs to be specified.',
  /** (sic) — reproduced verbatim from the official client. */
  usersId: 'A valid users id needs to be specified.',
  userIds: 'At least one valid user id needs to be specified.',
  childGroupId: 'A valid child group id needs to be specified.',
  childGroupIds: 'At least one valid child group id needs to be specified.',
} as const;
