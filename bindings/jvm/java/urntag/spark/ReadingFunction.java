package urntag.spark;

import java.nio.charset.StandardCharsets;
import org.apache.spark.sql.api.java.UDF5;

/**
 * A SQL function of a value and its reading, {@code (value, scheme, spec, tag_syntax,
 * namespaces)}, answered by a native method for the value's UTF-8 bytes: the functions the
 * Python package's {@code urn_tag.spark.register_jvm} registers. The value is a string or, from
 * a binary column, its bytes as they are (which need not be UTF-8). A null argument gives a
 * null.
 */
abstract class ReadingFunction<R> implements UDF5<Object, String, String, String, Boolean, R> {
    private static final long serialVersionUID = 1L;

    /** The last arguments' reading, per instance (each task deserializes its own). */
    private transient Reading reading;

    /** The answer for the bytes of a value under the reading's code. */
    abstract R answer(byte[] value, int reading);

    @Override
    public final R call(
            Object value, String scheme, String spec, String tagSyntax, Boolean namespaces) {
        if (value == null || scheme == null || spec == null || tagSyntax == null
                || namespaces == null) {
            return null;
        }
        if (reading == null) {
            reading = new Reading();
        }
        int code = reading.code(scheme, spec, tagSyntax, namespaces);
        byte[] bytes = value instanceof byte[] binary
                ? binary
                : value.toString().getBytes(StandardCharsets.UTF_8);
        return answer(bytes, code);
    }
}
