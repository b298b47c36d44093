package dev.assay.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

import dev.assay.localstack.EmbeddedInfrastructure;

/**
 * {@code @QuarkusTest} loads test-support and local-stack once per Quarkus application; the broker and
 * the database must still exist once per JVM ({@link JvmWide}). An isolated class loader over the same
 * class path stands in for a second Quarkus application.
 */
class SharedAcrossClassLoadersTest {

    @Test
    void aSecondCopyOfTheLibraryGetsTheSameBrokerAndDatabase() throws Exception {
        String bootstrapServers = KafkaBrokerResource.bootstrapServers();
        String jdbcUrl = PostgresResource.jdbcUrl();

        try (URLClassLoader isolated = new URLClassLoader(classPath(), ClassLoader.getPlatformClassLoader())) {
            Class<?> otherKafka = isolated.loadClass(KafkaBrokerResource.class.getName());
            Class<?> otherPostgres = isolated.loadClass(PostgresResource.class.getName());
            assertThat(otherKafka).isNotSameAs(KafkaBrokerResource.class);

            assertThat(otherKafka.getMethod("bootstrapServers").invoke(null)).isEqualTo(bootstrapServers);
            assertThat(otherPostgres.getMethod("jdbcUrl").invoke(null)).isEqualTo(jdbcUrl);
        }
        assertThat(EmbeddedInfrastructure.kafkaBootstrapServers()).isEqualTo(bootstrapServers);
        assertThat(EmbeddedInfrastructure.postgresJdbcUrl()).isEqualTo(jdbcUrl);
    }

    /** Surefire may pass the class path in a manifest-only jar; URLClassLoader follows its Class-Path. */
    private static URL[] classPath() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(SharedAcrossClassLoadersTest::toUrl)
                .toArray(URL[]::new);
    }

    private static URL toUrl(String entry) {
        try {
            return new File(entry).toURI().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException(entry, e);
        }
    }
}
