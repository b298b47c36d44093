package dev.assay.architecture;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Checks over the modules' pom.xml files: test-support is a test-scope dependency everywhere,
 * and every product module's classes are on this module's class path, so the ArchUnit rules see
 * them all.
 */
class ModulePomsTest {

    static final String TEST_SUPPORT = "assay-test-support";
    static final String THIS_MODULE = "architecture-tests";

    private final Path root = projectRoot();
    private final Pom rootPom = Pom.read(root.resolve("pom.xml"));

    @Test
    void testSupportIsOnlyATestScopeDependency() {
        List<String> problems = new ArrayList<>();
        List<String> stillListed = new ArrayList<>(KnownViolations.KNOWN_TEST_SUPPORT_DEPENDENCIES_TO_REMOVE);
        for (String module : withRoot(rootPom.modules())) {
            Pom pom = Pom.read(root.resolve(module).resolve("pom.xml"));
            if (TEST_SUPPORT.equals(pom.artifactId())) {
                continue;
            }
            List<String> scopes = pom.dependencies().stream()
                    .filter(dependency -> TEST_SUPPORT.equals(dependency.artifactId()))
                    .map(Pom.PomDependency::effectiveScope)
                    .filter(scope -> !scope.equals("test"))
                    .toList();
            if (scopes.isEmpty()) {
                continue;
            }
            if (!stillListed.remove(module)) {
                problems.add(module + "/pom.xml depends on " + TEST_SUPPORT + " with scope " + scopes
                        + ": it must be <scope>test</scope>");
            }
        }
        stillListed.forEach(module -> problems.add(module + " no longer depends on " + TEST_SUPPORT
                + " outside test scope: delete it from KnownViolations.KNOWN_TEST_SUPPORT_DEPENDENCIES_TO_REMOVE"));
        assertThat(problems).as("test-support outside test scope").isEmpty();
    }

    @Test
    void everyProductModuleIsOnTheArchitectureTestsClassPath() {
        Set<String> onClassPath = Set.copyOf(Pom.read(root.resolve(THIS_MODULE).resolve("pom.xml")).dependencies().stream()
                .map(Pom.PomDependency::artifactId)
                .toList());
        List<String> missing = rootPom.modules().stream()
                .filter(module -> Files.isDirectory(root.resolve(module).resolve("src/main/java")))
                .map(module -> Pom.read(root.resolve(module).resolve("pom.xml")).artifactId())
                .filter(artifactId -> !artifactId.equals(TEST_SUPPORT) && !onClassPath.contains(artifactId))
                .toList();
        assertThat(missing)
                .as("product modules with main classes that " + THIS_MODULE + "/pom.xml does not depend on "
                        + "(add each as a test-scope dependency excluding its own dependencies, like the others)")
                .isEmpty();
    }

    @Test
    void everyModuleOfTheRootPomIsRead() {
        assertThat(rootPom.modules()).contains("common", "test-support", "cli", THIS_MODULE);
        assertThat(rootPom.modules()).allMatch(module -> Pom.exists(root.resolve(module)), "has a pom.xml");
    }

    private static List<String> withRoot(List<String> modules) {
        List<String> all = new ArrayList<>(modules);
        all.add(".");
        return all;
    }

    private static Path projectRoot() {
        String configured = System.getProperty("assay.project.root");
        Path root = Path.of(configured != null ? configured : "..").toAbsolutePath().normalize();
        assertThat(root.resolve("pom.xml")).as("the project's root pom.xml (system property assay.project.root)").isRegularFile();
        return root;
    }
}
