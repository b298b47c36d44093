package dev.assay.it.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One record size limit everywhere (docs/messaging.md, "Record sizes"): each service's
 * {@code assay.kafka.max-record-bytes} default, its producers' {@code max.request.size} and consumers'
 * {@code max.partition.fetch.bytes}, the brokers' {@code message.max.bytes} and the topics'
 * {@code max.message.bytes} in docker-compose.yml and k8s/ are the same number; and every consumer that
 * dead-letters does so with the strategy that cannot stop it ({@code assay-dead-letter}) and reads values as
 * strict UTF-8.
 */
class RecordLimitsTest {

    private static final String LIMIT_KEY = "assay.kafka.max-record-bytes";
    private static final String FROM_LIMIT = "${" + LIMIT_KEY + "}";
    private static final Pattern SERVICE_DEFAULT = Pattern.compile("\\$\\{ASSAY_KAFKA_MAX_RECORD_BYTES:(\\d+)}");
    private static final Pattern COMPOSE_DEFAULT = Pattern.compile("\\$\\{ASSAY_KAFKA_MAX_RECORD_BYTES:-(\\d+)}");
    private static final Pattern OUTGOING = Pattern.compile("mp\\.messaging\\.outgoing\\.([^.]+)\\.connector");
    private static final Pattern INCOMING = Pattern.compile("mp\\.messaging\\.incoming\\.([^.]+)\\.connector");

    static Path root;
    static long limit;

    @BeforeAll
    static void load() throws IOException {
        DeployManifestsTest.load();
        root = DeployManifestsTest.root;
        Properties generation = DeployManifestsTest.services.get("generation-service").properties();
        Matcher matcher = SERVICE_DEFAULT.matcher(generation.getProperty(LIMIT_KEY, ""));
        assertThat(matcher.matches()).as(LIMIT_KEY + " in generation-service").isTrue();
        limit = Long.parseLong(matcher.group(1));
    }

    @Test
    void everyServiceSetsItsClientsFromTheOneLimit() {
        List<String> problems = new ArrayList<>();
        DeployManifestsTest.services.forEach((service, config) -> {
            Properties properties = config.properties();
            expect(problems, service + " " + LIMIT_KEY, properties.getProperty(LIMIT_KEY),
                    "${ASSAY_KAFKA_MAX_RECORD_BYTES:" + limit + "}");
            for (String key : properties.stringPropertyNames()) {
                Matcher outgoing = OUTGOING.matcher(key);
                if (outgoing.matches()) {
                    String channel = "mp.messaging.outgoing." + outgoing.group(1) + ".";
                    expect(problems, service + " " + channel + "max.request.size", properties.getProperty(channel + "max.request.size"),
                            FROM_LIMIT);
                }
                Matcher incoming = INCOMING.matcher(key);
                if (incoming.matches()) {
                    String channel = "mp.messaging.incoming." + incoming.group(1) + ".";
                    expect(problems, service + " " + channel + "max.partition.fetch.bytes",
                            properties.getProperty(channel + "max.partition.fetch.bytes"), FROM_LIMIT);
                    if (!"ignore".equals(properties.getProperty(channel + "failure-strategy"))) {
                        expect(problems, service + " " + channel + "failure-strategy",
                                properties.getProperty(channel + "failure-strategy"), "assay-dead-letter");
                        expect(problems, service + " " + channel + "value.deserializer",
                                properties.getProperty(channel + "value.deserializer"), "dev.assay.core.messaging.StrictUtf8Deserializer");
                        expect(problems, service + " " + channel + "fail-on-deserialization-failure",
                                properties.getProperty(channel + "fail-on-deserialization-failure"), "false");
                    }
                }
            }
        });
        assertThat(problems).isEmpty();
    }

    @Test
    void theServicesAndTheInJvmBrokerDefaultToTheSameLimit() throws IOException {
        assertThat(Files.readString(root.resolve("service-core/src/main/java/dev/assay/core/config/RecordLimits.java")))
                .as("RecordLimits' default").contains("DEFAULT_MAX_RECORD_BYTES = \"" + limit + "\";");
        assertThat(Files.readString(root.resolve("local-stack/src/main/java/dev/assay/localstack/InJvmKafkaBroker.java")))
                .as("the in-JVM broker's message.max.bytes").contains("DEFAULT_MAX_RECORD_BYTES = " + limit + ";")
                .contains("Map.entry(\"message.max.bytes\", Integer.toString(maxRecordBytes()))");
    }

