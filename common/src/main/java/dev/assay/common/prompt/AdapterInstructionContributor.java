package dev.assay.common.prompt;

/**
 * How an adapter brings its instructions: it implements this interface and lists the class in
 * {@code META-INF/services/dev.assay.common.prompt.AdapterInstructionContributor}. The registry
 * loads every contributor on the class path without knowing any of them.
 */
public interface AdapterInstructionContributor {

    void contribute(AdapterInstructionRegistry registry);
}
