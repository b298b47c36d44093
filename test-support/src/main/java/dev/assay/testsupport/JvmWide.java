package dev.assay.testsupport;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

import dev.assay.localstack.EmbeddedInfrastructure;

/**
 * Calls a public static method of local-stack's {@link EmbeddedInfrastructure} as loaded by the
 * system class loader, so that the state it keeps in static fields (the shared broker and database)
 * exists once per JVM.
 *
 * <p>Why: {@code @QuarkusTest} loads test dependencies such as local-stack in a class loader per
 * application, and starts a new application (and class loader) for every test profile or set of
 * resources. Calling the class directly would start one broker per application, and the broker's code
 * would come from a class loader Quarkus closes when that application stops, while the broker runs on.
 * Only JDK types may cross this boundary (String, Duration, DataSource, ...). The product (the
 * {@code assay} command, a plain JVM) has one class loader and calls {@link EmbeddedInfrastructure} directly.
 *
 * <p>The thread context class loader is switched for the call: Kafka resolves configured classes
 * through it, and threads the broker starts inherit it.
 */
final class JvmWide {

    private JvmWide() {
    }

    static Object call(String methodName, MethodType type, Object... args) {
        Class<?> target = systemLoaderCopy();
        MethodHandle method;
        try {
            method = MethodHandles.publicLookup().findStatic(target, methodName, type);
        } catch (NoSuchMethodException | IllegalAccessException e) {
            throw new IllegalStateException("No public static " + type.returnType().getSimpleName() + " "
                    + target.getSimpleName() + "." + methodName + type, e);
        }
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(target.getClassLoader());
        try {
            return method.invokeWithArguments(args);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /** The system class loader's copy of the class; the one at hand where that loader cannot see local-stack. */
    private static Class<?> systemLoaderCopy() {
        try {
            return Class.forName(EmbeddedInfrastructure.class.getName(), true, ClassLoader.getSystemClassLoader());
        } catch (ClassNotFoundException e) {
            return EmbeddedInfrastructure.class;
        }
    }
}