    @Test
    void composeGivesTheBrokerTheTopicsAndTheServicesTheSameLimit() {
        List<String> problems = new ArrayList<>();
        JsonNode services = DeployManifestsTest.compose.path("services");
        expect(problems, "compose kafka KAFKA_MESSAGE_MAX_BYTES",
                composeDefault(services.path("kafka").path("environment").path("KAFKA_MESSAGE_MAX_BYTES").asText()), limit);
        expect(problems, "compose kafka-init MAX_RECORD_BYTES",
                composeDefault(services.path("kafka-init").path("environment").path("MAX_RECORD_BYTES").asText()), limit);
        assertThat(services.path("kafka-init").path("command").toString())
                .as("kafka-init sets every topic's max.message.bytes").contains("max.message.bytes=\\\"$$MAX_RECORD_BYTES\\\"");
        for (String service : DeployManifestsTest.SERVICES) {
            expect(problems, "compose " + service + " ASSAY_KAFKA_MAX_RECORD_BYTES",
                    composeDefault(services.path(service).path("environment").path("ASSAY_KAFKA_MAX_RECORD_BYTES").asText()), limit);
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void kubernetesGivesTheBrokersTheTopicsAndTheServicesTheSameLimit() {
        List<String> problems = new ArrayList<>();
        int topics = 0;
        boolean configMap = false;
        boolean strimzi = false;
        boolean devBroker = false;
        for (DeployManifestsTest.Doc doc : DeployManifestsTest.k8s) {
            JsonNode node = doc.node();
            switch (doc.kind()) {
                case "ConfigMap" -> {
                    if (doc.name().equals("assay-kafka")) {
                        configMap = true;
                        expect(problems, doc + " ASSAY_KAFKA_MAX_RECORD_BYTES", number(node.path("data").path("ASSAY_KAFKA_MAX_RECORD_BYTES")), limit);
                    }
                }
                case "Kafka" -> {
                    strimzi = true;
                    expect(problems, doc + " message.max.bytes", number(node.path("spec").path("kafka").path("config").path("message.max.bytes")), limit);
                }
                case "KafkaTopic" -> {
                    topics++;
                    expect(problems, doc + " max.message.bytes", number(node.path("spec").path("config").path("max.message.bytes")), limit);
                }
                case "StatefulSet" -> {
                    for (JsonNode env : node.path("spec").path("template").path("spec").path("containers").path(0).path("env")) {
                        if (env.path("name").asText().equals("KAFKA_MESSAGE_MAX_BYTES")) {
                            devBroker = true;
                            expect(problems, doc + " KAFKA_MESSAGE_MAX_BYTES",
                                    env.path("valueFrom").path("configMapKeyRef").path("key").asText(), "ASSAY_KAFKA_MAX_RECORD_BYTES");
                        }
                    }
                }
                case "Job" -> assertThat(node.toString()).as(doc + " sets every topic's max.message.bytes")
                        .contains("max.message.bytes=\\\"$ASSAY_KAFKA_MAX_RECORD_BYTES\\\"");
                default -> {
                }
            }
        }
        assertThat(configMap).as("the assay-kafka ConfigMap").isTrue();
        assertThat(strimzi).as("the prod Kafka").isTrue();
        assertThat(devBroker).as("the dev broker's KAFKA_MESSAGE_MAX_BYTES").isTrue();
        assertThat(topics).as("the prod KafkaTopics").isEqualTo(dev.assay.common.pipeline.Topics.ALL.size());
        assertThat(problems).isEmpty();
    }

    private static Long composeDefault(String value) {
        Matcher matcher = COMPOSE_DEFAULT.matcher(value);
        return matcher.matches() ? Long.parseLong(matcher.group(1)) : null;
    }

    private static Long number(JsonNode node) {
        return node.isMissingNode() || node.isNull() ? null : Long.parseLong(node.asText());
    }

    private static void expect(List<String> problems, String what, Object actual, Object expected) {
        if (!expected.equals(actual)) {
            problems.add(what + " is " + actual + ", expected " + expected);
        }
    }
}
