// Sample values shaped by an attribute's type, format, enum and name. Slow faker calls (names, cities,
// companies) fill small pools once per run and are then picked from: 100,000 items stay well under 2 s.
import type { Faker } from '@faker-js/faker';
import type { Attribute, AttributeFormat, Entity, JsonValue } from '../../model/schema.ts';

/** How many distinct values a draw gives, when few enough to bound a primary key. */
export interface Space {
  size: number;
  /** Which values, for a message: `0–1000`, `PLACED | SHIPPED`, `sample cities`. */
  values: string;
}

/** One value per call; `space` when the values form a bounded set (absent: practically unbounded). */
export type Draw = (() => JsonValue) & { space?: Space };

/** A value from a Source, and the set it comes from when bounded. */
type Make<T> = ((s: Source) => T) & { space?: (s: Source) => Space };

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
/** Enum members named in a message before "…". */
const ENUM_SHOWN = 5;

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
const POOL_LABELS: Record<PoolName, string> = {
  firstName: 'first names',
  lastName: 'last names',
  productName: 'product names',
  company: 'company names',
  city: 'cities',
  country: 'countries',
  phone: 'phone numbers',
  url: 'URLs',
  sentence: 'sentences',
};

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

  /** The distinct `YYYY-MM-DD` days (length 10) or `YYYY-MM` months (length 7) that dates fall on. */
  periods(length: 7 | 10): Space {
    const to = new Date((this.ref - 1) * 1000);
    const from = new Date(this.ref * 1000);
    from.setUTCFullYear(from.getUTCFullYear() - PAST_YEARS);
    const size =
      length === 7
        ? (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth() + 1
        : Math.floor(to.getTime() / (DAY * 1000)) - Math.floor(from.getTime() / (DAY * 1000)) + 1;
    const unit = length === 7 ? 'months' : 'days';
    return {
      size,
      values: `the ${unit} of the ${PAST_YEARS} years before ${isoSeconds(this.ref).slice(0, 10)}`,
    };
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

function bounded<T>(make: (s: Source) => T, space: (s: Source) => Space): Make<T> {
  return Object.assign(make, { space });
}

/** Whole numbers from min to max. */
function range(min: number, max: number | ((s: Source) => number)): Make<number> {
  const top = (s: Source) => (typeof max === 'number' ? max : max(s));
  return bounded(
    (s) => s.int(min, top(s)),
    (s) => ({ size: top(s) - min + 1, values: `${min}–${top(s)}` }),
  );
}

function pooled(name: PoolName): Make<string> {
  return bounded(
    (s) => s.pick(name),
    () => ({ size: POOL_SIZE, values: `sample ${POOL_LABELS[name]}` }),
  );
}

function period(length: 7 | 10): Make<string> {
  return bounded(
    (s) => s.dateTime().slice(0, length),
    (s) => s.periods(length),
  );
}

const word = bounded(
  (s) => s.word(),
  (s) => ({ size: s.faker.definitions.lorem.word.length, values: 'lorem words' }),
);

const FORMATS: Record<AttributeFormat, Make<string>> = {
  'date-time': (s) => s.dateTime(),
  date: period(10),
  'epoch-seconds': (s) => String(s.epoch()),
  email: (s) => s.email(),
  uuid: (s) => s.faker.string.uuid(),
  ulid: (s) => s.faker.string.ulid({ refDate: s.epoch() * 1000 }),
  url: pooled('url'),
  phone: pooled('phone'),
  'person-name': bounded(
    (s) => s.personName(),
    () => ({ size: POOL_SIZE ** 2, values: 'sample first and last names' }),
  ),
  company: pooled('company'),
  word,
  sentence: pooled('sentence'),
  country: pooled('country'),
  city: pooled('city'),
};

/** A `name` names a product, a company or a person depending on the entity it belongs to. */
function nameFor(entity: Entity): Make<string> {
  if (/product|item|article|book|good/i.test(entity.name)) return pooled('productName');
  if (/compan|organi[sz]ation|brand|vendor|supplier|store|shop|team/i.test(entity.name)) {
    return FORMATS.company;
  }
  return FORMATS['person-name'];
}

// First match wins; `At`, `Date` and `Month` are camelCase suffixes so that "format" is not a timestamp.
const STRING_NAMES: [RegExp, Make<string>][] = [
  [/^(timestamp|time)$|[a-z0-9]At$|_at$/, FORMATS['date-time']],
  [/^(date|day|birthday|dob)$|[a-z0-9](Date|Day|On)$|_(date|on)$/, FORMATS.date],
  [/^month$|[a-z0-9]Month$|_month$/, period(7)],
  [/e-?mail/i, FORMATS.email],
  [/first_?name/i, pooled('firstName')],
  [/last_?name|surname/i, pooled('lastName')],
  [/compan|brand|vendor|supplier|organi[sz]ation/i, FORMATS.company],
  [/phone|mobile|fax/i, FORMATS.phone],
  [/url|website|link|homepage/i, FORMATS.url],
  [/city|town/i, FORMATS.city],
  [/country/i, FORMATS.country],
  [
    /categor|department|genre/i,
    bounded(
      (s) => s.faker.commerce.department(),
      (s) => ({ size: s.faker.definitions.commerce.department.length, values: 'commerce departments' }),
    ),
  ],
  [
    /sku/i,
    bounded(
      (s) => `SKU-${s.int(100000, 999999)}`,
      () => ({ size: 900_000, values: 'SKU-100000–SKU-999999' }),
    ),
  ],
  [
    /currency/i,
    bounded(
      (s) => s.faker.finance.currencyCode(),
      (s) => ({ size: s.faker.definitions.finance.currency.length, values: 'currency codes' }),
    ),
  ],
  [/uuid|guid/i, FORMATS.uuid],
  [/description|comment|note|bio|summary|message|text/i, FORMATS.sentence],
];

const NUMBER_NAMES: [RegExp, Make<number>][] = [
  [/^(timestamp|time|epoch)$|[a-z0-9]At$|_at$/, (s) => s.epoch()],
  [
    /price|total|amount|cost|balance|fee|tax|discount|salary|revenue/i,
    bounded(
      (s) => s.faker.number.float({ min: 1, max: 500, fractionDigits: 2 }),
      () => ({ size: 49_901, values: '1.00–500.00' }),
    ),
  ],
  [/quantity|qty/i, range(1, 5)],
  [/[a-z0-9]Count$|^count$|stock|inventory/i, range(0, 500)],
  [/rating|score|stars/i, range(1, 5)],
  [/^age$/i, range(18, 90)],
  [/year/i, range(1990, (s) => s.year())],
];
const ANY_NUMBER = range(0, 1000);

function byName<T>(table: [RegExp, Make<T>][], name: string): Make<T> | undefined {
  return table.find(([pattern]) => pattern.test(name))?.[1];
}

/** The draw of `make` from `s`, with the set it draws from. */
function drawOf(s: Source, make: Make<JsonValue>): Draw {
  const draw: Draw = () => make(s);
  if (make.space) draw.space = make.space(s);
  return draw;
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
  return drawOf(s, byName(NUMBER_NAMES, name) ?? ANY_NUMBER);
}

function stringDraw(s: Source, entity: Entity, attribute: Attribute): Draw {
  const { name, format } = attribute;
  const make = format
    ? FORMATS[format]
    : /^(full_?|display_?)?name$/i.test(name)
      ? nameFor(entity)
      : (byName(STRING_NAMES, name) ?? word);
  return drawOf(s, make);
}

/** A draw of one value for the attribute; ids, references and derived buckets are the caller's. */
export function valueDraw(s: Source, entity: Entity, attribute: Attribute, isTtl = false): Draw {
  const choices = attribute.enum?.filter((v) =>
    attribute.type === 'N' ? typeof v === 'number' : typeof v === 'string',
  );
  if (choices?.length) {
    const distinct = [...new Set(choices)];
    const shown = distinct.slice(0, ENUM_SHOWN).join(' | ') + (distinct.length > ENUM_SHOWN ? ' | …' : '');
    return Object.assign(() => s.faker.helpers.arrayElement(choices), {
      space: { size: distinct.length, values: shown },
    });
  }
  switch (attribute.type) {
    case 'S':
      return stringDraw(s, entity, attribute);
    case 'N':
      return numberDraw(s, attribute, isTtl);
    case 'B':
      return () => s.base64();
    case 'BOOL':
      return Object.assign(() => s.faker.datatype.boolean(), { space: { size: 2, values: 'true | false' } });
    case 'NULL':
      return Object.assign(() => null, { space: { size: 1, values: 'null' } });
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
