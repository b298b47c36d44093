package dev.assay.architecture;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * Kafka is known only in {@code messaging} packages and Panache/JPA only in {@code repository}
 * packages (DESIGN §1): stage logic and services stay free of both in their signatures and bodies.
 */
@AnalyzeClasses(packages = ProductSlices.ROOT, importOptions = ImportOption.DoNotIncludeTests.class)
class FrameworkConfinementTest {

    @ArchTest
    static final ArchRule kafkaOnlyInMessaging = noClasses()
            .that().resideOutsideOfPackages(
                    "..messaging..",
                    // The local stack of `assay run` starts a Kafka broker: infrastructure that runs
                    // the pipeline, not pipeline code (today in test-support, moving to local-stack).
                    "dev.assay.localstack..", "dev.assay.testsupport..")
            .should().dependOnClassesThat().resideInAnyPackage(
                    "org.apache.kafka..",
                    "io.smallrye.reactive.messaging..",
                    "org.eclipse.microprofile.reactive.messaging..")
            .because("messaging/ is the only place that knows Kafka (DESIGN §1); the stages take and return "
                    + "plain records so any host can run them");

    @ArchTest
    static final ArchRule panacheAndJpaOnlyInRepositories = noClasses()
            .that().resideOutsideOfPackage("..repository..")
            .should().dependOnClassesThat().resideInAnyPackage(
                    "io.quarkus.hibernate..",
                    "io.quarkus.panache..",
                    "jakarta.persistence..")
            .because("queries and entities live in repository/; services ask repositories for plain results "
                    + "(DESIGN §1)");

    @ArchTest
    static final ArchRule stagesArePlainLibraries = noClasses()
            .that().resideInAPackage("dev.assay.stage..")
            .should().dependOnClassesThat().resideInAnyPackage(
                    "io.quarkus..",
                    "io.vertx..",
                    "jakarta.ws.rs..",
                    "org.eclipse.microprofile..")
            .because("the stages are plain libraries that any process can host: the service of the same name, "
                    + "or one process hosting several stages (docs/development.md)");
}
