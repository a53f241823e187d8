// What the grammars decide, decided in JavaScript, for the inputs that need no namespace: the
// recognizers that build.rs compiled from urn.pest and tag.pest (urn_recognizer.js,
// tag_recognizer.js), and, after them, what those grammars leave to code, as the library
// checks it after its own recognizers (src/urn/recognize.rs and prose.rs, src/tag/recognize.rs
// and prose.rs): the NID's length, RFC 2141's reserved NID and NUL octet, the lengths of a DNS
// name, a date that exists. A test holds every verdict and every part to the module's.
//
// An input refused here is not explained here: the module parses it again and says why.

import * as urnGrammar from './urn_recognizer.js';
import * as tagGrammar from './tag_recognizer.js';

/**
 * Where the captured rules matched, two numbers per rule (start, end; -1 when absent): an
 * array for each entry rule, since an entry writes only the spans of the rules it reaches.
 */
function spansOf(grammar) {
  return new Int32Array(2 * grammar.CAPTURES.length).fill(-1);
}
const URN_SPANS = [spansOf(urnGrammar), spansOf(urnGrammar), spansOf(urnGrammar)];
const TAG_SPANS = [spansOf(tagGrammar), spansOf(tagGrammar), spansOf(tagGrammar)];

/** The index in `spans` of the start of a captured rule of `grammar`. */
function slot(grammar, rule) {
  const index = grammar.CAPTURES.indexOf(rule);
  if (index < 0) throw new Error(`the recognizers do not capture ${rule}`);
  return 2 * index;
}

const NID = slot(urnGrammar, 'NID');
const RFC2141_NID = slot(urnGrammar, 'rfc2141_NID');
const RFC2141BIS_NID = slot(urnGrammar, 'rfc2141bis_NID');
const R_COMPONENT = slot(urnGrammar, 'r_component');
const Q_COMPONENT = slot(urnGrammar, 'q_component');
const F_COMPONENT = slot(urnGrammar, 'f_component');
const QUERY = slot(urnGrammar, 'query');
const URN_FRAGMENT = slot(urnGrammar, 'fragment');

const EMAIL_ADDRESS = slot(tagGrammar, 'emailAddress');
const ERRATUM1485_EMAIL_ADDRESS = slot(tagGrammar, 'erratum1485_emailAddress');
const DNS_NAME = slot(tagGrammar, 'DNSname');
const OPAQUE_AUTHORITY = slot(tagGrammar, 'opaqueAuthority');
const DATE = slot(tagGrammar, 'date');
const TAG_FRAGMENT = slot(tagGrammar, 'fragment');

/** `urn:` and `tag:`, the first four code units of each scheme's identifiers. */
const SCHEME_LEN = 4;

/** The grammars' NID is at most 32 characters, which urn.pest leaves to code. */
const NID_MAX_LEN = 32;

/** RFC 1035 §2.3.4: labels of at most 63 octets, names of at most 255 (253 written). */
const MAX_LABEL_OCTETS = 63;
const MAX_NAME_CHARS = 253;

// The syntaxes by index, in the order of the module's names (rfc8141 rfc2141 rfc2141bis,
// rfc4151 erratum1485 lenient), and the authority kinds (dns email opaque).
const RFC8141 = 0;
const RFC2141 = 1;
const LENIENT = 2;
const DNS = 0;
const EMAIL = 1;
const OPAQUE = 2;

/**
 * What the last recognizer that matched found, by position. For a URN: its syntax, where the
 * NID ends (the colon after it), where the NSS ends, and the start and end of the r-, q- and
 * f-components (the draft's query and fragment in the q and f places), -1 where absent. For a
 * tag: its syntax, its authority kind, the comma after the authority, the colon after the
 * date, and the `#` (-1 without a fragment).
 */
export const found = new Int32Array(9);

export const URN_SYNTAX = 0;
export const NID_END = 1;
export const NSS_END = 2;
export const R_START = 3;
export const R_END = 4;
export const Q_START = 5;
export const Q_END = 6;
export const F_START = 7;
export const F_END = 8;

export const TAG_SYNTAX = 0;
export const AUTHORITY_KIND = 1;
export const COMMA = 2;
export const COLON = 3;
export const HASH = 4;

