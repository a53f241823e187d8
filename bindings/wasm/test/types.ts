// The package's TypeScript types at work: `tsc -p test` must accept this file (it is type-checked,
// never run), so that the declarations describe the values a program uses.

import {
  UrnTagError, check, checkAll, checkNamespace, equivalenceKey, equivalent, find, isValid, mintTag, normalize, parse,
  type CheckResult, type ErrorRecord, type Found, type Identifier, type NamespaceVerdict,
} from 'urn-tag';

const id: Identifier = parse('urn:example:a?=q', { spec: 'rfc8141', namespaces: false });
if (id.kind === 'urn') {
  const nss: string = id.nss;
  if (id.spec === 'rfc2141bis') {
    const query: string | null = id.query;
    void query;
  } else {
    const q: string | null = id.qComponent;
    void q;
  }
  const checked: boolean | undefined = id.namespaceChecked;
  void [nss, checked];
} else {
  const kind: 'dns' | 'email' | 'opaque' = id.authorityKind;
  const date: string = id.date;
  void [kind, date];
}
for (const span of id.parts) {
  const text: string = id.input.slice(span.start, span.end);
  void text;
}

const valid: boolean = isValid('urn:example:a', { spec: 'rfc2141', namespaces: true });
void valid;

const result: CheckResult = check('urn:example:a%zz', { tagSyntax: 'lenient' });
if (result.valid) {
  const input: string = result.input;
  void input;
} else {
  const error: ErrorRecord = result.error;
  const where: number = error.index;
  const part: string | null = error.part;
  void [where, part];
}

try {
  parse('tag:example.com,2000-13:');
} catch (error) {
  if (error instanceof UrnTagError) {
    const record: ErrorRecord = error.toJSON();
    const kind: string = error.kind;
    void [record, kind, error.input, error.message];
  }
}

const verdict: NamespaceVerdict = checkNamespace('urn:issn:1234-1232', { spec: 'rfc8141' });
const namespace: string | null = verdict.namespace;
const key: string = equivalenceKey('URN:EX:a', { rfcOnly: true });
const same: boolean = equivalent('urn:ex:a', 'urn:EX:a', { rfcOnly: false });
const normal: string = normalize('URN:EX:a');
const found: Found[] = find('see urn:isbn:0451450523', { namespaces: true });
const tag: string = mintTag({ authority: 'example.com', date: new Date(), specific: 'x', fragment: null });
const minted: string = mintTag({ authority: 'example.com', date: '2001', today: new Date() });
const records: CheckResult[] = checkAll(['urn:example:a', 'tag:yaml.org,2002:int'], { spec: 'rfc2141' });
void [namespace, key, same, normal, found, tag, minted, records];

// What parse gives is typed by the scheme asked for, and then by the spec.
const someText: string = 'urn:example:a';
const qComponent: string | null = parse('urn:example:a?=q', { scheme: 'urn' }).qComponent;
const query: string | null = parse('urn:example:a?q', { scheme: 'urn', spec: 'rfc2141bis' }).query;
const onlyUrns = parse(someText, { scheme: 'urn', namespaces: true });
const onlyTags = parse(someText, { scheme: 'tag' });
const draftUrns = parse(someText, { scheme: 'urn', spec: 'rfc2141bis' });
const either: Identifier = parse(someText, { scheme: null });
const some: CheckResult[] = checkAll([someText], { scheme: 'tag' });
void [qComponent, query, onlyUrns.qComponent, onlyTags.authority, draftUrns.fragment, either, some];
// @ts-expect-error: a tag has no NSS.
void parse(someText, { scheme: 'tag' }).nss;
// @ts-expect-error: a URN of the draft has no q-component.
void parse(someText, { scheme: 'urn', spec: 'rfc2141bis' }).qComponent;
// @ts-expect-error: an identifier of either scheme has no NSS until narrowed.
void parse(someText).nss;
// @ts-expect-error: a scheme is urn or tag.
parse(someText, { scheme: 'both' });

// @ts-expect-error: an unknown spec is not a UrnSpec.
parse('urn:example:a', { spec: 'rfc9999' });
// @ts-expect-error: mintTag needs a date.
mintTag({ authority: 'example.com' });
