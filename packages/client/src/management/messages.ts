/**
 * Validation messages of the management client (contract §5.2). The texts are the contract:
 * they are thrown as plain `Error`s before any request is sent and must stay identical.
 */
export const ManagementMessages = {
  id: 'A valid id needs to be specified.',
  event: 'A valid event needs to be specified.',
  query: 'A valid query needs to be specified.',

  component: 'A valid component needs to be specified.',
  componentId: 'A valid component id value needs to be specified.',
  componentVersionNo: 'A valid component version number value needs to be specified.',

  contentType: 'A valid content type needs to be specified.',
  contentTypeId: 'A valid content type id value needs to be specified.',
  contentTypeDefaultLanguage: 'A valid content type default language value needs to be specified.',
  contentTypeVersionNo: 'A valid content type version number value needs to be specified.',

  entry: 'A valid entry needs to be specified.',
  entryContentTypeOrDataFormat: 'A valid entry content type id or data format value needs to be specified.',
  entryIdValue: 'A valid entry id value needs to be specified.',
  entryLanguage: 'A valid entry language value needs to be specified.',
  entryVersionNo: 'A valid entry version number value needs to be specified.',
  workflowTrigger: 'A valid workflow trigger needs to be specified.',
  /** Our own check for entries.get / getUsage, with the delivery client's text (contract §5.1). */
  entryId: 'A valid entry id needs to be specified.',

  serverOnly: 'This function can only be called in class EntryOperationsForServer.',
  /** The message for `createAsset` / `updateAsset` outside Node.js. */
  nodeOnly: (functionName: 'createAsset' | 'updateAsset') =>
    `The function IEntryOperations.${functionName} can only be called in a Node.js process.`,
  asset: 'A valid asset needs to be specified.',
  assetFilePath: 'A valid asset file path needs to be specified.',
  parentNodePath: 'A valid parent node path needs to be specified.',
  assetNotUploaded: 'The asset file could not be uploaded.',

  eventsBrowserOnly:
    'The function IEventOperations.connectToEventsStream can only be called in a browser context.',
  eventSubscription: 'A valid event subscription needs to be specified.',
  eventTopics: 'Valid event subscription topics need to be specified.',
  eventCallback: 'A valid event callback needs to be specified.',

  nodeOperationsInit: 'The class NodeOperations was not initialised correctly.',
  node: 'A valid node needs to be specified.',
  nodeParentId: 'A valid node parent id value needs to be specified.',
  nodeIdValue: 'A valid node id value needs to be specified.',
  childrenIds: 'The children ids need to be specified.',
  /** Our own check for nodes.getByEntryId, with the delivery client's text (contract §5.1). */
  nodeEntryId: 'A valid entry id needs to be specified.',

  options: 'Valid options need to be specified.',
  resourceType: 'A valid resource type needs to be specified.',
  userId: 'A valid user id needs to be specified.',
  actionName: 'A valid action name needs to be specified.',

  /** Our own: the second argument of `ManagementClient.create` was neither of what it accepts. */
  createSecondArgument:
    'The second argument of ManagementClient.create must be a fetch function or a token provider (an object with an authorizationHeaders() method).',
  /** Our own: `ensureBearerToken()` on a client that has no way to get a token. */
  noBearerToken:
    'No bearer token is available: configure clientType and clientDetails to sign in, or credentials holding a valid bearer token.',

  project: 'A valid project needs to be specified.',
  projectId: 'A valid project id value needs to be specified.',

  redirect: 'A valid redirect needs to be specified.',
  redirectId: 'A valid redirect id value needs to be specified.',
  redirectAppendSourcePath: 'A valid appendSourcePathToDestination value needs to be specified.',
  redirectStatusCode: 'A valid statusCode value needs to be specified.',
  redirectDestination: 'A valid destination value needs to be specified.',
  redirectMatch: 'A valid match value needs to be specified.',
  redirectSourceDomain: 'A valid sourceDomain value needs to be specified.',

  role: 'A valid role needs to be specified.',
  roleId: 'A valid role id value needs to be specified.',

  tagId: 'A valid tag id needs to be specified.',
  tagGroupIdAndLabel: 'A valid tag group id and label needs to be specified.',
  tag: 'A valid tag needs to be specified.',
  tagValueGroupAndLabel: 'A valid tag value, tag group id and label needs to be specified.',
  tagIdValue: 'A valid tag id value needs to be specified.',
  tagBulkDelete: 'A valid tag group id and array of tag ids needs to be specified.',
  tagGroupId: 'A valid tag group id needs to be specified.',
  tagGroup: 'A valid tag group needs to be specified.',
  tagGroupIdAndName: 'A valid tag group id and name needs to be specified.',
  tagGroupIdValue: 'A valid tag group id value needs to be specified.',
} as const;