/** Whether `text` is a URN under the syntax of index `syntax`; `found` holds its parts. */
export function recognizeUrn(text, syntax) {
  const spans = URN_SPANS[syntax];
  let matched;
  if (syntax === RFC8141) matched = urnGrammar.rfc8141(text, spans);
  else if (syntax === RFC2141) matched = urnGrammar.rfc2141(text, spans);
  else matched = urnGrammar.rfc2141bis(text, spans);
  if (!matched) return false;
  // Every entry rule captures its NID.
  const nid = spans[NID] >= 0 ? NID : spans[RFC2141_NID] >= 0 ? RFC2141_NID : RFC2141BIS_NID;
  const nidEnd = spans[nid + 1];
  if (!urnProseHolds(text, syntax, nidEnd)) return false;
  const length = text.length;
  const r = spans[R_COMPONENT];
  const q = spans[Q_COMPONENT] >= 0 ? spans[Q_COMPONENT] : spans[QUERY];
  const f = spans[F_COMPONENT] >= 0 ? spans[F_COMPONENT] : spans[URN_FRAGMENT];
  // A component ends where the next one's delimiter starts.
  const qDelimiter = syntax === RFC8141 ? 2 : 1;
  found[URN_SYNTAX] = syntax;
  found[NID_END] = nidEnd;
  found[NSS_END] = r >= 0 ? r - 2 : q >= 0 ? q - qDelimiter : f >= 0 ? f - 1 : length;
  found[R_START] = r;
  found[R_END] = r < 0 ? -1 : q >= 0 ? q - 2 : f >= 0 ? f - 1 : length;
  found[Q_START] = q;
  found[Q_END] = q < 0 ? -1 : f >= 0 ? f - 1 : length;
  found[F_START] = f;
  found[F_END] = f < 0 ? -1 : length;
  return true;
}

/**
 * What urn.pest leaves to code, for a URN its grammar matched whose NID ends at `nidEnd`: the
 * NID's length, and under RFC 2141 and the draft the reserved NID and the NUL octet.
 */
function urnProseHolds(text, syntax, nidEnd) {
  if (nidEnd - SCHEME_LEN > NID_MAX_LEN) return false;
  if (syntax !== RFC8141) {
    // RFC 2141 §2.1 and the draft's §2.1 reserve the NID "urn"; their §2.4 and §2.3.3
    // forbid the NUL octet, even as %00.
    if (nidEnd - SCHEME_LEN === 3 && (text.charCodeAt(4) | 0x20) === 0x75
      && (text.charCodeAt(5) | 0x20) === 0x72 && (text.charCodeAt(6) | 0x20) === 0x6e) return false;
    if (text.indexOf('%00', nidEnd + 1) >= 0) return false;
  }
  return true;
}

// The entry rules' regular expressions (urn_recognizer.js's and tag_recognizer.js's PATTERNS),
// by syntax index.
const URN_PATTERNS = [urnGrammar.PATTERNS.rfc8141, urnGrammar.PATTERNS.rfc2141, urnGrammar.PATTERNS.rfc2141bis];
const TAG_PATTERNS = [tagGrammar.PATTERNS.rfc4151, tagGrammar.PATTERNS.erratum1485, tagGrammar.PATTERNS.lenient];

/**
 * Whether `text` is a URN under the syntax of index `syntax`, as `recognizeUrn` answers, by
 * the entry rule's regular expression: no parts, and V8's regex engine reads a string that
 * is a slice of another at the speed of any other. A NID holds no colon (every syntax), so
 * the first colon after the scheme's ends it.
 */
export function acceptsUrn(text, syntax) {
  return URN_PATTERNS[syntax].test(text) && urnProseHolds(text, syntax, text.indexOf(':', SCHEME_LEN));
}

/**
 * Whether `text` is a tag under the syntax of index `syntax`, as `recognizeTag` answers, by
 * the entry rule's regular expression. No authority holds a comma, nor a date a colon (every
 * syntax), and an email address's domain follows its only "@".
 */
