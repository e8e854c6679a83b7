// A design keyed on natural attributes: the table on `user_id` (N) and `created_at` (S), a GSI on `status` (S)
// and `score` (N), a GSI on `token` (B), each an attribute of Post itself (template `{name}`), and a User
// whose sort key is a literal beside them. Shared by the tests of natural keys (validation, derivation,
// generation, requests, DynamoDB Local).
import type { DesignInput } from '../model/schema.ts';

const b64 = (bytes: number[]) => Buffer.from(bytes).toString('base64');

export const naturalKeysDesign = (): DesignInput => ({
  format: 'keyplan/1',
  name: 'Natural keys',
  table: {
    name: 'Posts',
    partitionKey: { name: 'user_id', type: 'N' },
    sortKey: { name: 'created_at', type: 'S' },
    globalSecondaryIndexes: [
      {
        name: 'ByStatus',
        partitionKey: { name: 'status', type: 'S' },
        sortKey: { name: 'score', type: 'N' },
      },
      { name: 'ByToken', partitionKey: { name: 'token', type: 'B' }, projection: { type: 'KEYS_ONLY' } },
    ],
    localSecondaryIndexes: [{ name: 'ByScore', sortKey: { name: 'score', type: 'N' } }],
  },
  entities: [
    {
      name: 'Post',
      attributes: [
        { name: 'user_id', type: 'N', required: true },
        { name: 'created_at', type: 'S', format: 'date-time', required: true },
        { name: 'status', type: 'S', enum: ['draft', 'live'] },
        { name: 'score', type: 'N' },
        { name: 'token', type: 'B' },
        { name: 'title', type: 'S', format: 'sentence' },
      ],
      keys: {
        user_id: '{user_id}',
        created_at: '{created_at}',
        status: '{status}',
        score: '{score}',
        token: '{token}',
      },
    },
    {
      name: 'User',
      attributes: [
        { name: 'user_id', type: 'N', required: true },
        { name: 'name', type: 'S', format: 'person-name' },
      ],
      keys: { user_id: '{user_id}', created_at: 'PROFILE' },
    },
  ],
  items: {
    Post: [
      {
        user_id: 1,
        created_at: '2026-01-01T10:00:00Z',
        status: 'live',
        score: 5,
        token: b64([0x00, 0x01]),
        title: 'a',
      },
      {
        user_id: 1,
        created_at: '2026-01-02T10:00:00Z',
        status: 'live',
        score: -2.5,
        token: b64([0xff]),
        title: 'b',
      },
      { user_id: 1, created_at: '2026-01-03T10:00:00Z', status: 'draft', score: 7, title: 'c' },
      {
        user_id: 2,
        created_at: '2026-01-01T09:00:00Z',
        status: 'live',
        score: 12,
        token: b64([0x7f]),
        title: 'd',
      },
      { user_id: 2, created_at: '2026-01-04T09:00:00Z', title: 'no status, no score: in no index' },
      { user_id: -3, created_at: '2026-02-01T00:00:00Z', status: 'live', score: 1e3, title: 'e' },
    ],
    User: [
      { user_id: 1, name: 'Ada' },
      { user_id: 2, name: 'Grace' },
      { user_id: -3, name: 'Negative' },
    ],
  },
  accessPatterns: [
    {
      id: 'get-post',
      name: 'One post of a user',
      operation: 'GetItem',
      keyCondition: { partition: '{user_id}', sort: { op: '=', value: '{created_at}' } },
      example: { user_id: 1, created_at: '2026-01-02T10:00:00Z' },
    },
    {
      id: 'user-and-posts',
      name: 'A user with its posts',
      operation: 'Query',
      keyCondition: { partition: '{user_id}' },
      example: { user_id: 1 },
    },
    {
      id: 'posts-in-range',
      name: 'Posts of a user in a time range, newest first',
      operation: 'Query',
      keyCondition: {
        partition: '{user_id}',
        sort: { op: 'between', value: '{from}', to: '{to}' },
      },
      scanIndexForward: false,
      example: { user_id: 1, from: '2026-01-01', to: '2026-01-03' },
    },
    {
      id: 'live-by-score',
      name: 'Live posts scoring over a minimum',
      operation: 'Query',
      index: 'ByStatus',
      keyCondition: { partition: '{status}', sort: { op: '>', value: '{min}' } },
      example: { status: 'live', min: 0 },
    },
    {
      id: 'user-posts-by-score',
      name: 'Posts of a user by score',
      operation: 'Query',
      index: 'ByScore',
      keyCondition: { partition: '{user_id}', sort: { op: '>=', value: '{min}' } },
      example: { user_id: 1, min: -10 },
    },
    {
      id: 'post-by-token',
      name: 'The post holding a token',
      operation: 'Query',
      index: 'ByToken',
      keyCondition: { partition: '{token}' },
      example: { token: b64([0xff]) },
    },
    {
      id: 'titled',
      name: 'Every item with a title',
      operation: 'Scan',
      filter: [{ attribute: 'title', op: 'exists' }],
    },
    {
      id: 'create-post',
      name: 'Create a post',
      operation: 'PutItem',
      entity: 'Post',
      condition: 'not-exists',
      example: { user_id: 9, created_at: '2026-03-01T00:00:00Z', status: 'draft', score: 0, title: 'new' },
    },
    {
      id: 'rescore',
      name: 'Change the score of a post',
      operation: 'UpdateItem',
      entity: 'Post',
      condition: 'exists',
      set: ['score', 'title'],
      example: { user_id: 1, created_at: '2026-01-01T10:00:00Z', score: 99, title: 'rescored' },
    },
    {
      id: 'delete-post',
      name: 'Delete a post',
      operation: 'DeleteItem',
      entity: 'Post',
      example: { user_id: 2, created_at: '2026-01-04T09:00:00Z' },
    },
  ],
});

