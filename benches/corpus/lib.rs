//! The corpora the benchmarks parse: realistic URNs and tag URIs, a few of them invalid.
//!
//! A crate of the repository (not published), so that the crate's benchmarks and the
//! bindings' benchmark examples generate the same identifiers from one source.

/// Realistic URNs from common namespaces, with and without components, and a few invalid
/// ones (every parser must reject those quickly too).
pub const CORPUS: &[&str] = &[
    "urn:isbn:0451450523",
    "urn:isbn:978-3-16-148410-0",
    "URN:ISBN:0-395-36341-1",
    "urn:issn:1046-8188",
    "urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66",
    "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
    "urn:uuid:B571B0BC-4713-11EC-81D3-0242AC130003",
    "urn:ietf:rfc:8141",
    "urn:ietf:params:scim:schemas:core:2.0:User",
    "urn:ietf:params:xml:ns:yang:ietf-interfaces",
    "urn:ietf:params:oauth:grant-type:jwt-bearer",
    "urn:oid:2.16.840.1.113883.3.1937.777.24",
    "urn:oid:1.3.6.1.4.1.343",
    "urn:nbn:de:bvb:19-146642",
    "urn:nbn:fi:tkk-004781",
    "urn:nbn:se:uu:diva-3475",
    "urn:epc:id:sgtin:0614141.112345.400",
    "urn:epc:id:sscc:0614141.1234567890",
    "urn:epc:tag:sgtin-96:3.0614141.812345.6789",
    "urn:lex:it:stato:legge:2003-09-21;456",
    "urn:mpeg:mpeg7:schema:2001",
    "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    "urn:publicid:ISO%2FIEC+10179%3A1996:DTD+DSSSL+Architecture:EN",
    "urn:example:%D0%B0123,z456",
    "urn:example:caf%C3%A9-cr%C3%A8me",
    "urn:example:a123%2Cz456",
    "urn:example:1/406/47452/2",
    "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk",
    "urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z",
    "urn:example:foo-bar-baz-qux#somepart",
    "urn:example:a123,z456?+abc?=xyz#789",
    "urn:nbn:de:bvb:19-146642?=format=pdf#page=3",
    "urn:example:a%zz",
    "urn:example:a?b",
    "urn:-bad:x",
    "urn:example",
];

/// Tag URIs as found in Atom feeds, YAML and the RFC, with email and DNS authorities, the
/// three date forms, fragments and percent-encoding, and a few invalid ones.
pub const TAG_CORPUS: &[&str] = &[
    "tag:timothy@hpl.hp.com,2001:web/externalHome",
    "tag:sandro@w3.org,2004-05:Sandro",
    "tag:my-ids.com,2001-09-15:TimKindberg:presentations:UBath2004-05-19",
    "tag:blogger.com,1999:blog-555",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:str",
    "tag:example.com,2000:",
    "tag:example.com,2000:#",
    "tag:diveintomark.org,2003-11-30:blog-14:post-19",
    "tag:diveintomark.org,2004-05-27:/archives/2004/05/27/howto-atom-linkblog",
    "tag:raelity.org,2003:/computers/internet/weblogs/blosxom/plugins/atomfeed",
    "tag:example.org,2004:/2004_07.html#someitemanchor",
    "tag:blogger.com,1999:blog-8461783.post-1174245628498498380",
    "tag:github.com,2008:Repository/1300192/v1.2.3",
    "tag:google.com,2005:reader/item/5d0cfa30041d4348",
    "tag:helpful-iain@theprintedbird.com,2019-01-09:My%20slippers",
    "tag:www.example.com,2018-03-11:/posts/beeswax#bees",
    "tag:example.net,2014:specific?query#fragment",
    "tag:joeblow@example.com,2024-03-08:note-rRjM2W0g6p#banana-split",
    "TAG:EXAMPLE.com,2000-01-01:a%2Fb",
    "tag:a+b@example.com,2020:x",
    "tag:example.com,1900-02-29:",
    "tag:diveintomark.org:foo",
];

/// The size of a corpus in bytes.
pub fn bytes(corpus: &[&str]) -> u64 {
    corpus.iter().map(|input| input.len() as u64).sum()
}

