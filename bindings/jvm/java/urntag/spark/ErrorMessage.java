package urntag.spark;

import java.nio.charset.StandardCharsets;
import org.apache.spark.sql.api.java.UDF5;

/**
 * {@code urn_tag_error(value, scheme, spec, tag_syntax, namespaces)}, as the Python package's
 * {@code urn_tag.spark.register_jvm} registers it. A null argument gives a null.
 */
public final class ErrorMessage implements UDF5<String, String, String, String, Boolean, String> {
    private static final long serialVersionUID = 1L;

    /** The last arguments' reading, per instance (each task deserializes its own). */
    private transient Reading reading;

    @Override
    public String call(String value, String scheme, String spec, String tagSyntax, Boolean namespaces) {
        if (value == null || scheme == null || spec == null || tagSyntax == null
                || namespaces == null) {
            return null;
        }
        if (reading == null) {
            reading = new Reading();
        }
        int code = reading.code(scheme, spec, tagSyntax, namespaces);
        return Native.error(value.getBytes(StandardCharsets.UTF_8), code);
    }
}
