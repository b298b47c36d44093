package dev.assay.core.config;

import dev.assay.common.message.TextBlock;
import dev.assay.common.message.ThinkingBlock;
import dev.assay.common.message.ToolResultBlock;
import dev.assay.common.message.ToolUseBlock;
import dev.assay.common.pipeline.AnsweredJob;
import dev.assay.common.pipeline.DeadLetterEnvelope;
import dev.assay.common.pipeline.ParsedJob;
import dev.assay.common.pipeline.VerificationJob;
import dev.assay.common.pipeline.VerificationResult;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * For the native image only (no effect on the JVM); in service-core, so the three services share
 * it. The pipeline records travel as JSON text that Jackson reads and writes by reflection, which
 * a native executable allows only for classes registered at build time. Each root below is registered with its full hierarchy (the types of
 * its components, recursively), which covers the records nested in the messages; the
 * {@code ContentBlock} subtypes are listed because no component names them (they are chosen by
 * the JSON {@code type} property).
 *
 * <p>Resources and service-loader files the code reads at run time are registered by the
 * {@code native} profile of the parent pom.xml. Written and compiled here, but no native image was
 * built on the machines this project is developed on (docs/deploy.md, "Images").
 */
@RegisterForReflection(registerFullHierarchy = true, targets = {
        VerificationJob.class,
        AnsweredJob.class,
        ParsedJob.class,
        VerificationResult.class,
        DeadLetterEnvelope.class,
        TextBlock.class,
        ToolUseBlock.class,
        ToolResultBlock.class,
        ThinkingBlock.class,
})
public final class NativeReflection {

    private NativeReflection() {
    }
}