/// A deterministic pseudo-random generator (xorshift64*), so that every run and every
/// machine benchmarks the same corpus.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    /// The next 64 pseudo-random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    fn digits(&mut self, n: usize) -> String {
        (0..n)
            .map(|_| char::from(b'0' + self.below(10) as u8))
            .collect()
    }

    /// `n` digits, the first not 0 (an OID arc has no leading zero).
    fn number(&mut self, n: usize) -> String {
        let first = char::from(b'1' + self.below(9) as u8);
        core::iter::once(first)
            .chain(self.digits(n - 1).chars())
            .collect()
    }

    fn hex(&mut self, n: usize) -> String {
        (0..n)
            .map(|_| char::from(b"0123456789abcdef"[self.below(16)]))
            .collect()
    }

    fn pick<'a>(&mut self, words: &[&'a str]) -> &'a str {
        words[self.below(words.len())]
    }
}

/// `n` valid RFC 8141 URNs, valid for their namespaces' grammars too, of the namespaces real
/// data uses most (ISBN, UUID, ISSN, IETF RFCs
/// and parameters, OIDs, NBNs, EPCs, OASIS, MPEG, lex, example), about a tenth of them with a
/// q-component, a few with an r- or f-component; 41 bytes long on average.
pub fn generated(n: usize) -> Vec<String> {
    let mut rng = Rng::new(0x005E_ED0F_0123);
    let words = [
        "core",
        "assertion",
        "protocol",
        "metadata",
        "user",
        "group",
        "interfaces",
        "routing",
        "bearer",
        "token",
        "profile",
        "schema",
        "device",
        "policy",
        "binding",
        "entity",
    ];
    (0..n)
        .map(|_| {
            let mut urn = match rng.below(12) {
                0 => {
                    let (group, publisher, title) = (rng.digits(1), rng.digits(3), rng.digits(5));
                    let check = isbn13_check_digit(&format!("978{group}{publisher}{title}"));
                    format!("urn:isbn:978-{group}-{publisher}-{title}-{check}")
                }
                1 => format!(
                    "urn:uuid:{}-{}-{}-{}-{}",
                    rng.hex(8),
                    rng.hex(4),
                    rng.hex(4),
                    rng.hex(4),
                    rng.hex(12)
                ),
                2 => format!("urn:epc:id:sscc:{}.{}", rng.digits(7), rng.digits(10)),
                3 => format!("urn:ietf:params:oauth:grant-type:{}", rng.pick(&words)),
                4 => format!("urn:ietf:params:xml:ns:yang:ietf-{}", rng.pick(&words)),
                5 => {
                    let arc = 1 + rng.below(4);
                    format!(
                        "urn:oid:2.16.840.1.113883.{}.{}",
                        rng.number(arc),
                        rng.number(3)
                    )
                }
                6 => format!("urn:nbn:de:bsz:{}-opus4-{}", rng.digits(3), rng.digits(6)),
                7 => format!(
                    "urn:epc:id:sgtin:{}.{}.{}",
                    rng.digits(7),
                    rng.digits(6),
                    rng.digits(3)
                ),
                8 => format!(
                    "urn:oasis:names:tc:SAML:2.0:{}:{}",
                    rng.pick(&words),
                    rng.pick(&words)
                ),
                9 => format!(
                    "urn:mpeg:dash:profile:isoff-{}:{}",
                    rng.pick(&words),
                    2011 + rng.below(10)
                ),
                10 => format!(
                    "urn:lex:it:stato:legge:{}-0{}-{};{}",
                    1990 + rng.below(30),
                    1 + rng.below(9),
                    10 + rng.below(18),
                    rng.digits(3)
                ),
                _ => format!(
                    "urn:oasis:names:tc:xacml:3.0:attribute-category:{}",
                    rng.pick(&words)
                ),
            };
            match rng.below(40) {
                0..=3 => urn.push_str("?=lang=en"),
                4 => urn.push_str("?+resolver"),
                5 => urn.push_str("#section2"),
                _ => {}
            }
            urn
        })
        .collect()
}

