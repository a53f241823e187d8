// Types of the urn-tag package. Field names are those of `urn-tag check --json` in camelCase;
// error kinds and part names are the same stable snake_case names.

/** A URN syntax: RFC 8141 (the default), RFC 2141, or the 2011 URNbis draft. */
export type UrnSpec = 'rfc8141' | 'rfc2141' | 'rfc2141bis';

/** A tag syntax: RFC 4151 (the default), with erratum 1485, or lenient authorities. */
export type TagSyntax = 'rfc4151' | 'erratum1485' | 'lenient';

/** A scheme: URNs (`urn:`) or tag URIs (`tag:`). */
export type Scheme = 'urn' | 'tag';

/** How identifiers are read. */
export interface Options {
  /** The URN syntax; `rfc8141` by default. */
  spec?: UrnSpec;
  /** The tag syntax; `rfc4151` by default. */
  tagSyntax?: TagSyntax;
  /** Whether a URN must also follow the grammar and prose rules of its namespace. */
  namespaces?: boolean;
  /**
   * Read identifiers of this scheme only (the other is refused as the parser of this one
   * refuses it: `expected_urn_scheme`, `expected_tag_scheme`). By default, or with `null`,
   * both, told apart by the scheme, as `urn-tag check` reads them.
   */
  scheme?: Scheme | null;
}

/** Options that read URNs only, of RFC 8141 or RFC 2141 (whose URNs have the same fields). */
type Rfc8141Options = Options & { spec?: 'rfc8141' | 'rfc2141' };

/** How identifiers are read and compared. */
export interface EquivalenceOptions extends Options {
  /** Compare URNs by the RFC alone, without the namespaces' own equivalence rules. */
  rfcOnly?: boolean;
}

/** A part of an identifier, as errors and spans name it. */
export type PartName =
  | 'scheme' | 'nid' | 'nss' | 'r_component' | 'q_component' | 'f_component'
  | 'query' | 'fragment' | 'authority' | 'date' | 'specific';

/** Where a part is: `input.slice(start, end)` is its text. */
export interface Span {
  part: PartName;
  start: number;
  end: number;
}

interface UrnFields {
  kind: 'urn';
  /** The identifier, exactly as given. */
  input: string;
  nid: string;
  nss: string;
  /** Every part present, in order, the scheme (without its colon) first. */
  parts: Span[];
  /** With `namespaces` only: whether a grammar of the URN's namespace was applied. */
  namespaceChecked?: boolean;
}

/** A URN under RFC 8141 or RFC 2141 (which has no components: they are null). */
export interface Rfc8141Urn extends UrnFields {
  spec: 'rfc8141' | 'rfc2141';
  rComponent: string | null;
  qComponent: string | null;
  fComponent: string | null;
}

/** A URN under the 2011 URNbis draft, with its query and fragment. */
export interface Rfc2141bisUrn extends UrnFields {
  spec: 'rfc2141bis';
  query: string | null;
  fragment: string | null;
}

export type Urn = Rfc8141Urn | Rfc2141bisUrn;

/** A tag URI (RFC 4151). */
export interface Tag {
  kind: 'tag';
  input: string;
  tagSyntax: TagSyntax;
  authority: string;
  authorityKind: 'dns' | 'email' | 'opaque';
  /** The date in full, `YYYY-MM-DD` (month and day default to 01). */
  date: string;
  dateAsWritten: string;
  specific: string;
  fragment: string | null;
  parts: Span[];
}

export type Identifier = Urn | Tag;

/** A stable name of what is wrong; a new one may be added in a minor version. */
export type ErrorKind =
  | 'expected_scheme' | 'expected_urn_scheme' | 'expected_tag_scheme'
  | 'leading_whitespace' | 'trailing_whitespace' | 'empty' | 'invalid_char' | 'non_ascii'
  | 'invalid_start' | 'invalid_percent_encoding' | 'expected' | 'nid_too_short' | 'nid_too_long'
  | 'nid_ends_with_hyphen' | 'bare_question_mark' | 'reserved_char' | 'reserved_nid'
  | 'nul_octet' | 'missing_at' | 'misplaced_dot' | 'dns_label_starts_with_hyphen'
  | 'dns_label_ends_with_hyphen' | 'empty_dns_label' | 'dns_label_too_long'
  | 'dns_name_too_long' | 'invalid_date' | 'month_out_of_range' | 'day_out_of_range'
  | 'namespace' | 'invalid_utf16' | 'not_fully_qualified' | 'future_date'
  | (string & {});

