package urntag.spark;

import org.apache.spark.sql.api.java.UDF5;

/**
 * {@code urn_tag_equivalence_key(value, scheme, spec, tag_syntax, namespaces)}: see {@link Native#equivalenceKey}.
 * Spark looks for a function's {@code UDF5} among its class's own interfaces, so the class
 * names it again.
 */
public final class EquivalenceKey extends ReadingFunction<String>
        implements UDF5<Object, String, String, String, Boolean, String> {
    private static final long serialVersionUID = 1L;

    @Override
    String answer(byte[] value, int reading) {
        return Native.equivalenceKey(value, reading);
    }
}
