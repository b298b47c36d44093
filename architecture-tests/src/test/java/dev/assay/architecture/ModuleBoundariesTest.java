package dev.assay.architecture;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * Which module may use which, by package root: the stages and services sit on common and
 * service-core; a stage never knows a service, and no service or stage knows another.
 */
@AnalyzeClasses(packages = ProductSlices.ROOT, importOptions = ImportOption.DoNotIncludeTests.class)
class ModuleBoundariesTest {

    @ArchTest
    static final ArchRule moduleRootsAreFreeOfCycles = slices()
            .assignedFrom(ModuleRoots.all())
            .should().beFreeOfCycles()
            .because("each module's packages are one build unit; a cycle between two would make them one");

    @ArchTest
    static final ArchRule modulesUseOnlyTheModulesBelowThem = layeredArchitecture()
            .consideringOnlyDependenciesInLayers()
            .layer("common").definedBy("dev.assay.common..")
            .layer("importers").definedBy("dev.assay.importers..")
            .layer("service-core").definedBy("dev.assay.core..")
            .layer("stages").definedBy("dev.assay.stage..")
            .layer("services").definedBy("dev.assay.generation..", "dev.assay.parsing..", "dev.assay.rubric..")
            // the local stack's one service process: the three services' stages chained (docs/development.md)
            .layer("local-service").definedBy("dev.assay.local..")
            .layer("cli").definedBy("dev.assay.cli..")
            // the embedded broker, PostgreSQL and demo model behind `assay run`, on their way from
            // test-support (TestSupportUsageTest) to the local-stack module
            .optionalLayer("local stack").definedBy("dev.assay.localstack..", "dev.assay.testsupport..")
            .whereLayer("cli").mayNotBeAccessedByAnyLayer()
            .whereLayer("local-service").mayNotBeAccessedByAnyLayer()
            .whereLayer("services").mayOnlyBeAccessedByLayers("local-service")
            .whereLayer("stages").mayOnlyBeAccessedByLayers("services", "local-service")
            .whereLayer("service-core").mayOnlyBeAccessedByLayers("stages", "services", "local-service")
            .whereLayer("importers").mayOnlyBeAccessedByLayers("services", "cli")
            .whereLayer("local stack").mayOnlyBeAccessedByLayers("cli")
            .ensureAllClassesAreContainedInArchitecture()
            .because("a library below must not know what is built on it; a new module root is added here "
                    + "with the layers it may use");

    @ArchTest
    static final ArchRule servicesDoNotUseEachOther = slices()
            .assignedFrom(ModuleRoots.only("generation", "parsing", "rubric"))
            .should().notDependOnEachOther()
            .because("the services talk only through Kafka topics and scale on their own");

    @ArchTest
    static final ArchRule stagesDoNotUseEachOther = slices()
            .assignedFrom(ModuleRoots.only("stage.generation", "stage.parsing", "stage.rubric"))
            .should().notDependOnEachOther()
            .because("each stage is a library any service can host on its own; what stages share lives in "
                    + "common or service-core");
}
