/** Validation messages of the delivery client (contract §5.1); the texts are the contract. */
export const DeliveryMessages = {
  nodeIdOrPath: 'A valid node id or path needs to be specified.',
  nodeId: 'A valid node id needs to be specified.',
  entryId: 'A valid entry id needs to be specified.',
  query: 'A valid query needs to be specified.',
  contentTypeId: 'A valid content type id value needs to be specified.',
  taxonomyKey: 'A valid taxonomy node key needs to be specified.',
  taxonomyPath: 'A valid taxonomy node path needs to be specified.',
  projectId: 'A valid project id value needs to be specified.',
} as const;