/// `n` valid RFC 4151 tags as feeds, YAML and logs write them: DNS and email authorities, the
/// three date forms, specifics of words, numbers and paths, a few fragments; 41 bytes long on
/// average, like the URNs of [`generated`].
pub fn generated_tags(n: usize) -> Vec<String> {
    let mut rng = Rng::new(0x7A6_5EED);
    let domains = [
        "example.com",
        "yaml.org",
        "blogger.com",
        "github.com",
        "w3.org",
        "my-ids.com",
        "diveintomark.org",
        "google.com",
        "blog.example.net",
    ];
    let people = [
        "timothy",
        "sandro",
        "jane.doe",
        "ops-team",
        "a_b",
        "webmaster",
    ];
    let words = [
        "post",
        "blog",
        "entry",
        "item",
        "note",
        "int",
        "map",
        "presentations",
    ];
    (0..n)
        .map(|_| {
            let authority = match rng.below(4) {
                0 => format!("{}@{}", rng.pick(&people), rng.pick(&domains)),
                _ => rng.pick(&domains).to_owned(),
            };
            let year = 1999 + rng.below(27);
            let date = match rng.below(3) {
                0 => format!("{year}"),
                1 => format!("{year}-{:02}", 1 + rng.below(12)),
                _ => format!("{year}-{:02}-{:02}", 1 + rng.below(12), 1 + rng.below(28)),
            };
            let specific = match rng.below(3) {
                0 => {
                    let len = 3 + rng.below(6);
                    format!("{}-{}", rng.pick(&words), rng.digits(len))
                }
                1 => format!("{}:{}", rng.pick(&words), rng.digits(4)),
                _ => format!("/{}/{}/{}", year, rng.pick(&words), rng.digits(2)),
            };
            let mut tag = format!("tag:{authority},{date}:{specific}");
            if rng.below(3) == 0 {
                tag.push_str(&format!("/{}", rng.pick(&words)));
            }
            if rng.below(20) == 0 {
                tag.push_str("#part");
            }
            tag
        })
        .collect()
}

/// The ISBN-13 check digit of twelve digits (ISO 2108: weights 1 and 3, modulus 10).
fn isbn13_check_digit(twelve: &str) -> u32 {
    let sum: u32 = twelve
        .bytes()
        .enumerate()
        .map(|(i, b)| u32::from(b - b'0') * if i % 2 == 0 { 1 } else { 3 })
        .sum();
    (10 - sum % 10) % 10
}

/// Each URN of `valid` made invalid at its very end, at the same length (the last byte
/// replaced by one no URN holds), so that rejecting and accepting read the same bytes.
pub fn invalidated(valid: &[String]) -> Vec<String> {
    valid
        .iter()
        .map(|urn| {
            let mut invalid = urn.clone();
            invalid.pop();
            invalid.push('^');
            invalid
        })
        .collect()
}

/// The RFC 8141 ABNF (§2, with RFC 3986's `pchar`, `pct-encoded` and `fragment`) as one
/// regular expression, capturing the NID, NSS and components. A regular expression cannot
/// end the r-component at the first `?=` (RFC 8141 §2.3.1), so its captures can differ from
/// this crate's on such input; its verdict is the ABNF's.
pub const RFC8141_REGEX: &str = concat!(
    r"^(?i:urn):([A-Za-z0-9][A-Za-z0-9-]{0,30}[A-Za-z0-9]):",
    r"((?:[A-Za-z0-9._~!$&'()*+,;=:@-]|%[0-9A-Fa-f]{2})(?:[A-Za-z0-9._~!$&'()*+,;=:@/-]|%[0-9A-Fa-f]{2})*)",
    r"(?:\?\+((?:[A-Za-z0-9._~!$&'()*+,;=:@-]|%[0-9A-Fa-f]{2})(?:[A-Za-z0-9._~!$&'()*+,;=:@/?-]|%[0-9A-Fa-f]{2})*))?",
    r"(?:\?=((?:[A-Za-z0-9._~!$&'()*+,;=:@-]|%[0-9A-Fa-f]{2})(?:[A-Za-z0-9._~!$&'()*+,;=:@/?-]|%[0-9A-Fa-f]{2})*))?",
    r"(?:#((?:[A-Za-z0-9._~!$&'()*+,;=:@/?-]|%[0-9A-Fa-f]{2})*))?$",
);
