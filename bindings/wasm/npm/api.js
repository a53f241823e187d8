// The package's API: JavaScript values and errors over the recognizers compiled from the
// grammars into JavaScript (recognize.js) and the WebAssembly module (the urn-tag library).
//
// Every verdict comes from the grammars. An identifier read without namespaces is recognized
// in JavaScript, by the grammars compiled into it: its parts are indexes into the string,
// taken with `slice`, and nothing crosses into the module. What JavaScript refuses is refused
// at once, and the module says why when the error's fields are first read (so that a refusal
// costs about what a value costs). Everything else (namespaces, equivalence, search,
// minting), the module answers:
// the input is written as UTF-8 straight into its memory, and numbers come back, which this
// file turns into objects.

import {
  acceptsTag, acceptsUrn, recognizeTag, recognizeUrn, found as recognized, AUTHORITY_KIND as TAG_AUTHORITY_KIND,
  COLON, COMMA, F_END, F_START, HASH, NID_END, NSS_END, Q_END, Q_START, R_END, R_START, TAG_SYNTAX, URN_SYNTAX,
} from './recognize.js';


// Node's `util.inspect` (console.log) shows an object by its method of this name: the errors
// show their fields, which are getters, by it.
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

// An error the package makes is told apart from one a caller makes while it is constructed:
// the package's errors hold `UrnTagError.stackTraceLimit` frames of stack, not V8's default.
let packageMade = false;

/** Why an input is not a valid identifier, or why a tag cannot be minted. */
export class UrnTagError extends Error {
  /**
   * How many frames of stack the errors the package throws capture. 0 by default: V8 takes
   * 2 µs to capture ten frames, ten times what parsing takes, and an invalid input is an
   * answer, not a bug. Their `stack` is then `UrnTagError: <message>`; set this to
   * `Error.stackTraceLimit` (10) or more for the frames.
   */
  static stackTraceLimit = 0;

  // The explanation as `check --json` writes it, {index, message, kind, part}; or null until
  // a field is first read, for an input whose refusal the module explains on demand.
  #record;
  // The options the input was refused under, for the module's explanation.
  #bits;

  constructor(kind, part, index, message, input) {
    // Engines without V8's `Error.stackTraceLimit` (Firefox) are left as they are.
    const limit = Error.stackTraceLimit;
    const limited = packageMade && typeof limit === 'number';
    if (limited) Error.stackTraceLimit = UrnTagError.stackTraceLimit;
    // No message is given to Error: `message` is a getter (below), which V8 reads when it
    // first writes the stack.
    super();
    if (limited) Error.stackTraceLimit = limit;
    this.#record = { index, message, kind, part };
    this.#bits = 0;
    /** The string that was refused. */
    this.input = input;
  }

  /** The error of `input`, refused under `bits`: the module explains it when a field is read. */
  static refused(input, bits) {
    packageMade = true;
    const error = new UrnTagError(null, null, 0, '', input);
    packageMade = false;
    error.#record = null;
    error.#bits = bits;
    return error;
  }

  /** An error the package throws, with the fields it has. */
  static made(kind, part, index, message, input) {
    packageMade = true;
    const error = new UrnTagError(kind, part, index, message, input);
    packageMade = false;
    return error;
  }

  #explained() {
    if (this.#record === null) this.#record = explain(this.input, this.#bits);
    return this.#record;
  }

