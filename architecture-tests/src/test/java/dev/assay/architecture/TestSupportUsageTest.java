package dev.assay.architecture;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import java.util.List;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * No product main class uses test-support ({@code dev.assay.testsupport}): it is test
 * infrastructure, and its dependencies (JUnit, the Kafka test kit) must not ship. The exceptions
 * still to be removed are {@link KnownViolations#KNOWN_TEST_SUPPORT_USES_TO_REMOVE}; the
 * pom.xml side of the rule is {@link ModulePomsTest}.
 */
@AnalyzeClasses(packages = ProductSlices.ROOT, importOptions = ImportOption.DoNotIncludeTests.class)
class TestSupportUsageTest {

    static final String TEST_SUPPORT = "dev.assay.testsupport..";

    @ArchTest
    static final ArchRule noMainClassUsesTestSupport = noClasses()
            .that().resideOutsideOfPackage(TEST_SUPPORT)
            .and(DescribedPredicate.not(knownUse()))
            .should().dependOnClassesThat().resideInAPackage(TEST_SUPPORT)
            .because("test-support is a test-scope library (see KnownViolations.KNOWN_TEST_SUPPORT_USES_TO_REMOVE "
                    + "for the uses still to be removed)");

    /** Each listed known use still exists: an entry is deleted with the use it names. */
    @ArchTest
    static void knownUsesAreStillThere(JavaClasses classes) {
        List<String> gone = KnownViolations.KNOWN_TEST_SUPPORT_USES_TO_REMOVE.stream()
                .filter(name -> classes.stream()
                        .filter(javaClass -> topLevelName(javaClass).equals(name))
                        .noneMatch(TestSupportUsageTest::usesTestSupport))
                .sorted()
                .toList();
        assertThat(gone)
                .as("these classes no longer use test-support: delete them from "
                        + "KnownViolations.KNOWN_TEST_SUPPORT_USES_TO_REMOVE")
                .isEmpty();
    }

    private static DescribedPredicate<JavaClass> knownUse() {
        return DescribedPredicate.describe("listed in KnownViolations.KNOWN_TEST_SUPPORT_USES_TO_REMOVE",
                javaClass -> KnownViolations.KNOWN_TEST_SUPPORT_USES_TO_REMOVE.contains(topLevelName(javaClass)));
    }

    private static boolean usesTestSupport(JavaClass javaClass) {
        return javaClass.getDirectDependenciesFromSelf().stream()
                .anyMatch(dependency -> dependency.getTargetClass().getPackageName().startsWith("dev.assay.testsupport"));
    }

    /** A nested class counts as its top-level class: {@code a.B$C} is {@code a.B}. */
    private static String topLevelName(JavaClass javaClass) {
        String name = javaClass.getName();
        int nested = name.indexOf('$');
        return nested < 0 ? name : name.substring(0, nested);
    }
}
