package dev.assay.testsupport;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;

/**
 * Calls a static method of this library as loaded by the system class loader, so that state kept in
 * static fields (the shared broker and database) exists once per JVM.
 *
 * <p>Why: {@code @QuarkusTest} loads test dependencies such as this library in a class loader per
 * application, and starts a new application (and class loader) for every test profile or set of
 * resources. A plain static singleton would start one broker per application, and the broker's code
 * would come from a class loader Quarkus closes when that application stops, while the broker runs on.
 * Only JDK types may cross this boundary (String, Duration, DataSource, ...).
 *
 * <p>The thread context class loader is switched for the call: Kafka resolves configured classes
 * through it, and threads the broker starts inherit it.
 */
final class JvmWide {

    private JvmWide() {
    }

    static Object call(Class<?> owner, String methodName, Object... args) {
        ClassLoader systemLoader = ClassLoader.getSystemClassLoader();
        Class<?> target = loadFrom(systemLoader, owner);
        Method method = Arrays.stream(target.getDeclaredMethods())
                .filter(m -> m.getName().equals(methodName) && m.getParameterCount() == args.length)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("No method " + owner.getSimpleName() + "." + methodName
                        + " with " + args.length + " parameter(s)"));
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(target.getClassLoader());
        try {
            method.setAccessible(true);
            return method.invoke(null, args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("Cannot call " + owner.getSimpleName() + "." + methodName, e);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /** The system class loader's copy of {@code owner}; {@code owner} itself where that loader cannot see this library. */
    private static Class<?> loadFrom(ClassLoader systemLoader, Class<?> owner) {
        try {
            return Class.forName(owner.getName(), true, systemLoader);
        } catch (ClassNotFoundException e) {
            return owner;
        }
    }
}
