// Sample values shaped by an attribute's type, format, enum and name. Slow faker calls (names, cities,
// companies) fill small pools once per run and are then picked from: 100,000 items stay well under 2 s.
import type { Faker } from '@faker-js/faker';
import type { Attribute, AttributeFormat, Entity, JsonValue } from '../model/schema.ts';

export type Draw = () => JsonValue;

// Dates lie in the years before a reference date (a createdAt is never in the future); the same seed and
// reference date give the same dates.
const PAST_YEARS = 2;
const DAY = 86_400;
// TTL values lie in the future, or DynamoDB would delete the sample items it was given.
const TTL_FROM_DAYS = 30;
const TTL_TO_DAYS = 395;
// RFC 2606 domains: sample data never names a real mailbox.
const EMAIL_DOMAINS = ['example.com', 'example.org', 'example.net'] as const;
const BASE64_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const POOL_SIZE = 200;

const POOLS = {
  firstName: (f: Faker) => f.person.firstName(),
  lastName: (f: Faker) => f.person.lastName(),
  productName: (f: Faker) => f.commerce.productName(),
  company: (f: Faker) => f.company.name(),
  city: (f: Faker) => f.location.city(),
  country: (f: Faker) => f.location.country(),
  phone: (f: Faker) => f.phone.number(),
  url: (f: Faker) => f.internet.url(),
  sentence: (f: Faker) => f.lorem.sentence(),
} as const;
type PoolName = keyof typeof POOLS;

/** Seeded faker plus lazily filled pools; filling order follows first use, so it is deterministic too. */
export class Source {
  private readonly pools = new Map<PoolName, string[]>();

  /** Epoch second of the reference date: every generated date is at or before it, every TTL after it. */
  readonly ref: number;

  constructor(
    readonly faker: Faker,
    refDate: Date,
  ) {
    this.ref = Math.floor(refDate.getTime() / 1000);
  }

  pick(name: PoolName): string {
    let pool = this.pools.get(name);
    if (!pool) {
      pool = Array.from({ length: POOL_SIZE }, () => POOLS[name](this.faker));
      this.pools.set(name, pool);
    }
    return pool[this.faker.number.int(POOL_SIZE - 1)];
  }

  int(min: number, max: number): number {
    return this.faker.number.int({ min, max });
  }

  /** An epoch second in the years before the reference date. */
  epoch(): number {
    return Math.floor(this.faker.date.past({ years: PAST_YEARS, refDate: this.ref * 1000 }).getTime() / 1000);
  }

  /** An epoch second a month to a year after the reference date. */
  ttl(): number {
    return this.int(this.ref + TTL_FROM_DAYS * DAY, this.ref + TTL_TO_DAYS * DAY);
  }

  /** The reference date's year: no generated year lies after it. */
  year(): number {
    return new Date(this.ref * 1000).getUTCFullYear();
  }

  /** `YYYY-MM-DDTHH:mm:ssZ`: ISO-8601 without milliseconds, so it sorts and reads like hand-written data. */
  dateTime(): string {
    return isoSeconds(this.epoch());
  }

  personName(): string {
    return `${this.pick('firstName')} ${this.pick('lastName')}`;
  }

  email(): string {
    const local = `${this.pick('firstName')}.${this.pick('lastName')}${this.int(1, 99)}`;
    return `${local.toLowerCase().replace(/[^a-z0-9.]/g, '')}@${this.faker.helpers.arrayElement(EMAIL_DOMAINS)}`;
  }

  base64(): string {
    return this.faker.string.fromCharacters(BASE64_CHARS, 12);
  }

  word(): string {
    return this.faker.lorem.word();
  }
}

function isoSeconds(epoch: number): string {
  return `${new Date(epoch * 1000).toISOString().slice(0, 19)}Z`;
}

const FORMATS: Record<AttributeFormat, (s: Source) => string> = {
  'date-time': (s) => s.dateTime(),
  date: (s) => s.dateTime().slice(0, 10),
  'epoch-seconds': (s) => String(s.epoch()),
  email: (s) => s.email(),
  uuid: (s) => s.faker.string.uuid(),
  ulid: (s) => s.faker.string.ulid({ refDate: s.epoch() * 1000 }),
  url: (s) => s.pick('url'),
  phone: (s) => s.pick('phone'),
  'person-name': (s) => s.personName(),
  company: (s) => s.pick('company'),
  word: (s) => s.word(),
  sentence: (s) => s.pick('sentence'),
  country: (s) => s.pick('country'),
  city: (s) => s.pick('city'),
};

/** A `name` names a product, a company or a person depending on the entity it belongs to. */
function nameFor(entity: Entity): (s: Source) => string {
  if (/product|item|article|book|good/i.test(entity.name)) return (s) => s.pick('productName');
  if (/compan|organi[sz]ation|brand|vendor|supplier|store|shop|team/i.test(entity.name)) {
    return (s) => s.pick('company');
  }
  return (s) => s.personName();
}