export function acceptsTag(text, syntax) {
  if (!TAG_PATTERNS[syntax].test(text)) return false;
  const comma = text.indexOf(',', SCHEME_LEN);
  // Under the lenient syntax a name RFC 1035 does not allow is an opaque authority, as
  // `recognizeTag` reads it; the others refuse it. An authority of at most 63 characters
  // has lengths RFC 1035 allows.
  if (syntax !== LENIENT && comma - SCHEME_LEN > MAX_LABEL_OCTETS) {
    const at = text.lastIndexOf('@', comma);
    if (!dnsLengthsHold(text, at < SCHEME_LEN ? SCHEME_LEN : at + 1, comma)) return false;
  }
  // The date the grammar matched is four digits, then "-" and two, then "-" and two.
  const colon = text.charCodeAt(comma + 5) !== 0x2d ? comma + 5 : text.charCodeAt(comma + 8) !== 0x2d ? comma + 8
    : comma + 11;
  return dateExists(text, comma, colon);
}

/**
 * Whether the date tag.pest matched between the comma at `comma` and the colon at `colon`
 * exists: date = year ["-" month ["-" day]], each of digits, and a month and a day that exist
 * are left to code. Each digit read is a call through the string a slice belongs to, so only
 * those that can decide are read: the year only for the 29th of February.
 */
function dateExists(text, comma, colon) {
  const dateLength = colon - comma - 1;
  if (dateLength === 4) return true;
  const month = twoDigits(text, comma + 6);
  if (month < 1 || month > 12) return false;
  if (dateLength === 7) return true;
  const day = twoDigits(text, comma + 9);
  if (day < 1) return false;
  if (day <= 28) return true;
  return day <= daysInMonth(twoDigits(text, comma + 1) * 100 + twoDigits(text, comma + 3), month);
}

/** Whether `text` is a tag under the syntax of index `syntax`; `found` holds its parts. */
export function recognizeTag(text, syntax) {
  const spans = TAG_SPANS[syntax];
  let matched;
  if (syntax === 0) matched = tagGrammar.rfc4151(text, spans);
  else if (syntax === 1) matched = tagGrammar.erratum1485(text, spans);
  else matched = tagGrammar.lenient(text, spans);
  if (!matched) return false;
  let kind = spans[EMAIL_ADDRESS] >= 0 || spans[ERRATUM1485_EMAIL_ADDRESS] >= 0 ? EMAIL
    : spans[OPAQUE_AUTHORITY] >= 0 ? OPAQUE : DNS;
  // Every entry rule captures the date; the domain of an email address follows its "@".
  const comma = spans[DATE] - 1;
  const colon = spans[DATE + 1];
  const domainStart = kind === EMAIL ? spans[DNS_NAME] : SCHEME_LEN;
  if (kind !== OPAQUE && !dnsLengthsHold(text, domainStart, comma)) {
    // A name RFC 1035 does not allow is no DNS name: under the lenient syntax, the authority
    // is opaque (tag.pest's opaque authority holds its characters); the others refuse it.
    if (syntax !== LENIENT) return false;
    kind = OPAQUE;
  }
  if (!dateExists(text, comma, colon)) return false;
  const hash = spans[TAG_FRAGMENT] >= 0 ? spans[TAG_FRAGMENT] - 1 : -1;
  found[TAG_SYNTAX] = syntax;
  found[AUTHORITY_KIND] = kind;
  found[COMMA] = comma;
  found[COLON] = colon;
  found[HASH] = hash;
  return true;
}

/** The number the two digits at `at` in `text` write. */
function twoDigits(text, at) {
  return (text.charCodeAt(at) - 0x30) * 10 + text.charCodeAt(at + 1) - 0x30;
}

/** Whether the DNS name from `start` to `end` in `text` has labels and a length RFC 1035 allows. */
function dnsLengthsHold(text, start, end) {
  if (end - start <= MAX_LABEL_OCTETS) return true;
  let labelStart = start;
  for (let i = start; i < end; i++) {
    if (text.charCodeAt(i) === 0x2e) {
      if (i - labelStart > MAX_LABEL_OCTETS) return false;
      labelStart = i + 1;
    }
  }
  return end - labelStart <= MAX_LABEL_OCTETS && end - start <= MAX_NAME_CHARS;
}

/** The days of `month` (1 to 12) of `year` in the Gregorian calendar. */
function daysInMonth(year, month) {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