/** An error as `urn-tag check --json` writes it. */
export interface ErrorRecord {
  /** Where, as an index into the string (UTF-16 code units). */
  index: number;
  /** What the command line shows (`invalid percent-encoding in NSS at byte 14`). */
  message: string;
  kind: ErrorKind;
  part: PartName | null;
}

/** Why an input is not a valid identifier, or why a tag cannot be minted. */
export class UrnTagError extends Error {
  /**
   * How many frames of stack the errors the package throws capture: 0 by default, so that a
   * refusal costs about what a value costs; their `stack` is then `UrnTagError: <message>`.
   * Set it to 10 (V8's default) or more for the frames.
   */
  static stackTraceLimit: number;
  readonly name: 'UrnTagError';
  readonly kind: ErrorKind;
  readonly part: PartName | null;
  readonly index: number;
  /** The string that was refused. */
  readonly input: string;
  toJSON(): ErrorRecord;
}

/** What `check` answers: never throws for an invalid input. */
export type CheckResult =
  | (Identifier & { valid: true })
  | { input: string; valid: false; kind: 'urn' | 'tag' | null; error: ErrorRecord };

/** What `checkNamespace` answers. */
export interface NamespaceVerdict {
  /** Whether the package has a grammar for the URN's NID. */
  checked: boolean;
  /** Whether it was checked and follows its namespace. */
  valid: boolean;
  /** The NID of the namespace whose grammar was applied (`issn`), or null. */
  namespace: string | null;
  error: ErrorRecord | null;
}

/** An identifier found in free text: `text === input.slice(start, end)`. */
export interface Found {
  kind: 'urn' | 'tag';
  text: string;
  start: number;
  end: number;
}

/** The parts of a tag to mint. */
export interface MintOptions {
  /** A fully qualified DNS name or an email address. */
  authority: string;
  /** `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, or a Date (its UTC day). */
  date: string | Date;
  /** Already percent-encoded where needed; empty by default. */
  specific?: string;
  fragment?: string | null;
  /** The day a date may not be after; the current UTC day by default. */
  today?: Date;
}

/**
 * Parses a URN or a tag URI, by its scheme (or of the one `options.scheme` names); throws an
 * UrnTagError for an invalid input. With `{scheme: 'urn'}` it gives a URN (with the fields of
 * its `spec`), with `{scheme: 'tag'}` a tag; otherwise either (narrow on `kind`, then on
 * `spec`).
 */
export function parse(text: string, options: Options & { scheme: 'tag' }): Tag;
export function parse(text: string, options: Options & { scheme: 'urn'; spec: 'rfc2141bis' }): Rfc2141bisUrn;
export function parse(text: string, options: Rfc8141Options & { scheme: 'urn' }): Rfc8141Urn;
export function parse(text: string, options?: Options): Identifier;

/** Checks an identifier without throwing for an invalid one. */
export function check(text: string, options?: Options): CheckResult;

/**
 * Whether an identifier is valid: `check(text, options).valid`, without making the record
 * (the grammars' regular expressions answer it, at about a regular expression's speed).
 */
export function isValid(text: string, options?: Options): boolean;

/**
 * `check` for many inputs in one call: each input's record, in order. With namespaces the inputs
 * cross into the module in batches, so there is no limit on their number but the memory their
 * records take.
 */
export function checkAll(texts: readonly string[], options?: Options): CheckResult[];

/** Checks a URN against its namespace's grammar; throws an UrnTagError if it is not a URN. */
export function checkNamespace(text: string, options?: Pick<Options, 'spec'>): NamespaceVerdict;

/** The identifier case-normalized (a tag unchanged); throws an UrnTagError for an invalid input. */
export function normalize(text: string, options?: Options): string;

/** The key an identifier is compared by; throws an UrnTagError for an invalid input. */
export function equivalenceKey(text: string, options?: EquivalenceOptions): string;

/** Whether two identifiers are equivalent; throws an UrnTagError if either is invalid. */
export function equivalent(a: string, b: string, options?: EquivalenceOptions): boolean;

/** The URNs and tag URIs in free text, in order. */
export function find(text: string, options?: Options): Found[];

/** Mints a tag by the rules of RFC 4151 §2.2; throws an UrnTagError for a refused part. */
export function mintTag(options: MintOptions): string;
