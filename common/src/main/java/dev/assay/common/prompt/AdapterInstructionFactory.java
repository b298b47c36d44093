package dev.assay.common.prompt;

import java.util.Map;

/**
 * Builds an adapter's instruction for one call from the instruction context (e.g.
 * {@link InstructionContext#JSON_SCHEMA}). The context is whatever the calling stage had to
 * offer: a factory must tolerate missing keys and return {@link AdapterInstruction#NONE} (or a
 * partial instruction) rather than fail.
 */
@FunctionalInterface
public interface AdapterInstructionFactory {

    AdapterInstruction create(Map<String, Object> context);
}
