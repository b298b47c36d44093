package dev.assay.it.deploy;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/deploy.md's configuration reference lists every setting the services read: each
 * {@code assay.*} key (their {@code @ConfigMapping} interfaces and {@code @ConfigProperty} names)
 * and each environment variable their application.properties expand, with its environment form.
 */
class ConfigReferenceTest {

    private static final Pattern EXPANSION = Pattern.compile("\\$\\{([A-Z][A-Z0-9_]*)[:}]");
    private static final Pattern CONFIG_PROPERTY = Pattern.compile("@ConfigProperty\\(name\\s*=\\s*\"(assay\\.[^\"]+)\"");

    @Test
    void everySettingTheServicesReadIsInTheReference() throws IOException {
        Path root = DeployManifestsTest.projectRoot();
        String reference = section(Files.readString(root.resolve("docs/deploy.md")), "## Configuration reference");

        Set<String> keys = new TreeSet<>();
        Set<String> variables = new TreeSet<>();
        Set<String> setByVariable = new TreeSet<>();
        for (String service : DeployManifestsTest.SERVICES) {
            java.util.Properties properties = new java.util.Properties();
            try (var reader = Files.newBufferedReader(root.resolve(service).resolve("src/main/resources/application.properties"))) {
                properties.load(reader);
            }
            for (String key : properties.stringPropertyNames()) {
                Matcher expansion = EXPANSION.matcher(properties.getProperty(key));
                while (expansion.find()) {
                    variables.add(expansion.group(1));
                    setByVariable.add(key.startsWith("%") ? key.substring(key.indexOf('.') + 1) : key);
                }
            }
            keys.addAll(assayKeys(root.resolve(service).resolve("src/main/java")));
        }
        keys.addAll(assayKeys(root.resolve("service-core/src/main/java")));

        // the test sees what the services read: it found the mappings and the expansions
        assertThat(keys).contains("assay.api.max-page-size", "assay.llm.max-attempts", "assay.shutdown.drain-timeout");
        assertThat(variables).contains("KAFKA_BOOTSTRAP_SERVERS", "ASSAY_DB_URL");

        List<String> missing = new ArrayList<>();
        keys.forEach(key -> {
            if (!reference.contains("`" + key + "`")) {
                missing.add("key " + key);
            }
        });
        // a key's environment form, unless application.properties sets the key from a variable of its own
        keys.stream().filter(key -> !setByVariable.contains(key)).map(DeployManifestsTest::envName)
                .filter(env -> !reference.contains("`" + env + "`"))
                .forEach(env -> missing.add("the environment form " + env));
        variables.forEach(variable -> {
            if (!reference.contains("`" + variable + "`")) {
                missing.add("environment variable " + variable);
            }
        });
        assertThat(missing).as("settings the services read that docs/deploy.md's configuration reference does not list")
                .isEmpty();
    }

    /** The {@code assay.*} keys read by the sources under {@code sources}. */
    private static Set<String> assayKeys(Path sources) throws IOException {
        Set<String> keys = new TreeSet<>();
        try (Stream<Path> files = Files.walk(sources)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String source = Files.readString(file);
                DeployManifestsTest.mappingKeys(source).stream().filter(key -> key.startsWith("assay.")).forEach(keys::add);
                Matcher property = CONFIG_PROPERTY.matcher(source);
                while (property.find()) {
                    keys.add(property.group(1));
                }
            }
        }
        return keys;
    }

    private static String section(String markdown, String heading) {
        int start = markdown.indexOf("\n" + heading + "\n");
        assertThat(start).as(heading + " in docs/deploy.md").isNotNegative();
        int end = markdown.indexOf("\n## ", start + heading.length() + 2);
        return markdown.substring(start, end < 0 ? markdown.length() : end);
    }
}
