// A design for the code generator's tests with what the built-in examples lack: a number sort key on a
// GSI, a zero-padded {n:6} key, an LSI read with ConsistentRead, a KEYS_ONLY index, filters (a BOOL
// literal, numbers, an argument named `limit`), projections of reserved words (name, year, status) and of
// a name that is no identifier (shelf-code), a Scan with a 38-digit number literal, TransactGetItems,
// BatchGetItem over a list with a repeat and a missing key, a string set, DeleteItem and UpdateItem with conditions on attributes, an
// update that removes index keys, and a transaction with a ConditionCheck, a Put and an Update.

import type { DesignInput } from '../model/schema.ts';
import { ExactNumber } from '../values/exact-json.ts';

function book(isbn: string, authorId: string, title: string, year: number, pages: number, more = {}) {
  return { isbn, authorId, title, year, pages, available: true, ...more };
}

function loan(isbn: string, loanNumber: number, member: string, dueDate: string, open: boolean) {
  return { isbn, loanNumber, member, dueDate, returned: !open, status: open ? 'OPEN' : 'CLOSED' };
}

export const codegenTestDesign: DesignInput = {
  format: 'keyplan/1',
  name: 'Library',
  table: {
    name: 'Library',
    partitionKey: { name: 'PK', type: 'S' },
    sortKey: { name: 'SK', type: 'S' },
    globalSecondaryIndexes: [
      {
        name: 'ByAuthorYear',
        partitionKey: { name: 'GSI1PK', type: 'S' },
        sortKey: { name: 'GSI1SK', type: 'N' },
        projection: { type: 'ALL' },
      },
      {
        name: 'GSI2',
        partitionKey: { name: 'GSI2PK', type: 'S' },
        sortKey: { name: 'GSI2SK', type: 'S' },
        projection: { type: 'KEYS_ONLY' },
      },
    ],
    localSecondaryIndexes: [
      { name: 'ByDue', sortKey: { name: 'LSI1SK', type: 'S' }, projection: { type: 'ALL' } },
    ],
  },
  entities: [
    {
      name: 'Author',
      attributes: [
        { name: 'authorId', type: 'S', required: true },
        { name: 'name', type: 'S', required: true },
        { name: 'country', type: 'S' },
      ],
      keys: { PK: 'AUTHOR#{authorId}', SK: 'PROFILE' },
    },
    {
      name: 'Book',
      attributes: [
        { name: 'isbn', type: 'S', required: true },
        { name: 'authorId', type: 'S', required: true },
        { name: 'title', type: 'S', required: true },
        { name: 'year', type: 'N', required: true },
        { name: 'pages', type: 'N' },
        { name: 'tags', type: 'SS' },
        { name: 'available', type: 'BOOL' },
        { name: 'shelf-code', type: 'S' },
      ],
      keys: {
        PK: 'BOOK#{isbn}',
        SK: 'DETAILS',
        GSI1PK: 'AUTHOR#{authorId}',
        GSI1SK: '{year}',
        GSI2PK: 'SHELF#{shelf-code}',
        GSI2SK: 'BOOK#{isbn}',
      },
    },
    {
      name: 'Loan',
      attributes: [
        { name: 'isbn', type: 'S', required: true },
        { name: 'loanNumber', type: 'N', required: true },
        { name: 'member', type: 'S', required: true },
        { name: 'dueDate', type: 'S', format: 'date' },
        { name: 'returned', type: 'BOOL' },
        { name: 'status', type: 'S', enum: ['OPEN', 'CLOSED'] },
      ],
      keys: {
        PK: 'BOOK#{isbn}',
        SK: 'LOAN#{loanNumber:6}',
        LSI1SK: 'DUE#{dueDate}',
        GSI2PK: 'MEMBER#{member}',
        GSI2SK: 'DUE#{dueDate}',
      },
    },
  ],
  accessPatterns: [
    {
      id: 'get-author',
      name: 'Get an author',
      operation: 'GetItem',
      keyCondition: { partition: 'AUTHOR#{authorId}', sort: { op: '=', value: 'PROFILE' } },
      projection: ['name', 'country'],
      consistentRead: true,
      returns: ['Author'],
      example: { authorId: 'a1' },
    },
    {
      id: 'books-by-author-since',
      name: "An author's books since a year, newest first, up to a length",
      operation: 'Query',
      index: 'ByAuthorYear',
      keyCondition: { partition: 'AUTHOR#{authorId}', sort: { op: '>=', value: '{fromYear}' } },
      filter: [{ attribute: 'pages', op: '<=', value: '{limit}' }],
      scanIndexForward: false,
      returns: ['Book'],
      example: { authorId: 'a1', fromYear: 1970, limit: 500 },
    },
    {
      id: 'book-loans',
      name: 'Loans of a book in a range of loan numbers, returned or not',
      operation: 'Query',
      keyCondition: {
        partition: 'BOOK#{isbn}',
        sort: { op: 'between', value: 'LOAN#{from:6}', to: 'LOAN#{to:6}' },
      },
      filter: [{ attribute: 'returned', op: '=', value: '{returned}' }],
      limit: 2,
      returns: ['Loan'],
      example: { isbn: 'b1', from: 1, to: 12, returned: false },
    },
    {
      id: 'loans-due-before',
      name: 'Loans of a book due before a date',
      operation: 'Query',
      index: 'ByDue',
      keyCondition: { partition: 'BOOK#{isbn}', sort: { op: '<', value: 'DUE#{before}' } },
      projection: ['member', 'dueDate', 'status'],
      consistentRead: true,
      returns: ['Loan'],
      example: { isbn: 'b1', before: '2026-11-01' },
    },
    {
      id: 'member-loans',
      name: "A member's loans by due date",
      operation: 'Query',
      index: 'GSI2',
      keyCondition: { partition: 'MEMBER#{member}' },
      returns: ['Loan'],
      example: { member: 'm1' },
    },
    {
      id: 'available-books',
      name: 'Books on the shelves with more pages than',
      operation: 'Scan',
      filter: [
        { attribute: 'available', op: '=', value: true },
        { attribute: 'pages', op: '>', value: '{minPages}' },
        // 38 digits: a double would send 12345678901234568000000000000000000000.
        { attribute: 'pages', op: '<', value: new ExactNumber('12345678901234567890123456789012345678') },
      ],
      projection: ['title', 'year', 'shelf-code'],
      returns: ['Book'],
      example: { minPages: 200 },
    },
    {
      id: 'author-and-book',
      name: 'An author and one of their books at once',
      operation: 'TransactGetItems',
      gets: [{ entity: 'Author' }, { entity: 'Book', projection: ['title', 'year'] }],
      example: { authorId: 'a1', isbn: 'b2' },
    },
    {
      id: 'books-batch',
      name: 'Several books',
      operation: 'BatchGetItem',
      gets: [{ entity: 'Book' }],
      example: { isbn: ['b1', 'b4', 'b1', 'b99'] },
    },
    {
      id: 'add-book',
      name: 'Add a book',
      operation: 'PutItem',
      entity: 'Book',
      condition: 'not-exists',
      example: {
        isbn: 'b8',
        authorId: 'a3',
        title: 'Arrow of God',
        year: 1964,
        pages: 230,
        tags: ['novel', 'classic'],
        available: true,
        'shelf-code': 'C-1',
      },
    },
    {
      id: 'return-loan',
      name: 'Return an open loan',
      operation: 'UpdateItem',
      entity: 'Loan',
      set: ['returned', 'status'],
      remove: ['dueDate'],
      condition: [{ attribute: 'status', op: '=', value: 'OPEN' }],
      example: { isbn: 'b1', loanNumber: 2, returned: true, status: 'CLOSED' },
    },
    {
      id: 'delete-loan',
      name: 'Forget a returned loan',
      operation: 'DeleteItem',
      entity: 'Loan',
      condition: [{ attribute: 'returned', op: '=', value: true }],
      example: { isbn: 'b1', loanNumber: 1 },
    },
    {
      id: 'lend-book',
      name: 'Lend an available book by a known author',
      operation: 'TransactWriteItems',
      actions: [
        { operation: 'ConditionCheck', entity: 'Author', condition: 'exists' },
        { operation: 'PutItem', entity: 'Loan', condition: 'not-exists' },
        {
          operation: 'UpdateItem',
          entity: 'Book',
          set: ['available'],
          condition: [{ attribute: 'available', op: '=', value: true }],
        },
      ],
      example: {
        authorId: 'a1',
        isbn: 'b2',
        loanNumber: 7,
        member: 'm2',
        dueDate: '2026-12-01',
        returned: false,
        status: 'OPEN',
        available: false,
      },
    },
  ],
  items: {
    Author: [
      { authorId: 'a1', name: 'Ursula K. Le Guin', country: 'US' },
      { authorId: 'a2', name: 'Stanisław Lem', country: 'PL' },
      { authorId: 'a3', name: 'Chinua Achebe' },
    ],
    Book: [
      book('b1', 'a1', 'A Wizard of Earthsea', 1968, 183, { tags: ['fantasy', 'classic'], available: false }),
      book('b2', 'a1', 'The Dispossessed', 1974, 387, { tags: ['sf'], 'shelf-code': 'A-2' }),
      book('b3', 'a1', 'The Lathe of Heaven', 1971, 184, { 'shelf-code': 'A-2' }),
      book('b4', 'a2', 'Solaris', 1961, 204, { tags: ['sf', 'classic'], 'shelf-code': 'B-1' }),
      book('b5', 'a2', 'The Cyberiad', 1965, 295, { available: false }),
      book('b6', 'a3', 'Things Fall Apart', 1958, 209, { 'shelf-code': 'C-1' }),
      book('b7', 'a1', 'Always Coming Home', 1985, 523),
    ],
    Loan: [
      loan('b1', 1, 'm1', '2026-10-01', false),
      loan('b1', 2, 'm2', '2026-10-20', true),
      loan('b1', 3, 'm1', '2026-11-05', true),
      loan('b1', 12, 'm3', '2026-10-25', true),
      loan('b5', 1, 'm1', '2026-10-15', true),
    ],
  },
};
