package dev.assay.testsupport;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import dev.assay.localstack.stub.StubLlmServer;

/**
 * Marks a {@link StubLlmServer} field of a {@code @QuarkusTest} that {@link StubLlmResource} fills
 * with the stub the application under test talks to.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface InjectStubLlm {
}