// First match wins; `At`, `Date` and `Month` are camelCase suffixes so that "format" is not a timestamp.
const STRING_NAMES: [RegExp, (s: Source) => string][] = [
  [/^(timestamp|time)$|[a-z0-9]At$|_at$/, FORMATS['date-time']],
  [/^(date|day|birthday|dob)$|[a-z0-9](Date|Day|On)$|_(date|on)$/, FORMATS.date],
  [/^month$|[a-z0-9]Month$|_month$/, (s) => s.dateTime().slice(0, 7)],
  [/e-?mail/i, FORMATS.email],
  [/first_?name/i, (s) => s.pick('firstName')],
  [/last_?name|surname/i, (s) => s.pick('lastName')],
  [/compan|brand|vendor|supplier|organi[sz]ation/i, FORMATS.company],
  [/phone|mobile|fax/i, FORMATS.phone],
  [/url|website|link|homepage/i, FORMATS.url],
  [/city|town/i, FORMATS.city],
  [/country/i, FORMATS.country],
  [/categor|department|genre/i, (s) => s.faker.commerce.department()],
  [/sku/i, (s) => `SKU-${s.int(100000, 999999)}`],
  [/currency/i, (s) => s.faker.finance.currencyCode()],
  [/uuid|guid/i, FORMATS.uuid],
  [/description|comment|note|bio|summary|message|text/i, FORMATS.sentence],
];

const NUMBER_NAMES: [RegExp, (s: Source) => number][] = [
  [/^(timestamp|time|epoch)$|[a-z0-9]At$|_at$/, (s) => s.epoch()],
  [
    /price|total|amount|cost|balance|fee|tax|discount|salary|revenue/i,
    (s) => s.faker.number.float({ min: 1, max: 500, fractionDigits: 2 }),
  ],
  [/quantity|qty/i, (s) => s.int(1, 5)],
  [/[a-z0-9]Count$|^count$|stock|inventory/i, (s) => s.int(0, 500)],
  [/rating|score|stars/i, (s) => s.int(1, 5)],
  [/^age$/i, (s) => s.int(18, 90)],
  [/year/i, (s) => s.int(1990, s.year())],
];

function byName<T>(table: [RegExp, (s: Source) => T][], name: string): ((s: Source) => T) | undefined {
  return table.find(([pattern]) => pattern.test(name))?.[1];
}

function distinct<T extends JsonValue>(s: Source, draw: () => T): T[] {
  const size = s.int(1, 3);
  const members = new Set<T>();
  // A few extra tries; a set from a small vocabulary may end up smaller, never empty.
  for (let tries = 0; members.size < size && tries < size * 4; tries++) members.add(draw());
  return [...members];
}

function numberDraw(s: Source, attribute: Attribute, isTtl: boolean): Draw {
  const { name, format } = attribute;
  if (isTtl || /ttl|expires|expiry/i.test(name)) return () => s.ttl();
  if (format === 'epoch-seconds' || format === 'date-time' || format === 'date') return () => s.epoch();
  const make = byName(NUMBER_NAMES, name) ?? ((source: Source) => source.int(0, 1000));
  return () => make(s);
}

function stringDraw(s: Source, entity: Entity, attribute: Attribute): Draw {
  const { name, format } = attribute;
  const make = format
    ? FORMATS[format]
    : /^(full_?|display_?)?name$/i.test(name)
      ? nameFor(entity)
      : (byName(STRING_NAMES, name) ?? ((source: Source) => source.word()));
  return () => make(s);
}

/** A draw of one value for the attribute; ids, references and derived buckets are the caller's. */
export function valueDraw(s: Source, entity: Entity, attribute: Attribute, isTtl = false): Draw {
  const choices = attribute.enum?.filter((v) =>
    attribute.type === 'N' ? typeof v === 'number' : typeof v === 'string',
  );
  if (choices?.length) return () => s.faker.helpers.arrayElement(choices);
  switch (attribute.type) {
    case 'S':
      return stringDraw(s, entity, attribute);
    case 'N':
      return numberDraw(s, attribute, isTtl);
    case 'B':
      return () => s.base64();
    case 'BOOL':
      return () => s.faker.datatype.boolean();
    case 'NULL':
      return () => null;
    case 'L':
      return () => Array.from({ length: s.int(1, 3) }, () => s.word());
    case 'M':
      return () => ({ [s.word()]: s.int(0, 100) });
    case 'SS':
      return () => distinct(s, () => s.word());
    case 'NS':
      return () => distinct(s, () => s.int(1, 100));
    case 'BS':
      return () => distinct(s, () => s.base64());
  }
}
