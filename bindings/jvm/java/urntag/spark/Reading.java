package urntag.spark;

/**
 * How the values are read, from the SQL functions' arguments, packed into the {@code int} the
 * native methods take: bits 0-1 the URN syntax, bits 2-3 the tag syntax, bit 4 the
 * namespaces' own syntaxes, bits 5-6 the scheme. The names are those of the Python package's
 * options; a name it does not know is the query's error.
 */
final class Reading {
    private String scheme;
    private String spec;
    private String tagSyntax;
    private boolean namespaces;
    private int code = -1;

    /** The code of these arguments: computed again only when they change from row to row. */
    int code(String scheme, String spec, String tagSyntax, boolean namespaces) {
        if (code < 0
                || namespaces != this.namespaces
                || !scheme.equals(this.scheme)
                || !spec.equals(this.spec)
                || !tagSyntax.equals(this.tagSyntax)) {
            code = of(scheme, spec, tagSyntax, namespaces);
            this.scheme = scheme;
            this.spec = spec;
            this.tagSyntax = tagSyntax;
            this.namespaces = namespaces;
        }
        return code;
    }

    static int of(String scheme, String spec, String tagSyntax, boolean namespaces) {
        int urn;
        switch (spec) {
            case "rfc8141": urn = 0; break;
            case "rfc2141": urn = 1; break;
            case "rfc2141bis": urn = 2; break;
            default:
                throw new IllegalArgumentException("spec \"" + spec
                        + "\": unknown URN syntax (expected rfc8141, rfc2141 or rfc2141bis)");
        }
        int tag;
        switch (tagSyntax) {
            case "rfc4151": tag = 0; break;
            case "erratum1485": tag = 1; break;
            case "lenient": tag = 2; break;
            default:
                throw new IllegalArgumentException("tag_syntax \"" + tagSyntax
                        + "\": unknown tag syntax (expected rfc4151, erratum1485 or lenient)");
        }
        int only;
        switch (scheme) {
            case "identifier": only = 0; break;
            case "urn": only = 1; break;
            case "tag": only = 2; break;
            default:
                throw new IllegalArgumentException("scheme \"" + scheme
                        + "\": expected \"urn\", \"tag\" or \"identifier\"");
        }
        return urn | tag << 2 | (namespaces ? 1 : 0) << 4 | only << 5;
    }
}