  /** A stable snake_case name of what is wrong (`invalid_char`, `namespace`, ...). */
  get kind() { return this.#explained().kind; }

  set kind(value) { this.#explained().kind = value; }

  /** The part the error is about (`nss`, `authority`, ...), or `null`. */
  get part() { return this.#explained().part; }

  set part(value) { this.#explained().part = value; }

  /** Where: an index into the string (UTF-16 code units, as `slice` counts them). */
  get index() { return this.#explained().index; }

  set index(value) { this.#explained().index = value; }

  /** What is wrong, and where, in words. */
  get message() { return this.#explained().message; }

  set message(value) { this.#explained().message = value; }

  /** The error as `urn-tag check --json` writes it: `{index, message, kind, part}`. */
  toJSON() {
    const { index, message, kind, part } = this.#explained();
    return { index, message, kind, part };
  }

  [INSPECT](depth, options, inspect) {
    const { kind, part, index } = this.#explained();
    return `${this.stack} ${inspect({ kind, part, index, input: this.input }, options)}`;
  }
}

Object.defineProperty(UrnTagError.prototype, 'name', { value: 'UrnTagError', writable: true, configurable: true });

/**
 * The `error` of the record `check` gives an input the recognizers compiled into JavaScript
 * refused: `{index, message, kind, part}` as `urn-tag check --json` writes it. The module
 * explains the refusal when a field is first read (and once): a program that reads only
 * `valid` does not pay for the explanation.
 */
class Explanation {
  #input;
  #bits;
  #record = null;

  constructor(input, bits) {
    this.#input = input;
    this.#bits = bits;
  }

  #explained() {
    if (this.#record === null) this.#record = explain(this.#input, this.#bits);
    return this.#record;
  }

  /** Where: an index into the string (UTF-16 code units, as `slice` counts them). */
  get index() { return this.#explained().index; }

  set index(value) { this.#explained().index = value; }

  /** What is wrong, and where, in words. */
  get message() { return this.#explained().message; }

  set message(value) { this.#explained().message = value; }

  /** A stable snake_case name of what is wrong. */
  get kind() { return this.#explained().kind; }

  set kind(value) { this.#explained().kind = value; }

  /** The part the error is about, or `null`. */
  get part() { return this.#explained().part; }

  set part(value) { this.#explained().part = value; }

  /** The error as `urn-tag check --json` writes it. */
  toJSON() {
    const { index, message, kind, part } = this.#explained();
    return { index, message, kind, part };
  }

  [INSPECT](depth, options, inspect) {
    return inspect(this.toJSON(), options);
  }
}

// What the module's exports answer (src/lib.rs).
const FAILED = 0;
const FOUND_URN = 1;
const FOUND_TAG = 2;
const WRITTEN = 1;
const NO_MEMORY = 0xffffffff;
const NAMESPACE_VALID = 1;
const NAMESPACE_INVALID = 2;
const NOT_EQUIVALENT = 0;
const EQUIVALENT = 1;
const NO_PART = 0xffffffff;

// The result buffer's slots (src/lib.rs, `mod slot`).
const SYNTAX = 0;
const AUTHORITY_KIND = 1;
const NAMESPACE_CHECKED = 1;
const YEAR = 2;
const MONTH = 3;
const DAY = 4;
const PART_COUNT = 5;
const PARTS = 6;
const ERROR_INDEX = 0;
const ERROR_PART = 1;
const ERROR_INPUT = 2;
const ERROR_SCHEME = 3;
const NAMESPACE = 4;
const FOUND_ADDRESS = 0;
const ANSWERS_ADDRESS = 0;
const OUTPUT_ADDRESS = 30;
const OUTPUT_LENGTH = 31;

// The JavaScript name of the field that holds each part (the JSON records' names, in camelCase).
const FIELDS = {
  scheme: null,
  nid: 'nid',
  nss: 'nss',
  r_component: 'rComponent',
  q_component: 'qComponent',
  f_component: 'fComponent',
  query: 'query',
  fragment: 'fragment',
  authority: 'authority',
  date: 'dateAsWritten',
  specific: 'specific',
};

// UTF-8 takes at most three bytes for one UTF-16 code unit.
const MAX_BYTES_PER_UNIT = 3;

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// The module's exports, called directly: every one takes and gives numbers only.
let wasm = null;
let memory = null;
let resultAddress = 0;
let inputAddress = 0;
let inputCapacity = 0;
let viewedBuffer = null;
let inputBytes = null;
let resultWords = null;

// The tables answers index into, read from the module once.
let partCodes = [];
let partFields = [];
let urnSyntaxes = [];
let tagSyntaxes = [];
let authorityKinds = [];
let namespaceNids = [];

/** Called once by the entry module with the instantiated module's exports. */
export function attach(exports) {
  wasm = exports;
  memory = exports.memory;
  resultAddress = wasm.result_buffer() >>> 0;
  const names = (table) => {
    if (wasm.names(table) >>> 0 !== WRITTEN) throw new RangeError('the WebAssembly memory cannot hold the names');
    return output().split(' ');
  };
  partCodes = names(0);
  partFields = partCodes.map((code) => FIELDS[code] ?? null);
  urnSyntaxes = names(1);
  tagSyntaxes = names(2);
  authorityKinds = names(3);
  namespaceNids = names(4);
  reserveInput(1024);
}

/** The views on the module's memory, made again when the memory has grown. */
function refreshViews() {
  if (memory.buffer !== viewedBuffer) {
    viewedBuffer = memory.buffer;
    inputBytes = new Uint8Array(viewedBuffer, inputAddress, inputCapacity);
    resultWords = new Uint32Array(viewedBuffer, resultAddress, 32);
  }
}

/** The text the last export made, from the module's output buffer. */
function output() {
  refreshViews();
  const bytes = new Uint8Array(viewedBuffer, resultWords[OUTPUT_ADDRESS], resultWords[OUTPUT_LENGTH]);
  return decoder.decode(bytes);
}

/** Refuses an input the module's memory cannot hold what it needs for. */
function tooLong(text) {
  return new RangeError(`input of ${text.length} characters is too long for the WebAssembly memory`);
}

function reserveInput(bytes) {
  const address = wasm.input_buffer(bytes) >>> 0;
  if (address === 0) return false;
  inputAddress = address;
  inputCapacity = bytes;
  viewedBuffer = null;
  return true;
}

/** The exact length of `text` in UTF-8, for an input too long to reserve three bytes a unit. */
function utf8Length(text) {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length
      && text.charCodeAt(i + 1) >= 0xdc00 && text.charCodeAt(i + 1) <= 0xdfff) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Writes `text` as UTF-8 into the input buffer at byte `at`; returns how many bytes it took, and
 * whether it was all ASCII. Refuses an input the module's memory cannot hold with a RangeError.
 */
function writeInput(text, at) {
  const worst = at + text.length * MAX_BYTES_PER_UNIT;
  if (worst > inputCapacity) {
    const roomy = Math.max(worst, inputCapacity * 2);
    if (!reserveInput(roomy) && !reserveInput(worst)
      && !reserveInput(at + utf8Length(text))) {
      throw tooLong(text);
    }
  }
  refreshViews();
  const target = at === 0 ? inputBytes : inputBytes.subarray(at);
  return encoder.encodeInto(text, target).written;
}

function requireString(value, what) {
  if (typeof value !== 'string') {
    const type = value === null ? 'null' : typeof value;
    throw new TypeError(`${what} must be a string, not ${type}`);
  }
}

/** A string with a lone surrogate cannot be an identifier: refused at that surrogate. */
function refuseLoneSurrogate(text, bytes) {
  if (bytes === text.length) return; // all ASCII
  const lone = LONE_SURROGATE.exec(text);
  if (lone !== null) throw loneSurrogateError(text, lone.index);
}

function loneSurrogateError(text, index) {
  const code = text.charCodeAt(index).toString(16).toUpperCase();
  return UrnTagError.made(
    'invalid_utf16',
    null,
    index,
    `lone surrogate U+${code} at index ${index}: the string is not well-formed UTF-16`,
    text,
  );
}

/** Writes one identifier into the input buffer; returns its length in bytes. */
function writeIdentifier(text, what) {
  requireString(text, what);
  const bytes = writeInput(text, 0);
  refuseLoneSurrogate(text, bytes);
  return bytes;
}

/** The error the module kept from its last failure, as `check --json` writes it. */
function lastErrorRecord() {
  refreshViews();
  // Read before the description crosses: making it can grow the memory and empty the view.
  const part = resultWords[ERROR_PART];
  const index = resultWords[ERROR_INDEX];
  if (wasm.error_description() >>> 0 !== WRITTEN) {
    throw new RangeError('the WebAssembly memory cannot hold the error\'s description');
  }
  const description = output();
  const space = description.indexOf(' ');
  return {
    index,
    message: description.slice(space + 1),
    kind: description.slice(0, space),
    part: part === NO_PART ? null : partCodes[part],
  };
}

/** The error the module kept from its last failure, about `input`. */
function lastError(input) {
  const { index, message, kind, part } = lastErrorRecord();
  return UrnTagError.made(kind, part, index, message, input);
}

/**
 * Why the module refuses `text` under `bits`, as `check --json` writes it: for an input the
 * recognizers compiled into JavaScript refused, explained when a program asks.
 */
function explain(text, bits) {
  let found;
  try {
    found = wasm.parse(writeIdentifier(text, 'text'), bits) >>> 0;
  } catch (error) {
    if (error instanceof UrnTagError) return error.toJSON();
    throw error;
  }
  if (found === FAILED) return lastErrorRecord();
  if (found === NO_MEMORY) throw tooLong(text);
  // The tests hold the recognizers to the module on every verdict: this is a defect.
  throw new Error(`the recognizers compiled into JavaScript refuse ${JSON.stringify(text)}, which the module accepts`);
}

/**
 * Whether `text` fits the module's input buffer as it is, so that explaining it later needs
 * no more memory than now: a refused input that does not is explained at once, and one the
 * module's memory cannot hold is a RangeError when refused, as before.
 */
function fitsNow(text) {
  return text.length * MAX_BYTES_PER_UNIT <= inputCapacity;
}

/**
 * The record `check` gives an input the recognizers compiled into JavaScript refused: its
 * `kind` (the scheme it starts with) from here, its `error` from the module when first read.
 */
function refused(text, bits) {
  return { input: text, valid: false, kind: refusedScheme(text), error: new Explanation(text, bits) };
}

/**
 * The scheme an input starts with, `urn:` or `tag:` in any case, as the module tells it
 * (`Scheme::of`); null for an input with a lone surrogate, which is refused before its scheme.
 */
function refusedScheme(text) {
  if (text.charCodeAt(3) !== 0x3a) return null;
  const first = text.charCodeAt(0) | 0x20;
  const second = text.charCodeAt(1) | 0x20;
  const third = text.charCodeAt(2) | 0x20;
  let scheme;
  if (first === 0x75 && second === 0x72 && third === 0x6e) scheme = 'urn';
  else if (first === 0x74 && second === 0x61 && third === 0x67) scheme = 'tag';
  else return null;
  return LONE_SURROGATE.test(text) ? null : scheme;
}

/** The options as the number the module reads (src/lib.rs, `Options`). */
function optionBits(options) {
  if (options === undefined) return 0;
  if (options === null || typeof options !== 'object') {
    throw new TypeError('options must be an object');
  }
  const { spec, tagSyntax, namespaces, rfcOnly, scheme } = options;
  let bits = 0;
  if (spec !== undefined) bits |= nameIndex(urnSyntaxes, spec, 'spec');
  if (tagSyntax !== undefined) bits |= nameIndex(tagSyntaxes, tagSyntax, 'tagSyntax') << 2;
  if (flag(namespaces, 'namespaces')) bits |= 1 << 4;
  if (flag(rfcOnly, 'rfcOnly')) bits |= 1 << 5;
  if (scheme !== undefined && scheme !== null) bits |= (nameIndex(SCHEMES, scheme, 'scheme') + 1) << 6;
  return bits;
}

// The values of `options.scheme`: one scheme only (by default, both, told apart by the scheme).
const SCHEMES = ['urn', 'tag'];

function nameIndex(names, value, option) {
  requireString(value, `options.${option}`);
  const index = names.indexOf(value.toLowerCase());
  if (index < 0) {
    throw new RangeError(`options.${option} must be one of ${names.join(', ')}, not "${value}"`);
  }
  return index;
}

function flag(value, option) {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw new TypeError(`options.${option} must be a boolean`);
  return value;
}

/**
 * The identifier the module found in `text`, as an object, from its answer at `base` in
 * `words`: `parse`'s object, or with `asRecord` the record of `check` (which starts with
 * `input` and `valid`, as `check --json`'s does). Each shape is one object literal, which V8
 * makes faster than an object grown field by field.
 */
function identifier(text, found, bits, words, base, asRecord) {
  const count = words[base + PART_COUNT];
  const parts = new Array(count);
  let value;
  if (found === FOUND_URN) {
    const spec = urnSyntaxes[words[base + SYNTAX]];
    if (spec === 'rfc2141bis') {
      value = asRecord
        ? { input: text, valid: true, kind: 'urn', spec, nid: '', nss: '', query: null, fragment: null, parts }
        : { kind: 'urn', input: text, spec, nid: '', nss: '', query: null, fragment: null, parts };
    } else {
      value = asRecord
        ? {
          input: text, valid: true, kind: 'urn', spec, nid: '', nss: '',
          rComponent: null, qComponent: null, fComponent: null, parts,
        }
        : {
          kind: 'urn', input: text, spec, nid: '', nss: '',
          rComponent: null, qComponent: null, fComponent: null, parts,
        };
    }
    if (bits & (1 << 4)) value.namespaceChecked = words[base + NAMESPACE_CHECKED] === 1;
  } else {
    const tagSyntax = tagSyntaxes[words[base + SYNTAX]];
    const authorityKind = authorityKinds[words[base + AUTHORITY_KIND]];
    const date = `${pad(words[base + YEAR], 4)}-${pad(words[base + MONTH], 2)}-${pad(words[base + DAY], 2)}`;
    value = asRecord
      ? {
        input: text, valid: true, kind: 'tag', tagSyntax, authority: '', authorityKind, date,
        dateAsWritten: '', specific: '', fragment: null, parts,
      }
      : {
        kind: 'tag', input: text, tagSyntax, authority: '', authorityKind, date,
        dateAsWritten: '', specific: '', fragment: null, parts,
      };
  }
  for (let i = 0, at = base + PARTS; i < count; i++, at += 3) {
    const index = words[at];
    const start = words[at + 1];
    const end = words[at + 2];
    parts[i] = { part: partCodes[index], start, end };
    const field = partFields[index];
    if (field !== null) value[field] = text.slice(start, end);
  }
  return value;
}

function pad(number, digits) {
  return String(number).padStart(digits, '0');
}

// The option bits (src/lib.rs, `Options`) that recognition in JavaScript reads.
const NAMESPACES = 1 << 4;

/**
 * Recognizes `text` in JavaScript under `bits`, without namespaces: FOUND_URN or FOUND_TAG
 * (with its parts in `recognized`), or FAILED, when the module is to say why. As the module
 * does, it reads a URN or a tag by the scheme, or only the scheme the options name.
 */
function recognize(text, bits) {
  const scheme = schemeToTry(text, bits);
  if (scheme === FOUND_URN) return recognizeUrn(text, bits & 3) ? FOUND_URN : FAILED;
  if (scheme === FOUND_TAG) return recognizeTag(text, (bits >>> 2) & 3) ? FOUND_TAG : FAILED;
  return FAILED;
}

/**
 * Which scheme's grammar reads `text` under `bits`: FOUND_URN, FOUND_TAG, or FAILED when
 * neither can. The grammars check the whole scheme, so its first letter chooses between them,
 * unless the options name one scheme.
 */
function schemeToTry(text, bits) {
  const scheme = (bits >>> 6) & 3;
  const first = text.charCodeAt(0) | 0x20;
  if (scheme === 1 || (scheme === 0 && first === 0x75)) return FOUND_URN;
  if (scheme === 2 || (scheme === 0 && first === 0x74)) return FOUND_TAG;
  return FAILED;
}

// The values of what `recognize` found, built from `recognized`: a URN or a tag as `parse`
// gives it, or as `check` does (whose record starts with `input` and `valid`, as
// `check --json`'s does). Each shape is one object literal, which V8 makes faster than an
// object grown field by field; the functions are small, so that V8 inlines them into a
// caller that only reads a field and need not make the object at all.

const URN_SPECS = ['rfc8141', 'rfc2141', 'rfc2141bis'];
const TAG_SYNTAXES = ['rfc4151', 'erratum1485', 'lenient'];
const AUTHORITY_KINDS = ['dns', 'email', 'opaque'];
const RFC2141BIS = 2;

function span(part, start, end) {
  return { part, start, end };
}

/** The component from slot `start` to slot `end` of `recognized`, or null. */
function component(text, start, end) {
  const from = recognized[start];
  return from < 0 ? null : text.slice(from, recognized[end]);
}

/** A URN's parts; the components' names are those of its syntax. */
function urnParts(r, q, f) {
  const nidEnd = recognized[NID_END];
  const parts = [span('scheme', 0, 3), span('nid', 4, nidEnd), span('nss', nidEnd + 1, recognized[NSS_END])];
  if (recognized[R_START] >= 0) parts.push(span(r, recognized[R_START], recognized[R_END]));
  if (recognized[Q_START] >= 0) parts.push(span(q, recognized[Q_START], recognized[Q_END]));
  if (recognized[F_START] >= 0) parts.push(span(f, recognized[F_START], recognized[F_END]));
  return parts;
}

function urnRecord(text) {
  const nidEnd = recognized[NID_END];
  if (recognized[URN_SYNTAX] === RFC2141BIS) {
    return {
      input: text, valid: true, kind: 'urn', spec: 'rfc2141bis', nid: text.slice(4, nidEnd),
      nss: text.slice(nidEnd + 1, recognized[NSS_END]), query: component(text, Q_START, Q_END),
      fragment: component(text, F_START, F_END), parts: urnParts(null, 'query', 'fragment'),
    };
  }
  return {
    input: text, valid: true, kind: 'urn', spec: URN_SPECS[recognized[URN_SYNTAX]], nid: text.slice(4, nidEnd),
    nss: text.slice(nidEnd + 1, recognized[NSS_END]), rComponent: component(text, R_START, R_END),
    qComponent: component(text, Q_START, Q_END), fComponent: component(text, F_START, F_END),
    parts: urnParts('r_component', 'q_component', 'f_component'),
  };
}

function urnValue(text) {
  const nidEnd = recognized[NID_END];
  if (recognized[URN_SYNTAX] === RFC2141BIS) {
    return {
      kind: 'urn', input: text, spec: 'rfc2141bis', nid: text.slice(4, nidEnd),
      nss: text.slice(nidEnd + 1, recognized[NSS_END]), query: component(text, Q_START, Q_END),
      fragment: component(text, F_START, F_END), parts: urnParts(null, 'query', 'fragment'),
    };
  }
  return {
    kind: 'urn', input: text, spec: URN_SPECS[recognized[URN_SYNTAX]], nid: text.slice(4, nidEnd),
    nss: text.slice(nidEnd + 1, recognized[NSS_END]), rComponent: component(text, R_START, R_END),
    qComponent: component(text, Q_START, Q_END), fComponent: component(text, F_START, F_END),
    parts: urnParts('r_component', 'q_component', 'f_component'),
  };
}

/** A tag's parts. */
function tagParts(text) {
  const comma = recognized[COMMA];
  const colon = recognized[COLON];
  const hash = recognized[HASH];
  const parts = [
    span('scheme', 0, 3), span('authority', 4, comma), span('date', comma + 1, colon),
    span('specific', colon + 1, hash < 0 ? text.length : hash),
  ];
  if (hash >= 0) parts.push(span('fragment', hash + 1, text.length));
  return parts;
}

/** The tag's date in full, `YYYY-MM-DD`: as written, with the month and day it leaves out. */
function fullDate(written) {
  return written.length === 10 ? written : written.length === 7 ? `${written}-01` : `${written}-01-01`;
}

function tagRecord(text) {
  const comma = recognized[COMMA];
  const colon = recognized[COLON];
  const hash = recognized[HASH];
  const dateAsWritten = text.slice(comma + 1, colon);
  return {
    input: text, valid: true, kind: 'tag', tagSyntax: TAG_SYNTAXES[recognized[TAG_SYNTAX]],
    authority: text.slice(4, comma), authorityKind: AUTHORITY_KINDS[recognized[TAG_AUTHORITY_KIND]],
    date: fullDate(dateAsWritten), dateAsWritten,
    specific: text.slice(colon + 1, hash < 0 ? text.length : hash), fragment: hash < 0 ? null : text.slice(hash + 1),
    parts: tagParts(text),
  };
}

function tagValue(text) {
  const comma = recognized[COMMA];
  const colon = recognized[COLON];
  const hash = recognized[HASH];
  const dateAsWritten = text.slice(comma + 1, colon);
  return {
    kind: 'tag', input: text, tagSyntax: TAG_SYNTAXES[recognized[TAG_SYNTAX]],
    authority: text.slice(4, comma), authorityKind: AUTHORITY_KINDS[recognized[TAG_AUTHORITY_KIND]],
    date: fullDate(dateAsWritten), dateAsWritten,
    specific: text.slice(colon + 1, hash < 0 ? text.length : hash), fragment: hash < 0 ? null : text.slice(hash + 1),
    parts: tagParts(text),
  };
}

/**
 * Parses a URN (RFC 8141 by default) or a tag URI (RFC 4151), told apart by the scheme, or of
 * the one scheme `options.scheme` names. Throws an UrnTagError for an invalid input.
 */
export function parse(text, options) {
  const bits = options === undefined ? 0 : optionBits(options);
  if (typeof text === 'string' && (bits & NAMESPACES) === 0) {
    const kind = recognize(text, bits);
    if (kind === FOUND_URN) return urnValue(text);
    if (kind === FOUND_TAG) return tagValue(text);
    // What the grammars refuse is refused here; the module says why if the error is read.
    if (fitsNow(text)) throw UrnTagError.refused(text, bits);
  }
  return parseInModule(text, bits);
}

/** `parse`, by the module alone. */
function parseInModule(text, bits) {
  const found = wasm.parse(writeIdentifier(text, 'text'), bits) >>> 0;
  if (found === FAILED) throw lastError(text);
  if (found === NO_MEMORY) throw tooLong(text);
  refreshViews();
  return identifier(text, found, bits, resultWords, 0, false);
}

/**
 * Checks `text` and answers with a value, never throwing for an invalid input: the record of
 * `urn-tag check --json`, `{valid: true, ...}` with `parse`'s fields, or
 * `{input, valid: false, kind, error: {index, message, kind, part}}`.
 */
export function check(text, options) {
  const bits = options === undefined ? 0 : optionBits(options);
  if (typeof text === 'string' && (bits & NAMESPACES) === 0) {
    const kind = recognize(text, bits);
    if (kind === FOUND_URN) return urnRecord(text);
    if (kind === FOUND_TAG) return tagRecord(text);
    if (fitsNow(text)) return refused(text, bits);
  }
  return checkInModule(text, bits);
}

/**
 * Whether `text` is a valid identifier under `options`: `check(text, options).valid`, without
 * the record. Without namespaces it is answered by the grammars' regular expressions
 * (urn_recognizer.js's and tag_recognizer.js's `PATTERNS`, written from the grammars when the
 * package is built) and what the grammars leave to code; with them, by the module.
 */
export function isValid(text, options) {
  const bits = options === undefined ? 0 : optionBits(options);
  requireString(text, 'text');
  if ((bits & NAMESPACES) !== 0) return checkInModule(text, bits).valid;
  const scheme = schemeToTry(text, bits);
  if (scheme === FOUND_URN) return acceptsUrn(text, bits & 3);
  if (scheme === FOUND_TAG) return acceptsTag(text, (bits >>> 2) & 3);
  return false;
}

/** `check`, by the module alone. */
function checkInModule(text, bits) {
  let found;
  try {
    found = wasm.parse(writeIdentifier(text, 'text'), bits) >>> 0;
  } catch (error) {
    if (error instanceof UrnTagError) return invalid(text, null, error.toJSON());
    throw error;
  }
  if (found === FAILED) {
    refreshViews();
    return invalid(text, schemeName(resultWords[ERROR_SCHEME]), lastErrorRecord());
  }
  if (found === NO_MEMORY) throw tooLong(text);
  refreshViews();
  return identifier(text, found, bits, resultWords, 0, true);
}

/**
 * `check` by the module alone, and by JavaScript alone (null where JavaScript refuses), for the
 * tests that hold the recognizers compiled into JavaScript to the module (not part of the
 * package's API: the package exports only what node.js and browser.js export).
 */
export const differential = {
  inModule: (text, options) => checkInModule(text, options === undefined ? 0 : optionBits(options)),
  inJavaScript(text, options) {
    const bits = options === undefined ? 0 : optionBits(options);
    const kind = recognize(text, bits);
    return kind === FOUND_URN ? urnRecord(text) : kind === FOUND_TAG ? tagRecord(text) : null;
  },
};

function schemeName(scheme) {
  return scheme === FOUND_URN ? 'urn' : scheme === FOUND_TAG ? 'tag' : null;
}

// The words of one input's answer in `checkAll` (src/lib.rs, `BATCH_STRIDE`).
const BATCH_STRIDE = 1 + PARTS + 3 * 6;

// `checkAll` hands the module its inputs in batches of at most this many, and of at most
// BATCH_UNITS code units (or one input, if longer): what the module holds for a batch, and
// the descriptions of its refused inputs, stay bounded however many inputs there are.
const BATCH_INPUTS = 1 << 14;
const BATCH_UNITS = 1 << 20;

/**
 * `check` for many inputs at once: `check`'s record for each input, in order. Without
 * namespaces, JavaScript answers each input as `check` does; with them, the inputs cross into
 * the module in batches, so there is no limit on their number but the memory that holds the
 * records.
 */
export function checkAll(texts, options) {
  const bits = options === undefined ? 0 : optionBits(options);
  if (!Array.isArray(texts)) throw new TypeError('texts must be an array of strings');
  const count = texts.length;
  for (let i = 0; i < count; i++) {
    if (typeof texts[i] !== 'string') requireString(texts[i], `texts[${i}]`);
  }
  const records = new Array(count);
  // Without namespaces, JavaScript answers every input, and the module explains a refused one
  // if its error is read; with them, the module answers, in batches.
  if ((bits & NAMESPACES) === 0) {
    for (let i = 0; i < count; i++) {
      const text = texts[i];
      const kind = recognize(text, bits);
      if (kind === FOUND_URN) records[i] = urnRecord(text);
      else if (kind === FOUND_TAG) records[i] = tagRecord(text);
      else records[i] = fitsNow(text) ? refused(text, bits) : checkInModule(text, bits);
    }
    return records;
  }
  // Messages repeat (a million inputs may share a few): each is kept once.
  const messages = new Map();
  for (let start = 0; start < count;) {
    let end = start;
    let units = 0;
    while (end < count && end - start < BATCH_INPUTS && (end === start || units + texts[end].length <= BATCH_UNITS)) {
      units += texts[end].length;
      end += 1;
    }
    checkBatch(texts, start, end, bits, records, messages);
    start = end;
  }
  return records;
}

/** `checkAll` of `texts[start..end]` by the module, into `records`. */
function checkBatch(texts, start, end, bits, records, messages) {
  const count = end - start;
  const batch = texts.slice(start, end);
  let joined = batch.join('');
  let bytes = writeInput(joined, 0);
  // A string with a lone surrogate is refused here, and left out of what the module reads: its
  // surrogate could pair with one at the edge of its neighbour.
  let lone = null;
  if (bytes !== joined.length) {
    lone = batch.map((text) => LONE_SURROGATE.exec(text));
    if (lone.some((match) => match !== null)) {
      joined = batch.map((text, i) => (lone[i] === null ? text : '')).join('');
      bytes = writeInput(joined, 0);
    }
  }
  const lengthsAddress = wasm.lengths_buffer(count) >>> 0;
  if (lengthsAddress === 0) throw new RangeError(`${count} inputs are too many for the WebAssembly memory`);
  const lengths = new Uint32Array(memory.buffer, lengthsAddress, count);
  for (let i = 0; i < count; i++) lengths[i] = lone !== null && lone[i] !== null ? 0 : batch[i].length;
  if (wasm.check_all(bytes, count, bits) >>> 0 !== WRITTEN) {
    throw new RangeError(`${count} inputs of ${joined.length} characters are too many for the WebAssembly memory`);
  }
  // Read before the answers: decoding leaves the memory as it is, but the views are made anew.
  const refusals = output().split('\n');
  let refused = 0;
  refreshViews();
  const answers = new Uint32Array(viewedBuffer, resultWords[ANSWERS_ADDRESS], count * BATCH_STRIDE);
  for (let i = 0; i < count; i++) {
    const text = batch[i];
    const base = i * BATCH_STRIDE;
    const found = answers[base];
    let record;
    if (lone !== null && lone[i] !== null) {
      // The module read an empty string in its place, and refused it.
      refused += 1;
      record = invalid(text, null, loneSurrogateError(text, lone[i].index).toJSON());
    } else if (found !== FAILED) {
      record = identifier(text, found, bits, answers, base + 1, true);
    } else {
      const description = refusals[refused++];
      let error = messages.get(description);
      if (error === undefined) {
        const space = description.indexOf(' ');
        error = { message: description.slice(space + 1), kind: description.slice(0, space) };
        messages.set(description, error);
      }
      const part = answers[base + 1 + ERROR_PART];
      record = invalid(text, schemeName(answers[base + 1 + ERROR_SCHEME]), {
        index: answers[base + 1 + ERROR_INDEX],
        message: error.message,
        kind: error.kind,
        part: part === NO_PART ? null : partCodes[part],
      });
    }
    records[start + i] = record;
  }
}

function invalid(input, kind, error) {
  return { input, valid: false, kind, error };
}

/**
 * Checks a URN against the grammar and prose rules of its namespace (`namespaces/<nid>.pest`):
 * `{checked, valid, namespace, error}`. Throws an UrnTagError if `text` is not a URN.
 */
export function checkNamespace(text, options) {
  const bits = optionBits(options);
  const verdict = wasm.check_namespace(writeIdentifier(text, 'text'), bits) >>> 0;
  if (verdict === FAILED) throw lastError(text);
  if (verdict === NO_MEMORY) throw tooLong(text);
  refreshViews();
  if (verdict === NAMESPACE_VALID) {
    return { checked: true, valid: true, namespace: namespaceNids[resultWords[NAMESPACE]], error: null };
  }
  if (verdict === NAMESPACE_INVALID) {
    const namespace = namespaceNids[resultWords[NAMESPACE]];
    return { checked: true, valid: false, namespace, error: lastErrorRecord() };
  }
  return { checked: false, valid: false, namespace: null, error: null };
}

/** The text an export that makes text made from `text`, or its error. */
function made(answer, text) {
  if (answer === WRITTEN) return output();
  if (answer === FAILED) throw lastError(text);
  throw tooLong(text);
}

/**
 * The key an identifier is compared by: for a URN, RFC equivalence (with the namespaces' own
 * rules unless `rfcOnly`); a tag is its own key. Throws an UrnTagError for an invalid input.
 */
export function equivalenceKey(text, options) {
  const bits = optionBits(options);
  return made(wasm.equivalence_key(writeIdentifier(text, 'text'), bits) >>> 0, text);
}

/**
 * The identifier in case-normalized form (RFC 8141 §3.1): a URN with `urn` and the NID in lower
 * case and percent-encodings in upper case, components kept; a tag unchanged. Throws an
 * UrnTagError for an invalid input.
 */
export function normalize(text, options) {
  const bits = optionBits(options);
  return made(wasm.normalized(writeIdentifier(text, 'text'), bits) >>> 0, text);
}

/**
 * Whether two identifiers are equivalent: URNs by RFC equivalence (with the namespaces' own
 * rules unless `rfcOnly`), tags exactly (RFC 4151 §2.4). Throws an UrnTagError if either is
 * invalid (its `input` says which).
 */
export function equivalent(a, b, options) {
  const bits = optionBits(options);
  requireString(a, 'a');
  requireString(b, 'b');
  const bytesA = writeInput(a, 0);
  refuseLoneSurrogate(a, bytesA);
  // The second input goes after the first; writing it may move the buffer, with the first in it.
  const bytesB = writeInput(b, bytesA);
  refuseLoneSurrogate(b, bytesB);
  const verdict = wasm.equivalent(bytesA, bytesB, bits) >>> 0;
  if (verdict === EQUIVALENT) return true;
  if (verdict === NOT_EQUIVALENT) return false;
  if (verdict === NO_MEMORY) throw tooLong(a.length > b.length ? a : b);
  refreshViews();
  throw lastError(resultWords[ERROR_INPUT] === 0 ? a : b);
}

/**
 * The URNs and tag URIs in free text, in order: `{kind, text, start, end}` each, where
 * `text === input.slice(start, end)`. With `namespaces`, only the URNs that follow theirs; with
 * `scheme`, only the identifiers of that scheme.
 */
export function find(text, options) {
  const bits = optionBits(options);
  requireString(text, 'text');
  // A lone surrogate is written as U+FFFD, one code unit too: it separates identifiers and
  // leaves every index in place.
  const count = wasm.find(writeInput(text, 0), bits) >>> 0;
  if (count === NO_MEMORY) throw tooLong(text);
  refreshViews();
  const address = resultWords[FOUND_ADDRESS];
  const words = new Uint32Array(viewedBuffer, address, count * 3);
  const found = new Array(count);
  for (let i = 0; i < count; i++) {
    const start = words[3 * i + 1];
    const end = words[3 * i + 2];
    found[i] = {
      kind: words[3 * i] === FOUND_URN ? 'urn' : 'tag',
      text: text.slice(start, end),
      start,
      end,
    };
  }
  return found;
}

/**
 * Mints a tag by the rules of RFC 4151 §2.2: the date in its shortest form, refused if after
 * `today` (the current UTC date by default). Throws an UrnTagError for a part the RFC forbids.
 */
export function mintTag({ authority, date, specific = '', fragment, today } = {}) {
  requireString(authority, 'authority');
  requireString(specific, 'specific');
  if (fragment !== undefined && fragment !== null) requireString(fragment, 'fragment');
  const written = date instanceof Date ? utcDate(date, 'date') : date;
  requireString(written, 'date');
  const todayWritten = utcDate(today === undefined ? new Date() : today, 'today');
  for (const [part, text] of [['authority', authority], ['specific', specific], ['fragment', fragment ?? ''], ['date', written]]) {
    const lone = LONE_SURROGATE.exec(text);
    if (lone !== null) {
      throw UrnTagError.made('invalid_utf16', part, lone.index,
        `lone surrogate in ${part} at index ${lone.index}: the string is not well-formed UTF-16`, text);
    }
  }
  // The parts one after the other in the input buffer (writing one may move the buffer, with
  // those before it in it).
  let at = 0;
  const lengths = [];
  for (const text of [authority, written, specific, fragment ?? '', todayWritten]) {
    const bytes = writeInput(text, at);
    lengths.push(bytes);
    at += bytes;
  }
  const hasFragment = fragment !== undefined && fragment !== null;
  const answer = wasm.mint_tag(lengths[0], lengths[1], lengths[2], hasFragment ? lengths[3] : -1, lengths[4]) >>> 0;
  if (answer === WRITTEN) return output();
  if (answer === NO_MEMORY) throw tooLong(authority + specific + (fragment ?? ''));
  refreshViews();
  const part = resultWords[ERROR_PART];
  const input = { authority, specific, fragment: fragment ?? '', date: written }[partCodes[part]];
  throw lastError(input ?? written);
}

/** A Date's UTC day, `YYYY-MM-DD`. */
function utcDate(value, what) {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw new TypeError(`${what} must be a valid Date${what === 'date' ? ' or a string' : ''}`);
  }
  const year = value.getUTCFullYear();
  if (year < 0 || year > 9999) throw new RangeError(`${what} must be in the years 0000 to 9999`);
  return `${pad(year, 4)}-${pad(value.getUTCMonth() + 1, 2)}-${pad(value.getUTCDate(), 2)}`;
}
