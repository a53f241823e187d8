//! The corpora the benchmarks parse: realistic URNs and tag URIs, a few of them invalid.

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
