package urntag.spark;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The urn-tag library's checks, through JNI: the native library travels inside this jar, for
 * the platform it was built on, and is unpacked to a temporary file and loaded on first use.
 */
final class Native {
    private Native() {}

    static {
        load();
    }

    /** Whether the UTF-8 bytes are a valid identifier under the reading (see {@link Reading}). */
    static native boolean valid(byte[] value, int reading);

    /** The error's message, {@code null} for a valid identifier. */
    static native String error(byte[] value, int reading);

    /** What equivalence compares, {@code null} for an invalid value. */
    static native String equivalenceKey(byte[] value, int reading);

    /** The platform's directory in the jar, as the build names it: {@code linux-x86_64}. */
    static String platform() {
        String os = System.getProperty("os.name").toLowerCase(java.util.Locale.ROOT);
        String arch = System.getProperty("os.arch").toLowerCase(java.util.Locale.ROOT);
        if (os.startsWith("linux")) {
            os = "linux";
        } else if (os.startsWith("mac")) {
            os = "macos";
        } else if (os.startsWith("windows")) {
            os = "windows";
        }
        if (arch.equals("amd64") || arch.equals("x86_64")) {
            arch = "x86_64";
        } else if (arch.equals("aarch64") || arch.equals("arm64")) {
            arch = "aarch64";
        }
        return os + "-" + arch;
    }

    private static void load() {
        String name = System.mapLibraryName("urn_tag_jvm");
        String resource = "native/" + platform() + "/" + name;
        try (InputStream library = Native.class.getResourceAsStream(resource)) {
            if (library == null) {
                throw new UnsatisfiedLinkError(
                        "urn-tag's Spark functions: this jar has no native library for "
                                + platform()
                                + " (it has the one of the machine it was built on); build the"
                                + " jar on this platform (bindings/jvm/build.sh)");
            }
            Path file = Files.createTempFile("urn_tag_jvm", name);
            file.toFile().deleteOnExit();
            Files.copy(library, file, StandardCopyOption.REPLACE_EXISTING);
            System.load(file.toAbsolutePath().toString());
        } catch (IOException error) {
            throw new UnsatisfiedLinkError(
                    "urn-tag's Spark functions: could not unpack the native library: " + error);
        }
    }
}
