package urntag.spark;

import org.apache.spark.sql.api.java.UDF5;

/**
 * {@code urn_tag_valid(value, scheme, spec, tag_syntax, namespaces)}: see {@link Native#valid}.
 * Spark looks for a function's {@code UDF5} among its class's own interfaces, so the class
 * names it again.
 */
public final class Valid extends ReadingFunction<Boolean>
        implements UDF5<Object, String, String, String, Boolean, Boolean> {
    private static final long serialVersionUID = 1L;

    @Override
    Boolean answer(byte[] value, int reading) {
        return Native.valid(value, reading);
    }
}