/**
 * The design without its binary key (the ByToken GSI, `token` and the pattern reading it): for the generated
 * code's tests, whose harness passes arguments as JSON, with no bytes.
 */
export function naturalKeysDesignWithoutBinary(): DesignInput {
  const design = naturalKeysDesign();
  design.table.globalSecondaryIndexes = design.table.globalSecondaryIndexes?.filter(
    (g) => g.name !== 'ByToken',
  );
  const post = design.entities![0];
  post.attributes = post.attributes!.filter((a) => a.name !== 'token');
  delete post.keys.token;
  for (const sample of design.items!.Post) delete sample.token;
  design.accessPatterns = design.accessPatterns!.filter((p) => p.id !== 'post-by-token');
  return design;
}

/**
 * As an imported NoSQL Workbench model is: no type attribute written (`writeTypeAttribute: false`), and a
 * User's `handle` kept in its sort key only (`PROFILE#{handle}`, key-only), with a pattern that creates one.
 */
export function keyOnlyDesign(): DesignInput {
  const design = naturalKeysDesignWithoutBinary();
  design.name = 'Key-only attributes';
  design.table.name = 'KeyOnlyPosts'; // beside the natural-keys design's table in one test namespace
  design.table.writeTypeAttribute = false;
  const user = design.entities![1];
  user.attributes!.push({ name: 'handle', type: 'S', required: true, keyOnly: true });
  user.keys.created_at = 'PROFILE#{handle}';
  design.items!.User.forEach((sample, i) => {
    sample.handle = `h${i}`;
  });
  // A Post's tag lives in the ByTag index key only.
  design.table.globalSecondaryIndexes!.push({ name: 'ByTag', partitionKey: { name: 'tagKey', type: 'S' } });
  const post = design.entities![0];
  post.attributes!.push({ name: 'tag', type: 'S', keyOnly: true });
  post.keys.tagKey = 'TAG#{tag}';
  design.items!.Post[0].tag = 'news';
  design.accessPatterns!.push(
    {
      id: 'tagged',
      name: 'Posts with a tag',
      operation: 'Query',
      index: 'ByTag',
      keyCondition: { partition: 'TAG#{tag}' },
      example: { tag: 'news' },
    },
    {
      id: 'retag',
      name: 'Tag a post',
      operation: 'UpdateItem',
      entity: 'Post',
      condition: 'exists',
      set: ['tag'],
      example: { user_id: 1, created_at: '2026-01-02T10:00:00Z', tag: 'news' },
    },
  );
  design.accessPatterns!.push({
    id: 'create-user',
    name: 'Create a user',
    operation: 'PutItem',
    entity: 'User',
    condition: 'not-exists',
    example: { user_id: 7, handle: 'neo', name: 'Neo' },
  });
  return design;
}
